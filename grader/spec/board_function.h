// The warm-up exercises a course sets before search (seed 002: slide_up .. slide_right and
// check_solved): small functions of one board whose answer the engine knows exactly. A "function"
// task names which one the student writes; every test calls it on one board and compares.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/result.h"

namespace tile {

enum class BoardFunction {
  SlideUp,     // the board after the blank moves up, or false when it cannot
  SlideDown,
  SlideLeft,
  SlideRight,
  IsGoal,      // true when the board is the goal
};

Result<BoardFunction> parse_board_function(std::string_view name);  // "slide-up", ..., "is-goal"
std::string_view board_function_name(BoardFunction function);
// The blank's move a slide makes; none for is-goal.
std::optional<Move> slide_move(BoardFunction function);

// What a board function returned, as far as grading cares.
struct FunctionValue {
  enum class Kind { Board, True, False, Nil } kind = Kind::Nil;
  Board board;  // Kind::Board only

  bool operator==(const FunctionValue& other) const {
    return kind == other.kind && (kind != Kind::Board || board == other.board);
  }
};

// The engine's answer for `board`.
FunctionValue reference_answer(BoardFunction function, const Board& board, const Board& goal);

// Whether `got` is a right answer where `expected` is the engine's: a slide that cannot happen may
// be answered false (as the notebook does) or nil.
bool answer_accepted(BoardFunction function, const FunctionValue& expected,
                     const FunctionValue& got);

// "false", "nil", "true", or the board drawn on one line ("1 2 3 / 4 5 6 / 7 8 0").
std::string describe_value(const FunctionValue& value);

// As stored in expected.json and sent by the grading child: "true", "false", "nil" or the tiles
// ("1 2 3 4 5 6 7 8 0"); and back.
std::string value_text(const FunctionValue& value);
Result<FunctionValue> parse_value_text(const std::string& text, Shape shape);

}  // namespace tile
