#include "tests/support/task_builders.h"

namespace tile::testing {

Board board_3x3(const std::string& tiles) { return parse_board(Shape{3, 3}, tiles).value(); }

Task hand_task(const std::string& name, Algorithm algorithm, GoalLayout goal) {
  Task task;
  task.name = name;
  task.algorithm = algorithm;
  task.goal = goal_board({3, 3}, goal);
  return task;
}

Task defaults_task(Algorithm algorithm, const Board& goal) {
  Task task;
  task.algorithm = algorithm;
  task.semantics = resolve({}, algorithm);  // the defaults of the algorithm it runs
  task.goal = goal;
  return task;
}

Task on_push_bfs_task() {
  Task task = hand_task("bfs", Algorithm::Bfs, GoalLayout::BlankFirst);
  task.semantics.duplicates = Duplicates::OnPush;
  return task;
}

void add_test(Task& task, const std::string& start, const std::string& name) {
  task.tests.push_back({name.empty() ? start : name, board_3x3(start), Visibility::Visible});
}

Task on_push_bfs_task(const std::vector<std::string>& starts) {
  Task task = on_push_bfs_task();
  for (const std::string& start : starts) add_test(task, start);
  return task;
}

Task optimal_only_astar(Shape shape, Duplicates duplicates) {
  Task task = defaults_task(Algorithm::Astar, goal_board(shape, GoalLayout::BlankLast));
  task.name = "astar";
  task.heuristic = "manhattan";
  task.semantics.duplicates = duplicates;
  task.semantics.queue = QueueKind::PythonHeapq;
  task.semantics.tie_break = std::vector<TieKey>{};
  task.checks.path = PathCheck::Optimal;
  task.checks.count = false;
  task.checks.order = false;
  task.limits.search.max_expansions = 40'000;
  task.limits.engine_nodes = 400'000;
  return task;
}

}  // namespace tile::testing
