#pragma once
// The boards most model tests use: 2x3, whose 360 reachable states a unit test covers whole, and
// 3x3, the 8-puzzle; each with its blank-last goal.

#include "tests/engine/model_puzzle.h"

namespace model {

inline const Grid k2x3{2, 3};
inline const Tiles kGoal2x3 = tiles_from({1, 2, 3, 4, 5, 0});
inline const Grid k3x3{3, 3};
inline const Tiles kGoal3x3 = tiles_from({1, 2, 3, 4, 5, 6, 7, 8, 0});

}  // namespace model
