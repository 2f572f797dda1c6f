// The complete table of exact distances to one goal, for boards small enough to enumerate (up to
// 10 cells: 2x3, 2x4, 3x3, 2x5). Built by breadth-first search backwards from the goal over ranked
// permutations: every move is reversible, so the distance from a state to the goal is the distance
// from the goal to the state, and one search answers every state at once. The table holds one byte
// per permutation (10! = 3.6 MB at most), half of which (the other parity class) stays unreachable.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"

namespace tile {

class ExactTable {
 public:
  static constexpr int kMaxCells = 10;

  // Errors when the board has more than kMaxCells cells.
  static Result<ExactTable> build(const Board& goal);

  // Moves from board to the goal, or -1 when the board cannot reach it (the other parity class,
  // or another shape).
  int distance(const Board& board) const;

  const Board& goal() const { return goal_; }
  std::uint64_t reachable_states() const { return reachable_; }  // the goal included
  int max_distance() const { return static_cast<int>(layer_sizes_.size()) - 1; }
  // How many states lie at each distance, index = distance.
  const std::vector<std::uint64_t>& layer_sizes() const { return layer_sizes_; }

 private:
  ExactTable() = default;

  Board goal_;
  std::vector<std::uint8_t> distance_;  // by permutation rank; kUnreached where not reachable
  std::vector<std::uint64_t> layer_sizes_;
  std::uint64_t reachable_ = 0;
};

}  // namespace tile
