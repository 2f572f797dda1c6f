// A board expanded again and the goal passed by, on hand-built observed runs: named at the step
// that shows it, and never where the task's policy expands a board again, a round begins, a
// script asks for one board's children twice, or the goal test's placement explains the step.
#include "grader/judge/expansion_invariants.h"

#include <algorithm>

#include <doctest/doctest.h>

#include "grader/judge/invariants.h"
#include "tests/grader/student/observed_support.h"
#include "tests/support/task_builders.h"

namespace tile {
namespace expansion_invariants_testing {

Board board_3x3(const char* tiles) { return parse_board(Shape{3, 3}, tiles).value(); }

const Board kGoal = board_3x3("1 2 3 4 5 6 7 8 0");
const Board kStart = board_3x3("1 2 3 4 5 6 0 7 8");  // Right, Right reaches the goal
const Board kUp = kStart.moved(Move::Up);
const Board kRight = kStart.moved(Move::Right);

Task task_of(Algorithm algorithm, Duplicates duplicates, GoalTest goal_test = GoalTest::OnPop) {
  Task task = testing::defaults_task(algorithm, kGoal);
  task.semantics.duplicates = duplicates;
  task.semantics.goal_test = goal_test;
  return task;
}

// A run expanding `order`, each expansion returning every legal child; `tested` boards get an
// is_goal call just before their expansion.
StudentSearchRun run_expanding(const std::vector<Board>& order, const Board& start = kStart,
                               const std::vector<Board>& tested = {}) {
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, start);
  for (const Board& board : order) {
    if (std::find(tested.begin(), tested.end(), board) != tested.end()) {
      recorder.call(ObservedCallKind::IsGoal, board, 0);
    }
    testing::record_expansion_of(recorder, board);
  }
  return run;
}

std::string again(const Task& task, const StudentSearchRun& run) {
  const auto diagnosis = expanded_again(task, observed_tree_of(task, run, nullptr));
  return diagnosis ? diagnosis->code + " " + std::to_string(diagnosis->step->step) : "";
}

std::string goal(const Task& task, const StudentSearchRun& run, const Board& start = kStart) {
  const auto diagnosis = goal_not_stopped(task, start, run, observed_tree_of(task, run, nullptr));
  return diagnosis ? diagnosis->code + " " + std::to_string(diagnosis->step->step) : "";
}

TEST_CASE("a board expanded again is named where the policy expands each once") {
  const auto twice = run_expanding({kStart, kUp, kRight, kUp});
  for (Duplicates policy : {Duplicates::OnPush, Duplicates::ClosedOnPop,
                            Duplicates::ReplaceIfCheaper, Duplicates::ClosedOnExpand}) {
    CHECK(again(task_of(Algorithm::Bfs, policy), twice) == "board-expanded-again 4");
  }
  const Task bfs = task_of(Algorithm::Bfs, Duplicates::OnPush);
  const auto diagnosis = expanded_again(bfs, observed_tree_of(bfs, twice, nullptr));
  REQUIRE(diagnosis);
  CHECK(diagnosis->explanation ==
        "At expansion 4 you expanded a board you had already expanded at expansion 2: this "
        "assignment's search expands each board once, so mark each board as seen when you push "
        "it, and never push a board already seen. If yours does, check that your frontier gives "
        "each entry once.");
  CHECK(diagnosis->step->boards[0].board == kUp);
  CHECK(diagnosis->step->boards[0].expanded_at == 2);
  // Policies that expand a board again, and one board's children asked for twice in a row.
  for (Duplicates policy : {Duplicates::None, Duplicates::ReopenIfCheaper}) {
    CHECK(again(task_of(Algorithm::Bfs, policy), twice).empty());
  }
  CHECK(again(bfs, run_expanding({kStart, kUp, kUp, kRight})).empty());
}

TEST_CASE("under visited-on-pop, a board expanded more often than it had entries is named") {
  const Task bfs = task_of(Algorithm::Bfs, Duplicates::VisitedOnPop);
  // kUp generated once (by the start), expanded at 2 and again at 4: the copy expanded at 4 was
  // pushed after kUp was visited, which visited-on-pop skips.
  const auto twice = run_expanding({kStart, kUp, kRight, kUp});
  CHECK(again(bfs, twice) == "visited-child-pushed 4");
  const auto diagnosis = expanded_again(bfs, observed_tree_of(bfs, twice, nullptr));
  REQUIRE(diagnosis);
  CHECK(diagnosis->explanation ==
        "By expansion 4 you had expanded one board twice, but before you first expanded it (at "
        "expansion 2) your search had generated it once: the other times, you expanded a copy "
        "pushed after that board was visited. This assignment never pushes a child already "
        "visited: before you push a child, look its board up in your visited set and skip it if "
        "it is there (check that the lookup finds a board visited before: look it up by "
        "problem:key(child.state), not by the table).");
  CHECK(diagnosis->step->boards[0].board == kUp);
  REQUIRE(diagnosis->step->counts.size() == 2);
  CHECK(diagnosis->step->counts[0].value == 2);
  CHECK(diagnosis->step->counts[1].value == 1);
  // The start, its child's child, expanded again: its one entry was the start's own.
  const auto start_again = run_expanding({kStart, kUp, kStart});
  const auto on_start = expanded_again(bfs, observed_tree_of(bfs, start_again, nullptr));
  REQUIRE(on_start);
  CHECK(on_start->code == "visited-child-pushed");
  CHECK(on_start->explanation.find("it was your start:") != std::string::npos);
  // Not named: each board expanded once (the visited pops skipped, or never recursed into);
  // one board's children asked for twice in a row; the same run in rounds (IDDFS resets what it
  // visits each round), or under tree search.
  CHECK(again(bfs, run_expanding({kStart, kUp, kRight})).empty());
  CHECK(again(bfs, run_expanding({kStart, kUp, kUp, kRight})).empty());
  CHECK(again(task_of(Algorithm::Iddfs, Duplicates::VisitedOnPop), start_again).empty());
  CHECK(again(task_of(Algorithm::Bfs, Duplicates::None), twice).empty());
  // A neighbouring policy names the same run as a board expanded again.
  CHECK(again(task_of(Algorithm::Bfs, Duplicates::ClosedOnPop), twice) ==
        "board-expanded-again 4");
}

TEST_CASE("the start may come back once when it is not marked, and each round starts anew") {
  Task unmarked = task_of(Algorithm::Bfs, Duplicates::OnPush);
  unmarked.semantics.start_marked = StartMarked::No;
  CHECK(again(unmarked, run_expanding({kStart, kUp, kStart, kRight})).empty());
  CHECK(again(unmarked, run_expanding({kStart, kUp, kStart, kRight, kStart})) ==
        "board-expanded-again 5");
  const Task iddfs = task_of(Algorithm::Iddfs, Duplicates::OnPush);
  CHECK(again(iddfs, run_expanding({kStart, kUp, kRight, kStart, kUp, kRight})).empty());
  const auto in_round = run_expanding({kStart, kUp, kUp.moved(Move::Up), kRight, kUp});
  const auto diagnosis = expanded_again(iddfs, observed_tree_of(iddfs, in_round, nullptr));
  REQUIRE(diagnosis);
  CHECK(diagnosis->explanation.starts_with(
      "At expansion 5 you expanded a board you had already expanded at expansion 2, in the "
      "same round:"));
  // IDA*'s tree search expands boards again in one round: nothing.
  CHECK(again(task_of(Algorithm::Idastar, Duplicates::None), in_round).empty());
}

TEST_CASE("the evidence points at the line of the call it is about") {
  // Each board tested at line 20 just before its expansion at line 22.
  const auto with_lines = [](const std::vector<Board>& order) {
    StudentSearchRun run;
    ObservedSearchRecorder recorder(run.observed, kStart);
    for (const Board& board : order) {
      recorder.call(ObservedCallKind::IsGoal, board, 20);
      testing::record_expansion_of(recorder, board, 22);
    }
    return run;
  };
  const Task bfs = task_of(Algorithm::Bfs, Duplicates::OnPush);
  // The goal test that accepted the goal, which the search did not heed.
  const StudentSearchRun past_goal = with_lines({kStart, kRight, kGoal, kUp});
  const auto tested =
      search_invariant_broken(bfs, kStart, past_goal, observed_tree_of(bfs, past_goal, nullptr));
  REQUIRE(tested);
  CHECK(tested->code == "goal-tested-not-stopped");
  CHECK(tested->step->call == "is_goal");
  CHECK(tested->step->line == 20);
  // A board expanded again: the problem:successors call of the expansion named.
  const StudentSearchRun twice = with_lines({kStart, kUp, kRight, kUp});
  const auto again =
      search_invariant_broken(bfs, kStart, twice, observed_tree_of(bfs, twice, nullptr));
  REQUIRE(again);
  CHECK(again->code == "board-expanded-again");
  CHECK(again->step->step == 4);
  CHECK(again->step->call == "successors");
  CHECK(again->step->line == 22);
}

TEST_CASE("the goal expanded and the search going on is named, tested or not") {
  const Task bfs = task_of(Algorithm::Bfs, Duplicates::OnPush);
  CHECK(goal(bfs, run_expanding({kStart, kRight, kGoal, kUp})) == "goal-expanded-untested 3");
  CHECK(goal(bfs, run_expanding({kStart, kRight, kGoal, kUp}, kStart, {kGoal})) ==
        "goal-tested-not-stopped 3");
  // The goal's children asked for as the last call (tested after expanding): the search stopped.
  CHECK(goal(bfs, run_expanding({kStart, kRight, kGoal})).empty());
  // Never expanded: on pop, nothing to say.
  CHECK(goal(bfs, run_expanding({kStart, kRight, kUp})).empty());
  // A start that is the goal, expanded, with more after: untested unless the task never tests
  // the start.
  const auto from_goal = run_expanding({kGoal, kGoal.moved(Move::Up)}, kGoal);
  CHECK(goal(bfs, from_goal, kGoal) == "goal-expanded-untested 1");
  CHECK(goal(task_of(Algorithm::Bfs, Duplicates::OnPush, GoalTest::OnGenerateNotStart), from_goal,
             kGoal)
            .empty());
}

TEST_CASE("the goal generated and the search going on is named only where children are tested") {
  const auto went_on = run_expanding({kStart, kRight, kUp});  // expansion 2 generates the goal
  const Task on_generate = task_of(Algorithm::Bfs, Duplicates::OnPush, GoalTest::OnGenerate);
  CHECK(goal(on_generate, went_on) == "goal-generated-not-stopped 2");
  const ObservedTree tree = observed_tree_of(on_generate, went_on, nullptr);
  const auto diagnosis = goal_not_stopped(on_generate, kStart, went_on, tree);
  REQUIRE(diagnosis);
  CHECK(diagnosis->step->boards[1].board == kGoal);
  CHECK(diagnosis->step->boards[0].board == kRight);
  CHECK(goal(on_generate, run_expanding({kStart, kRight})).empty());  // stopped there
  CHECK(goal(task_of(Algorithm::Bfs, Duplicates::OnPush), went_on).empty());  // tested on pop
  // A depth limit or a round's bound may keep the goal child from its test.
  CHECK(goal(task_of(Algorithm::Iddfs, Duplicates::OnPush, GoalTest::OnGenerate), went_on).empty());
  Task limited = on_generate;
  limited.semantics.depth_limit = 1;
  CHECK(goal(limited, went_on).empty());
}

TEST_CASE("of several broken invariants the earliest is named") {
  // Expansion 3 takes an older board (order); expansion 4 expands the goal and goes on.
  const Task dfs = task_of(Algorithm::Dfs, Duplicates::OnPush);
  const auto run = run_expanding({kStart, kUp, kRight, kGoal, kUp.moved(Move::Up)});
  const auto diagnosis = search_invariant_broken(dfs, kStart, run,
                                                 observed_tree_of(dfs, run, nullptr));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "frontier-not-newest-first");
  CHECK(diagnosis->step->step == 3);
}

TEST_CASE("a board popped more often than generated, by a search that gave up: fact, what to check") {
  // The Up child, generated once at expansion 1, popped (tested, expanded) three times.
  StudentSearchRun run = run_expanding({kStart, kUp, kUp, kUp}, kStart, {kStart, kUp});
  run.returned_no_path = true;
  const Task dfs = task_of(Algorithm::Dfs, Duplicates::OnPush);
  const auto shared = [&](const Task& task, const StudentSearchRun& one) {
    return popped_more_than_generated(task, one, observed_tree_of(task, one, nullptr));
  };
  const auto diagnosis = shared(dfs, run);
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "expanded-more-than-generated");
  CHECK(diagnosis->step->step == 3);
  CHECK(diagnosis->explanation.starts_with(
      "By expansion 3 you had expanded one board twice, though your search generated it only "
      "once"));
  // The fact and what to check, no cause the record cannot confirm (one shared record, or a
  // child pushed twice: the record shows no pushes).
  CHECK(diagnosis->explanation.find("share one node record") == std::string::npos);
  CHECK(diagnosis->explanation.find("you push a child only when") == std::string::npos);
  CHECK(diagnosis->explanation.ends_with(
      "so check what you push: each child should be a new node (a new table), pushed once when "
      "your search generates it, not one table you change and push again."));
  // Not a search that returned a path, nor one whose depth limit may end it without the goal.
  StudentSearchRun returned = run;
  returned.returned_no_path = false;
  returned.completed = true;
  CHECK_FALSE(shared(dfs, returned));
  CHECK_FALSE(shared(task_of(Algorithm::Dls, Duplicates::None), run));
  // Successors asked again with no goal test between: one pop asked twice, not a second pop.
  StudentSearchRun asked_twice = run_expanding({kStart, kUp, kUp, kUp}, kStart, {kStart});
  asked_twice.returned_no_path = true;
  CHECK_FALSE(shared(dfs, asked_twice));
}

}  // namespace expansion_invariants_testing
}  // namespace tile
