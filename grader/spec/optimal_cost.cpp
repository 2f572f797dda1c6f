#include "grader/spec/optimal_cost.h"

namespace tile {

Result<OptimalSolution> optimal_solution(const Problem& problem, CostModel cost,
                                         std::uint64_t max_nodes) {
  SearchSpec spec;
  spec.semantics.cost = cost;
  spec.semantics.duplicates = Duplicates::ClosedOnPop;
  spec.limits.max_nodes = max_nodes;
  auto heuristic = make_builtin_heuristic("linear-conflict", problem.goal).value();
  if (cost == CostModel::Unit) {
    spec.algorithm = Algorithm::Astar;
    spec.heuristic = heuristic.get();
  } else {
    spec.algorithm = Algorithm::Ucs;
  }
  const SearchResult result = search(problem, spec);
  if (result.status != SearchStatus::Solved) {
    return Error{"could not compute the optimal cost (" + std::string(status_name(result.status)) +
                 (result.message.empty() ? "" : ": " + result.message) + ")"};
  }
  return OptimalSolution{result.cost, result.path};
}

}  // namespace tile
