// A function task's wrong answer gets the name of the mistake that produces it.
#include <doctest/doctest.h>

#include "grader/judge/diagnosis.h"
#include "tests/grader/spec/function_values.h"

using namespace tile;
using namespace tile::test_values;

namespace {

std::string code_of(BoardFunction function, const char* start, const FunctionValue& got) {
  return diagnose_answer(function, board(start), kGoal, got).code;
}

}  // namespace

TEST_CASE("each wrong answer is named") {
  // From the centre: the tile-centred slide_up is the blank moving down.
  CHECK(code_of(BoardFunction::SlideUp, "1 2 3 4 0 5 7 8 6", board_value("1 2 3 4 8 5 7 0 6")) ==
        "tile-centred-move");
  CHECK(code_of(BoardFunction::SlideUp, "1 2 3 4 0 5 7 8 6", board_value("1 2 3 0 4 5 7 8 6")) ==
        "wrong-direction");
  CHECK(code_of(BoardFunction::SlideRight, "1 2 3 4 5 0 7 8 6", board_value("1 2 3 4 5 7 0 8 6")) ==
        "allowed-an-impossible-move");
  CHECK(code_of(BoardFunction::SlideUp, "1 2 3 4 0 5 7 8 6", plain(FunctionValue::Kind::False)) ==
        "refused-a-possible-move");
  CHECK(code_of(BoardFunction::SlideUp, "1 2 3 4 0 5 7 8 6", board_value("2 1 3 4 0 5 7 8 6")) ==
        "wrong-board");
  CHECK(code_of(BoardFunction::IsGoal, "1 2 3 4 0 5 7 8 6", plain(FunctionValue::Kind::True)) ==
        "wrong-goal-test");
}
