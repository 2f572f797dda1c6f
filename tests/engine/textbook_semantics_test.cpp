// The textbook's choices (AIMA's depth-limited search, graph search with a replaceable frontier,
// IDA* with a path check, and the counters its code reports) on cases small enough to follow by
// hand, each checked on the engine and on the differential model; and the aima semantics files of
// tests/semantics/ held to the model on every state of the 2x3 puzzle.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/heuristic.h"
#include "engine/search.h"
#include "tests/engine/differential_harness.h"
#include "tests/engine/model_boards.h"

using namespace tile;
using namespace model;

namespace {

// tests/semantics/aima_*.json, written out as values so that the model sees them too.
Semantics aima_graph_search() {
  Semantics s;
  s.duplicates = Duplicates::ReplaceIfCheaper;
  s.tie_break = std::vector<TieKey>{TieKey::Fifo};
  return s;
}

Semantics aima_depth_limited(std::optional<int> limit) {
  Semantics s;
  s.duplicates = Duplicates::None;
  s.at_depth_limit = AtDepthLimit::CutOff;
  s.depth_limit = limit;
  return s;
}

Semantics aima_idastar() {
  Semantics s;
  s.duplicates = Duplicates::None;
  s.cycle_check = CycleCheck::Path;
  return s;
}

}  // namespace

TEST_CASE("iddfs one move from the goal: AIMA expands the start once, the default four times") {
  // 1 2 3 / 4 5 6 / 7 _ 8: the blank moves Up, Left, Right; Right solves. Round 0 tests the start
  // and stops at the limit; round 1 expands the start and tests its three children.
  const Tiles start = tiles_from({1, 2, 3, 4, 5, 6, 7, 0, 8});
  const SearchResult aima = run_both(k3x3, start, kGoal3x3, Algorithm::Iddfs,
                                     aima_depth_limited(std::nullopt));
  CHECK(aima.moves() == "R");
  CHECK(aima.counters.expanded == 1);
  CHECK(aima.counters.goal_tests == 5);
  CHECK(aima.counters.generated == 3);
  CHECK(aima.iterations == 2);
  // The default expands each node at the limit too (the start in round 0, Up and Left in round 1).
  const SearchResult plain = run_both(k3x3, start, kGoal3x3, Algorithm::Iddfs, Semantics{});
  CHECK(plain.moves() == "R");
  CHECK(plain.counters.expanded == 4);
  CHECK(plain.counters.expanded_below_limit == 1);
}

TEST_CASE("dls with depth_limit 0: cut-off tests the start and expands nothing") {
  const Tiles start = tiles_from({1, 2, 3, 4, 5, 6, 0, 7, 8});
  const SearchResult aima =
      run_both(k3x3, start, kGoal3x3, Algorithm::Dls, aima_depth_limited(0));
  CHECK(aima.status == SearchStatus::NoSolution);
  CHECK(aima.counters.expanded == 0);
  CHECK(aima.counters.goal_tests == 1);
  CHECK(aima.counters.generated == 0);
  Semantics plain;
  plain.depth_limit = 0;
  const SearchResult expand = run_both(k3x3, start, kGoal3x3, Algorithm::Dls, plain);
  CHECK(expand.counters.expanded == 1);
  CHECK(expand.counters.expanded_below_limit == 0);
  CHECK(expand.counters.generated == 2);
}

TEST_CASE("built counts the goal's later siblings when the goal is tested on generate") {
  // 1 2 3 / 4 _ 5 on a 2x3 board: the blank can go Up, Left, Right; Right solves. In the order
  // RLDU the goal child comes first and its siblings Left and Up are built but never tested.
  const Grid grid{2, 3};
  Semantics s;
  s.goal_test = GoalTest::OnGenerate;
  s.action_order = parse_action_order("RLDU").value();
  const SearchResult first = run_both(grid, tiles_from({1, 2, 3, 4, 0, 5}),
                                      tiles_from({1, 2, 3, 4, 5, 0}), Algorithm::Bfs, s);
  CHECK(first.moves() == "R");
  CHECK(first.counters.generated == 1);
  CHECK(first.counters.built == 3);
  CHECK(first.counters.goal_tests == 2);  // the start, then the Right child
  s.action_order = parse_action_order("UDLR").value();
  const SearchResult last = run_both(grid, tiles_from({1, 2, 3, 4, 0, 5}),
                                     tiles_from({1, 2, 3, 4, 5, 0}), Algorithm::Bfs, s);
  CHECK(last.counters.generated == 3);
  CHECK(last.counters.built == 3);
}

TEST_CASE("replace-if-cheaper: every pop is expanded, and uniform-cost search stays optimal") {
  // Tile costs make later paths cheaper than earlier ones, so frontier entries get replaced.
  const Grid grid{2, 3};
  const Tiles goal = tiles_from({1, 2, 3, 4, 5, 0});
  Semantics replace = aima_graph_search();
  replace.cost = CostModel::Tile;
  Semantics reopen;
  reopen.duplicates = Duplicates::ReopenIfCheaper;
  reopen.cost = CostModel::Tile;
  int replaced = 0;
  for (const Tiles& start : reachable_states(grid, goal)) {
    CAPTURE(tiles_text(start));
    const SearchResult r = run_both(grid, start, goal, Algorithm::Ucs, replace);
    REQUIRE(r.solved());
    CHECK(r.counters.popped == r.counters.expanded + 1);  // a state is never on it twice
    CHECK(r.counters.goal_tests == r.counters.popped);
    CHECK(r.cost == run_both(grid, start, goal, Algorithm::Ucs, reopen).cost);
    // Pushes beyond the states pushed are replacements.
    if (r.counters.pushed > r.counters.popped + 1) ++replaced;
  }
  CHECK(replaced > 0);
}

TEST_CASE("the aima semantics equal the model on all 360 states of the 2x3 puzzle") {
  // All 360 here; every sixth under the sanitizers (starts_for_this_build).
  const Grid grid{2, 3};
  const Tiles goal = tiles_from({1, 2, 3, 4, 5, 0});
  const std::vector<Tiles> starts = starts_for_this_build(reachable_states(grid, goal));
  Differential differential(grid, goal);
  auto run = [&](Algorithm algorithm, const Semantics& semantics, HeuristicKind heuristic) {
    Config config;
    config.algorithm = algorithm;
    config.semantics = semantics;
    config.heuristic = heuristic;
    // Enough for every graph search; the tree searches of far states stop at the budget, which
    // is compared too (the model's full runs took minutes).
    config.max_nodes = 20'000;
    differential.run(config, starts);
  };
  for (HeuristicKind h : {HeuristicKind::Manhattan, HeuristicKind::MisplacedWithBlank}) {
    run(Algorithm::Ucs, aima_graph_search(), h);
    run(Algorithm::Astar, aima_graph_search(), h);
    run(Algorithm::Idastar, aima_idastar(), h);
  }
  run(Algorithm::Iddfs, aima_depth_limited(std::nullopt), HeuristicKind::Manhattan);
  for (int limit : {0, 3, 8}) {
    run(Algorithm::Dls, aima_depth_limited(limit), HeuristicKind::Manhattan);
  }
  CHECK(differential.mismatches() == 0);
  CHECK(differential.count(SearchStatus::Solved) > 0);
  CHECK(differential.count(SearchStatus::NoSolution) > 0);
  CHECK(differential.count(SearchStatus::NodeBudgetExceeded) > 0);
}

TEST_CASE("idastar with round_bound depth: depth limits from h(start), jumping to the cut-off f") {
  // 8 1 2 / _ 5 3 / 4 7 6 is 11 moves from the goal and Manhattan gives it 9: the first round is
  // depth-limited at 9; the children it cuts off have f >= 11, so the second round, limited at 11,
  // finds the goal (a depth schedule of +1 would have taken a round at 10 in between).
  const Tiles start = tiles_from({8, 1, 2, 0, 5, 3, 4, 7, 6});
  Semantics s;
  s.round_bound = RoundBound::Depth;
  const SearchResult by_depth = run_both(k3x3, start, kGoal3x3, Algorithm::Idastar, s);
  CHECK(by_depth.moves().size() == 11);
  CHECK(by_depth.iterations == 2);
  const SearchResult by_f = run_both(k3x3, start, kGoal3x3, Algorithm::Idastar, Semantics{});
  CHECK(by_f.moves() == by_depth.moves());
  CHECK(by_f.iterations == 2);
  CHECK(by_f.counters.expanded < by_depth.counters.expanded);  // f prunes within a round
}
