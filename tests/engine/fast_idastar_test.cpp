#include "engine/fast_idastar.h"

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/additive_pdb.h"
#include "engine/exact_table.h"
#include "engine/fast_path.h"
#include "engine/heuristic.h"
#include "engine/random_boards.h"
#include "engine/search.h"
#include "tests/engine/engine_test_support.h"

using namespace tile;
using tile::testing::build_in_memory;

namespace {

FastIdaSpec fast_spec(const std::string& order, const AdditivePdb* pdb) {
  FastIdaSpec spec;
  spec.action_order = parse_action_order(order).value();
  spec.pdb = pdb;
  return spec;
}

// Runs the generic engine's idastar (defaults: duplicates none, reverse move pruned) and the fast
// solver with the same action order and the same heuristic values, and requires the same outcome.
void check_same_as_generic(const Board& start, const Board& goal, const std::string& order,
                           Heuristic& heuristic, const AdditivePdb* pdb, Limits limits = {}) {
  SearchSpec generic = SearchSpec::of(Algorithm::Idastar);
  generic.semantics.action_order = parse_action_order(order).value();
  generic.heuristic = &heuristic;
  generic.limits = limits;
  const SearchResult expected = search({start, goal}, generic);

  FastIdaSpec spec = fast_spec(order, pdb);
  spec.counting = FastCounting::Generic;
  spec.count_discovered = true;
  spec.max_nodes = limits.max_nodes;
  spec.max_iterations = limits.max_iterations;
  const auto fast = fast_idastar(start, goal, spec);
  REQUIRE(fast);
  INFO("start " << format_tiles(start) << ", order " << order << ", heuristic "
                << heuristic.name());
  if (limits.max_nodes == Limits{}.max_nodes && limits.max_iterations == Limits{}.max_iterations) {
    // Counting as Korf: the same path, and every counter it rebuilds equal to the generic one.
    const auto korf = fast_idastar(start, goal, fast_spec(order, pdb));
    REQUIRE(korf);
    CHECK(korf->path == expected.path);
    CHECK(korf->iterations == expected.iterations);
    CHECK(korf->korf_generated == fast->korf_generated);
    CHECK(korf->counters.expanded == expected.counters.expanded);
    CHECK(korf->counters.popped == expected.counters.popped);
    CHECK(korf->counters.generated == expected.counters.generated);
    CHECK(korf->counters.pushed == expected.counters.pushed);
    CHECK(korf->counters.max_depth == expected.counters.max_depth);
  }
  CHECK(status_name(expected.status) == fast_status_name(fast->status));
  CHECK(expected.message == fast->message);
  CHECK(expected.path == fast->path);
  CHECK(expected.iterations == fast->iterations);
  CHECK(expected.counters.expanded == fast->counters.expanded);
  CHECK(expected.counters.popped == fast->counters.popped);
  CHECK(expected.counters.generated == fast->counters.generated);
  CHECK(expected.counters.pushed == fast->counters.pushed);
  CHECK(expected.counters.discovered == fast->counters.discovered);
  CHECK(expected.counters.max_frontier == fast->counters.max_frontier);
  CHECK(expected.counters.max_depth == fast->counters.max_depth);
}

// Korf's IDA* as he describes it, written plainly and independently of the fast solver: recursive,
// children generated one at a time in action order (never the reverse of the previous move),
// counting every generated child plus the root once; returns the solution length.
struct LazyKorf {
  Board goal;
  GoalCells cells{goal};
  std::array<Move, kMoveCount> order{};
  std::uint64_t generated = 1;
  int bound = 0;
  int next_bound = 0;

  bool visit(const Board& board, int g, int h, std::optional<Move> previous) {
    if (h == 0 && board == goal) return true;
    for (Move move : order) {
      if (!board.can_move(move) || (previous && move == reverse_move(*previous))) continue;
      const Board child = board.moved(move);
      ++generated;
      const int child_h = static_cast<int>(manhattan_distance(child, cells));
      if (g + 1 + child_h > bound) {
        next_bound = std::min(next_bound, g + 1 + child_h);
        continue;
      }
      if (visit(child, g + 1, child_h, move)) return true;
    }
    return false;
  }

  int solve(const Board& start) {
    bound = static_cast<int>(manhattan_distance(start, cells));
    for (;;) {
      next_bound = 1 << 30;
      if (visit(start, 0, static_cast<int>(manhattan_distance(start, cells)), std::nullopt)) {
        return bound;
      }
      bound = next_bound;
    }
  }
};

}  // namespace

TEST_CASE("fast IDA* is optimal on the 8-puzzle (against the complete table)") {
  for (GoalLayout layout : {GoalLayout::BlankFirst, GoalLayout::BlankLast}) {
    const Board goal = goal_board({3, 3}, layout);
    const auto table = ExactTable::build(goal);
    const auto pdb = build_in_memory(goal, "4-4", true);
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      const Board start = random_solvable_board(goal, seed * 977);
      for (const AdditivePdb* heuristic : {static_cast<const AdditivePdb*>(nullptr), pdb.get()}) {
        FastIdaSpec spec = fast_spec("UDLR", heuristic);
        const auto result = fast_idastar(start, goal, spec);
        REQUIRE(result);
        REQUIRE(result->status == FastIdaStatus::Solved);
        CHECK(static_cast<int>(result->path.size()) == table->distance(start));
        CHECK(result->bound == table->distance(start));
        CHECK(apply_moves(start, std::span<const Move>(result->path)).value() == goal);
      }
    }
  }
}

TEST_CASE("fast IDA* reproduces the generic idastar on 3x3 (path, counters, rounds)") {
  const Board goal = goal_board({3, 3}, GoalLayout::BlankFirst);
  auto manhattan = make_builtin_heuristic("manhattan", goal).value();
  const auto pdb = build_in_memory(goal, "4-4", true);
  const auto pdb_plain = build_in_memory(goal, "1,2,3/4,5,6/7,8", false);
  PdbHeuristic pdb_heuristic(pdb, "pdb:4-4");
  PdbHeuristic plain_heuristic(pdb_plain, "pdb:3-3-2");
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Board start = random_solvable_board(goal, seed);
    for (const std::string order : {"UDLR", "ULRD", "RDLU", "DRUL"}) {
      check_same_as_generic(start, goal, order, *manhattan, nullptr);
      check_same_as_generic(start, goal, order, pdb_heuristic, pdb.get());
      check_same_as_generic(start, goal, order, plain_heuristic, pdb_plain.get());
    }
  }
  check_same_as_generic(goal, goal, "UDLR", *manhattan, nullptr);  // nothing to do
}

TEST_CASE("fast IDA* reproduces the generic idastar on easy 4x4 and 2x3 boards") {
  const Board goal = goal_board({4, 4}, GoalLayout::BlankFirst);
  auto manhattan = make_builtin_heuristic("manhattan", goal).value();
  const auto pdb = build_in_memory(goal, "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15", true);
  PdbHeuristic pdb_heuristic(pdb, "pdb:3-3-3-3-3");
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Board start = scrambled_board(goal, 24 + static_cast<int>(seed), seed);
    check_same_as_generic(start, goal, "ULRD", *manhattan, nullptr);
    check_same_as_generic(start, goal, "UDLR", pdb_heuristic, pdb.get());
  }
  const Board goal23 = goal_board({2, 3}, GoalLayout::BlankLast);
  auto manhattan23 = make_builtin_heuristic("manhattan", goal23).value();
  check_same_as_generic(random_solvable_board(goal23, 5), goal23, "LURD", *manhattan23, nullptr);
}

TEST_CASE("budgets stop the fast solver where they stop the generic one") {
  const Board goal = goal_board({3, 3}, GoalLayout::BlankFirst);
  auto manhattan = make_builtin_heuristic("manhattan", goal).value();
  const Board start = random_solvable_board(goal, 3);
  Limits small;
  small.max_nodes = 700;
  check_same_as_generic(start, goal, "UDLR", *manhattan, nullptr, small);
  // An unsolvable pair never ends; the round limit gives up the same way in both.
  Board swapped = goal;
  std::swap(swapped.tiles[1], swapped.tiles[2]);
  Limits rounds;
  rounds.max_iterations = 4;
  check_same_as_generic(swapped, goal, "UDLR", *manhattan, nullptr, rounds);
}

TEST_CASE("korf_generated counts as Korf does (lazy children, root once)") {
  const Board goal = goal_board({4, 4}, GoalLayout::BlankFirst);
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Board start = scrambled_board(goal, 30 + 2 * static_cast<int>(seed), seed + 100);
    LazyKorf korf{goal};
    korf.order = parse_action_order("ULRD").value();
    const int length = korf.solve(start);
    FastIdaSpec spec = fast_spec("ULRD", nullptr);
    const auto fast = fast_idastar(start, goal, spec);
    REQUIRE(fast);
    CHECK(static_cast<int>(fast->path.size()) == length);
    CHECK(fast->korf_generated == korf.generated);
    // Counting Generic gets there through the other side of the mapping: 1 + generic generated -
    // later siblings of the final path.
    spec.counting = FastCounting::Generic;
    const auto generic = fast_idastar(start, goal, spec);
    CHECK(generic->korf_generated == korf.generated);
    CHECK(generic->korf_generated <= generic->counters.generated + 1);
  }
}

TEST_CASE("a time budget stops a hard search with a valid lower bound") {
  // Korf's instance 1 (57 moves) needs 276 million nodes with Manhattan: far beyond 20 ms.
  const Board goal = goal_board({4, 4}, GoalLayout::BlankFirst);
  const Board start = parse_board({4, 4}, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3").value();
  FastIdaSpec spec = fast_spec("ULRD", nullptr);
  spec.seconds_budget = 0.02;
  const auto result = fast_idastar(start, goal, spec);
  REQUIRE(result);
  CHECK(result->status == FastIdaStatus::TimeBudgetExceeded);
  CHECK(result->initial_h == 41);  // Korf's Table 1 gives h = 41 for instance 1
  CHECK(result->bound >= 41);
  CHECK(result->bound <= 57);
  CHECK(result->message.find("no solution is shorter than") != std::string::npos);
}

TEST_CASE("search_fast_when_possible: same result as search(), refusals named") {
  const Board goal = goal_board({3, 3}, GoalLayout::BlankLast);
  const auto pdb = build_in_memory(goal, "4-4", true);
  PdbHeuristic heuristic(pdb, "pdb:4-4");
  const Board start = random_solvable_board(goal, 21);
  SearchSpec spec = SearchSpec::of(Algorithm::Idastar);
  spec.heuristic = &heuristic;
  CHECK(check_fast_path({start, goal}, spec));
  const SearchResult generic = search({start, goal}, spec);
  const SearchResult fast = search_fast_when_possible({start, goal}, spec);
  CHECK(fast.moves() == generic.moves());
  CHECK(fast.cost == generic.cost);
  CHECK(fast.iterations == generic.iterations);
  CHECK(fast.counters.expanded == generic.counters.expanded);
  CHECK(fast.counters.discovered == generic.counters.discovered);
  CHECK(fast.counters.goal_tests == generic.counters.goal_tests);
  CHECK(fast.counters.built == generic.counters.built);
  CHECK(fast.counters.expanded_below_limit == generic.counters.expanded_below_limit);
  CHECK(fast.semantics == generic.semantics);

  SearchSpec traced = spec;
  traced.record_trace = true;
  CHECK(check_fast_path({start, goal}, traced).error().find("trace") != std::string::npos);
  SearchSpec tile_cost = spec;
  tile_cost.semantics.cost = CostModel::Tile;
  CHECK_FALSE(check_fast_path({start, goal}, tile_cost));
  SearchSpec closed = spec;
  closed.semantics.duplicates = Duplicates::ClosedOnPop;
  CHECK_FALSE(check_fast_path({start, goal}, closed));
  auto manhattan = make_builtin_heuristic("manhattan", goal).value();
  SearchSpec other = spec;
  other.heuristic = manhattan.get();
  CHECK_FALSE(check_fast_path({start, goal}, other));
  // A refused spec still gets the generic engine's answer.
  const SearchResult with_trace = search_fast_when_possible({start, goal}, traced);
  CHECK(with_trace.trace.size() == with_trace.counters.expanded);
}

TEST_CASE("the fast path leaves the fields it cannot express to the generic loop") {
  const Board goal = goal_board({3, 3}, GoalLayout::BlankLast);
  const auto pdb = build_in_memory(goal, "4-4", true);
  PdbHeuristic heuristic(pdb, "pdb:4-4");
  const Board start = random_solvable_board(goal, 21);
  std::vector<Semantics> variants(6);
  variants[0].round_growth = RoundGrowth::PlusOne;
  variants[1].rounds_counted = RoundsCounted::Last;
  variants[2].start_marked = StartMarked::No;
  variants[3].parent_link = ParentLink::Last;
  variants[4].count_offset = 1;  // counted outside the search: the fast path takes it
  variants[5].count_offset = -1;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    CAPTURE(describe(variants[i]));
    SearchSpec spec = SearchSpec::of(Algorithm::Idastar, variants[i]);
    spec.heuristic = &heuristic;
    CHECK(check_fast_path({start, goal}, spec).ok() == (i >= 4));
    const SearchResult generic = search({start, goal}, spec);
    const SearchResult fast = search_fast_when_possible({start, goal}, spec);
    CHECK(fast.moves() == generic.moves());
    CHECK(fast.iterations == generic.iterations);
    CHECK(fast.counters.expanded == generic.counters.expanded);
    CHECK(fast.counters.generated == generic.counters.generated);
    CHECK(fast.count() == generic.count());
  }
}
