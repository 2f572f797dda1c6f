#include "engine/goal_mirror.h"

namespace tile {

Board GoalMirror::apply(const Board& board) const {
  Board mirrored = board;
  for (int c = 0; c < board.cells(); ++c) {
    const std::uint8_t to = cell[static_cast<std::size_t>(c)];
    mirrored.tiles[to] = tile[board.tiles[static_cast<std::size_t>(c)]];
  }
  mirrored.blank = cell[board.blank];
  return mirrored;
}

std::optional<GoalMirror> goal_mirror(const Board& goal) {
  const int side = goal.shape.rows;
  if (goal.shape.cols != side) return std::nullopt;
  GoalMirror mirror;
  for (int c = 0; c < goal.cells(); ++c) {
    mirror.cell[static_cast<std::size_t>(c)] =
        static_cast<std::uint8_t>((c % side) * side + c / side);
  }
  if (mirror.cell[goal.blank] != goal.blank) return std::nullopt;
  for (int c = 0; c < goal.cells(); ++c) {
    // The tile whose goal cell is c is renamed to the tile whose goal cell is c's transpose.
    mirror.tile[goal.tiles[static_cast<std::size_t>(c)]] =
        goal.tiles[mirror.cell[static_cast<std::size_t>(c)]];
  }
  return mirror;
}

}  // namespace tile
