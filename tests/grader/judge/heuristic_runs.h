// A heuristic task and the observation of a heuristic run with chosen values: shared by the
// tests of the heuristic checks (heuristic_checks_test.cpp) and of informedness (checks_test.cpp).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "grader/judge/checks.h"

namespace tile::testing {

inline Task heuristic_task() {
  Task task;
  task.name = "heuristic";
  task.kind = TaskKind::Heuristic;
  task.algorithm = Algorithm::Astar;
  task.semantics = resolve({}, Algorithm::Astar);
  task.goal = goal_board({3, 3}, GoalLayout::BlankLast);
  task.tests.push_back(
      {"t", parse_board({3, 3}, "1 2 3 4 5 6 0 7 8").value(), Visibility::Visible});
  return task;
}

// A heuristic run whose values are exactly `values` (the goal included where given).
inline JobObservation heuristic_run(const Task& task,
                                   std::vector<std::pair<Board, std::int64_t>> values,
                                   std::int64_t cost) {
  JobObservation observation;
  HeuristicRun run;
  run.status = SearchStatus::Solved;
  run.cost = cost;
  run.path = {Move::Right, Move::Right};
  run.counters.expanded = 2;
  run.values = std::move(values);
  (void)task;
  observation.heuristic = run;
  return observation;
}

}  // namespace tile::testing
