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

// The counts the record says were made, copied onto a record to read a tail into.
ObservedSearch counts_of(const ObservedSearch& sent) {
  ObservedSearch received;
  received.successors_calls = sent.successors_calls;
  received.children_returned = sent.children_returned;
  received.goal_tests = sent.goal_tests;
  received.heuristic_calls = sent.heuristic_calls;
  received.key_calls = sent.key_calls;
  return received;
}

// `sent` written to a tail and read back.
ObservedSearch round_trip(const ObservedSearch& sent, Shape shape) {
  LineTailWriter writer;
  const std::size_t board_chars = writer.boards(sent.boards);
  const ObservedCallChars call_chars = writer.observed_calls(sent);
  ObservedSearch received = counts_of(sent);
  LineTailReader reader(writer.text());
  auto boards = reader.boards(board_chars, shape);
  REQUIRE(boards);
  received.boards = *boards;
  const auto read = reader.observed_calls(call_chars, received);
  REQUIRE_MESSAGE(read, read.error());
  CHECK(reader.finished());
  return received;
}

TEST_CASE("observed calls cross the tail with their children, moves and lines") {
  const Shape shape{3, 3};
  const Board start = board(shape, "1 2 3 4 0 5 6 7 8");
  ObservedSearch sent;
  ObservedSearchRecorder recorder(sent, start);
  recorder.call(ObservedCallKind::IsGoal, start, 12);
  testing::record_expansion_of(recorder, start, 15);
  recorder.call(ObservedCallKind::Heuristic, start.moved(Move::Up), 40);
  recorder.call(ObservedCallKind::Key, start.moved(Move::Right), 15);
  LineTailWriter writer;
  const std::size_t board_chars = writer.boards(sent.boards);
  const ObservedCallChars call_chars = writer.observed_calls(sent);
  // The table of lines 12, 15, 40: "000c" "000f" "000E". Then is_goal "5" "000", its line's place
  // "0"; successors "4" "000" "1" and four children of four digits; h "a" "001" "2"; key "f" "004"
  // "1".
  CHECK(call_chars.lines == 3 * 4);
  CHECK(call_chars.calls == 5 + 5 + 4 * 4 + 5 + 5);
  CHECK(writer.text().substr(board_chars, 12) == "000c000f000E");
  CHECK(writer.text().substr(board_chars + 12, 10) == "5000040001");

  ObservedSearch received = counts_of(sent);
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

TEST_CASE("a call's line crosses the tail whatever lines the script calls from") {
  const Shape shape{3, 3};
  const Board start = board(shape, "1 2 3 4 0 5 6 7 8");
  // One line, and none known: a table of one line, a digit a call.
  ObservedSearch unknown;
  ObservedSearchRecorder unknown_recorder(unknown, start);
  unknown_recorder.call(ObservedCallKind::IsGoal, start, 0);
  unknown_recorder.call(ObservedCallKind::Key, start, 0);
  CHECK(round_trip(unknown, shape) == unknown);
  // A script within the size limit has at most 4,194,305 lines: the table's four digits hold them.
  ObservedSearch far;
  ObservedSearchRecorder far_recorder(far, start);
  far_recorder.call(ObservedCallKind::IsGoal, start, 4'194'305);
  far_recorder.call(ObservedCallKind::Key, start, 1);
  CHECK(round_trip(far, shape) == far);
  // A line past what four digits hold is sent as not known, never as another line.
  ObservedSearch beyond;
  ObservedSearchRecorder beyond_recorder(beyond, start);
  beyond_recorder.call(ObservedCallKind::IsGoal, start, 64u * 64 * 64 * 64);
  CHECK(round_trip(beyond, shape).calls.at(0).line == 0);
  // More than 64 lines: places of two digits; more than 4,096: three.
  for (const std::uint32_t lines : {65u, 4'097u}) {
    CAPTURE(lines);
    ObservedSearch many;
    ObservedSearchRecorder many_recorder(many, start);
    for (std::uint32_t line = lines; line >= 1; --line) {
      many_recorder.call(ObservedCallKind::Key, start, line);
    }
    LineTailWriter writer;
    writer.boards(many.boards);
    const ObservedCallChars chars = writer.observed_calls(many);
    CHECK(chars.lines == lines * 4);
    CHECK(chars.calls == lines * (4 + (lines > 4'096 ? 3 : 2)));
    CHECK(round_trip(many, shape) == many);
  }
}

TEST_CASE("a table of lines the writer does not write, or a place past it, is refused") {
  const Shape shape{3, 3};
  const Board start = board(shape, "1 2 3 4 0 5 6 7 8");
  ObservedSearch counts;
  counts.boards = {start};
  counts.goal_tests = 1;
  // One is_goal call on board 0: "5" "000" and its line's place.
  const auto refused = [&](const std::string& lines, const std::string& calls) {
    ObservedSearch into = counts;
    const std::string tail = lines + calls;
    LineTailReader reader(tail);
    return !reader.observed_calls({lines.size(), calls.size()}, into);
  };
  {
    ObservedSearch into = counts;
    LineTailReader reader("000c50000");
    CHECK(reader.observed_calls({4, 5}, into));
    CHECK(into.calls.at(0).line == 12);
  }
  CHECK(refused("000c", "50001"));      // the place of a line the table does not hold
  CHECK(refused("", "50000"));          // a call and no table
  CHECK(refused("000f000c", "50000"));  // a table out of order
  CHECK(refused("000c000c", "50000"));  // a line twice
  CHECK(refused("000", "50000"));       // not a whole number of lines
  CHECK(refused("00!c", "50000"));      // a character that is no digit
  CHECK(refused("000c", "5000"));       // a call without its line's place
}

}  // namespace line_tail_testing
