#include "engine/exact_table.h"

#include <doctest/doctest.h>

#include <array>
#include <numeric>

#include "engine/permutation_rank.h"
#include "engine/random_boards.h"
#include "engine/search.h"
#include "tests/engine/engine_test_support.h"

using namespace tile;
using tile::testing::board_of_rank;

namespace {

// A table is the true distance function exactly when the goal has 0, every other reachable state
// has a neighbour one closer, and no two neighbours differ by more than one (each differs by
// exactly one: a move changes the parity of the blank's taxicab position). This checks all of it
// on every permutation, independently of how the table was built.
void check_is_distance_function(const ExactTable& table) {
  const Shape shape = table.goal().shape;
  std::uint64_t reachable = 0;
  for (std::uint64_t rank = 0; rank < placement_count(shape.cells(), shape.cells()); ++rank) {
    const Board board = board_of_rank(shape, rank);
    const int d = table.distance(board);
    if (d < 0) {
      REQUIRE_FALSE(check_reachable(board, table.goal()));
      continue;
    }
    ++reachable;
    REQUIRE(check_reachable(board, table.goal()));
    bool has_closer = d == 0;
    for (Move move : kAllMoves) {
      if (!board.can_move(move)) continue;
      const int next = table.distance(board.moved(move));
      REQUIRE((next == d - 1 || next == d + 1));
      has_closer = has_closer || next == d - 1;
    }
    REQUIRE(has_closer);
    REQUIRE((d != 0 || board == table.goal()));
  }
  CHECK(reachable == table.reachable_states());
}

}  // namespace

TEST_CASE("2x3: 360 reachable states, the farthest 21 moves away") {
  for (GoalLayout layout : {GoalLayout::BlankLast, GoalLayout::BlankFirst}) {
    const auto table = ExactTable::build(goal_board({2, 3}, layout));
    REQUIRE(table);
    CHECK(table->reachable_states() == 360);
    CHECK(table->max_distance() == 21);
    check_is_distance_function(*table);
  }
}

TEST_CASE("3x3: 181,440 reachable states, max 31, exactly two states at 31") {
  for (GoalLayout layout : {GoalLayout::BlankLast, GoalLayout::BlankFirst}) {
    const auto table = ExactTable::build(goal_board({3, 3}, layout));
    REQUIRE(table);
    CHECK(table->reachable_states() == 181440);
    CHECK(table->max_distance() == 31);
    CHECK(table->layer_sizes().back() == 2);
    const auto& layers = table->layer_sizes();
    CHECK(std::accumulate(layers.begin(), layers.end(), std::uint64_t{0}) == 181440);
  }
}

TEST_CASE("3x3 table is the distance function on every permutation") {
  const auto table = ExactTable::build(goal_board({3, 3}, GoalLayout::BlankFirst));
  REQUIRE(table);
  check_is_distance_function(*table);
}

TEST_CASE("3x3 table agrees with the generic engine's BFS and A*") {
  const Board goal = goal_board({3, 3}, GoalLayout::BlankLast);
  const auto table = ExactTable::build(goal);
  REQUIRE(table);
  auto manhattan = make_builtin_heuristic("manhattan", goal);
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Board start = random_solvable_board(goal, seed);
    SearchSpec spec = SearchSpec::of(seed <= 3 ? Algorithm::Bfs : Algorithm::Astar);
    spec.heuristic = manhattan->get();
    const SearchResult result = search({start, goal}, spec);
    REQUIRE(result.solved());
    CHECK(table->distance(start) == static_cast<int>(result.path.size()));
  }
}

TEST_CASE("exact table: goal at 0, unreachable and foreign boards at -1, big boards refused") {
  const Board goal = goal_board({2, 3}, GoalLayout::BlankLast);
  const auto table = ExactTable::build(goal);
  REQUIRE(table);
  CHECK(table->distance(goal) == 0);
  CHECK(table->distance(parse_board({2, 3}, "2 1 3 4 5 0").value()) == -1);  // other parity
  CHECK(table->distance(goal_board({3, 2}, GoalLayout::BlankLast)) == -1);
  CHECK(ExactTable::build(goal_board({2, 5}, GoalLayout::BlankLast)));
  const auto too_big = ExactTable::build(goal_board({3, 4}, GoalLayout::BlankLast));
  REQUIRE_FALSE(too_big);
  CHECK(too_big.error().find("at most 10 cells") != std::string::npos);
}
