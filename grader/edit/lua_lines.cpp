#include "grader/edit/lua_lines.h"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <map>
#include <string>

namespace tile {
namespace {

// What the reader keeps of a block while its tokens go by.
struct OpenBlock {
  std::size_t opener = 0;
  bool loop = false;
  bool function = false;
  bool awaiting_do = false;  // a for or while whose `do` is still to come
  int body_first = 0;        // the first line of the body being read, 0 when none has lines
};

}  // namespace

const LuaBlock* LuaLines::enclosing(int line) const {
  const LuaBlock* inner = nullptr;
  for (const LuaBlock& block : blocks) {
    if (block.first_line < line && line < block.last_line &&
        (inner == nullptr || block.first_line > inner->first_line))
      inner = &block;
  }
  return inner;
}

std::pair<int, int> LuaLines::unit_before(int line) const {
  const auto after = std::lower_bound(code_lines.begin(), code_lines.end(), line);
  if (after == code_lines.begin()) return {0, 0};
  const int previous = *std::prev(after);
  if (std::binary_search(statements.begin(), statements.end(), previous))
    return {previous, previous};
  if (const LuaBlock* block = ending_at(previous)) return {block->first_line, previous};
  return {0, 0};
}

std::pair<int, int> LuaLines::unit_after(int line) const {
  const auto next = std::upper_bound(code_lines.begin(), code_lines.end(), line);
  if (next == code_lines.end()) return {0, 0};
  if (std::binary_search(statements.begin(), statements.end(), *next)) return {*next, *next};
  if (const LuaBlock* block = starting_at(*next)) return {*next, block->last_line};
  return {0, 0};
}

const LuaBlock* LuaLines::starting_at(int line) const {
  for (const LuaBlock& block : blocks)
    if (block.first_line == line) return &block;
  return nullptr;
}

const LuaBlock* LuaLines::ending_at(int line) const {
  for (const LuaBlock& block : blocks)
    if (block.last_line == line) return &block;
  return nullptr;
}

LuaLines lua_lines(std::string_view script, const std::vector<LuaToken>& tokens) {
  std::vector<std::size_t> line_starts = {0};
  for (std::size_t i = 0; i < script.size(); ++i)
    if (script[i] == '\n') line_starts.push_back(i + 1);
  const auto line_of = [&](std::size_t offset) {
    return static_cast<int>(std::upper_bound(line_starts.begin(), line_starts.end(), offset) -
                            line_starts.begin());
  };
  // Each line's first and last token (a token belongs to the line it begins on).
  std::map<int, std::pair<std::size_t, std::size_t>> on_line;
  std::vector<int> begins(tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    begins[i] = line_of(tokens[i].begin);
    auto [it, fresh] = on_line.try_emplace(begins[i], i, i);
    if (!fresh) it->second.second = i;
  }
  const auto first_on_line = [&](std::size_t i) { return on_line.at(begins[i]).first == i; };
  const auto last_on_line = [&](std::size_t i) { return on_line.at(begins[i]).second == i; };
  const auto is = [&](std::size_t i, std::string_view spelling) {
    return tokens[i].is(script, spelling);
  };

  LuaLines out;
  // Lines where something stays open across the line's end or was opened before it, which no
  // statement line may hold.
  std::map<int, bool> crossing;
  std::vector<OpenBlock> stack;
  const auto open_body = [&](std::size_t i) {
    stack.back().body_first = last_on_line(i) ? tokens[i].line + 1 : 0;
  };
  const auto close_body = [&](std::size_t i) {
    if (stack.back().body_first != 0 && first_on_line(i))
      out.bodies.push_back({stack.back().body_first, begins[i] - 1});
    stack.back().body_first = 0;
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind == TokenClass::String) continue;
    if (is(i, "function")) {
      stack.push_back({.opener = i, .function = true});
    } else if (is(i, "for") || is(i, "while")) {
      stack.push_back({.opener = i, .loop = true, .awaiting_do = true});
    } else if (is(i, "repeat")) {
      stack.push_back({.opener = i, .loop = true});
      open_body(i);
    } else if (is(i, "if")) {
      stack.push_back({.opener = i});
    } else if (is(i, "do")) {
      if (stack.empty() || !stack.back().awaiting_do) stack.push_back({.opener = i});
      stack.back().awaiting_do = false;
      open_body(i);
    } else if (is(i, "then") && !stack.empty()) {
      open_body(i);
    } else if ((is(i, "else") || is(i, "elseif")) && !stack.empty()) {
      close_body(i);
      if (is(i, "else")) open_body(i);
      if (!first_on_line(i) || !last_on_line(i)) crossing[begins[i]] = true;
    } else if ((is(i, "end") || is(i, "until")) && !stack.empty()) {
      close_body(i);
      const OpenBlock open = stack.back();
      stack.pop_back();
      const int first = begins[open.opener];
      const int last = begins[i];
      if (first == last) continue;
      crossing[first] = crossing[last] = true;
      const std::size_t head = on_line.at(first).first;
      const bool opener_leads =
          head == open.opener || (head + 1 == open.opener && is(head, "local"));
      const bool closer_ends = is(i, "until") || last_on_line(i);
      if (opener_leads && closer_ends)
        out.blocks.push_back({first, last, open.loop, open.function});
    }
  }
  // Brackets left open across a line's end make both lines part of one statement.
  std::vector<std::size_t> open_brackets;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenClass::Operator) continue;
    if (is(i, "(") || is(i, "[") || is(i, "{")) {
      open_brackets.push_back(i);
    } else if ((is(i, ")") || is(i, "]") || is(i, "}")) && !open_brackets.empty()) {
      const std::size_t opened = open_brackets.back();
      open_brackets.pop_back();
      for (int line = begins[opened]; line <= begins[i]; ++line)
        if (begins[opened] != begins[i]) crossing[line] = true;
    }
  }
  // A line that ends on an operator or a comma goes on into the next.
  static constexpr std::string_view kContinues[] = {
      "=", ",", "+", "-", "*", "/", "//", "%", "^", "..", "<", "<=", ">", ">=", "==", "~=",
      "and", "or", "not", "(", "[", "{"};
  const auto continues = [&](std::size_t token) {
    return std::any_of(std::begin(kContinues), std::end(kContinues),
                       [&](std::string_view s) { return is(token, s); });
  };
  int previous_line = 0;
  for (const auto& [line, range] : on_line) {
    out.code_lines.push_back(line);
    const auto [first, last] = range;
    const bool continues_previous =
        previous_line != 0 && continues(on_line.at(previous_line).second);
    previous_line = line;
    if (tokens[first].kind == TokenClass::String || tokens[last].line != line) continue;
    if (crossing.contains(line) || continues_previous || continues(last)) continue;
    bool leads_badly = false;
    for (std::string_view s : {"end", "else", "elseif", "until", "then", "do"})
      leads_badly = leads_badly || is(first, s);
    if (leads_badly) continue;
    out.statements.push_back(line);
  }
  return out;
}

}  // namespace tile
