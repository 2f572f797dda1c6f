#include "grader/spec/heuristic_consistency.h"

#include "engine/search.h"
#include "grader/spec/optimal_cost.h"
#include "grader/spec/task_heuristic.h"

namespace tile {

Result<ConsistencyOnTests> heuristic_consistency_on_tests(const Task& task) {
  auto heuristic = make_task_heuristic(task);
  if (!heuristic) return heuristic.failure();
  const CostModel cost = task.semantics.cost;
  ConsistencyOnTests out;
  for (const TestCase& test : task.tests) {
    auto optimal = optimal_solution({test.start, task.goal}, cost, task.limits.engine_nodes);
    if (!optimal) return optimal.failure_in("test " + test.name + ": ");
    auto estimate = [&](const Board& board) -> Result<std::int64_t> {
      const auto h = (*heuristic)->estimate(board);
      if (!h) {
        return Error{"test " + test.name + ": the heuristic failed: " +
                     (*heuristic)->failure_message()};
      }
      return *h;
    };
    Board board = test.start;
    for (std::size_t step = 0;; ++step) {
      auto h = estimate(board);
      if (!h) return h.failure();
      for (Move move : kAllMoves) {  // every move from the board, the path's and its neighbours'
        if (!board.can_move(move)) continue;
        auto h_next = estimate(board.moved(move));
        if (!h_next) return h_next.failure();
        ++out.moves;
        const InconsistentMove here{test.name, board, move, *h, step_cost(board, move, cost),
                                    *h_next};
        if (here.excess() > 0 && (!out.worst || here.excess() > out.worst->excess())) {
          out.worst = here;
        }
      }
      if (step == optimal->path.size()) break;
      board = board.moved(optimal->path[step]);
    }
  }
  return out;
}

}  // namespace tile
