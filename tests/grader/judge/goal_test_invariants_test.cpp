// Where problem:is_goal was called against where the task's goal test belongs, on hand-built
// observed runs: named at the expansion that shows it, and never where the script tests boards
// some other way, a depth limit or a round leaves children untested, the goal test is just after
// the successors call, or the search is over (successors calls that rebuild the path). The
// engine's own runs in every style are checked in search_invariants_correct_runs_test.cpp.
#include "grader/judge/goal_test_invariants.h"

#include <doctest/doctest.h>

#include "grader/judge/invariants.h"
#include "tests/grader/student/observed_support.h"
#include "tests/support/task_builders.h"

namespace tile {
namespace goal_test_invariants_testing {

Board board_3x3(const char* tiles) { return parse_board(Shape{3, 3}, tiles).value(); }

const Board kGoal = board_3x3("1 2 3 4 5 6 7 8 0");
const Board kStart = board_3x3("1 2 3 4 5 6 0 7 8");  // Right, Right reaches the goal
const Board kUp = kStart.moved(Move::Up);
const Board kRight = kStart.moved(Move::Right);
const Board kUpUp = kUp.moved(Move::Up);
const Board kUpRight = kUp.moved(Move::Right);

Task task_of(Algorithm algorithm, GoalTest goal_test) {
  Task task = testing::defaults_task(algorithm, kGoal);
  task.semantics.goal_test = goal_test;
  return task;
}

// One step of a hand-built run: a successors call on `board` (every legal child), or, with
// `test`, a problem:is_goal call on it.
struct Call {
  Board board;
  bool test = false;
  std::uint32_t line = 0;  // where the script made it (0: not known)
};
Call expand(const Board& board, std::uint32_t line = 0) { return {board, false, line}; }
Call test(const Board& board, std::uint32_t line = 0) { return {board, true, line}; }

StudentSearchRun run_of(const std::vector<Call>& calls) {
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, kStart);
  for (const Call& call : calls) {
    if (call.test) {
      recorder.call(ObservedCallKind::IsGoal, call.board, call.line);
    } else {
      testing::record_expansion_of(recorder, call.board, call.line);
    }
  }
  return run;
}

std::string named_on(const Task& task, const std::vector<Call>& calls) {
  const StudentSearchRun run = run_of(calls);
  const auto diagnosis = goal_test_misplaced(task, run, observed_tree_of(task, run, nullptr));
  return diagnosis ? diagnosis->code + " " + std::to_string(diagnosis->step->step) : "";
}

TEST_CASE("on generate: a new child not tested before the next expansion is named there") {
  const Task bfs = task_of(Algorithm::Bfs, GoalTest::OnGenerate);
  // Tests kUp, not its sibling kRight, then expands kUp and tests its new children as generated.
  const std::vector<Call> skips = {test(kStart), expand(kStart), test(kUp),     expand(kUp),
                                   test(kUpUp),  test(kUpRight), expand(kUpUp)};
  CHECK(named_on(bfs, skips) == "child-not-goal-tested 2");
  const StudentSearchRun run = run_of(skips);
  const auto diagnosis = goal_test_misplaced(bfs, run, observed_tree_of(bfs, run, nullptr));
  REQUIRE(diagnosis);
  CHECK(diagnosis->explanation ==
        "At expansion 2 your search expanded a board, though the board shown, generated for the "
        "first time at expansion 1, had not been tested with problem:is_goal: this assignment "
        "tests each child as it is generated, so call problem:is_goal on every new child before "
        "you expand another board, and stop as soon as it returns true.");
  REQUIRE(diagnosis->step->boards.size() == 2);
  CHECK(diagnosis->step->boards[0].board == kRight);
  CHECK(diagnosis->step->boards[1].board == kUp);
  // Through the ranking of the run's invariants too.
  const auto first = search_invariant_broken(bfs, kStart, run, observed_tree_of(bfs, run, nullptr));
  REQUIRE(first);
  CHECK(first->code == "child-not-goal-tested");
  // Each new child tested (in any order, before or after its siblings' tests): nothing.
  CHECK(named_on(bfs, {test(kStart), expand(kStart), test(kRight), test(kUp), expand(kUp)})
            .empty());
  // Under on-generate-not-start, the start is never tested and nothing is asked of it.
  const Task not_start = task_of(Algorithm::Bfs, GoalTest::OnGenerateNotStart);
  CHECK(named_on(not_start, {expand(kStart), test(kUp), test(kRight), expand(kUp)}).empty());
  CHECK(named_on(not_start, {expand(kStart), test(kUp), expand(kUp), test(kUpUp),
                             test(kUpRight), expand(kUpUp)}) == "child-not-goal-tested 2");
}

TEST_CASE("a child not tested points at the line of the goal test the other children get") {
  const Task bfs = task_of(Algorithm::Bfs, GoalTest::OnGenerate);
  // The start tested at line 5, expansions at line 8, new children tested at line 12.
  const std::vector<Call> skips = {test(kStart, 5), expand(kStart, 8), test(kUp, 12),
                                   expand(kUp, 8),  test(kUpUp, 12),   test(kUpRight, 12),
                                   expand(kUpUp, 8)};
  const StudentSearchRun run = run_of(skips);
  const auto first = search_invariant_broken(bfs, kStart, run, observed_tree_of(bfs, run, nullptr));
  REQUIRE(first);
  CHECK(first->code == "child-not-goal-tested");
  CHECK(first->step->call == "is_goal");
  CHECK(first->step->line == 12);
  // Lines not known: the evidence names no call.
  std::vector<Call> unknown = skips;
  for (Call& call : unknown) call.line = 0;
  const StudentSearchRun bare = run_of(unknown);
  const auto named = search_invariant_broken(bfs, kStart, bare, observed_tree_of(bfs, bare, nullptr));
  REQUIRE(named);
  CHECK(named->code == "child-not-goal-tested");
  CHECK(named->step->call.empty());
  CHECK(named->step->line == 0);
}

TEST_CASE("on generate: a search that tests each board it pops shows no test of children") {
  // Each board is tested just before its own expansion: no child is tested as it is generated,
  // so nothing says the script tests children at all (a variant names a goal test on pop).
  const Task bfs = task_of(Algorithm::Bfs, GoalTest::OnGenerate);
  CHECK(named_on(bfs, {test(kStart), expand(kStart), test(kUp), expand(kUp), test(kRight),
                       expand(kRight)})
            .empty());
}

TEST_CASE("on generate: not named where children are tested otherwise or may go untested") {
  const std::vector<Call> untested = {test(kStart), expand(kStart), test(kUp), expand(kUp)};
  // A depth limit or a round bound leaves children untested by design.
  for (Algorithm algorithm : {Algorithm::Dls, Algorithm::Iddfs, Algorithm::Idastar}) {
    CHECK(named_on(task_of(algorithm, GoalTest::OnGenerate), untested).empty());
  }
  Task limited = task_of(Algorithm::Dfs, GoalTest::OnGenerate);
  limited.semantics.depth_limit = 5;
  CHECK(named_on(limited, untested).empty());
  // A script that never calls problem:is_goal on a child compares boards its own way.
  const Task bfs = task_of(Algorithm::Bfs, GoalTest::OnGenerate);
  CHECK(named_on(bfs, {test(kStart), expand(kStart), expand(kUp)}).empty());
  // One expansion asked twice is one: its children may be tested after the second call.
  CHECK(named_on(bfs, {test(kStart), expand(kStart), expand(kStart), test(kUp), test(kRight),
                       expand(kUp)})
            .empty());
  // After its test of the goal the search is over: later successors calls rebuild the path.
  CHECK(named_on(bfs, {test(kStart), expand(kStart), test(kUp), test(kRight), expand(kRight),
                       test(kGoal), expand(kStart), expand(kRight)})
            .empty());
}

TEST_CASE("on pop: a board expanded with no test since the previous expansion is named") {
  const Task astar = task_of(Algorithm::Astar, GoalTest::OnPop);
  // kUp expanded untested; kRight, which kUp did not generate, tested just before its expansion.
  const std::vector<Call> skips = {test(kStart),  expand(kStart), expand(kUp),
                                   test(kRight),  expand(kRight), expand(kStart)};
  CHECK(named_on(astar, skips) == "expanded-not-goal-tested 2");
  const StudentSearchRun run = run_of(skips);
  const auto diagnosis = goal_test_misplaced(astar, run, observed_tree_of(astar, run, nullptr));
  REQUIRE(diagnosis);
  CHECK(diagnosis->explanation ==
        "At expansion 2 you expanded the board shown, and problem:is_goal was not called on it "
        "after your previous expansion: this assignment tests each board when it comes off the "
        "frontier, so call problem:is_goal on it just before you expand it, and stop as soon as "
        "it returns true.");
  CHECK(diagnosis->step->boards.at(0).board == kUp);
}

TEST_CASE("on pop: a search that tests each child as it is generated shows no test of pops") {
  // Every test follows the successors call that generated the board: the tests of kUp and
  // kRight are their generation's, not their pops'.
  const Task astar = task_of(Algorithm::Astar, GoalTest::OnPop);
  CHECK(named_on(astar, {test(kStart), expand(kStart), test(kUp), test(kRight), expand(kUp),
                         test(kUpUp), test(kUpRight), expand(kRight), expand(kStart)})
            .empty());
}

TEST_CASE("on pop: not named where each expansion is tested, before or just after it") {
  const Task astar = task_of(Algorithm::Astar, GoalTest::OnPop);
  CHECK(named_on(astar, {test(kStart), expand(kStart), test(kUp), expand(kUp), test(kRight),
                         expand(kRight)})
            .empty());
  // The successors first, then the test, before the next expansion.
  CHECK(named_on(astar, {expand(kStart), test(kStart), expand(kUp), test(kUp), expand(kRight)})
            .empty());
  // One expansion asked twice, a script that tests no board but the start, the search over
  // after its test of the goal, and a depth limit.
  CHECK(named_on(astar, {test(kStart), expand(kStart), test(kUp), expand(kUp), expand(kUp),
                         test(kRight), expand(kRight)})
            .empty());
  CHECK(named_on(astar, {test(kStart), expand(kStart), expand(kUp), expand(kRight)}).empty());
  CHECK(named_on(astar, {test(kStart), expand(kStart), test(kRight), expand(kRight), test(kGoal),
                         expand(kStart), expand(kRight)})
            .empty());
  CHECK(named_on(task_of(Algorithm::Dls, GoalTest::OnPop),
                 {test(kStart), expand(kStart), test(kUp), expand(kUp), expand(kRight)})
            .empty());
}

}  // namespace goal_test_invariants_testing
}  // namespace tile
