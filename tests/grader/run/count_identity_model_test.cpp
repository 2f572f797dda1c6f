// The numbers a count is compared with (issue 49 part 3), read from the record of real Lua runs,
// against an independent model: the script's own tally of the same number, which it returns as
// its count. On every board the judge's reading of the record must equal it, and the line the
// count was returned from is the script's `return`.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "engine/random_boards.h"
#include "grader/judge/invariants.h"
#include "grader/sandbox/lua_problem.h"
#include "grader/sandbox/lua_sandbox.h"

namespace tile {
namespace {

const std::string kScript = R"(
-- Iterative deepening with a cycle check along the path; the count returned is the number of
-- rounds in which it expanded a board, tallied by the script itself.
function iddfs(problem)
  local rounds = 0
  for limit = 0, 40 do
    local expanded = 0
    local on_path = {}
    local function dls(state, depth, path)
      if problem:is_goal(state) then return path end
      if depth == limit then return nil end
      expanded = expanded + 1
      local key = problem:key(state)
      on_path[key] = true
      for _, child in ipairs(problem:successors(state)) do
        if not on_path[problem:key(child.state)] then
          local found = dls(child.state, depth + 1, path .. child.move:sub(1, 1))
          if found then return found end
        end
      end
      on_path[key] = nil
      return nil
    end
    local found = dls(problem.start, 0, "")
    if expanded > 0 then rounds = rounds + 1 end
    if found then
      return found, rounds  -- @iddfs
    end
  end
end

-- Breadth-first search whose count is the length of the path it found, tallied move by move.
function bfs(problem)
  local queue, head = {{state = problem.start, path = ""}}, 1
  local seen = {[problem:key(problem.start)] = true}
  while queue[head] do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then
      local moves = 0
      for _ in node.path:gmatch(".") do moves = moves + 1 end
      return node.path, moves  -- @bfs
    end
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        queue[#queue + 1] = {state = child.state, path = node.path .. child.move:sub(1, 1)}
      end
    end
  end
end
)";

std::uint32_t line_of(const std::string& marker) {
  const std::size_t at = kScript.find(marker);
  std::uint32_t line = 1;
  for (std::size_t i = 0; i < at; ++i) line += kScript[i] == '\n' ? 1 : 0;
  return line;
}

Task task_of(Algorithm algorithm, const Board& goal) {
  Task task;
  task.algorithm = algorithm;
  task.semantics = resolve({}, algorithm);
  task.semantics.count = CountKind::Expanded;
  task.goal = goal;
  return task;
}

TEST_CASE("the rounds and the path's moves read from the record equal the script's own tally") {
  auto sandbox = LuaSandbox::from_source("model.lua", kScript, {});
  REQUIRE(sandbox);
  const Board goal = *parse_board(Shape{3, 3}, "1 2 3 4 5 6 7 8 0");
  const Task iddfs = task_of(Algorithm::Iddfs, goal);
  const Task bfs = task_of(Algorithm::Bfs, goal);
  std::size_t rounds_seen = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Board start = scrambled_board(goal, 3 + static_cast<int>(seed % 5), seed);
    INFO("seed " << seed);
    const Problem problem{start, goal};
    for (const Task* task : {&iddfs, &bfs}) {
      const bool deepening = task == &iddfs;
      const StudentSearchRun run =
          run_student_search(**sandbox, deepening ? "iddfs" : "bfs", problem, task->semantics,
                             nullptr, SearchCallLimits{});
      REQUIRE_MESSAGE(run.completed, run.error);
      REQUIRE(run.reported_count);
      CHECK(run.return_line == line_of(deepening ? "@iddfs" : "@bfs"));
      const ObservedTree tree = observed_tree_of(*task, run, nullptr);
      if (deepening) {
        // The model's tally is the judge's number (unless it is the expansions themselves, which
        // is the right count, never compared).
        if (static_cast<std::uint64_t>(*run.reported_count) != run.observed.successors_calls) {
          CHECK(count_equals_number(*task, run, tree, "rounds"));
          ++rounds_seen;
        }
      } else {
        CHECK(*run.reported_count == static_cast<std::int64_t>(run.path.size()));
        CHECK(count_equals_number(*task, run, tree, "path-length"));
        CHECK_FALSE(count_equals_number(*task, run, tree, "rounds"));  // no rounds in BFS
      }
    }
  }
  CHECK(rounds_seen >= 6);
}

}  // namespace
}  // namespace tile
