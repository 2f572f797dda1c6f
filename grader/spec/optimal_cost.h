// An optimal solution of a test board, used to check "any optimal path", to know exact distances
// along that path (for heuristic admissibility on boards too large for a complete table), and
// for heuristic tasks.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/result.h"
#include "engine/search.h"

namespace tile {

struct OptimalSolution {
  std::int64_t cost = 0;
  std::vector<Move> path;
};

// Unit cost: A* with linear conflict (admissible, so optimal with closed-on-pop). Tile cost: UCS.
// An error when the node budget runs out, never a wrong number.
Result<OptimalSolution> optimal_solution(const Problem& problem, CostModel cost,
                                         std::uint64_t max_nodes);

}  // namespace tile
