// A 3x3 board from its tiles ("1 2 3 4 0 5 7 8 6"), for the report tests that draw boards. One
// definition for all of them: the unity build compiles several test files as one.
#pragma once

#include "engine/board.h"

namespace tile::testing {

inline Board board(const char* tiles) { return parse_board({3, 3}, tiles).value(); }

}  // namespace tile::testing
