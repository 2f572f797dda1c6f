#include "grader/spec/heuristic_admissibility.h"

#include "grader/spec/heuristic_on_paths.h"

namespace tile {

Result<AdmissibilityOnTests> heuristic_admissibility_on_tests(const Task& task) {
  AdmissibilityOnTests out;
  auto walked = for_each_optimal_path_board(task, [&](const PathBoard& at, const EstimateOf&) {
    ++out.boards;
    const std::int64_t over = at.h - at.cost_left;
    if (over > 0 && (!out.worst || over > out.worst->h - out.worst->distance)) {
      out.worst = HeuristicOverestimate{at.test.name, at.board, at.h, at.cost_left};
    }
    return success();
  });
  if (!walked) return walked.failure();
  return out;
}

}  // namespace tile
