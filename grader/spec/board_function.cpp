#include "grader/spec/board_function.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

struct Named {
  BoardFunction function;
  std::string_view name;
};

constexpr Named kNames[] = {
    {BoardFunction::SlideUp, "slide-up"},       {BoardFunction::SlideDown, "slide-down"},
    {BoardFunction::SlideLeft, "slide-left"},   {BoardFunction::SlideRight, "slide-right"},
    {BoardFunction::IsGoal, "is-goal"},
};

}  // namespace

std::optional<Move> slide_move(BoardFunction function) {
  switch (function) {
    case BoardFunction::SlideUp: return Move::Up;
    case BoardFunction::SlideDown: return Move::Down;
    case BoardFunction::SlideLeft: return Move::Left;
    case BoardFunction::SlideRight: return Move::Right;
    case BoardFunction::IsGoal: break;
  }
  return std::nullopt;
}

Result<BoardFunction> parse_board_function(std::string_view name) {
  for (const Named& named : kNames) {
    if (named.name == name) return named.function;
  }
  return Error{"unknown function '" + quoted_prefix(name) +
               "' (expected slide-up, slide-down, slide-left, slide-right or is-goal)"};
}

std::string_view board_function_name(BoardFunction function) {
  for (const Named& named : kNames) {
    if (named.function == function) return named.name;
  }
  return "";
}

FunctionValue reference_answer(BoardFunction function, const Board& board, const Board& goal) {
  FunctionValue answer;
  const std::optional<Move> move = slide_move(function);
  if (!move) {  // is-goal
    answer.kind = board == goal ? FunctionValue::Kind::True : FunctionValue::Kind::False;
    return answer;
  }
  if (!board.can_move(*move)) {
    answer.kind = FunctionValue::Kind::False;
    return answer;
  }
  answer.kind = FunctionValue::Kind::Board;
  answer.board = board.moved(*move);
  return answer;
}

bool answer_accepted(BoardFunction function, const FunctionValue& expected,
                     const FunctionValue& got) {
  if (got == expected) return true;
  return function != BoardFunction::IsGoal && expected.kind == FunctionValue::Kind::False &&
         got.kind == FunctionValue::Kind::Nil;
}

std::string describe_value(const FunctionValue& value) {
  switch (value.kind) {
    case FunctionValue::Kind::True: return "true";
    case FunctionValue::Kind::False: return "false";
    case FunctionValue::Kind::Nil: return "nil";
    case FunctionValue::Kind::Board: break;
  }
  std::string line;
  for (int cell = 0; cell < value.board.cells(); ++cell) {
    if (cell > 0) line += cell % value.board.shape.cols == 0 ? " / " : " ";
    line += std::to_string(value.board.at(cell));
  }
  return line;
}

std::string value_text(const FunctionValue& value) {
  return value.kind == FunctionValue::Kind::Board ? format_tiles(value.board)
                                                  : describe_value(value);
}

Result<FunctionValue> parse_value_text(const std::string& text, Shape shape) {
  FunctionValue value;
  if (text == "true") {
    value.kind = FunctionValue::Kind::True;
  } else if (text == "false") {
    value.kind = FunctionValue::Kind::False;
  } else if (text == "nil") {
    value.kind = FunctionValue::Kind::Nil;
  } else {
    auto board = parse_board(shape, text);
    if (!board) return board.failure();
    value.kind = FunctionValue::Kind::Board;
    value.board = *board;
  }
  return value;
}

}  // namespace tile
