// For the tests of the observed search and what the judge reads from it: recording an expansion
// the way the problem API does, every possible child in the order Up, Down, Left, Right.
#pragma once

#include "grader/student/observed_search.h"

namespace tile::testing {

inline void record_expansion_of(ObservedSearchRecorder& recorder, const Board& parent) {
  Board children[kMoveCount];
  Move moves[kMoveCount];
  int count = 0;
  for (const Move move : kAllMoves) {
    if (!parent.can_move(move)) continue;
    children[count] = parent.moved(move);
    moves[count++] = move;
  }
  recorder.successors(parent, children, moves, count);
}

}  // namespace tile::testing
