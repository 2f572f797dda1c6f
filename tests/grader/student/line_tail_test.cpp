// The tail of an observation line: boards and observed calls written as digits and read back
// exactly, and anything else refused.
#include "grader/student/line_tail.h"

#include <doctest/doctest.h>

#include "tests/grader/student/observed_support.h"

using namespace tile;

// Named, not anonymous: the unity build compiles this file with the other student tests.
namespace line_tail_testing {

Board board(Shape shape, const char* tiles) { return parse_board(shape, tiles).value(); }

TEST_CASE("boards of every size cross the tail, their blanks found again") {
  const Shape two_by_three{2, 3};
  const Shape five{5, 5};
  const Board small = board(two_by_three, "1 2 0 3 4 5");
  const Board goal = goal_board(five, GoalLayout::BlankLast);
  LineTailWriter writer;
  CHECK(writer.boards({small, small.moved(Move::Left)}) == 12);
  CHECK(writer.boards({goal, goal.moved(Move::Up)}) == 50);
  CHECK(writer.boards({}) == 0);
  CHECK(writer.text().substr(0, 12) == "120345102345");
  CHECK(writer.text().substr(12, 25) == "123456789abcdefghijklmno0");

  LineTailReader reader(writer.text());
  const auto first = reader.boards(12, two_by_three);
  REQUIRE_MESSAGE(first, first.error());
  CHECK(*first == std::vector<Board>{small, small.moved(Move::Left)});
  CHECK((*first)[1].blank == 1);
  const auto second = reader.boards(50, five);
  REQUIRE_MESSAGE(second, second.error());
  CHECK(*second == std::vector<Board>{goal, goal.moved(Move::Up)});
  CHECK((*second)[1].blank == goal.moved(Move::Up).blank);
  CHECK(reader.finished());
}

TEST_CASE("a tail's boards that are no boards, or past its end, are refused") {
  const Shape shape{2, 3};
  for (const char* text : {"120346", "120344", "12034!", "12034A", "1203 5"}) {
    CAPTURE(text);
    LineTailReader reader(text);
    CHECK_FALSE(reader.boards(6, shape));
  }
  LineTailReader short_tail("120345");
  CHECK_FALSE(short_tail.boards(12, shape));
  LineTailReader uneven("1203451");
  CHECK_FALSE(uneven.boards(7, shape));  // not a whole number of boards
  LineTailReader rest("120345120345");
  REQUIRE(rest.boards(6, shape));
  CHECK_FALSE(rest.finished());  // the caller refuses a tail with parts left over
}

TEST_CASE("observed calls cross the tail with their children and moves") {
  const Shape shape{3, 3};
  const Board start = board(shape, "1 2 3 4 0 5 6 7 8");
  ObservedSearch sent;
  ObservedSearchRecorder recorder(sent, start);
  recorder.call(ObservedCallKind::IsGoal, start);
  testing::record_expansion_of(recorder, start);
  recorder.call(ObservedCallKind::Heuristic, start.moved(Move::Up));
  recorder.call(ObservedCallKind::Key, start.moved(Move::Right));
  LineTailWriter writer;
  const std::size_t board_chars = writer.boards(sent.boards);
  const std::size_t call_chars = writer.observed_calls(sent);
  // is_goal "5" "000"; successors "4" "000" and four children of four digits; h "a" "001";
  // key "f" "004".
  CHECK(call_chars == 4 + 4 + 4 * 4 + 4 + 4);
  CHECK(writer.text().substr(board_chars, 8) == "50004000");

  ObservedSearch received;
  received.successors_calls = sent.successors_calls;
  received.children_returned = sent.children_returned;
  received.goal_tests = sent.goal_tests;
  received.heuristic_calls = sent.heuristic_calls;
  received.key_calls = sent.key_calls;
  LineTailReader reader(writer.text());
  auto boards = reader.boards(board_chars, shape);
  REQUIRE(boards);
  received.boards = *boards;
  const auto read = reader.observed_calls(call_chars, received);
  REQUIRE_MESSAGE(read, read.error());
  CHECK(reader.finished());
  CHECK(received == sent);

  // More calls kept than the counts say were made: a damaged record.
  ObservedSearch fewer = received;
  fewer.calls.clear();
  fewer.children.clear();
  fewer.key_calls = 0;
  const std::string calls_only = writer.text().substr(board_chars);
  LineTailReader again(calls_only);
  CHECK_FALSE(again.observed_calls(call_chars, fewer));
}

}  // namespace line_tail_testing
