// A student's bidirectional breadth-first search, graded as Lua: submitted on a BFS task it is
// named algorithm-bibfs (the engine's bibfs reproduces it), with its sentence; on a bibfs task it
// gets full marks with no diagnosis, and the same search meeting on pop is named meet-test-on-pop.
#include "grader/run/grade.h"

#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "grader/spec/diagnosis_codes.h"

using namespace tile;
namespace fs = std::filesystem;

namespace {

std::string assignment_json(const std::string& algorithm) {
  return R"({
  "title": "bidirectional 2x3", "size": "2x3", "goal": "blank-last",
  "limits": {"wall_seconds": 20, "call_seconds": 5, "lua_memory_mb": 64},
  "tasks": [
    {"name": "search", "kind": "search", "function": "bibfs", "algorithm": ")" + algorithm +
         R"(", "points": 10,
     "tests": [
       {"name": "scrambled", "generate": {"count": 3, "seed": 7, "scramble": 11}},
       {"name": "start-is-goal", "start": "1 2 3 4 5 0"}
     ]}
  ]
})";
}

GradeReport grade_bibfs_lua(const std::string& lua, const std::string& json) {
  std::string pattern = (fs::temp_directory_path() / "bibfs_submission_test.XXXXXX").string();
  const fs::path root = mkdtemp(pattern.data());
  std::ofstream(root / "submission.lua") << lua;
  std::ofstream(root / "assignment.json") << json;
  auto assignment = load_assignment(root.string());
  REQUIRE_MESSAGE(assignment, assignment.error());
  auto prepared = PreparedAssignment::prepare(*assignment);
  REQUIRE_MESSAGE(prepared, prepared.error());
  GradeReport report = grade_submission(*prepared, (root / "submission.lua").string(), {});
  fs::remove_all(root);
  return report;
}

const char* kBibfs = R"LUA(
-- Bidirectional breadth-first search (bibfs's defaults): one node from each side in turn, the
-- start's side first; a state is marked when first pushed on its side; the sides meet when a new
-- child is one the other side has reached, and the search stops there. The count is the
-- expansions of both sides.
local BACK = { Up = "Down", Down = "Up", Left = "Right", Right = "Left" }
function bibfs(problem)
  local sides = {
    { queue = { { state = problem.start } }, head = 1, reached = {} },
    { queue = { { state = problem.goal } }, head = 1, reached = {} },
  }
  sides[1].reached[problem:key(problem.start)] = sides[1].queue[1]
  sides[2].reached[problem:key(problem.goal)] = sides[2].queue[1]
  if problem:is_goal(problem.start) then return {}, 0 end
  local function join(forward, backward)
    local moves = {}
    local node = forward
    while node.parent do
      table.insert(moves, 1, node.move)
      node = node.parent
    end
    node = backward
    while node.parent do
      moves[#moves + 1] = BACK[node.move]
      node = node.parent
    end
    return moves
  end
  local expanded, turn = 0, 1
  while true do
    if sides[turn].head > #sides[turn].queue then turn = 3 - turn end
    local side, other = sides[turn], sides[3 - turn]
    if side.head > #side.queue then return nil, expanded end
    local node = side.queue[side.head]
    side.head = side.head + 1
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not side.reached[key] then
        local new = { state = child.state, parent = node, move = child.move }
        side.reached[key] = new
        local met = other.reached[key]
        if met then
          if turn == 1 then return join(new, met), expanded end
          return join(met, new), expanded
        end
        side.queue[#side.queue + 1] = new
      end
    end
    turn = 3 - turn
  end
end
)LUA";

}  // namespace

TEST_CASE("a bidirectional BFS submitted for breadth-first search is named algorithm-bibfs") {
  const GradeReport report = grade_bibfs_lua(kBibfs, assignment_json("bfs"));
  int named = 0;
  for (const TestResult& test : report.tests) {
    CAPTURE(test.name);
    if (test.passed) continue;
    CHECK(test.diagnosis.code == "algorithm-bibfs");
    CHECK(test_output_text(test).find(diagnosis_code("algorithm-bibfs").sentence) !=
          std::string::npos);
    ++named;
  }
  CHECK(named > 0);
}

TEST_CASE("the same search on a bibfs task gets full marks, and meeting on pop is named") {
  const GradeReport correct = grade_bibfs_lua(kBibfs, assignment_json("bibfs"));
  for (const TestResult& test : correct.tests) {
    CAPTURE(test.name);
    CHECK(test.passed);
    CHECK(test.diagnosis.code.empty());
  }
  // Meeting on pop: the child is pushed unchecked, and a popped node is looked up instead.
  std::string on_pop = kBibfs;
  const std::string pop_line = "    local node = side.queue[side.head]\n";
  const std::string pop_test =
      pop_line + "    local there = other.reached[problem:key(node.state)]\n"
      "    if there then\n"
      "      if turn == 1 then return join(node, there), expanded end\n"
      "      return join(there, node), expanded\n"
      "    end\n";
  const std::string generate_test = "        local met = other.reached[key]\n";
  REQUIRE(on_pop.find(pop_line) != std::string::npos);
  REQUIRE(on_pop.find(generate_test) != std::string::npos);
  on_pop.replace(on_pop.find(generate_test), generate_test.size(), "        local met = nil\n");
  on_pop.replace(on_pop.find(pop_line), pop_line.size(), pop_test);
  const GradeReport popped = grade_bibfs_lua(on_pop, assignment_json("bibfs"));
  int named = 0;
  for (const TestResult& test : popped.tests) {
    CAPTURE(test.name);
    if (test.passed) continue;
    CHECK(test.diagnosis.code == "meet-test-on-pop");
    CHECK(test_output_text(test).find("Your two searches meet only when a node you take off a "
                                      "queue") != std::string::npos);
    ++named;
  }
  CHECK(named > 0);
}
