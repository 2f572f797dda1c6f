// The problem API of search tasks: runs a student's `bfs(problem)`, `astar(problem, h)`, ... and
// records what it did through the API, for the checks to compare with the engine's trace.
//
// What the script sees (states are boards as in lua_board.h, fresh tables each time):
//   problem.start            the start state
//   problem.goal             the goal state
//   problem.actions          move names in the assignment's action order, e.g. {"Up","Down",...}
//   problem:is_goal(s)       true when s is the goal
//   problem:successors(s)    array of {move = "Up", state = s2, cost = c}, in action order,
//                            impossible moves skipped, c by the cost model. EVERY call is recorded
//                            as the expansion of s, in call order.
//   problem:key(s)           a string naming s, for use as a table key ("1,2,3,4,5,6,7,8,0")
//   problem:h(s)             the task's heuristic (an error when the task has none)
// The function is called as function_name(problem, h), where h(s) is problem:h(s) as a plain
// function (nil when the task has no heuristic). It returns `path, count`:
//   path  a list of move names ({"Up", "Left"}; any case; "U" also) or a string of letters ("UL",
//         "ul"); a list of boards instead is read into returned_boards (lua_search_answer.h);
//         anything else fails the run ("bfs returned a number where a path was expected").
//   count an integer (or a float with an integer value); nil leaves reported_count empty.
//
// Budgets (SearchCallLimits) end the run whatever the script does: the error is raised again at
// every Lua instruction, so pcall cannot swallow it. The run as a whole is one protected call, so
// SandboxLimits::call_seconds is the wall-clock limit of the whole search.
//
// A problem table kept past its run (in a global) answers every call with an error: the API finds
// its run through the registry, never through a pointer held by the script.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/heuristic.h"
#include "engine/search.h"
#include "engine/semantics.h"
#include "grader/sandbox/lua_sandbox.h"
#include "grader/student/passing_run.h"
#include "grader/student/student_run.h"

namespace tile {

// `semantics` must be resolved (action_order and cost are read). `heuristic` may be null; it may
// be a LuaHeuristic living in the same sandbox. The run keeps the first `keep_expansions`
// expansions and counts and digests all of them (StudentSearchRun). A run equal to `passing`
// (when known) keeps its observed record's counts only (passing_run.h). With
// `stop_at_divergence` (the reference's expansion order), the run stops at its first expansion
// that differs from it, or past its end, with left_reference_order set: the repair search's
// candidates, whose run is worth nothing once it has left the reference's.
StudentSearchRun run_student_search(LuaSandbox& sandbox, const std::string& function_name,
                                    const Problem& problem, const ResolvedSemantics& semantics,
                                    Heuristic* heuristic, const SearchCallLimits& limits,
                                    std::size_t keep_expansions = SIZE_MAX,
                                    const PassingRun& passing = {},
                                    const std::vector<Board>* stop_at_divergence = nullptr);

}  // namespace tile
