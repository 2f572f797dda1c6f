#include "grader/spec/heuristic_admissibility.h"

#include <vector>

#include "grader/spec/optimal_cost.h"
#include "grader/spec/task_heuristic.h"

namespace tile {

Result<AdmissibilityOnTests> heuristic_admissibility_on_tests(const Task& task) {
  auto heuristic = make_task_heuristic(task);
  if (!heuristic) return heuristic.failure();
  const CostModel cost = task.semantics.cost;
  AdmissibilityOnTests out;
  for (const TestCase& test : task.tests) {
    auto optimal = optimal_solution({test.start, task.goal}, cost, task.limits.engine_nodes);
    if (!optimal) return optimal.failure_in("test " + test.name + ": ");
    // Walk the path from the start: what is left of its cost is each board's true distance.
    Board board = test.start;
    std::int64_t left = optimal->cost;
    for (std::size_t step = 0;; ++step) {
      const auto h = (*heuristic)->estimate(board);
      if (!h) {
        return Error{"test " + test.name + ": the heuristic failed: " +
                     (*heuristic)->failure_message()};
      }
      ++out.boards;
      const std::int64_t over = *h - left;
      if (over > 0 && (!out.worst || over > out.worst->h - out.worst->distance)) {
        out.worst = HeuristicOverestimate{test.name, board, *h, left};
      }
      if (step == optimal->path.size()) break;
      const Move move = optimal->path[step];
      left -= step_cost(board, move, cost);
      board = board.moved(move);
    }
  }
  return out;
}

}  // namespace tile
