// Mistakes read from a returned path itself, whatever the search did: the path reversed, moves
// named after the tile instead of the blank, the last move missing, a move too many. These are
// not search semantics (the expansions may all be right), so they are not engine variants: each is
// a transformation of the student's path that turns it into a path to the goal.
#pragma once

#include <optional>
#include <vector>

#include "engine/board.h"
#include "grader/judge/mistake_catalogue.h"

namespace tile {

// Only for a path that does not lead from start to goal; nullopt when no transformation mends it.
std::optional<Diagnosis> diagnose_path(const Board& start, const Board& goal,
                                       const std::vector<Move>& path);

}  // namespace tile
