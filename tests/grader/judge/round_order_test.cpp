// Each round of iterative deepening and IDA* read as a depth-first search under a floor of its
// bound: named where a round leaves the board it just expanded though that one generated a board
// new to the round and certainly within the bound; never on a round that goes into that board,
// nor where the start may have been reached again inside a round.
#include "grader/judge/round_order.h"

#include <algorithm>

#include <doctest/doctest.h>

#include "grader/judge/invariants.h"
#include "tests/grader/student/observed_support.h"
#include "tests/support/task_builders.h"

namespace tile {
namespace round_order_testing {

Board board_3x3(const char* tiles) { return parse_board(Shape{3, 3}, tiles).value(); }

const Board kGoal = board_3x3("1 2 3 4 5 6 7 8 0");
const Board kStart = board_3x3("1 2 3 4 5 6 0 7 8");
const Board kUp = kStart.moved(Move::Up);
const Board kRight = kStart.moved(Move::Right);
const Board kUpUp = kUp.moved(Move::Up);
const Board kUpRight = kUp.moved(Move::Right);
const Board kRightUp = kRight.moved(Move::Up);

Task task_of(Algorithm algorithm) {
  Task task = testing::defaults_task(algorithm, kGoal);
  if (algorithm == Algorithm::Idastar) task.semantics.round_bound = RoundBound::Depth;
  return task;
}

// Each board tested, then expanded with every legal child, in `order`.
StudentSearchRun run_expanding(const std::vector<Board>& order) {
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, kStart);
  for (const Board& board : order) {
    recorder.call(ObservedCallKind::IsGoal, board, 0);
    testing::record_expansion_of(recorder, board);
  }
  return run;
}

std::optional<Diagnosis> read(const Task& task, const StudentSearchRun& run) {
  return round_order_broken(task, task.semantics,
                            observed_tree_of(task, run, nullptr));
}

// Rounds of depth 0, 1 and 2.
const std::vector<Board> kRoundsOneTwo = {kStart, kStart, kUp, kRight};

TEST_CASE("rounds that go into the new child they generated name nothing") {
  std::vector<Board> order = kRoundsOneTwo;
  for (const Board& board : {kStart, kUp, kUpUp, kUpRight, kRight, kRightUp}) {
    order.push_back(board);
  }
  CHECK_FALSE(read(task_of(Algorithm::Iddfs), run_expanding(order)));
  CHECK_FALSE(read(task_of(Algorithm::Idastar), run_expanding(order)));
}

TEST_CASE("a round that leaves a board whose new child was within the round's bound is named") {
  // Round 3 expands a board of depth 2 (Up Up), so its limit admits depth 2; yet after Up, which
  // generated Up Up, it expanded Right.
  std::vector<Board> order = kRoundsOneTwo;
  for (const Board& board : {kStart, kUp, kRight, kUpUp}) order.push_back(board);
  const auto diagnosis = read(task_of(Algorithm::Iddfs), run_expanding(order));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "round-not-depth-first");
  CHECK(diagnosis->explanation.starts_with(
      "At expansion 7 you expanded a board that is no child of the one you expanded just "
      "before, though that one (expansion 6) had generated a board new to this round and, as "
      "this assignment counts, within the round's depth limit"));
  REQUIRE(diagnosis->step);
  CHECK(diagnosis->step->boards.size() == 3);
  CHECK(diagnosis->step->boards[2].board == kUpUp);
  // IDA* checking the reverse move: Right (depth 1) is too shallow to reach the start again
  // inside a round, so the start's expansion after it is a new round, read the same way.
  CHECK(read(task_of(Algorithm::Idastar), run_expanding(order)));
  // With no check of the path at all the start may come back inside a round: nothing is read.
  Task unchecked = task_of(Algorithm::Idastar);
  unchecked.semantics.cycle_check = CycleCheck::None;
  CHECK_FALSE(read(unchecked, run_expanding(order)));
  // Not an iterative-deepening task: the depth-first check of its own reads it.
  CHECK_FALSE(read(task_of(Algorithm::Dfs), run_expanding(order)));
}

TEST_CASE("a board deeper than any the round expanded may rightly be cut off") {
  // Round 3 never expands a board of depth 2: Up Up may be beyond its limit.
  std::vector<Board> order = kRoundsOneTwo;
  for (const Board& board : {kStart, kUp, kRight}) order.push_back(board);
  CHECK_FALSE(read(task_of(Algorithm::Iddfs), run_expanding(order)));
}

}  // namespace round_order_testing
}  // namespace tile
