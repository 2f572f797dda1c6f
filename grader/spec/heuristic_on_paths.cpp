#include "grader/spec/heuristic_on_paths.h"

#include "grader/spec/optimal_cost.h"
#include "grader/spec/task_heuristic.h"

namespace tile {

Status for_each_optimal_path_board(
    const Task& task, const std::function<Status(const PathBoard&, const EstimateOf&)>& visit) {
  auto heuristic = make_task_heuristic(task);
  if (!heuristic) return heuristic.failure();
  const CostModel cost = task.semantics.cost;
  for (const TestCase& test : task.tests) {
    auto optimal = optimal_solution({test.start, task.goal}, cost, task.limits.engine_nodes);
    if (!optimal) return optimal.failure_in("test " + test.name + ": ");
    const EstimateOf estimate = [&](const Board& board) -> Result<std::int64_t> {
      const auto h = (*heuristic)->estimate(board);
      if (!h) {
        return Error{"test " + test.name + ": the heuristic failed: " +
                     (*heuristic)->failure_message()};
      }
      return *h;
    };
    // Walk the path from the start: what is left of its cost is each board's true distance.
    Board board = test.start;
    std::int64_t left = optimal->cost;
    for (std::size_t step = 0;; ++step) {
      auto h = estimate(board);
      if (!h) return h.failure();
      if (auto visited = visit(PathBoard{test, board, *h, left}, estimate); !visited) {
        return visited;
      }
      if (step == optimal->path.size()) break;
      const Move move = optimal->path[step];
      left -= step_cost(board, move, cost);
      board = board.moved(move);
    }
  }
  return success();
}

}  // namespace tile
