// The invariants of the student's own run: each code named where its evidence is certain, and
// never where the run is right, the record is cut, the rule is not the task's, or two numbers
// explain a count equally.
#include "grader/judge/invariants.h"

#include <doctest/doctest.h>
#include "tests/grader/student/observed_support.h"
#include "tests/support/task_builders.h"

namespace tile {
namespace invariants_testing {

Board board_3x3(const char* tiles) { return parse_board(Shape{3, 3}, tiles).value(); }

// A start two moves from the goal: Right, Right.
const Board kGoal = board_3x3("1 2 3 4 5 6 7 8 0");
const Board kStart = board_3x3("1 2 3 4 5 6 0 7 8");

Task task_of(Algorithm algorithm, Duplicates duplicates = Duplicates::OnPush) {
  Task task = testing::defaults_task(algorithm, kGoal);
  task.semantics.duplicates = duplicates;
  task.semantics.count = CountKind::Expanded;
  return task;
}


// A run that expanded the start and then its Right child (which generates the goal), and
// returned `path` with `count`.
StudentSearchRun run_returning(std::vector<Move> path, std::int64_t count = 2) {
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, kStart);
  recorder.call(ObservedCallKind::Key, kStart, 0);
  recorder.call(ObservedCallKind::IsGoal, kStart, 0);
  testing::record_expansion_of(recorder, kStart);
  recorder.call(ObservedCallKind::IsGoal, kStart.moved(Move::Up), 0);
  recorder.call(ObservedCallKind::IsGoal, kStart.moved(Move::Right), 0);
  testing::record_expansion_of(recorder, kStart.moved(Move::Right));
  run.completed = true;
  run.path = std::move(path);
  run.reported_count = count;
  return run;
}

std::optional<Diagnosis> path_check(const Task& task, const StudentSearchRun& run) {
  return broken_path_integrity(task, kStart, run, observed_tree_of(task, run, nullptr));
}

std::optional<Diagnosis> count_check(const Task& task, const StudentSearchRun& run) {
  return count_equals_other(task, run, observed_tree_of(task, run, nullptr));
}

TEST_CASE("a path the run followed breaks no path invariant") {
  const auto run = run_returning({Move::Right, Move::Right});
  CHECK_FALSE(path_check(task_of(Algorithm::Bfs), run));
  CHECK_FALSE(count_check(task_of(Algorithm::Bfs), run));
}

TEST_CASE("an empty path after the goal was generated is named with the expansion") {
  const auto diagnosis = path_check(task_of(Algorithm::Bfs), run_returning({}));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "path-empty-after-goal");
  REQUIRE(diagnosis->step);
  CHECK(diagnosis->step->step == 2);
  REQUIRE(diagnosis->step->boards.size() == 2);
  CHECK(diagnosis->step->boards[1].board == kGoal);
  CHECK(diagnosis->step->boards[1].depth == 2);
  // A depth-limited search may generate the goal and rightly not reach it: nothing is claimed.
  CHECK_FALSE(path_check(task_of(Algorithm::Dls), run_returning({})));
}

TEST_CASE("a move from a board never expanded is named at that move, both boards shown") {
  // Up, then Right from the Up child, which was generated but never expanded.
  const auto diagnosis =
      path_check(task_of(Algorithm::Bfs), run_returning({Move::Up, Move::Right}));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "path-move-never-generated");
  CHECK(diagnosis->explanation.starts_with("Move 2 of your path"));
  REQUIRE(diagnosis->step);
  CHECK(diagnosis->step->unit == StepUnit::PathMove);
  CHECK(diagnosis->step->boards[0].board == kStart.moved(Move::Up));
  CHECK(diagnosis->step->boards[0].generated_at == 1);
  CHECK_FALSE(diagnosis->step->boards[0].expanded_at);
}

TEST_CASE("a path back to a board it passed is named only where no branch can do that") {
  const auto back = run_returning({Move::Right, Move::Left});
  const auto diagnosis = path_check(task_of(Algorithm::Bfs), back);
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "path-revisits-board");
  CHECK(diagnosis->step->step == 2);
  // A depth-first tree search (no state marked) may return a branch that repeats a state.
  CHECK_FALSE(path_check(task_of(Algorithm::Dfs, Duplicates::None), back));
}

TEST_CASE("a path back to a start that is the goal is no shared list where the start was untested") {
  // A breadth-first search testing children only, started at the goal: it expands the start, then
  // its Up child, whose Down child is the start again, accepted there: Up Down.
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, kGoal);
  testing::record_expansion_of(recorder, kGoal);
  recorder.call(ObservedCallKind::IsGoal, kGoal.moved(Move::Up), 0);
  recorder.call(ObservedCallKind::IsGoal, kGoal.moved(Move::Left), 0);
  testing::record_expansion_of(recorder, kGoal.moved(Move::Up));
  recorder.call(ObservedCallKind::IsGoal, kGoal, 0);
  run.completed = true;
  run.path = {Move::Up, Move::Down};
  run.reported_count = 2;
  const Task bfs = task_of(Algorithm::Bfs);
  CHECK_FALSE(broken_path_integrity(bfs, kGoal, run, observed_tree_of(bfs, run, nullptr)));
  // The same route from a start that is tested first is no route of a search that marks states.
  StudentSearchRun tested;
  ObservedSearchRecorder tested_recorder(tested.observed, kGoal);
  tested_recorder.call(ObservedCallKind::IsGoal, kGoal, 0);
  testing::record_expansion_of(tested_recorder, kGoal);
  testing::record_expansion_of(tested_recorder, kGoal.moved(Move::Up));
  tested.completed = true;
  tested.path = {Move::Up, Move::Down};
  tested.reported_count = 2;
  const auto diagnosis =
      broken_path_integrity(bfs, kGoal, tested, observed_tree_of(bfs, tested, nullptr));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "path-revisits-board");
}

TEST_CASE("a path longer than the run's expansions is named by both numbers") {
  const auto run = run_returning({Move::Right, Move::Left, Move::Right});
  const auto diagnosis = path_check(task_of(Algorithm::Dfs, Duplicates::None), run);
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "path-longer-than-search");
  CHECK(diagnosis->explanation.starts_with("Your path has 3 moves, but your search made 2 "
                                           "expansions (calls to problem:successors)"));
}

TEST_CASE("a count is named by the one number of the run it equals, and only then") {
  // The run: 2 expansions, 5 children returned, 3 goal tests, 1 key call, 4 boards generated.
  const Task bfs = task_of(Algorithm::Bfs);
  const auto named_as = [&](std::int64_t count) -> std::string {
    const auto diagnosis = count_check(bfs, run_returning({Move::Right, Move::Right}, count));
    return diagnosis ? diagnosis->code : "";
  };
  CHECK(named_as(2).empty());  // the expansions: right
  CHECK(named_as(5) == "count-equals-children-returned");
  CHECK(named_as(3) == "count-equals-goal-tests");
  CHECK(named_as(4) == "count-equals-distinct-generated");
  CHECK(named_as(7).empty());  // nothing the run defines
  const auto diagnosis = count_check(bfs, run_returning({Move::Right, Move::Right}, 5));
  REQUIRE(diagnosis);
  CHECK(diagnosis->explanation ==
        "The count you return (5) is the number of children problem:successors returned in "
        "your run, and on every test of this task your count is that number of its run; this "
        "assignment counts expanded nodes (pops that generated successors), "
        "which in your run is 2.");
  CHECK(diagnosis->line == 0);  // no line known: none said
  // With the line the search returned its count from, the sentence and the verdict name it.
  StudentSearchRun returned = run_returning({Move::Right, Move::Right}, 5);
  returned.return_line = 31;
  const auto on_line = count_check(bfs, returned);
  REQUIRE(on_line);
  CHECK(on_line->code == "count-equals-children-returned");
  CHECK(on_line->line == 31);
  CHECK(on_line->explanation.starts_with(
      "The count you return on line 31 (5) is the number of children problem:successors "
      "returned in your run,"));

  // Two numbers equal to the count: which one the student counted is not certain.
  StudentSearchRun twice = run_returning({Move::Right, Move::Right}, 3);
  for (int i = 0; i < 2; ++i) {  // two more key calls on the start (board 0), kept
    twice.observed.calls.push_back({ObservedCallKind::Key, 0, 0, 0});
    ++twice.observed.key_calls;
  }
  REQUIRE(twice.observed.key_calls == 3);
  CHECK_FALSE(count_check(bfs, twice));
  // Unless the task's other runs single one of them out: only one that equals the count.
  const ObservedTree twice_tree = observed_tree_of(bfs, twice, nullptr);
  const auto confirmed = count_equals_other(bfs, twice, twice_tree, "key-calls");
  REQUIRE(confirmed);
  CHECK(confirmed->code == "count-equals-key-calls");
  CHECK_FALSE(count_equals_other(bfs, twice, twice_tree, "children-returned"));

  // A record cut short, an iterative-deepening count, a task counting pops: nothing claimed.
  StudentSearchRun cut = run_returning({Move::Right, Move::Right}, 5);
  cut.observed.key_calls += 1;
  CHECK_FALSE(count_check(bfs, cut));
  StudentSearchRun cut_path = run_returning({Move::Up, Move::Right});
  cut_path.observed.key_calls += 1;
  CHECK_FALSE(path_check(bfs, cut_path));
  Task last_round = task_of(Algorithm::Iddfs, Duplicates::None);
  last_round.semantics.rounds_counted = RoundsCounted::Last;
  CHECK_FALSE(count_check(last_round, run_returning({Move::Right, Move::Right}, 5)));
  // Summed over every round, the successors calls are the task's count: another number names it.
  const auto summed = count_check(task_of(Algorithm::Iddfs, Duplicates::None),
                                  run_returning({Move::Right, Move::Right}, 5));
  REQUIRE(summed);
  CHECK(summed->code == "count-equals-children-returned");
  Task pops = bfs;
  pops.semantics.count = CountKind::Popped;
  CHECK_FALSE(count_check(pops, run_returning({Move::Right, Move::Right}, 5)));
}

TEST_CASE("a count of the path's moves, or of the rounds, is named so where the run defines it") {
  // The run of run_returning (2 expansions, 5 children returned, 3 goal tests, 1 key call, 2
  // boards expanded, 4 generated) returning a path of 6 moves, and a count of 6.
  const Task bfs = task_of(Algorithm::Bfs);
  const std::vector<Move> six = {Move::Right, Move::Left, Move::Right,
                                 Move::Left,  Move::Right, Move::Right};
  const auto moves = count_check(bfs, run_returning(six, 6));
  REQUIRE(moves);
  CHECK(moves->code == "count-equals-path-length");
  CHECK(moves->explanation.starts_with(
      "The count you return (6) is the number of moves in the path you return in your run,"));
  // A path returned as boards has no moves to count.
  StudentSearchRun as_boards = run_returning({}, 6);
  as_boards.returned_boards = {kStart, kStart.moved(Move::Right), kGoal, kGoal, kGoal, kGoal, kGoal};
  CHECK_FALSE(count_check(bfs, as_boards));
  CHECK(count_check(bfs, run_returning(six, 6)));  // the same count with the moves: named

  // Two rounds of iterative deepening: the start; then the start and both its children.
  // 4 expansions, 10 children returned, no goal test or key call, 3 boards expanded.
  StudentSearchRun rounds;
  ObservedSearchRecorder recorder(rounds.observed, kStart);
  testing::record_expansion_of(recorder, kStart);
  testing::record_expansion_of(recorder, kStart);
  testing::record_expansion_of(recorder, kStart.moved(Move::Up));
  testing::record_expansion_of(recorder, kStart.moved(Move::Right));
  rounds.completed = true;
  rounds.path = {Move::Right};
  rounds.reported_count = 2;
  // Its default duplicate policy (on push, the start marked): a round never re-enters the start,
  // so each expansion of the start begins a round.
  const Task iddfs = task_of(Algorithm::Iddfs, Duplicates::OnPush);
  const auto by_rounds = count_check(iddfs, rounds);
  REQUIRE(by_rounds);
  CHECK(by_rounds->code == "count-equals-rounds");
  CHECK(by_rounds->explanation.starts_with(
      "The count you return (2) is the number of rounds that expanded a board in your run,"));
  // Breadth-first search has no rounds: the start expanded twice is no second round there.
  const auto breadth_first = count_check(task_of(Algorithm::Bfs, Duplicates::None), rounds);
  CHECK((!breadth_first || breadth_first->code != "count-equals-rounds"));
}

TEST_CASE("an IDA* count of the heuristic calls less the first bound's is named so, only there") {
  // The run of run_returning (2 expansions, 5 children returned, 3 goal tests, 1 key call, 4
  // boards generated) with `h_calls` problem:h calls on the start.
  const auto with_h_calls = [](std::int64_t count, int h_calls) {
    StudentSearchRun run = run_returning({Move::Right, Move::Right}, count);
    for (int i = 0; i < h_calls; ++i) {
      run.observed.calls.push_back({ObservedCallKind::Heuristic, 0, 0, 0});
      ++run.observed.heuristic_calls;
    }
    return run;
  };
  Task idastar = task_of(Algorithm::Idastar, Duplicates::None);
  idastar.heuristic = "manhattan";
  const auto diagnosis = count_check(idastar, with_h_calls(6, 7));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "count-equals-h-calls-less-one");
  CHECK(diagnosis->explanation.starts_with(
      "The count you return (6) is the number of heuristic calls, less one, in your run, and on "
      "every test of this task your count is that number of its run; this "
      "assignment counts"));
  CHECK(diagnosis->explanation.ends_with("which in your run is 2."));
  const auto all_calls = count_check(idastar, with_h_calls(7, 7));
  REQUIRE(all_calls);
  CHECK(all_calls->code == "count-equals-h-calls");
  // Not named: the right count; the heuristic calls less one equal to another number (children
  // returned, 5); an A* task, which asks h for no bound; IDA* counting the last round alone.
  CHECK_FALSE(count_check(idastar, with_h_calls(2, 7)));
  CHECK_FALSE(count_check(idastar, with_h_calls(5, 6)));
  Task astar = task_of(Algorithm::Astar, Duplicates::ClosedOnPop);
  astar.heuristic = "manhattan";
  CHECK_FALSE(count_check(astar, with_h_calls(6, 7)));
  Task last_round = idastar;
  last_round.semantics.rounds_counted = RoundsCounted::Last;
  CHECK_FALSE(count_check(last_round, with_h_calls(6, 7)));
}

TEST_CASE("a BFS count of the last layer's expansions is named so, and only in BFS") {
  // The start (depth 0), then both its children (depth 1), each goal-tested before it is
  // expanded: 3 expansions, 8 children returned, 3 goal tests, no key call, 6 boards generated,
  // and 2 expansions at depth 1, the last depth expanded.
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, kStart);
  for (const Board& board : {kStart, kStart.moved(Move::Up), kStart.moved(Move::Right)}) {
    recorder.call(ObservedCallKind::IsGoal, board, 0);
    testing::record_expansion_of(recorder, board);
  }
  run.completed = true;
  run.path = {Move::Right, Move::Right};
  run.reported_count = 2;
  const auto diagnosis = count_check(task_of(Algorithm::Bfs), run);
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "count-equals-last-layer-expanded");
  CHECK(diagnosis->explanation ==
        "The count you return (2) is the number of expansions at depth 1, the last depth your "
        "search expanded, in your run, and on every test of this task your count is that "
        "number of its run; this assignment counts expanded nodes (pops that "
        "generated successors), which in your run is 3.");
  // The evidence's count is labelled by the same phrase, without the comma that closes the aside
  // inside the sentence.
  REQUIRE(diagnosis->step);
  REQUIRE(diagnosis->step->counts.size() == 3);
  CHECK(diagnosis->step->counts[2].name ==
        "expansions at depth 1, the last depth your search expanded");
  CHECK(diagnosis->step->counts[2].value == 2);
  // Not named: the right count; a depth-first task (its depths are no layers); a count that is
  // also another number of the run (a key call per expansion but one: 2 key calls).
  run.reported_count = 3;
  CHECK_FALSE(count_check(task_of(Algorithm::Bfs), run));
  run.reported_count = 2;
  // In depth-first search no layer is read; 2 is there only the path's 2 moves, a number read
  // where no other equals the count.
  const auto depth_first = count_check(task_of(Algorithm::Dfs), run);
  REQUIRE(depth_first);
  CHECK(depth_first->code == "count-equals-path-length");
  run.path = {Move::Right, Move::Right, Move::Up};
  CHECK_FALSE(count_check(task_of(Algorithm::Dfs), run));
  run.path = {Move::Right, Move::Right};
  for (int i = 0; i < 2; ++i) {
    run.observed.calls.push_back({ObservedCallKind::Key, 0, 0, 0});
    ++run.observed.key_calls;
  }
  CHECK_FALSE(count_check(task_of(Algorithm::Bfs), run));
}

TEST_CASE("a BFS count of 0, the goal first of its layer, is named only as the other runs are") {
  // The start, then both its children (depth 1); the goal (depth 2) is the first board of its
  // layer, taken before any board at depth 2 is expanded: a count reset as each layer begins is 0.
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, kStart);
  for (const Board& board : {kStart, kStart.moved(Move::Up), kStart.moved(Move::Right)}) {
    recorder.call(ObservedCallKind::IsGoal, board, 0);
    testing::record_expansion_of(recorder, board);
  }
  recorder.call(ObservedCallKind::IsGoal, kGoal, 0);
  run.completed = true;
  run.path = {Move::Right, Move::Right};
  run.reported_count = 0;
  const Task bfs = task_of(Algorithm::Bfs);
  // Alone, 0 names nothing: a counter never incremented returns it too.
  CHECK_FALSE(count_check(bfs, run));
  const ObservedTree tree = observed_tree_of(bfs, run, nullptr);
  const auto named = count_equals_other(bfs, run, tree, "last-layer-expanded");
  REQUIRE(named);
  CHECK(named->code == "count-equals-last-layer-expanded");
  CHECK(named->explanation ==
        "The count you return (0) is the number of expansions at depth 2, the goal's depth, "
        "before your search took the goal, in your run, and on every test of this task your "
        "count is that number of its run; this assignment counts expanded nodes "
        "(pops that generated successors), which in your run is 3.");
  // Not in a depth-first task, whose depths are no layers, whatever the other runs name.
  const Task dfs = task_of(Algorithm::Dfs);
  CHECK_FALSE(count_equals_other(dfs, run, observed_tree_of(dfs, run, nullptr),
                                 "last-layer-expanded"));
  // A count of 1 there is no layer's: the last layer expanded 2, the goal's none.
  run.reported_count = 1;
  CHECK_FALSE(count_equals_other(bfs, run, tree, "last-layer-expanded"));
}

TEST_CASE("a breadth-first run expanding a board before an older one is named at that step") {
  const Board up = kStart.moved(Move::Up);
  const Board right = kStart.moved(Move::Right);
  const Board up_up = up.moved(Move::Up);
  // Expands the boards in `order` (the start first), each generating its children.
  const auto run_expanding = [](const std::vector<Board>& order) {
    StudentSearchRun run;
    ObservedSearchRecorder recorder(run.observed, kStart);
    for (const Board& board : order) testing::record_expansion_of(recorder, board);
    return run;
  };
  const auto check = [](const StudentSearchRun& run, Algorithm algorithm) {
    const Task task = task_of(algorithm);
    return bfs_order_broken(task, observed_tree_of(task, run, nullptr));
  };
  // up_up (generated at expansion 2) taken before right (generated at expansion 1).
  const auto broken = run_expanding({kStart, up, up_up, right});
  const auto diagnosis = check(broken, Algorithm::Bfs);
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "frontier-not-oldest-first");
  CHECK(diagnosis->explanation.starts_with(
      "At expansion 3 you expanded a board first generated at expansion 2, before one generated "
      "earlier, at expansion 1, which you expanded only at expansion 4:"));
  REQUIRE(diagnosis->step);
  CHECK(diagnosis->step->boards[0].board == up_up);
  CHECK(diagnosis->step->boards[1].board == right);
  // Oldest first, siblings in either order (the push order is another field), and a search that
  // is not breadth-first: nothing.
  CHECK_FALSE(check(run_expanding({kStart, up, right, up_up}), Algorithm::Bfs));
  CHECK_FALSE(check(run_expanding({kStart, right, up, up_up}), Algorithm::Bfs));
  CHECK_FALSE(check(broken, Algorithm::Dfs));
}

}  // namespace invariants_testing
}  // namespace tile
