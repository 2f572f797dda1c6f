// The reflection trick of pattern databases: mirroring a board in its main diagonal.
//
// Transposing a square board maps every move to a move (Up <-> Left, Down <-> Right), so it
// preserves distances. Renaming each tile as the tile whose goal cell is the transpose of its own
// goal cell turns the goal into itself exactly when the goal's blank lies on the main diagonal
// (then the blank is renamed to the blank). Under that condition the mirror of any board is exactly
// as far from the goal as the board, so a heuristic may take max(h(board), h(mirror(board))) and
// stay admissible; the same pattern databases serve both lookups. This holds for the blank-first
// goal (Korf's) and for the blank-last goal of square boards, and for any goal whose blank is on
// the diagonal; it never holds on non-square boards (transposing changes the shape).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/board.h"

namespace tile {

struct GoalMirror {
  std::array<std::uint8_t, kMaxCells> cell{};  // cell -> its transpose
  std::array<std::uint8_t, kMaxCells> tile{};  // tile -> its name on the mirrored board

  // The mirrored board: tile t at cell c becomes tile tile[t] at cell cell[c].
  Board apply(const Board& board) const;
};

// The mirror for this goal, or nothing when the trick does not apply (see above).
std::optional<GoalMirror> goal_mirror(const Board& goal);

}  // namespace tile
