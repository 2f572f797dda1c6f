// For the tests of the observed search and what the judge reads from it: recording an expansion
// the way the problem API does, every possible child in the order Up, Down, Left, Right.
#pragma once

#include "grader/student/observed_search.h"

namespace tile::testing {

// `line`: where the script made the call (0: not known, for tests that do not read it).
inline void record_expansion_of(ObservedSearchRecorder& recorder, const Board& parent,
                                std::uint32_t line = 0) {
  Board children[kMoveCount];
  Move moves[kMoveCount];
  int count = 0;
  for (const Move move : kAllMoves) {
    if (!parent.can_move(move)) continue;
    children[count] = parent.moved(move);
    moves[count++] = move;
  }
  recorder.successors(parent, children, moves, count, line);
}

}  // namespace tile::testing
