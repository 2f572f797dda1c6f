// The price of the problem API to a student's search: a Lua BFS over the whole 8-puzzle (its start
// is the board farthest from the goal, so it expands every one of the 181,440 boards), run as the
// grading child runs a passing student's search (the reference's run named, so the observed
// record keeps its calls pending and never interns them). Processor time per API call is the
// figure: what every call pays for being recorded (the board, and the line it was called from).
// Two scripts: the calls made straight from the search function, and the same made through
// pcall, so that finding the student's line passes a C frame first.
#include <cstdio>
#include <memory>
#include <string>

#include "bench/bench.h"
#include "engine/search.h"
#include "grader/sandbox/lua_problem.h"

namespace tile::bench {
namespace {

constexpr const char* kDirect = R"(
function bfs(problem)
  local frontier, head, tail = {problem.start}, 1, 1
  local seen = {[problem:key(problem.start)] = true}
  while frontier[head] do
    local state = frontier[head]
    frontier[head] = nil
    head = head + 1
    if problem:is_goal(state) then return "", head - 1 end
    for _, child in ipairs(problem:successors(state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        tail = tail + 1
        frontier[tail] = child.state
      end
    end
  end
  return nil, head - 1
end
)";

constexpr const char* kThroughPcall = R"(
function bfs(problem)
  local function call(method, state)
    local ok, value = pcall(method, problem, state)
    if not ok then error(value, 0) end
    return value
  end
  local frontier, head, tail = {problem.start}, 1, 1
  local seen = {[call(problem.key, problem.start)] = true}
  while frontier[head] do
    local state = frontier[head]
    frontier[head] = nil
    head = head + 1
    if call(problem.is_goal, state) then return "", head - 1 end
    for _, child in ipairs(call(problem.successors, state)) do
      local key = call(problem.key, child.state)
      if not seen[key] then
        seen[key] = true
        tail = tail + 1
        frontier[tail] = child.state
      end
    end
  end
  return nil, head - 1
end
)";

TILE_BENCH("lua_search_calls",
           "a Lua BFS of the whole 8-puzzle through the problem API: processor time per call") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Problem problem{*parse_board(Shape{3, 3}, "8 6 7 2 5 4 3 0 1"), goal};
  const ResolvedSemantics semantics = resolve(Semantics{}, Algorithm::Bfs);
  SandboxLimits sandbox_limits;
  sandbox_limits.memory_bytes = std::size_t{1} << 30;
  sandbox_limits.call_seconds = 0;
  const SearchCallLimits call_limits{.max_expansions = 10'000'000, .max_api_calls = 100'000'000};
  for (const auto& [name, source] :
       {std::pair{"direct", kDirect}, std::pair{"through pcall", kThroughPcall}}) {
    auto sandbox = LuaSandbox::from_source("bench.lua", source, sandbox_limits);
    if (!sandbox) {
      std::printf("  %s\n", sandbox.error().c_str());
      return;
    }
    const StudentSearchRun first =
        run_student_search(**sandbox, "bfs", problem, semantics, nullptr, call_limits);
    if (!first.completed) {
      std::printf("  %s: %s\n", name, first.error.c_str());
      return;
    }
    // As the grading child runs a student's passing search: the reference's run named.
    const PassingRun passing{.known = true,
                             .path = first.path,
                             .count = first.reported_count.value_or(0),
                             .expanded = first.expanded,
                             .expansion_digest = first.expansion_digest};
    const double seconds = best_cpu_seconds(3, [&] {
      const StudentSearchRun run = run_student_search(**sandbox, "bfs", problem, semantics,
                                                      nullptr, call_limits, 1, passing);
      if (run.api_calls != first.api_calls) std::printf("  MISMATCH: another number of calls\n");
    });
    figure(std::string(name) + ": whole search", seconds * 1000, "ms");
    figure(std::string(name) + ": API calls", static_cast<double>(first.api_calls), "calls");
    figure(std::string(name) + ": per API call",
           seconds / static_cast<double>(first.api_calls) * 1e9, "ns");
  }
}

}  // namespace
}  // namespace tile::bench
