// The precision of the run invariants (frontier order, duplicates, goal tests): the engine's own
// runs under a wide sample of semantics (every duplicate policy, goal-test placement, push order,
// tie keys, queue, cost model, depth limit and cut-off, cycle check, start marking, round rule)
// are what correct students write, in every style the vocabulary names. Each run is recorded as
// the sandbox records a script that asks problem:successors for each board it expands and
// problem:is_goal where the engine tests the goal (on pop or on generate), and no
// invariant may be named on any of them (visited-child-pushed's among them: visited-on-pop runs
// that expand a board again from copies pushed before it was visited).
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <sstream>

#include "engine/named_heuristic.h"
#include "engine/random_boards.h"
#include "engine/search.h"
#include "grader/judge/expansion_invariants.h"
#include "grader/judge/goal_test_invariants.h"
#include "grader/judge/invariants.h"
#include "tests/grader/student/observed_support.h"

namespace tile {
namespace correct_runs_testing {

template <class T>
T pick(std::mt19937_64& random, std::initializer_list<T> values) {
  std::uniform_int_distribution<std::size_t> index(0, values.size() - 1);
  return *(values.begin() + index(random));
}

Semantics random_semantics(std::mt19937_64& random, Algorithm algorithm) {
  Semantics semantics;
  if (pick(random, {true, false})) {
    semantics.duplicates = pick(random, {Duplicates::OnPush, Duplicates::ClosedOnPop,
                                         Duplicates::VisitedOnPop, Duplicates::ReopenIfCheaper,
                                         Duplicates::None, Duplicates::ReplaceIfCheaper,
                                         Duplicates::ClosedOnExpand});
  }
  semantics.goal_test =
      pick(random, {GoalTest::OnPop, GoalTest::OnGenerate, GoalTest::OnGenerateNotStart});
  if (pick(random, {true, false})) {
    semantics.push_order = pick(random, {PushOrder::Forward, PushOrder::Reverse});
  }
  semantics.queue =
      pick(random, {QueueKind::Stable, QueueKind::PythonHeapq, QueueKind::BinaryHeap});
  switch (pick(random, {0, 1, 2, 3, 4, 5})) {
    case 0: break;
    case 1: semantics.tie_break = std::vector<TieKey>{}; break;
    case 2: semantics.tie_break = std::vector<TieKey>{TieKey::Lifo}; break;
    case 3: semantics.tie_break = std::vector<TieKey>{TieKey::State}; break;
    case 4: semantics.tie_break = std::vector<TieKey>{TieKey::HLow, TieKey::Fifo}; break;
    default: semantics.tie_break = std::vector<TieKey>{TieKey::GHigh, TieKey::Lifo}; break;
  }
  semantics.cost = pick(random, {CostModel::Unit, CostModel::Unit, CostModel::Tile});
  const bool limited = algorithm == Algorithm::Dls || pick(random, {false, false, true});
  if (limited && algorithm != Algorithm::Iddfs && algorithm != Algorithm::Idastar) {
    semantics.depth_limit = pick(random, {2, 4, 7, 12});
  }
  semantics.at_depth_limit = pick(random, {AtDepthLimit::Expand, AtDepthLimit::CutOff});
  if (pick(random, {true, false})) {
    semantics.cycle_check =
        pick(random, {CycleCheck::None, CycleCheck::ReverseMove, CycleCheck::Path});
  }
  semantics.start_marked = pick(random, {StartMarked::Yes, StartMarked::No});
  semantics.round_bound = pick(random, {RoundBound::F, RoundBound::Depth});
  semantics.round_growth = pick(random, {RoundGrowth::NextF, RoundGrowth::PlusOne});
  semantics.action_order = pick(random, {kAllMoves, std::array<Move, kMoveCount>{
                                                        Move::Right, Move::Left, Move::Down,
                                                        Move::Up}});
  return semantics;
}

// The engine's run as the sandbox records a script making it: each expansion a successors call,
// and a problem:is_goal call wherever the engine's semantics test the goal. On pop: each board
// before its successors are asked for, and the goal popped last. On generate: the start (unless
// on-generate-not-start), then each child the engine tested, after its parent's successors call
// (SearchResult::details lists them). Boards popped at a depth limit and not expanded are tested
// but never recorded: the trace does not show them. An iterative search tests its start again in
// each round; only the first is recorded.
StudentSearchRun recorded(const Board& start, const Board& goal, const SearchResult& result,
                          GoalTest goal_test) {
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, start);
  const bool on_pop = goal_test == GoalTest::OnPop;
  if (goal_test == GoalTest::OnGenerate) recorder.call(ObservedCallKind::IsGoal, start, 0);
  for (std::size_t i = 0; i < result.trace.size(); ++i) {
    const Board& board = result.trace[i];
    if (on_pop) recorder.call(ObservedCallKind::IsGoal, board, 0);
    testing::record_expansion_of(recorder, board);
    if (on_pop) continue;
    for (const Board& child : result.details.at(i).goal_tested) {
      recorder.call(ObservedCallKind::IsGoal, child, 0);
    }
  }
  if (on_pop && result.status == SearchStatus::Solved) {
    recorder.call(ObservedCallKind::IsGoal, goal, 0);
  }
  run.completed = true;
  run.path = result.path;
  run.reported_count = static_cast<std::int64_t>(result.count());
  return run;
}

// The same run less one goal test: the last problem:is_goal call before the second expansion
// (on pop, the test of the board expanded second; on generate, of a child of the first).
StudentSearchRun one_test_dropped(const StudentSearchRun& run) {
  StudentSearchRun dropped = run;
  std::vector<ObservedCall>& calls = dropped.observed.calls;
  std::size_t successors = 0;
  std::optional<std::size_t> last_test;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    if (calls[i].kind == ObservedCallKind::IsGoal) last_test = i;
    if (calls[i].kind == ObservedCallKind::Successors && ++successors == 2) break;
  }
  if (successors < 2 || !last_test) return run;
  calls.erase(calls.begin() + static_cast<std::ptrdiff_t>(*last_test));
  --dropped.observed.goal_tests;
  return dropped;
}

TEST_CASE("no run invariant is named on a correct run in any style the vocabulary names") {
  std::mt19937_64 random(33);
  const std::vector<Shape> shapes = {Shape{2, 3}, Shape{3, 3}};
  int checked = 0;
  int visited_on_pop_repeats = 0;
  int goal_tests_compared = 0;
  int misplaced_on_generate = 0;  // the controls: one goal test left out, named
  int misplaced_on_pop = 0;
  for (int sample = 0; sample < 1200; ++sample) {
    const Algorithm algorithm =
        pick(random, {Algorithm::Bfs, Algorithm::Dfs, Algorithm::Dls, Algorithm::Ucs,
                      Algorithm::Greedy, Algorithm::Astar, Algorithm::Iddfs, Algorithm::Idastar});
    const Shape shape = shapes[sample % 2];
    const Board goal = goal_board(shape, GoalLayout::BlankLast);
    const Board start = scrambled_board(goal, pick(random, {0, 3, 6, 9, 14, 20}), random());
    auto manhattan = make_named_heuristic("manhattan", goal);
    REQUIRE(manhattan);
    Task task;
    task.algorithm = algorithm;
    task.goal = goal;
    task.semantics = resolve(random_semantics(random, algorithm), algorithm);
    if (uses_heuristic(algorithm)) task.heuristic = "manhattan";
    SearchSpec spec = SearchSpec::of(algorithm, as_written(task.semantics));
    spec.heuristic = manhattan->get();
    spec.record_trace = true;
    spec.detail = DetailWindow{0, kKeptObservedExpansions, 0};
    spec.limits.max_nodes = 6000;
    spec.limits.max_iterations = 40;
    const SearchResult result = search(Problem{start, goal}, spec);
    if (result.trace.size() >= kKeptObservedExpansions) continue;
    const StudentSearchRun run = recorded(start, goal, result, task.semantics.goal_test);
    // The recorder's goal tests are the engine's own, where every one is recorded: one search
    // (no rounds retesting the start) with no depth limit (no pop tested and not expanded).
    const bool one_search = algorithm != Algorithm::Iddfs && algorithm != Algorithm::Idastar;
    if (one_search && !task.semantics.depth_limit) {
      CHECK(run.observed.goal_tests == result.counters.goal_tests);
      ++goal_tests_compared;
    }
    const ObservedTree tree = observed_tree_of(task, run, manhattan->get());
    const auto named = search_invariant_broken(task, start, run, tree);
    INFO("algorithm " << algorithm_name(algorithm) << ", start\n"
                      << draw_board(start) << describe(task.semantics));
    CHECK_MESSAGE(!named, (named ? named->code + ": " + named->explanation : std::string()));
    // No correct run pops a board more often than it generated it, even read as one that gave up
    // (expanded-more-than-generated is only ever read on such a run).
    StudentSearchRun gave_up = run;
    gave_up.completed = false;
    gave_up.returned_no_path = true;
    const auto shared = popped_more_than_generated(task, gave_up, tree);
    CHECK_MESSAGE(!shared, (shared ? shared->explanation : std::string()));
    ++checked;
    // The controls: the goal-test placement rules are read on these runs, and trip where one
    // test is left out (not on every run: the test left out may be the goal's, or the run may
    // show no other test in the same place, as a depth-first search that expands each child just
    // after generating it).
    if (one_search && !task.semantics.depth_limit && result.trace.size() > 3) {
      const StudentSearchRun dropped = one_test_dropped(run);
      const auto misplaced =
          goal_test_misplaced(task, dropped, observed_tree_of(task, dropped, manhattan->get()));
      if (misplaced && misplaced->code == "child-not-goal-tested") ++misplaced_on_generate;
      if (misplaced && misplaced->code == "expanded-not-goal-tested") ++misplaced_on_pop;
    }
    // visited-on-pop's own rule (visited-child-pushed) is read on runs that do expand a board
    // again, from copies pushed before it was visited.
    if (one_search && task.semantics.duplicates == Duplicates::VisitedOnPop) {
      const bool repeats = std::any_of(tree.nodes.begin(), tree.nodes.end(),
                                       [](const ObservedNode& node) {
                                         return node.times_expanded > 1;
                                       });
      if (repeats) ++visited_on_pop_repeats;
    }
  }
  CHECK(checked > 1000);
  CHECK(visited_on_pop_repeats > 5);
  CHECK(goal_tests_compared > 500);
  CHECK(misplaced_on_generate > 50);
  CHECK(misplaced_on_pop > 50);
}

}  // namespace correct_runs_testing
}  // namespace tile
