// Two mistakes students make, graded as students' Lua: a BFS that tests only the children it
// generates (start-never-goal-tested), on a 2x3 assignment whose whole state space a search from
// the goal walks in a moment, and an A* with a binary heap of its own where the bundled
// classic-8puzzle follows Python's heapq (ties-in-textbook-heap-order).
// Each with its diagnosis and sentence, and beside each a correct submission in an unusual style
// that must not be diagnosed at all.
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

// Seed 003's BFS semantics (marked on push, goal tested on pop, expansions counted) on 2x3.
const char* kBfs2x3 = R"({
  "title": "bfs 2x3", "size": "2x3", "goal": "blank-last",
  "limits": {"wall_seconds": 20, "call_seconds": 5, "lua_memory_mb": 64},
  "tasks": [
    {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
     "tests": [
       {"name": "two-moves", "start": "1 2 3 0 4 5"},
       {"name": "scrambled", "generate": {"count": 2, "seed": 5, "scramble": 9}},
       {"name": "start-is-goal", "start": "1 2 3 4 5 0"}
     ]}
  ]
})";

// Grades `lua` against the assignment in `dir` (or, when `json` is given, one written from it),
// only the tests of `task`.
GradeReport grade_lua(const std::string& task, const std::string& lua, const char* json = nullptr) {
  std::string pattern = (fs::temp_directory_path() / "start_heap_test.XXXXXX").string();
  const fs::path root = mkdtemp(pattern.data());
  std::ofstream(root / "submission.lua") << lua;
  if (json) std::ofstream(root / "assignment.json") << json;
  auto assignment = load_assignment(
      json ? root.string() : std::string(TILEGRADE_SOURCE_DIR) + "/assignments/classic-8puzzle");
  REQUIRE_MESSAGE(assignment, assignment.error());
  auto prepared = PreparedAssignment::prepare(*assignment);
  REQUIRE_MESSAGE(prepared, prepared.error());
  GradeOptions options;
  options.only_task = task;
  GradeReport report = grade_submission(*prepared,
                                        (root / "submission.lua").string(), options);
  fs::remove_all(root);
  return report;
}

const TestResult& test_named(const GradeReport& report, const std::string& name) {
  for (const TestResult& test : report.tests) {
    if (test.name.size() >= name.size() &&
        test.name.compare(test.name.size() - name.size(), name.size(), name) == 0) {
      return test;
    }
  }
  FAIL("no test named " << name);
  return report.tests.front();
}

// The textbook BFS that tests each child as it is generated, and never the start.
const char* kBfsChildrenOnly = R"(
local function moves_to(node)
  local path = {}
  while node.parent do
    table.insert(path, 1, node.move)
    node = node.parent
  end
  return path
end
function bfs(problem)
  local queue, head = { { state = problem.start } }, 1
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while queue[head] do
    local node = queue[head]
    head = head + 1
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        local next_node = { state = child.state, parent = node, move = child.move }
        if problem:is_goal(child.state) then return moves_to(next_node), expanded end
        queue[#queue + 1] = next_node
      end
    end
  end
  return nil, expanded
end
)";

// Correct, level by level: the whole current depth is tested and expanded before the next one is
// built, paths are strings of letters.
const char* kBfsByLevels = R"(
function bfs(problem)
  local level = { { s = problem.start, p = "" } }
  local seen = { [problem:key(problem.start)] = true }
  local count = 0
  while #level > 0 do
    local next_level = {}
    for _, node in ipairs(level) do
      if problem:is_goal(node.s) then return node.p, count end
      count = count + 1
      for _, c in ipairs(problem:successors(node.s)) do
        local k = problem:key(c.state)
        if not seen[k] then
          seen[k] = true
          next_level[#next_level + 1] = { s = c.state, p = node.p .. c.move:sub(1, 1) }
        end
      end
    end
    level = next_level
  end
end
)";

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Correct, with heapq and entries as arrays {f, rank, g, state, path}; the count kept in a table.
const char* kAstarArrays = R"(
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }
local function before(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end
function astar(problem)
  local heap, seen, stats = {}, {}, { n = 0 }
  heapq.push(heap, { problem:h(problem.start), -1, 0, problem.start, {} }, before)
  seen[problem:key(problem.start)] = true
  while #heap > 0 do
    local e = heapq.pop(heap, before)
    if problem:is_goal(e[4]) then return e[5], stats.n end
    stats.n = stats.n + 1
    for _, c in ipairs(problem:successors(e[4])) do
      local k = problem:key(c.state)
      if not seen[k] then
        seen[k] = true
        local path = { table.unpack(e[5]) }
        path[#path + 1] = c.move
        heapq.push(heap, { e[3] + c.cost + problem:h(c.state), RANK[c.move], e[3] + c.cost,
                           c.state, path }, before)
      end
    end
  end
end
)";

}  // namespace

TEST_CASE("a BFS that never tests its start is told so on the start-is-goal test") {
  const GradeReport report = grade_lua("bfs", kBfsChildrenOnly, kBfs2x3);
  const TestResult& start = test_named(report, "start-is-goal");
  CAPTURE(test_output_text(start));
  CHECK_FALSE(start.passed);
  CHECK(start.diagnosis.code == "start-never-goal-tested");
  CHECK(test_output_text(start).find(diagnosis_code("start-never-goal-tested").sentence) != std::string::npos);
  // On the other boards the same run is what a goal test on generate gives: the whole task's
  // evidence names the one mistake that explains every test.
  const TestResult& scrambled = test_named(report, "scrambled-1");
  CHECK_FALSE(scrambled.passed);
  CHECK(scrambled.diagnosis.code == "start-never-goal-tested");
}

TEST_CASE("a correct BFS written level by level is not diagnosed") {
  const GradeReport report = grade_lua("bfs", kBfsByLevels, kBfs2x3);
  REQUIRE_FALSE(report.tests.empty());
  for (const TestResult& test : report.tests) {
    CAPTURE(test.name);
    CHECK(test.passed);
    CHECK(test.diagnosis.code.empty());
  }
}

TEST_CASE("an A* with a textbook binary heap is told its ties differ from heapq's") {
  const std::string lua = read_file(std::string(TILEGRADE_SOURCE_DIR) +
                                    "/reference/classic-8puzzle/mutants/astar_own_binary_heap.lua");
  REQUIRE_FALSE(lua.empty());
  const GradeReport report = grade_lua("astar", lua);
  std::size_t failed = 0;
  for (const TestResult& test : report.tests) {
    if (test.passed) continue;
    ++failed;
    CAPTURE(test.name);
    CHECK(test.diagnosis.code == "ties-in-textbook-heap-order");
    CHECK(test_output_text(test).find("Your own binary heap takes equal priorities out in another order "
                           "than Python's heapq") != std::string::npos);
  }
  CHECK(failed > 0);
}

TEST_CASE("a correct A* with heapq on plain arrays is not diagnosed") {
  const GradeReport report = grade_lua("astar", kAstarArrays);
  REQUIRE_FALSE(report.tests.empty());
  for (const TestResult& test : report.tests) {
    CAPTURE(test.name);
    CHECK(test.passed);
    CHECK(test.diagnosis.code.empty());
  }
}
