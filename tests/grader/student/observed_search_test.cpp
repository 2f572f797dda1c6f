// The observed search: every problem-API call in order, boards interned by value, a kept prefix
// with counts of everything, and the whole record crossing the pipe unchanged.
#include "grader/student/observed_search.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "grader/spec/expectation.h"
#include "grader/student/observation.h"
#include "tests/grader/student/observation_line_support.h"
#include "tests/grader/student/observed_support.h"

using namespace tile;

// Named, not anonymous: the unity build compiles this file with observation_test.cpp.
namespace observed_search_testing {

const Shape kShape{3, 3};
Board board(const char* tiles) { return parse_board(kShape, tiles).value(); }

TEST_CASE("thousands of boards keep one index each, through every growth of the index") {
  // A breadth-first walk from one board: 5,000 distinct boards, far past the index's first table
  // (1,024 slots, grown at half full), each asked for twice.
  const Board start = board("1 2 3 4 0 5 6 7 8");
  std::vector<Board> distinct{start};
  for (std::size_t next = 0; distinct.size() < 5000; ++next) {
    for (Move move : kAllMoves) {
      if (!distinct[next].can_move(move)) continue;
      const Board child = distinct[next].moved(move);
      if (std::find(distinct.begin(), distinct.end(), child) == distinct.end()) {
        distinct.push_back(child);
      }
    }
  }
  ObservedSearch record;
  ObservedSearchRecorder recorder(record, start);
  for (int pass = 0; pass < 2; ++pass) {
    for (const Board& one : distinct) recorder.call(ObservedCallKind::Key, one, 0);
  }
  REQUIRE(record.boards.size() == distinct.size());
  REQUIRE(record.calls.size() == 2 * distinct.size());
  for (std::size_t i = 0; i < distinct.size(); ++i) {
    CHECK(record.calls[i].board == i);  // first seen in this order
    CHECK(record.calls[distinct.size() + i].board == i);  // and found again, not stored again
    CHECK(record.boards[i] == distinct[i]);
  }
}

TEST_CASE("a board asked for again soon or late after it was first seen gets its one index") {
  // Boards come back at every distance: the recorder remembers the last few boards it interned,
  // and a board found there must be the one the index holds.
  const Board start = board("1 2 3 4 0 5 6 7 8");
  std::vector<Board> walk{start};  // 16 distinct boards, each a move from the one before
  for (const Move move : {Move::Up, Move::Left, Move::Down, Move::Down, Move::Right, Move::Right,
                          Move::Up, Move::Up, Move::Left, Move::Down, Move::Down, Move::Left,
                          Move::Up, Move::Right, Move::Down}) {
    walk.push_back(walk.back().moved(move));
  }
  ObservedSearch record;
  ObservedSearchRecorder recorder(record, start);
  std::vector<std::uint32_t> expected;
  for (std::size_t i = 0; i < walk.size(); ++i) {
    recorder.call(ObservedCallKind::Key, walk[i], 0);
    expected.push_back(static_cast<std::uint32_t>(i));
    for (std::size_t back = 0; back <= i; back += 3) {  // 0, 3, 6, ... calls ago
      recorder.call(ObservedCallKind::Key, walk[i - back], 0);
      expected.push_back(static_cast<std::uint32_t>(i - back));
    }
  }
  REQUIRE(record.boards == walk);
  REQUIRE(record.calls.size() == expected.size());
  for (std::size_t c = 0; c < expected.size(); ++c) CHECK(record.calls[c].board == expected[c]);
}

TEST_CASE("calls are kept in order, each board stored once and named by its index") {
  ObservedSearch record;
  const Board start = board("1 2 3 4 0 5 6 7 8");
  ObservedSearchRecorder recorder(record, start);
  recorder.call(ObservedCallKind::IsGoal, start, 12);
  testing::record_expansion_of(recorder, start, 14);
  const Board up = start.moved(Move::Up);
  recorder.call(ObservedCallKind::Key, up, 15);
  recorder.call(ObservedCallKind::Heuristic, up, 0);  // 0: made from no line of the script's

  REQUIRE(record.calls.size() == 4);
  CHECK(record.complete());
  CHECK(record.boards.size() == 5);  // the start and its four children
  CHECK(record.boards[0] == start);
  CHECK(record.calls[0] == ObservedCall{ObservedCallKind::IsGoal, 0, 0, 0, 12});
  CHECK(record.calls[1].line == 14);
  CHECK(record.calls[2].line == 15);
  CHECK(record.calls[3].line == 0);
  CHECK(record.calls[1].kind == ObservedCallKind::Successors);
  CHECK(record.calls[1].child_count == 4);
  CHECK(record.children[0] == ObservedChild{1, Move::Up});
  CHECK(record.boards[record.children[0].board] == up);
  CHECK(record.calls[2].board == 1);  // the child already seen, by value
  CHECK(record.calls[3].kind == ObservedCallKind::Heuristic);
  CHECK(record.successors_calls == 1);
  CHECK(record.children_returned == 4);
  CHECK(record.goal_tests == 1);
  CHECK(record.key_calls == 1);
  CHECK(record.heuristic_calls == 1);
}

TEST_CASE("deferred interning holds counts and the start until finish, then the eager record") {
  // The same calls, on boards met again at every distance, recorded both ways.
  const Board start = board("1 2 3 4 0 5 6 7 8");
  const auto replay = [&](ObservedSearchRecorder& recorder) {
    Board at = start;
    std::uint32_t line = 20;  // each call from a line of its own: a pending call keeps its line
    for (const Move move : {Move::Up, Move::Left, Move::Down, Move::Right, Move::Down}) {
      recorder.call(ObservedCallKind::IsGoal, at, ++line);
      testing::record_expansion_of(recorder, at, ++line);
      recorder.call(ObservedCallKind::Key, at.moved(move), ++line);
      recorder.call(ObservedCallKind::Heuristic, start, ++line);
      at = at.moved(move);
    }
  };
  ObservedSearch eager;
  ObservedSearchRecorder eager_recorder(eager, start);
  replay(eager_recorder);
  ObservedSearch deferred;
  ObservedSearchRecorder deferred_recorder(deferred, start,
                                           ObservedSearchRecorder::Interning::Deferred);
  replay(deferred_recorder);
  // Before finish: every count, the start, and no call (what a passing run sends).
  CHECK(deferred.total_calls() == eager.total_calls());
  CHECK(deferred.children_returned == eager.children_returned);
  CHECK(deferred.boards == std::vector<Board>{start});
  CHECK(deferred.calls.empty());
  CHECK(deferred.children.empty());
  CHECK_FALSE(deferred.complete());
  deferred_recorder.finish();
  CHECK(deferred == eager);
  CHECK(deferred.complete());
  CHECK(deferred.calls.front().line == 21);
  CHECK(deferred.calls.back().line == 40);
  // Calls after a finish are interned by the next one, after those already in the record.
  deferred_recorder.call(ObservedCallKind::Key, start.moved(Move::Right), 0);
  eager_recorder.call(ObservedCallKind::Key, start.moved(Move::Right), 0);
  deferred_recorder.finish();
  CHECK(deferred == eager);
}

TEST_CASE("past the kept prefix calls are counted, never kept, and the record says it is cut") {
  ObservedSearch record;
  const Board start = board("1 2 3 4 0 5 6 7 8");
  ObservedSearchRecorder recorder(record, start);
  for (std::size_t i = 0; i < kKeptObservedCalls + 10; ++i) {
    recorder.call(ObservedCallKind::Key, start, 0);
  }
  CHECK(record.calls.size() == kKeptObservedCalls);
  CHECK(record.key_calls == kKeptObservedCalls + 10);
  CHECK_FALSE(record.complete());
  // a later call is not kept either: the record stays a prefix
  testing::record_expansion_of(recorder, start);
  CHECK(record.calls.size() == kKeptObservedCalls);
  CHECK(record.children.empty());
  CHECK(record.children_returned == 4);
}

TEST_CASE("an eager record grows by doubling, not by one call at a time") {
  // An eager recorder finishes after every call; room made for exactly the one new call each
  // time would move the whole record each time (the kept prefix's 160,000 calls once took this
  // file's tests minutes).
  ObservedSearch record;
  const Board start = board("1 2 3 4 0 5 6 7 8");
  ObservedSearchRecorder recorder(record, start);
  std::vector<std::size_t> capacities;
  for (int i = 0; i < 4096; ++i) {
    recorder.call(ObservedCallKind::Key, start, 0);
    if (capacities.empty() || capacities.back() != record.calls.capacity()) {
      capacities.push_back(record.calls.capacity());
    }
  }
  CHECK(record.calls.size() == 4096);
  CHECK(capacities.size() <= 14);  // 1, 2, 4, ..., 4096: 13 sizes
  std::vector<std::size_t> child_capacities;
  for (int i = 0; i < 1000; ++i) {
    testing::record_expansion_of(recorder, start);
    if (child_capacities.empty() || child_capacities.back() != record.children.capacity()) {
      child_capacities.push_back(record.children.capacity());
    }
  }
  CHECK(record.children.size() == 4000);
  CHECK(child_capacities.size() <= 12);  // 4, 8, ..., 4096: 11 sizes
}

TEST_CASE("the observed search crosses the pipe unchanged; a damaged one is refused") {
  JobObservation sent;
  StudentSearchRun run;
  const Board start = board("1 2 3 4 0 5 6 7 8");
  ObservedSearchRecorder recorder(run.observed, start);
  recorder.call(ObservedCallKind::IsGoal, start, 7);
  testing::record_expansion_of(recorder, start, 9);
  testing::record_expansion_of(recorder, start.moved(Move::Left), 9);
  recorder.call(ObservedCallKind::Key, board("1 2 3 4 5 0 6 7 8"), 11);
  sent.search = run;
  const testing::SplitLine line = testing::split_line(sent);
  const auto received = observation_from_line(line.joined(), kShape);
  REQUIRE_MESSAGE(received, received.error());
  REQUIRE(received->search);
  CHECK(received->search->observed == run.observed);
  CHECK(received->search->observed.calls.at(1).line == 9);

  // The tail holds the expansions (none here), the record's boards, the table of lines (7, 9 and
  // 11: "0007" "0009" "000b"), then its calls: is_goal on the start, kind 1 * 5 + no child = "5",
  // board "000", line "0" (7, the table's first); then successors on it, with its four children:
  // "4", "000", "1".
  const nlohmann::json& observed = line.head["search"]["observed"];
  const std::size_t lines_at = observed["board_chars"].get<std::size_t>();
  REQUIRE(observed["line_chars"].get<std::size_t>() == 12);
  REQUIRE(line.tail.substr(lines_at, 12) == "00070009000b");
  const std::size_t calls_at = lines_at + 12;
  REQUIRE(observed["call_chars"].get<std::size_t>() == line.tail.size() - calls_at);
  const std::string packed = line.tail.substr(calls_at);
  REQUIRE(packed.starts_with("5000040001"));
  for (const char* damage : {"kind", "board", "digit", "children", "line", "cut"}) {
    CAPTURE(damage);
    std::string calls = packed;
    if (std::string(damage) == "kind") calls[0] = 'k';          // 20: past the last kind
    if (std::string(damage) == "board") calls.replace(1, 3, "__z");  // no such board
    if (std::string(damage) == "digit") calls[2] = '!';
    if (std::string(damage) == "children") calls[0] = '6';     // is_goal (1 * 5) with a child
    if (std::string(damage) == "line") calls[4] = '3';         // past the table's three lines
    testing::SplitLine bad = line;
    bad.tail = line.tail.substr(0, calls_at) + calls;
    if (std::string(damage) == "cut") {
      bad.tail.pop_back();
      bad.head["search"]["observed"]["call_chars"] = packed.size() - 1;
    }
    CHECK_FALSE(observation_from_line(bad.joined(), kShape));
  }
}

}  // namespace observed_search_testing
