// 3x3 boards and function-task answers written briefly, for the tests of board functions (spec)
// and of the diagnosis of wrong answers (judge).
#pragma once

#include "grader/spec/board_function.h"

namespace tile::test_values {

inline const Shape k3x3{3, 3};
inline const Board kGoal = goal_board(k3x3, GoalLayout::BlankLast);

inline Board board(const char* tiles) { return parse_board(k3x3, tiles).value(); }

inline FunctionValue board_value(const char* tiles) {
  FunctionValue value;
  value.kind = FunctionValue::Kind::Board;
  value.board = board(tiles);
  return value;
}

inline FunctionValue plain(FunctionValue::Kind kind) {
  FunctionValue value;
  value.kind = kind;
  return value;
}

}  // namespace tile::test_values
