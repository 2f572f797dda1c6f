#include "grader/edit/script_edits.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <initializer_list>
#include <map>
#include <random>
#include <utility>

#include "grader/edit/lua_lines.h"
#include "grader/edit/lua_tokens.h"

namespace tile {
namespace {

constexpr std::array<std::pair<EditKind, std::string_view>, 20> kKindNames = {{
    {EditKind::RelationalOperator, "relational-operator"},
    {EditKind::ArithmeticOperator, "arithmetic-operator"},
    {EditKind::LogicalOperator, "logical-operator"},
    {EditKind::ConstantOffByOne, "constant-off-by-one"},
    {EditKind::IndexOffByOne, "index-off-by-one"},
    {EditKind::LoopShifted, "loop-shifted"},
    {EditKind::StatementDeleted, "statement-deleted"},
    {EditKind::StatementsSwapped, "statements-swapped"},
    {EditKind::VariableReplaced, "variable-replaced"},
    {EditKind::InsertRemoveOtherEnd, "insert-remove-other-end"},
    {EditKind::BreakReturnMoved, "break-return-moved"},
    {EditKind::CopyMadeAlias, "copy-made-alias"},
    {EditKind::ConditionNegated, "condition-negated"},
    {EditKind::OffsetDropped, "offset-dropped"},
    {EditKind::NegationRemoved, "negation-removed"},
    {EditKind::StatementMovedOut, "statement-moved-out"},
    {EditKind::StatementMovedPast, "statement-moved-past"},
    {EditKind::OffsetAdded, "offset-added"},
    {EditKind::InitialValueChanged, "initial-value-changed"},
    {EditKind::LineCopied, "line-copied"},
}};

constexpr std::array<std::string_view, 6> kRelational = {"<", "<=", ">", ">=", "==", "~="};
constexpr std::array<std::string_view, 6> kArithmetic = {"+", "-", "*", "/", "//", "%"};

// The script with its tokens and lines, and the edits found so far; each finder adds to it.
class Finder {
 public:
  Finder(std::string_view script, std::vector<LuaToken> tokens)
      : script_(script), tokens_(std::move(tokens)) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < script_.size(); ++i)
      if (script_[i] == '\n') line_starts_.push_back(i + 1);
    match_brackets();
  }

  void operators(EditKind kind, std::span<const std::string_view> family) {
    for (const LuaToken& token : tokens_) {
      if (token.kind != TokenClass::Operator) continue;
      std::string_view text = token.text(script_);
      if (std::find(family.begin(), family.end(), text) == family.end()) continue;
      for (std::string_view other : family)
        if (other != text) add(kind, token.begin, token.end, std::string(other));
    }
  }

  void logical() {
    for (const LuaToken& token : tokens_) {
      if (token.is(script_, "and")) add(EditKind::LogicalOperator, token.begin, token.end, "or");
      if (token.is(script_, "or")) add(EditKind::LogicalOperator, token.begin, token.end, "and");
    }
  }

  void constants() {
    for (const LuaToken& token : tokens_) {
      if (token.kind != TokenClass::Integer) continue;
      std::string_view text = token.text(script_);
      if (text.size() > 9 || !std::all_of(text.begin(), text.end(), [](char c) {
            return c >= '0' && c <= '9';
          }))
        continue;  // hexadecimal or too long to matter: not a count or an index
      long value = std::stol(std::string(text));
      add(EditKind::ConstantOffByOne, token.begin, token.end, std::to_string(value + 1));
      add(EditKind::ConstantOffByOne, token.begin, token.end, std::to_string(value - 1));
    }
  }

  // t[e] read or written as t[e + 1] or t[e - 1]: a bracket after a name, a ']' or a ')' indexes;
  // one after '{', ',' or '=' opens a constructor's key, which is left alone.
  void indexes() {
    for (std::size_t i = 1; i < tokens_.size(); ++i) {
      if (!tokens_[i].is(script_, "[") || partner_[i] == kNone) continue;
      const LuaToken& before = tokens_[i - 1];
      if (!(before.kind == TokenClass::Name || before.is(script_, "]") ||
            before.is(script_, ")")))
        continue;
      std::size_t at = tokens_[partner_[i]].begin;
      add(EditKind::IndexOffByOne, at, at, " + 1");
      add(EditKind::IndexOffByOne, at, at, " - 1");
    }
  }

  // for i = a, b[, c] do: both bounds moved by one together, the loop of a 0-based index where a
  // 1-based one was meant, or the other way.
  void loops() {
    for (std::size_t i = 0; i + 3 < tokens_.size(); ++i) {
      if (!tokens_[i].is(script_, "for") || tokens_[i + 1].kind != TokenClass::Name ||
          !tokens_[i + 2].is(script_, "="))
        continue;
      std::size_t first = i + 3;
      std::size_t comma = top_level_until(first, {",", "do"});
      if (comma >= tokens_.size() || !tokens_[comma].is(script_, ",")) continue;
      std::size_t last = top_level_until(comma + 1, {",", "do"});
      if (last >= tokens_.size() || last == comma + 1) continue;
      std::size_t begin = tokens_[first].begin;
      std::size_t end = tokens_[last - 1].end;
      std::string_view low = span_text(first, comma);
      std::string_view high = span_text(comma + 1, last);
      for (std::string_view shift : {" - 1", " + 1"}) {
        add(EditKind::LoopShifted, begin, end,
            std::string(low) + std::string(shift) + ", " + std::string(high) + std::string(shift));
      }
    }
  }

  // Whole lines: each line that holds the start of a statement, deleted, swapped with the next,
  // or (a line that breaks or returns) moved one line up or down. The parser keeps only those
  // that are still Lua (a lone `end` deleted is not).
  void lines() {
    std::map<int, std::pair<std::size_t, std::size_t>> tokens_of_line;  // first, last token
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      auto [it, fresh] = tokens_of_line.try_emplace(tokens_[i].line, i, i);
      if (!fresh) it->second.second = i;
    }
    auto is_code_line = [&](int line) {
      auto it = tokens_of_line.find(line);
      if (it == tokens_of_line.end()) return false;
      const LuaToken& first = tokens_[it->second.first];
      return first.kind != TokenClass::String && line_of(first.begin) == line;
    };
    auto jumps = [&](int line) {
      const LuaToken& first = tokens_[tokens_of_line.at(line).first];
      return first.is(script_, "break") || first.is(script_, "return");
    };
    for (const auto& [line, range] : tokens_of_line) {
      if (!is_code_line(line)) continue;
      const LuaToken& first = tokens_[range.first];
      const LuaToken& last = tokens_[range.second];
      if (line_of(last.end - (last.end > first.begin ? 1 : 0)) != line) continue;
      add(EditKind::StatementDeleted, first.begin, last.end, "");
      if (!is_code_line(line + 1)) continue;
      std::string_view here = line_text(line);
      std::string_view next = line_text(line + 1);
      EditKind kind = jumps(line) || jumps(line + 1) ? EditKind::BreakReturnMoved
                                                     : EditKind::StatementsSwapped;
      add(kind, line_starts_[line - 1], line_starts_[line - 1] + here.size() + 1 + next.size(),
          std::string(next) + "\n" + std::string(here));
    }
  }

  void variables(int choices) {
    struct Declared {
      std::string_view name;
      std::size_t function = 0;  // index into the stack of functions open when declared
    };
    std::vector<Declared> declared;
    std::vector<std::size_t> open_functions = {0};  // ids; 0 is the chunk
    std::vector<bool> opener_is_function;           // the block openers not yet closed
    std::size_t next_function = 1;
    std::vector<bool> declaring(tokens_.size(), false);
    std::vector<std::string_view> function_names;
    bool in_parameters = false;

    auto declare = [&](std::size_t i) {
      declaring[i] = true;
      declared.push_back({tokens_[i].text(script_), open_functions.back()});
    };
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      const LuaToken& token = tokens_[i];
      if (token.is(script_, "function")) {
        opener_is_function.push_back(true);
        open_functions.push_back(next_function++);
        std::size_t j = i + 1;
        while (j < tokens_.size() && !tokens_[j].is(script_, "(")) {
          if (tokens_[j].kind == TokenClass::Name)
            function_names.push_back(tokens_[j].text(script_));
          declaring[j] = true;
          ++j;
        }
        in_parameters = true;
        i = j;
        continue;
      }
      if (in_parameters) {
        if (token.is(script_, ")")) in_parameters = false;
        else if (token.kind == TokenClass::Name) declare(i);
        continue;
      }
      if (token.is(script_, "if") || token.is(script_, "do") || token.is(script_, "repeat")) {
        opener_is_function.push_back(false);
      } else if (token.is(script_, "end") || token.is(script_, "until")) {
        if (!opener_is_function.empty()) {
          if (opener_is_function.back() && open_functions.size() > 1) {
            std::size_t closed = open_functions.back();
            open_functions.pop_back();
            std::erase_if(declared, [&](const Declared& d) { return d.function == closed; });
          }
          opener_is_function.pop_back();
        }
      } else if (token.is(script_, "local") || token.is(script_, "for")) {
        std::size_t j = i + 1;
        if (j < tokens_.size() && tokens_[j].is(script_, "function")) continue;
        while (j < tokens_.size() && tokens_[j].kind == TokenClass::Name) {
          declare(j);
          ++j;
          if (j < tokens_.size() && tokens_[j].is(script_, "<")) j += 3;  // <const>, <close>
          if (j < tokens_.size() && tokens_[j].is(script_, ",")) ++j;
          else break;
        }
        i = j - 1;
        continue;
      }
      if (token.kind != TokenClass::Name || declaring[i]) continue;
      if (i > 0 && (tokens_[i - 1].is(script_, ".") || tokens_[i - 1].is(script_, ":") ||
                    tokens_[i - 1].is(script_, "goto") || tokens_[i - 1].is(script_, "::")))
        continue;
      if (i + 1 < tokens_.size() && tokens_[i + 1].is(script_, "=") && i > 0 &&
          (tokens_[i - 1].is(script_, "{") || tokens_[i - 1].is(script_, ",") ||
           tokens_[i - 1].is(script_, ";")) &&
          inside_braces(i))
        continue;  // a constructor's field name
      std::string_view name = token.text(script_);
      bool is_local = std::any_of(declared.begin(), declared.end(),
                                  [&](const Declared& d) { return d.name == name; });
      if (!is_local ||
          std::find(function_names.begin(), function_names.end(), name) != function_names.end())
        continue;
      // The locals declared most recently before this read, as a slip of the pen would pick.
      int taken = 0;
      std::vector<std::string_view> seen = {name};
      for (auto it = declared.rbegin(); it != declared.rend() && taken < choices; ++it) {
        if (std::find(seen.begin(), seen.end(), it->name) != seen.end()) continue;
        if (std::find(function_names.begin(), function_names.end(), it->name) !=
            function_names.end())
          continue;
        seen.push_back(it->name);
        add(EditKind::VariableReplaced, token.begin, token.end, std::string(it->name));
        ++taken;
      }
    }
  }

  // table.insert(t, x) <-> table.insert(t, 1, x); table.remove(t) <-> table.remove(t, 1).
  void frontier_ends() {
    for (std::size_t i = 0; i + 3 < tokens_.size(); ++i) {
      if (!tokens_[i].is(script_, "table") || !tokens_[i + 1].is(script_, ".")) continue;
      bool insert = tokens_[i + 2].is(script_, "insert");
      bool remove = tokens_[i + 2].is(script_, "remove");
      std::size_t open = i + 3;
      if ((!insert && !remove) || !tokens_[open].is(script_, "(") || partner_[open] == kNone)
        continue;
      std::size_t close = partner_[open];
      std::vector<std::size_t> commas;
      for (std::size_t j = open + 1; j < close; j = next_sibling(j))
        if (tokens_[j].is(script_, ",")) commas.push_back(j);
      if (insert && commas.size() == 1) {
        std::size_t at = tokens_[commas[0]].end;
        add(EditKind::InsertRemoveOtherEnd, at, at, " 1,");
      } else if (insert && commas.size() == 2) {
        add(EditKind::InsertRemoveOtherEnd, tokens_[commas[0]].end, tokens_[commas[1]].end, "");
      } else if (remove && commas.empty() && close > open + 1) {
        std::size_t at = tokens_[close].begin;
        add(EditKind::InsertRemoveOtherEnd, at, at, ", 1");
      } else if (remove && commas.size() == 1) {
        add(EditKind::InsertRemoveOtherEnd, tokens_[commas[0]].begin, tokens_[close].begin, "");
      }
    }
  }

  // A copy made an alias: NAME(x) where the function's name says it copies, and
  // {table.unpack(x)} or {unpack(x)}, each replaced by x itself.
  void copies() {
    for (std::size_t i = 0; i + 2 < tokens_.size(); ++i) {
      const LuaToken& token = tokens_[i];
      if (token.kind == TokenClass::Name && tokens_[i + 1].is(script_, "(") &&
          partner_[i + 1] != kNone && names_a_copy(token.text(script_)) &&
          !(i > 0 && tokens_[i - 1].is(script_, "function"))) {
        std::size_t close = partner_[i + 1];
        if (close > i + 2 && single_argument(i + 2, close)) {
          std::size_t begin = (i >= 2 && tokens_[i - 1].is(script_, ".")) ? tokens_[i - 2].begin
                                                                          : token.begin;
          add(EditKind::CopyMadeAlias, begin, tokens_[close].end,
              std::string(span_text(i + 2, close)));
        }
      }
      if (token.is(script_, "{") && partner_[i] != kNone) {
        std::size_t j = i + 1;
        if (tokens_[j].is(script_, "table") && j + 2 < tokens_.size() &&
            tokens_[j + 1].is(script_, "."))
          j += 2;
        if (!(tokens_[j].is(script_, "unpack") && j + 1 < tokens_.size() &&
              tokens_[j + 1].is(script_, "(") && partner_[j + 1] != kNone))
          continue;
        std::size_t close = partner_[j + 1];
        if (close + 1 != partner_[i] || close <= j + 2) continue;
        add(EditKind::CopyMadeAlias, token.begin, tokens_[partner_[i]].end,
            std::string(span_text(j + 2, close)));
      }
    }
  }

  void conditions() {
    for (std::size_t i = 0; i + 1 < tokens_.size(); ++i) {
      const LuaToken& token = tokens_[i];
      std::string_view until;
      if (token.is(script_, "if") || token.is(script_, "elseif")) until = "then";
      else if (token.is(script_, "while")) until = "do";
      else continue;
      std::size_t end = top_level_until(i + 1, {until});
      if (end >= tokens_.size() || end == i + 1) continue;
      add(EditKind::ConditionNegated, tokens_[i + 1].begin, tokens_[end - 1].end,
          "not (" + std::string(span_text(i + 1, end)) + ")");
    }
  }

  // e + k, e - k -> e: a binary '+' or '-' (after a name, a closing bracket or a number) whose
  // right side is an integer literal alone (not the left of a '*', '/', '%', '^' or '..').
  void offsets() {
    for (std::size_t i = 1; i + 1 < tokens_.size(); ++i) {
      if (!tokens_[i].is(script_, "+") && !tokens_[i].is(script_, "-")) continue;
      const LuaToken& before = tokens_[i - 1];
      if (!(before.kind == TokenClass::Name || before.kind == TokenClass::Integer ||
            before.kind == TokenClass::Float || before.is(script_, ")") ||
            before.is(script_, "]")))
        continue;
      if (tokens_[i + 1].kind != TokenClass::Integer) continue;
      if (i + 2 < tokens_.size()) {
        const LuaToken& after = tokens_[i + 2];
        bool binds_tighter = false;
        for (std::string_view op : {"*", "/", "//", "%", "^", ".."})
          binds_tighter = binds_tighter || after.is(script_, op);
        if (binds_tighter) continue;
      }
      add(EditKind::OffsetDropped, before.end, tokens_[i + 1].end, "");
    }
  }

  // not e -> e: the `not` and the space after it removed, the operand left as written.
  void negations() {
    for (std::size_t i = 0; i + 1 < tokens_.size(); ++i) {
      if (tokens_[i].is(script_, "not"))
        add(EditKind::NegationRemoved, tokens_[i].begin, tokens_[i + 1].begin, "");
    }
  }

  // A one-line statement moved whole, reported at its own line. Out: from inside a block (a loop
  // above all: a count taken inside the loop instead of before it) to just before the block's
  // first line or just after its last. Past: above or below up to kMovedPast statements or
  // blocks next to it in its own body (a total added after the loop that should come before it,
  // a limit checked after the count it should prevent). A move past one one-line neighbour is a
  // swap, which StatementsSwapped makes already.
  void moves(bool out, bool past) {
    const LuaLines lines = lua_lines(script_, tokens_);
    for (int line : lines.statements) {
      if (out) {
        if (const LuaBlock* block = lines.enclosing(line); block && !block->function) {
          move_line(EditKind::StatementMovedOut, line, block->first_line, true);
          move_line(EditKind::StatementMovedOut, line, block->last_line, false);
        }
      }
      if (!past) continue;
      static constexpr int kMovedPast = 3;
      int top = line;
      int bottom = line;
      for (int k = 1; k <= kMovedPast; ++k) {
        const auto [first, last] = lines.unit_before(top);
        if (first == 0) break;
        if (!(k == 1 && first == last && last == line - 1))
          move_line(EditKind::StatementMovedPast, line, first, true);
        top = first;
      }
      for (int k = 1; k <= kMovedPast; ++k) {
        const auto [first, last] = lines.unit_after(bottom);
        if (first == 0) break;
        if (!(k == 1 && first == last && first == line + 1))
          move_line(EditKind::StatementMovedPast, line, last, false);
        bottom = last;
      }
    }
  }

  // A one-line statement copied to the first line of a body (a branch of an `if`, a loop's) that
  // begins within kCopyReach lines of it and does not hold it already: a mark or a count a
  // student wrote in one branch and forgot in the other.
  void copies_into_bodies() {
    static constexpr int kCopyReach = 8;
    const LuaLines lines = lua_lines(script_, tokens_);
    for (int line : lines.statements) {
      for (const LuaBody& body : lines.bodies) {
        if (std::abs(body.first_line - line) > kCopyReach) continue;
        if (body.first_line <= line && line <= body.last_line) continue;
        const std::size_t at = line_starts_[body.first_line - 1];
        add(EditKind::LineCopied, at, at, std::string(line_text(line)) + "\n", line);
      }
    }
  }

  // e -> e + 1, e - 1 where e is a value a statement assigns or returns (each of a list) or a
  // side of a comparison: the count one short, the bound one too far.
  void offsets_added() {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      const bool assigns = tokens_[i].is(script_, "=") && !inside_braces(i) &&
                           !(i >= 2 && tokens_[i - 2].is(script_, "for"));
      if (assigns || tokens_[i].is(script_, "return")) {
        std::size_t from = i + 1;
        while (from < tokens_.size()) {
          const std::size_t past = value_end(from, tokens_[i].line, true);
          if (past == from) break;
          add_offset(from, past);
          if (past >= tokens_.size() || !tokens_[past].is(script_, ",")) break;
          from = past + 1;
        }
      }
      bool relational = false;
      for (std::string_view op : kRelational) relational = relational || tokens_[i].is(script_, op);
      if (relational && tokens_[i].kind == TokenClass::Operator && i > 0) {
        add_offset(i - 1, i);  // the left side: `+ 1` binds before the comparison
        add_offset(i + 1, value_end(i + 1, tokens_[i].line, false));
      }
    }
  }

  // local x = e, each value of the list: a flag started the other way, a total or a bound started
  // at zero instead of at what the script computes. (An integer's neighbours are
  // ConstantOffByOne's.)
  void first_values() {
    for (std::size_t i = 0; i + 1 < tokens_.size(); ++i) {
      if (!tokens_[i].is(script_, "local") || tokens_[i + 1].is(script_, "function")) continue;
      std::size_t j = i + 1;
      while (j < tokens_.size() && !tokens_[j].is(script_, "=")) ++j;
      if (j >= tokens_.size() || tokens_[j].line != tokens_[i].line) continue;
      for (std::size_t from = j + 1; from < tokens_.size();) {
        const std::size_t past = value_end(from, tokens_[j].line, true);
        if (past == from) break;
        const std::string_view value = span_text(from, past);
        const LuaToken& only = tokens_[from];
        const std::size_t begin = only.begin;
        const std::size_t end = tokens_[past - 1].end;
        if (value == "true") add(EditKind::InitialValueChanged, begin, end, "false");
        else if (value == "false") add(EditKind::InitialValueChanged, begin, end, "true");
        else if (value == "nil") add(EditKind::InitialValueChanged, begin, end, "0");
        else if (!(past == from + 1 && only.kind != TokenClass::Name) &&
                 !tokens_[from].is(script_, "{") && !tokens_[from].is(script_, "function"))
          add(EditKind::InitialValueChanged, begin, end, "0");
        if (past >= tokens_.size() || !tokens_[past].is(script_, ",")) break;
        from = past + 1;
      }
    }
  }

  std::vector<ScriptEdit> take() { return std::move(edits_); }

 private:
  static constexpr std::size_t kNone = ~std::size_t{0};

  void match_brackets() {
    partner_.assign(tokens_.size(), kNone);
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      if (tokens_[i].kind != TokenClass::Operator) continue;
      std::string_view text = tokens_[i].text(script_);
      if (text == "(" || text == "[" || text == "{") {
        open.push_back(i);
      } else if ((text == ")" || text == "]" || text == "}") && !open.empty()) {
        partner_[open.back()] = i;
        partner_[i] = open.back();
        open.pop_back();
      }
    }
  }

  // The index after token i, skipping over a bracketed group that i opens.
  std::size_t next_sibling(std::size_t i) const {
    const LuaToken& token = tokens_[i];
    bool opens = token.is(script_, "(") || token.is(script_, "[") || token.is(script_, "{");
    return opens && partner_[i] != kNone && partner_[i] > i ? partner_[i] + 1 : i + 1;
  }

  // The first token at or after `from`, outside brackets, spelled as one of `stops`.
  std::size_t top_level_until(std::size_t from,
                              std::initializer_list<std::string_view> stops) const {
    for (std::size_t j = from; j < tokens_.size(); j = next_sibling(j)) {
      for (std::string_view stop : stops)
        if (tokens_[j].is(script_, stop)) return j;
      if (tokens_[j].is(script_, ")") || tokens_[j].is(script_, "]") ||
          tokens_[j].is(script_, "}"))
        return tokens_.size();
    }
    return tokens_.size();
  }

  // The end (one past) of the value that begins at `from`, on `line`: up to a top-level `,`,
  // a keyword that begins a statement or closes a block, a closing bracket, or the line's end;
  // with `whole`, `and`, `or` and comparisons are part of it, else they end it too.
  std::size_t value_end(std::size_t from, int line, bool whole) const {
    static constexpr std::string_view kStops[] = {",", ";", "end", "else", "elseif", "then",
                                                  "do", "local", "return", "if", "for",
                                                  "while", "break", "until", "repeat"};
    static constexpr std::string_view kLogical[] = {"and", "or", "<", "<=", ">", ">=", "==",
                                                    "~="};
    std::size_t j = from;
    while (j < tokens_.size() && tokens_[j].line == line &&
           line_of(tokens_[j].begin) == line) {
      const LuaToken& token = tokens_[j];
      const auto spelled = [&](std::string_view s) { return token.is(script_, s); };
      if (std::any_of(std::begin(kStops), std::end(kStops), spelled)) break;
      if (!whole && std::any_of(std::begin(kLogical), std::end(kLogical), spelled)) break;
      if (spelled(")") || spelled("]") || spelled("}")) break;
      // A name right after a complete value begins the next statement.
      if (j > from && token.kind == TokenClass::Name && ends_value(tokens_[j - 1])) break;
      const std::size_t next = next_sibling(j);
      if (next > tokens_.size()) break;
      j = next;
    }
    return j;
  }

  bool ends_value(const LuaToken& token) const {
    return token.kind == TokenClass::Name || token.kind == TokenClass::Integer ||
           token.kind == TokenClass::Float || token.kind == TokenClass::String ||
           token.is(script_, ")") || token.is(script_, "]") || token.is(script_, "}") ||
           token.is(script_, "true") || token.is(script_, "false") || token.is(script_, "nil");
  }

  // `+ 1` and `- 1` after the value [from, past), when it can be a number: not a string, a table,
  // a function, a flag or nil, nor a value whose last part binds looser than `+` (`and`, `or`, a
  // comparison, `..`).
  void add_offset(std::size_t from, std::size_t past) {
    if (past <= from || past > tokens_.size()) return;
    const LuaToken& last = tokens_[past - 1];
    if (last.kind == TokenClass::String || last.is(script_, "}") || last.is(script_, "end") ||
        last.is(script_, "true") || last.is(script_, "false") || last.is(script_, "nil"))
      return;
    for (std::size_t j = from; j < past; j = next_sibling(j)) {
      for (std::string_view looser : {"and", "or", "not", "..", "<", "<=", ">", ">=", "==", "~="})
        if (tokens_[j].is(script_, looser)) return;
      if (tokens_[j].is(script_, "function") || tokens_[j].is(script_, "{")) return;
    }
    add(EditKind::OffsetAdded, last.end, last.end, " + 1");
    add(EditKind::OffsetAdded, last.end, last.end, " - 1");
  }

  // The statement on `line` moved to just before line `to` (`before`) or just after it, as one
  // edit over the lines between, reported at `line`.
  void move_line(EditKind kind, int line, int to, bool before) {
    std::string moved(line_text(line));
    if (before && to < line) {
      const std::size_t begin = line_starts_[to - 1];
      const std::size_t end = line_starts_[line - 1] + moved.size();
      std::string between(script_.substr(begin, line_starts_[line - 1] - begin));
      add(kind, begin, end, moved + "\n" + between.substr(0, between.size() - 1), line);
    } else if (!before && to > line) {
      const std::size_t begin = line_starts_[line - 1];
      const std::size_t end = line_starts_[to - 1] + line_text(to).size();
      std::string between(script_.substr(line_starts_[line], end - line_starts_[line]));
      add(kind, begin, end, between + "\n" + moved, line);
    }
  }

  bool single_argument(std::size_t from, std::size_t close) const {
    for (std::size_t j = from; j < close; j = next_sibling(j))
      if (tokens_[j].is(script_, ",")) return false;
    return true;
  }

  bool inside_braces(std::size_t i) const {
    for (std::size_t j = i; j-- > 0;) {
      if (partner_[j] != kNone && partner_[j] > i) return tokens_[j].is(script_, "{");
    }
    return false;
  }

  static bool names_a_copy(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find("copy") != std::string::npos || lower.find("clone") != std::string::npos;
  }

  std::string_view span_text(std::size_t first, std::size_t past) const {
    return script_.substr(tokens_[first].begin, tokens_[past - 1].end - tokens_[first].begin);
  }

  int line_of(std::size_t offset) const {
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    return static_cast<int>(it - line_starts_.begin());
  }

  std::string_view line_text(int line) const {
    std::size_t begin = line_starts_[line - 1];
    std::size_t end = static_cast<std::size_t>(line) < line_starts_.size()
                          ? line_starts_[line] - 1
                          : script_.size();
    return script_.substr(begin, end - begin);
  }

  void add(EditKind kind, std::size_t begin, std::size_t end, std::string replacement,
           int line = 0) {
    ScriptEdit edit{kind, begin, end, std::move(replacement), line != 0 ? line : line_of(begin)};
    if (lua_compiles(apply_edit(script_, edit))) edits_.push_back(std::move(edit));
  }

  std::string_view script_;
  std::vector<LuaToken> tokens_;
  std::vector<std::size_t> line_starts_;
  std::vector<std::size_t> partner_;  // each bracket's matching one
  std::vector<ScriptEdit> edits_;
};

}  // namespace

std::string_view edit_kind_name(EditKind kind) {
  for (const auto& [each, name] : kKindNames)
    if (each == kind) return name;
  return "unknown";
}

std::optional<EditKind> edit_kind_from_name(std::string_view name) {
  for (const auto& [each, spelled] : kKindNames)
    if (spelled == name) return each;
  return std::nullopt;
}

std::string apply_edit(std::string_view script, const ScriptEdit& edit) {
  std::string edited(script.substr(0, edit.begin));
  edited += edit.replacement;
  edited += script.substr(edit.end);
  return edited;
}

Result<std::vector<ScriptEdit>> candidate_edits(std::string_view script,
                                                std::span<const EditKind> kinds,
                                                int variable_choices) {
  if (auto compiled = lua_compiles(script); !compiled) return compiled.failure();
  auto tokens = lua_tokens(script);
  if (!tokens) return tokens.failure();
  Finder finder(script, std::move(*tokens));
  auto wanted = [&](EditKind kind) {
    return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
  };
  if (wanted(EditKind::RelationalOperator))
    finder.operators(EditKind::RelationalOperator, kRelational);
  if (wanted(EditKind::ArithmeticOperator))
    finder.operators(EditKind::ArithmeticOperator, kArithmetic);
  if (wanted(EditKind::LogicalOperator)) finder.logical();
  if (wanted(EditKind::ConstantOffByOne)) finder.constants();
  if (wanted(EditKind::IndexOffByOne)) finder.indexes();
  if (wanted(EditKind::LoopShifted)) finder.loops();
  if (wanted(EditKind::StatementDeleted) || wanted(EditKind::StatementsSwapped) ||
      wanted(EditKind::BreakReturnMoved))
    finder.lines();
  if (wanted(EditKind::VariableReplaced)) finder.variables(variable_choices);
  if (wanted(EditKind::InsertRemoveOtherEnd)) finder.frontier_ends();
  if (wanted(EditKind::CopyMadeAlias)) finder.copies();
  if (wanted(EditKind::ConditionNegated)) finder.conditions();
  if (wanted(EditKind::OffsetDropped)) finder.offsets();
  if (wanted(EditKind::NegationRemoved)) finder.negations();
  if (wanted(EditKind::StatementMovedOut) || wanted(EditKind::StatementMovedPast))
    finder.moves(wanted(EditKind::StatementMovedOut), wanted(EditKind::StatementMovedPast));
  if (wanted(EditKind::OffsetAdded)) finder.offsets_added();
  if (wanted(EditKind::InitialValueChanged)) finder.first_values();
  if (wanted(EditKind::LineCopied)) finder.copies_into_bodies();
  std::vector<ScriptEdit> edits = finder.take();
  std::erase_if(edits, [&](const ScriptEdit& edit) { return !wanted(edit.kind); });
  std::stable_sort(edits.begin(), edits.end(), [](const ScriptEdit& a, const ScriptEdit& b) {
    return a.begin < b.begin;
  });
  return edits;
}

std::vector<ScriptEdit> sample_edits(std::vector<ScriptEdit> candidates, std::size_t count,
                                     std::uint64_t seed) {
  std::mt19937_64 draw(seed);
  std::vector<std::vector<ScriptEdit>> by_kind;
  for (EditKind kind : kAllEditKinds) {
    std::vector<ScriptEdit> pool;
    for (ScriptEdit& edit : candidates)
      if (edit.kind == kind) pool.push_back(std::move(edit));
    if (!pool.empty()) by_kind.push_back(std::move(pool));
  }
  std::vector<ScriptEdit> chosen;
  while (chosen.size() < count && !by_kind.empty()) {
    for (std::size_t k = 0; k < by_kind.size() && chosen.size() < count;) {
      std::vector<ScriptEdit>& pool = by_kind[k];
      // A modulo of the 64-bit draw: its bias is below 1e-15 for any pool here, and unlike
      // std::uniform_int_distribution it is the same in every standard library.
      std::size_t pick = static_cast<std::size_t>(draw() % pool.size());
      chosen.push_back(std::move(pool[pick]));
      pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(pick));
      if (pool.empty()) by_kind.erase(by_kind.begin() + static_cast<std::ptrdiff_t>(k));
      else ++k;
    }
  }
  return chosen;
}

}  // namespace tile
