// The warm-up functions' answers come from the engine's own moves, a slide that cannot happen may
// be answered false or nil.
#include "grader/spec/board_function.h"

#include <doctest/doctest.h>

#include "tests/grader/spec/function_values.h"

using namespace tile;

using namespace tile::test_values;


TEST_CASE("slides move the blank, and are false across an edge") {
  const Board centre = board("1 2 3 4 0 5 7 8 6");
  CHECK(reference_answer(BoardFunction::SlideUp, centre, kGoal) == board_value("1 0 3 4 2 5 7 8 6"));
  CHECK(reference_answer(BoardFunction::SlideDown, centre, kGoal) ==
        board_value("1 2 3 4 8 5 7 0 6"));
  CHECK(reference_answer(BoardFunction::SlideLeft, centre, kGoal) ==
        board_value("1 2 3 0 4 5 7 8 6"));
  CHECK(reference_answer(BoardFunction::SlideRight, centre, kGoal) ==
        board_value("1 2 3 4 5 0 7 8 6"));
  const Board corner = board("1 2 3 4 5 6 7 8 0");
  CHECK(reference_answer(BoardFunction::SlideDown, corner, kGoal) ==
        plain(FunctionValue::Kind::False));
  CHECK(reference_answer(BoardFunction::SlideRight, corner, kGoal) ==
        plain(FunctionValue::Kind::False));
  CHECK(reference_answer(BoardFunction::IsGoal, corner, kGoal) == plain(FunctionValue::Kind::True));
  CHECK(reference_answer(BoardFunction::IsGoal, centre, kGoal) == plain(FunctionValue::Kind::False));
}

TEST_CASE("nil answers an impossible slide, but not a goal test") {
  const FunctionValue no = plain(FunctionValue::Kind::False);
  const FunctionValue nil = plain(FunctionValue::Kind::Nil);
  CHECK(answer_accepted(BoardFunction::SlideDown, no, nil));
  CHECK(answer_accepted(BoardFunction::SlideDown, no, no));
  CHECK_FALSE(answer_accepted(BoardFunction::IsGoal, no, nil));
  CHECK_FALSE(answer_accepted(BoardFunction::SlideDown, board_value("1 2 3 4 5 6 7 8 0"), nil));
}

TEST_CASE("values cross the pipe as text and come back equal") {
  for (const FunctionValue& value :
       {plain(FunctionValue::Kind::True), plain(FunctionValue::Kind::False),
        plain(FunctionValue::Kind::Nil), board_value("1 2 3 4 0 5 7 8 6")}) {
    auto back = parse_value_text(value_text(value), k3x3);
    REQUIRE(back);
    CHECK(*back == value);
  }
  CHECK(describe_value(board_value("1 2 3 4 0 5 7 8 6")) == "1 2 3 / 4 0 5 / 7 8 6");
  CHECK_FALSE(parse_value_text("maybe", k3x3));
  CHECK(parse_board_function("is-goal").value() == BoardFunction::IsGoal);
  CHECK(board_function_name(BoardFunction::SlideLeft) == "slide-left");
}
