// The mutation operators: each finds the edits it promises and nothing the parser refuses, the
// edits land on the right bytes and lines, and a seeded draw is the same on every run.
#include "grader/edit/script_edits.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "grader/edit/lua_tokens.h"

using namespace tile;

namespace {

std::vector<std::string> edited(std::string_view script, EditKind kind) {
  const EditKind kinds[] = {kind};
  auto edits = candidate_edits(script, kinds);
  REQUIRE(edits.ok());
  std::vector<std::string> out;
  for (const ScriptEdit& edit : *edits) {
    CHECK(edit.kind == kind);
    out.push_back(apply_edit(script, edit));
  }
  return out;
}

bool has(const std::vector<std::string>& all, std::string_view one) {
  return std::find(all.begin(), all.end(), one) != all.end();
}

}  // namespace

TEST_CASE("relational and arithmetic operators become each other, logical ones swap") {
  auto relational = edited("if a < b then end", EditKind::RelationalOperator);
  CHECK(relational.size() == 5);
  CHECK(has(relational, "if a <= b then end"));
  CHECK(has(relational, "if a ~= b then end"));
  auto arithmetic = edited("x = a + b", EditKind::ArithmeticOperator);
  CHECK(arithmetic.size() == 5);
  CHECK(has(arithmetic, "x = a // b"));
  // A unary minus cannot become a binary operator: the parser refuses each.
  CHECK(edited("x = -a", EditKind::ArithmeticOperator).empty());
  CHECK(edited("x = a and b or c", EditKind::LogicalOperator) ==
        std::vector<std::string>{"x = a or b or c", "x = a and b and c"});
}

TEST_CASE("integer constants and indexes move by one; a constructor's key is no index") {
  CHECK(edited("x = 10", EditKind::ConstantOffByOne) ==
        std::vector<std::string>{"x = 11", "x = 9"});
  CHECK(edited("x = 0x10", EditKind::ConstantOffByOne).empty());
  auto indexes = edited("t[i] = {[k] = 1}", EditKind::IndexOffByOne);
  CHECK(indexes == std::vector<std::string>{"t[i + 1] = {[k] = 1}", "t[i - 1] = {[k] = 1}"});
}

TEST_CASE("a repair reads any of the last six locals where a mutant reads one of the last two") {
  const char* script = "local a, b, c, d = 1, 2, 3, 4\nreturn a\n";
  const EditKind kinds[] = {EditKind::VariableReplaced};
  auto mutation = candidate_edits(script, kinds);
  auto repair = candidate_edits(script, kinds, kRepairVariableChoices);
  REQUIRE(mutation.ok());
  REQUIRE(repair.ok());
  std::vector<std::string> read_by_repair;
  for (const ScriptEdit& edit : *repair) read_by_repair.push_back(edit.replacement);
  CHECK(mutation->size() == 2);
  CHECK(read_by_repair == std::vector<std::string>{"d", "c", "b"});
}

TEST_CASE("the repair's own kinds drop an offset or a `not`, and only where that stays Lua") {
  CHECK(edited("for i = 1, #t - 1 do end", EditKind::OffsetDropped) ==
        std::vector<std::string>{"for i = 1, #t do end"});
  CHECK(edited("x = f(a) + 2 - b", EditKind::OffsetDropped) ==
        std::vector<std::string>{"x = f(a) - b"});
  // A unary minus, a float and the left of a tighter operator are no offsets.
  CHECK(edited("x = -1", EditKind::OffsetDropped).empty());
  CHECK(edited("x = a + 1.5", EditKind::OffsetDropped).empty());
  CHECK(edited("x = a + 2 * b", EditKind::OffsetDropped).empty());
  CHECK(edited("if not seen[k] then end", EditKind::NegationRemoved) ==
        std::vector<std::string>{"if seen[k] then end"});
  CHECK(edited("if not (a or b) then end", EditKind::NegationRemoved) ==
        std::vector<std::string>{"if (a or b) then end"});
  // Neither is a mutation operator: the corpus draws only kAllEditKinds.
  for (EditKind kind : kRepairOnlyEditKinds) {
    CHECK(std::find(std::begin(kAllEditKinds), std::end(kAllEditKinds), kind) ==
          std::end(kAllEditKinds));
    CHECK(edit_kind_from_name(edit_kind_name(kind)) == kind);
  }
}

TEST_CASE("a numeric for loop is shifted as a whole, both bounds") {
  auto loops = edited("for i = 1, #t do end", EditKind::LoopShifted);
  CHECK(loops == std::vector<std::string>{"for i = 1 - 1, #t - 1 do end",
                                          "for i = 1 + 1, #t + 1 do end"});
  CHECK(edited("for k, v in pairs(t) do end", EditKind::LoopShifted).empty());
}

TEST_CASE("whole lines: deleted, swapped, and a break or return moved") {
  std::string_view script = "local a = 1\nlocal b = 2\nwhile a do\n  break\n  a = b\nend\n";
  auto deleted = edited(script, EditKind::StatementDeleted);
  CHECK(has(deleted, "\nlocal b = 2\nwhile a do\n  break\n  a = b\nend\n"));
  CHECK(has(deleted, "local a = 1\nlocal b = 2\nwhile a do\n  \n  a = b\nend\n"));
  // `while a do` alone, or `end`, deleted is no longer Lua.
  CHECK_FALSE(has(deleted, "local a = 1\nlocal b = 2\n\n  break\n  a = b\nend\n"));
  auto swapped = edited(script, EditKind::StatementsSwapped);
  CHECK(has(swapped, "local b = 2\nlocal a = 1\nwhile a do\n  break\n  a = b\nend\n"));
  auto moved = edited(script, EditKind::BreakReturnMoved);
  CHECK(has(moved, "local a = 1\nlocal b = 2\nwhile a do\n  a = b\n  break\nend\n"));
  for (const std::string& each : moved) CHECK_FALSE(has(swapped, each));
}

TEST_CASE("a local read as another declared before it, never a field or a function") {
  std::string_view script =
      "local function f(p, q)\n  local r = p.x\n  return {q = r}, q\nend";
  auto replaced = edited(script, EditKind::VariableReplaced);
  CHECK(has(replaced, "local function f(p, q)\n  local r = q.x\n  return {q = r}, q\nend"));
  CHECK(has(replaced, "local function f(p, q)\n  local r = p.x\n  return {q = r}, r\nend"));
  for (const std::string& each : replaced) {
    CHECK(each.find("{q =") != std::string::npos);  // the constructor's key is kept
    CHECK(each.find(".x") != std::string::npos);    // and so is the field
    CHECK(each.find("function f(") != std::string::npos);
  }
}

TEST_CASE("table.insert and table.remove at the other end of the table") {
  CHECK(edited("table.insert(q, x)", EditKind::InsertRemoveOtherEnd) ==
        std::vector<std::string>{"table.insert(q, 1, x)"});
  CHECK(edited("table.insert(q, 1, f(a, b))", EditKind::InsertRemoveOtherEnd) ==
        std::vector<std::string>{"table.insert(q, f(a, b))"});
  CHECK(edited("x = table.remove(q)", EditKind::InsertRemoveOtherEnd) ==
        std::vector<std::string>{"x = table.remove(q, 1)"});
  CHECK(edited("x = table.remove(q, 1)", EditKind::InsertRemoveOtherEnd) ==
        std::vector<std::string>{"x = table.remove(q)"});
}

TEST_CASE("a copy made an alias, and a condition negated") {
  CHECK(edited("local b = copy_board(a)", EditKind::CopyMadeAlias) ==
        std::vector<std::string>{"local b = a"});
  CHECK(edited("local b = {table.unpack(a)}", EditKind::CopyMadeAlias) ==
        std::vector<std::string>{"local b = a"});
  CHECK(edited("local function copy(t) return t end", EditKind::CopyMadeAlias).empty());
  CHECK(edited("while #q > 0 do end", EditKind::ConditionNegated) ==
        std::vector<std::string>{"while not (#q > 0) do end"});
  CHECK(edited("if a then elseif f(b, c) then end", EditKind::ConditionNegated) ==
        std::vector<std::string>{"if not (a) then elseif f(b, c) then end",
                                 "if a then elseif not (f(b, c)) then end"});
}

TEST_CASE("every candidate compiles, names its line, and a seeded draw repeats") {
  std::string_view script =
      "local function bfs(problem)\n"
      "  local queue, head = {problem.start}, 1\n"
      "  local seen = {}\n"
      "  while head <= #queue do\n"
      "    local node = queue[head]\n"
      "    head = head + 1\n"
      "    if problem:is_goal(node) then return node end\n"
      "    for _, child in ipairs(problem:successors(node)) do\n"
      "      if not seen[child.key] and child then table.insert(queue, copy(child)) end\n"
      "    end\n"
      "  end\n"
      "end\n";
  auto all = candidate_edits(script);
  REQUIRE(all.ok());
  std::set<EditKind> kinds;
  for (const ScriptEdit& edit : *all) {
    kinds.insert(edit.kind);
    CHECK(lua_compiles(apply_edit(script, edit)).ok());
    CHECK(edit.line >= 1);
    CHECK(edit.line <= 12);
  }
  CHECK(kinds.size() >= 10);
  auto first = sample_edits(*all, 20, 7);
  auto again = sample_edits(*all, 20, 7);
  auto other = sample_edits(*all, 20, 8);
  CHECK(first.size() == 20);
  CHECK(first == again);
  CHECK(first != other);
  std::set<EditKind> drawn;
  for (const ScriptEdit& edit : first) drawn.insert(edit.kind);
  CHECK(drawn.size() >= 10);  // kinds in turn: every kind gets a draw before any gets two
}

TEST_CASE("a script that is not Lua gets the parser's own error") {
  auto edits = candidate_edits("if x then");
  REQUIRE_FALSE(edits.ok());
  CHECK(edits.error().find("'end' expected") != std::string::npos);
}

TEST_CASE("kind names round-trip") {
  for (EditKind kind : kAllEditKinds) CHECK(edit_kind_from_name(edit_kind_name(kind)) == kind);
  CHECK_FALSE(edit_kind_from_name("nonsense").has_value());
}

namespace {

// The edits of one kind with the line each is reported at.
std::vector<std::pair<std::string, int>> edited_at(std::string_view script, EditKind kind) {
  const EditKind kinds[] = {kind};
  auto edits = candidate_edits(script, kinds);
  REQUIRE(edits.ok());
  std::vector<std::pair<std::string, int>> out;
  for (const ScriptEdit& edit : *edits) out.emplace_back(apply_edit(script, edit), edit.line);
  return out;
}

}  // namespace

TEST_CASE("a statement moved out of its loop, to either side, is reported at its own line") {
  const std::string_view script = "local n = 0\nfor i = 1, 3 do\n  n = n + i\nend\nreturn n\n";
  auto out = edited_at(script, EditKind::StatementMovedOut);
  CHECK(out == std::vector<std::pair<std::string, int>>{
                   {"local n = 0\n  n = n + i\nfor i = 1, 3 do\nend\nreturn n\n", 3},
                   {"local n = 0\nfor i = 1, 3 do\nend\n  n = n + i\nreturn n\n", 3}});
}

TEST_CASE("a statement moved past the statements or block next to it, where Lua allows it") {
  const std::string_view script = "local n = 0\nfor i = 1, 3 do\n  n = n + i\nend\nreturn n\n";
  // Line 5's `return` moved above the loop is no longer the block's last statement: refused.
  CHECK(edited_at(script, EditKind::StatementMovedPast) ==
        std::vector<std::pair<std::string, int>>{
            {"for i = 1, 3 do\n  n = n + i\nend\nlocal n = 0\nreturn n\n", 1}});
  // A one-line neighbour is StatementsSwapped's, not a move's; past two, the move is its own.
  CHECK(edited_at("a = 1\nb = 2\n", EditKind::StatementMovedPast).empty());
  CHECK(edited_at("a = 1\nb = 2\nc = 3\n", EditKind::StatementMovedPast) ==
        std::vector<std::pair<std::string, int>>{{"b = 2\nc = 3\na = 1\n", 1},
                                                 {"c = 3\na = 1\nb = 2\n", 3}});
}

TEST_CASE("a `+ 1` or `- 1` added to a value assigned, returned or compared, and nowhere else") {
  auto added = edited("x = a\nreturn b, c", EditKind::OffsetAdded);
  CHECK(added == std::vector<std::string>{"x = a + 1\nreturn b, c", "x = a - 1\nreturn b, c",
                                          "x = a\nreturn b + 1, c", "x = a\nreturn b - 1, c",
                                          "x = a\nreturn b, c + 1", "x = a\nreturn b, c - 1"});
  auto compared = edited("if d < e then end", EditKind::OffsetAdded);
  CHECK(compared == std::vector<std::string>{"if d + 1 < e then end", "if d - 1 < e then end",
                                             "if d < e + 1 then end", "if d < e - 1 then end"});
  // Strings, tables, flags, functions and a loop's own bounds are no numbers to move.
  CHECK(edited("s = 'x'\nt = {}\nf = true\ng = function() end\nfor i = 1, 2 do end",
               EditKind::OffsetAdded)
            .empty());
}

TEST_CASE("a local's first value: a flag the other way, a computed value zero") {
  auto changed = edited("local found, n, h = false, 5, f(x)", EditKind::InitialValueChanged);
  // 5 is left to ConstantOffByOne, whose neighbours are the values a repair wants.
  CHECK(changed == std::vector<std::string>{"local found, n, h = true, 5, f(x)",
                                            "local found, n, h = false, 5, 0"});
}

TEST_CASE("a statement copied to the start of the other branch, reported at its own line") {
  const std::string_view script = "if a then\n  x = 1\nelse\n  y = 2\nend\n";
  auto copied = edited_at(script, EditKind::LineCopied);
  CHECK(copied == std::vector<std::pair<std::string, int>>{
                      {"if a then\n  y = 2\n  x = 1\nelse\n  y = 2\nend\n", 4},
                      {"if a then\n  x = 1\nelse\n  x = 1\n  y = 2\nend\n", 2}});
}
