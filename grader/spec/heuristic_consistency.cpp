#include "grader/spec/heuristic_consistency.h"

#include "engine/search.h"
#include "grader/spec/heuristic_on_paths.h"

namespace tile {

Result<ConsistencyOnTests> heuristic_consistency_on_tests(const Task& task) {
  const CostModel cost = task.semantics.cost;
  ConsistencyOnTests out;
  auto walked = for_each_optimal_path_board(task, [&](const PathBoard& at,
                                                      const EstimateOf& estimate) -> Status {
    for (Move move : kAllMoves) {  // every move from the board, the path's and its neighbours'
      if (!at.board.can_move(move)) continue;
      auto h_next = estimate(at.board.moved(move));
      if (!h_next) return h_next.failure();
      ++out.moves;
      const InconsistentMove here{at.test.name, at.board, move, at.h,
                                  step_cost(at.board, move, cost), *h_next};
      if (here.excess() > 0 && (!out.worst || here.excess() > out.worst->excess())) {
        out.worst = here;
      }
    }
    return success();
  });
  if (!walked) return walked.failure();
  return out;
}

}  // namespace tile
