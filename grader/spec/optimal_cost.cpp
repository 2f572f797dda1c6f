#include "grader/spec/optimal_cost.h"

namespace tile {

Result<OptimalSolution> optimal_solution(const Problem& problem, CostModel cost,
                                         std::uint64_t max_nodes) {
  const Algorithm algorithm = cost == CostModel::Unit ? Algorithm::Astar : Algorithm::Ucs;
  SearchSpec spec = SearchSpec::of(algorithm, defaults_of(algorithm));  // nothing to resolve
  spec.semantics.cost = cost;
  spec.semantics.duplicates = Duplicates::ClosedOnPop;
  spec.limits.max_nodes = max_nodes;
  auto heuristic = make_builtin_heuristic("linear-conflict", problem.goal).value();
  if (cost == CostModel::Unit) spec.heuristic = heuristic.get();
  const SearchResult result = search(problem, spec);
  if (result.status != SearchStatus::Solved) {
    return Error{"could not compute the optimal cost (" + std::string(status_name(result.status)) +
                 (result.message.empty() ? "" : ": " + result.message) + ")"};
  }
  return OptimalSolution{result.cost, result.path};
}

}  // namespace tile
