// The fields added for the judge's mistakes (issue 19): round_growth, rounds_counted,
// start_marked, parent_link, duplicates closed-on-expand and count_offset, on cases small enough to
// follow by hand. Every case runs on the engine and on the differential model, which must agree
// before the figures are checked (run_both); differential_test.cpp draws the same fields at random
// over every algorithm and policy.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/search.h"
#include "tests/engine/differential_harness.h"
#include "tests/engine/model_boards.h"

using namespace tile;
using namespace model;

namespace {

std::size_t times_in_trace(const SearchResult& result, const Board& board) {
  return static_cast<std::size_t>(std::count(result.trace.begin(), result.trace.end(), board));
}

bool has_repeat(const std::vector<Board>& trace) {
  std::set<std::string> seen;
  for (const Board& board : trace) {
    if (!seen.insert(format_tiles(board)).second) return true;
  }
  return false;
}

// Whether `moves` lead the blank from `start` to `goal` without leaving the board.
bool replays_to(const Board& start, const std::vector<Move>& moves, const Board& goal) {
  Board board = start;
  for (Move move : moves) {
    if (!board.can_move(move)) return false;
    board = board.moved(move);
  }
  return board == goal;
}

}  // namespace

TEST_CASE("start_marked no: the start is pushed once more and expanded twice") {
  // 1 2 3 / _ 4 6 / 7 5 8 is three moves from the goal (R D R). Its first child in action order
  // reaches the start again; the start is unmarked, so it is pushed (depth 2) and expanded again,
  // pushing nothing, before the goal is popped at depth 3. Every other child is marked by then.
  const Tiles start = tiles_from({1, 2, 3, 0, 4, 6, 7, 5, 8});
  const SearchResult plain = run_both(k3x3, start, kGoal3x3, Algorithm::Bfs, Semantics{});
  Semantics unmarked;
  unmarked.start_marked = StartMarked::No;
  const SearchResult again = run_both(k3x3, start, kGoal3x3, Algorithm::Bfs, unmarked);
  CHECK(plain.moves() == "RDR");
  CHECK(again.moves() == "RDR");
  const Board start_board = board_of(k3x3, start);
  CHECK(times_in_trace(plain, start_board) == 1);
  CHECK(times_in_trace(again, start_board) == 2);
  CHECK(again.counters.expanded == plain.counters.expanded + 1);
  CHECK(again.counters.pushed == plain.counters.pushed + 1);
  CHECK(again.counters.popped == plain.counters.popped + 1);
  CHECK(again.counters.discovered == plain.counters.discovered);
}

TEST_CASE("closed-on-expand is closed-on-pop unless a node is cut off at the depth limit") {
  const std::vector<Tiles> starts = reachable_states(k2x3, kGoal2x3);
  Semantics on_expand;
  on_expand.duplicates = Duplicates::ClosedOnExpand;
  Semantics on_pop;
  on_pop.duplicates = Duplicates::ClosedOnPop;
  int found_only_on_expand = 0;
  for (Algorithm algorithm : {Algorithm::Dfs, Algorithm::Bfs, Algorithm::Iddfs}) {
    for (const Tiles& start : starts) {
      const Problem problem{board_of(k2x3, start), board_of(k2x3, kGoal2x3)};
      SearchSpec spec = SearchSpec::of(algorithm);
      spec.record_trace = true;
      spec.semantics = SearchSpec::of(algorithm, on_expand).semantics;
      const SearchResult closed_on_expand = search(problem, spec);
      spec.semantics = SearchSpec::of(algorithm, on_pop).semantics;
      const SearchResult closed_on_pop = search(problem, spec);
      CHECK(closed_on_expand.moves() == closed_on_pop.moves());
      CHECK(closed_on_expand.counters.expanded == closed_on_pop.counters.expanded);
      CHECK(closed_on_expand.counters.pushed == closed_on_pop.counters.pushed);
      CHECK(closed_on_expand.trace == closed_on_pop.trace);
      if (algorithm != Algorithm::Dfs) continue;
      // A depth-limited search that cuts off at the limit: closed on pop, a state first met at
      // the limit stays closed when a shallower path reaches it, and the goal behind it is lost;
      // closed on expand, it is still open, and the search goes on from it. Neither expands a
      // state twice.
      spec.algorithm = Algorithm::Dls;  // dfs's defaults are dls's: the semantics stand
      spec.semantics.at_depth_limit = AtDepthLimit::CutOff;
      spec.semantics.depth_limit = 10;
      const SearchResult cut_on_pop = search(problem, spec);
      spec.semantics.duplicates = Duplicates::ClosedOnExpand;
      const SearchResult cut_on_expand = search(problem, spec);
      CHECK_FALSE(has_repeat(cut_on_pop.trace));
      CHECK_FALSE(has_repeat(cut_on_expand.trace));
      if (cut_on_expand.solved() && !cut_on_pop.solved()) ++found_only_on_expand;
    }
  }
  CHECK(found_only_on_expand > 0);
  // The model agrees on the cut-off case on every state.
  Config iddfs;
  iddfs.algorithm = Algorithm::Iddfs;
  iddfs.semantics.duplicates = Duplicates::ClosedOnExpand;
  iddfs.semantics.at_depth_limit = AtDepthLimit::CutOff;
  Differential differential(k2x3, kGoal2x3);
  differential.run(iddfs, starts);
  CHECK(differential.mismatches() == 0);
}

TEST_CASE("round_growth plus-one: every other IDA* round repeats the one before") {
  // Under unit costs every f on the 8-puzzle has the parity of h(start) (each move changes g by
  // one and Manhattan by one), so next-f raises the bound by 2 each round; plus-one takes two
  // rounds for each, the odd one expanding exactly what the round before it did.
  const Tiles start = tiles_from({4, 1, 2, 7, 0, 6, 8, 3, 5});
  const SearchResult next_f = run_both(k3x3, start, kGoal3x3, Algorithm::Idastar, Semantics{});
  Semantics plus_one;
  plus_one.round_growth = RoundGrowth::PlusOne;
  const SearchResult by_one = run_both(k3x3, start, kGoal3x3, Algorithm::Idastar, plus_one);
  Semantics last_only;
  last_only.rounds_counted = RoundsCounted::Last;
  const SearchResult last = run_both(k3x3, start, kGoal3x3, Algorithm::Idastar, last_only);
  REQUIRE(next_f.solved());
  REQUIRE(next_f.iterations > 1);
  CHECK(by_one.moves() == next_f.moves());
  CHECK(by_one.iterations == 2 * next_f.iterations - 1);
  CHECK(by_one.counters.expanded == 2 * next_f.counters.expanded - last.counters.expanded);
  // iddfs already deepens by one: the field is idastar's only.
  Semantics iddfs_plus_one;
  iddfs_plus_one.round_growth = RoundGrowth::PlusOne;
  const Tiles near = tiles_from({1, 2, 3, 0, 4, 6, 7, 5, 8});
  const SearchResult iddfs = run_both(k3x3, near, kGoal3x3, Algorithm::Iddfs, Semantics{});
  const SearchResult iddfs_by_one =
      run_both(k3x3, near, kGoal3x3, Algorithm::Iddfs, iddfs_plus_one);
  CHECK(iddfs_by_one.counters.expanded == iddfs.counters.expanded);
  CHECK(iddfs_by_one.iterations == iddfs.iterations);
}

TEST_CASE("rounds_counted last: iddfs reports its last round, which is one depth-limited search") {
  const Tiles start = tiles_from({1, 2, 3, 0, 4, 6, 7, 5, 8});
  Semantics last_only;
  last_only.rounds_counted = RoundsCounted::Last;
  last_only.at_depth_limit = AtDepthLimit::CutOff;
  Semantics all = last_only;
  all.rounds_counted = RoundsCounted::All;
  const SearchResult summed = run_both(k3x3, start, kGoal3x3, Algorithm::Iddfs, all);
  const SearchResult last = run_both(k3x3, start, kGoal3x3, Algorithm::Iddfs, last_only);
  REQUIRE(summed.solved());
  CHECK(last.iterations == summed.iterations);
  CHECK(last.moves() == summed.moves());
  CHECK(last.trace == summed.trace);  // the search is the same; only its counters differ
  Semantics one_round = all;
  one_round.depth_limit = summed.iterations - 1;  // rounds go from depth 0
  const SearchResult dls = run_both(k3x3, start, kGoal3x3, Algorithm::Dls, one_round);
  CHECK(last.counters.expanded == dls.counters.expanded);
  CHECK(last.counters.generated == dls.counters.generated);
  CHECK(last.counters.pushed == dls.counters.pushed);
  CHECK(last.counters.popped == dls.counters.popped);
  CHECK(last.counters.goal_tests == dls.counters.goal_tests);
  CHECK(last.counters.expanded < summed.counters.expanded);
}

TEST_CASE("parent_link last: the path follows each state's last parent, and is still a path") {
  // Closing on pop, a state can be pushed again before it is popped; the last push's parent then
  // makes the path. In BFS the first push is popped first and the last one differs: the path
  // changes, but not its length (the puzzle's moves join boards of opposite blank parity, so
  // both parents are one level up). In DFS a state's last push is the copy on top of the stack,
  // the one popped, so the path stays the same.
  const std::vector<Tiles> starts = reachable_states(k2x3, kGoal2x3);
  Semantics first;
  first.duplicates = Duplicates::ClosedOnPop;
  Semantics last = first;
  last.parent_link = ParentLink::Last;
  const Board goal = board_of(k2x3, kGoal2x3);
  for (Algorithm algorithm : {Algorithm::Bfs, Algorithm::Dfs}) {
    int changed = 0;
    for (const Tiles& start : starts) {
      const Problem problem{board_of(k2x3, start), goal};
      SearchSpec spec = SearchSpec::of(algorithm, first);
      const SearchResult by_first = search(problem, spec);
      spec.semantics = SearchSpec::of(algorithm, last).semantics;
      const SearchResult by_last = search(problem, spec);
      CHECK(replays_to(problem.start, by_last.path, goal));
      CHECK(by_last.cost == static_cast<std::int64_t>(by_last.path.size()));
      CHECK(by_last.counters.expanded == by_first.counters.expanded);  // only the path differs
      CHECK(by_last.path.size() == by_first.path.size());
      if (by_last.path != by_first.path) ++changed;
    }
    CAPTURE(algorithm_name(algorithm));
    CHECK((changed > 0) == (algorithm == Algorithm::Bfs));
  }
  Config config;
  config.algorithm = Algorithm::Bfs;
  config.semantics = last;
  Differential differential(k2x3, kGoal2x3);
  differential.run(config, starts);
  CHECK(differential.mismatches() == 0);
  // Each state pushed once (on-push), or no table at all (none): last is first.
  for (Duplicates duplicates : {Duplicates::OnPush, Duplicates::None}) {
    Semantics plain;
    plain.duplicates = duplicates;
    Semantics overwritten = plain;
    overwritten.parent_link = ParentLink::Last;
    const Tiles start = tiles_from({1, 2, 3, 0, 4, 6, 7, 5, 8});
    CHECK(run_both(k3x3, start, kGoal3x3, Algorithm::Bfs, overwritten).moves() ==
          run_both(k3x3, start, kGoal3x3, Algorithm::Bfs, plain).moves());
  }
}

TEST_CASE("count_offset moves the checked count by one either way, never below 0") {
  const Tiles start = tiles_from({1, 2, 3, 0, 4, 6, 7, 5, 8});
  const SearchResult plain = run_both(k3x3, start, kGoal3x3, Algorithm::Bfs, Semantics{});
  CHECK(plain.count() == plain.counters.expanded);
  for (int offset : {1, -1}) {
    Semantics shifted;
    shifted.count_offset = offset;
    shifted.count = CountKind::Popped;
    const SearchResult result = run_both(k3x3, start, kGoal3x3, Algorithm::Bfs, shifted);
    CHECK(result.counters.popped == plain.counters.popped);  // the search itself is unchanged
    CHECK(static_cast<std::int64_t>(result.count()) ==
          static_cast<std::int64_t>(plain.counters.popped) + offset);
  }
  Semantics minus_one;
  minus_one.count_offset = -1;
  const SearchResult at_goal =
      run_both(k3x3, kGoal3x3, kGoal3x3, Algorithm::Bfs, minus_one);
  CHECK(at_goal.counters.expanded == 0);
  CHECK(at_goal.count() == 0);
}
