// Where a heuristic's values come from is claimed only when the values prove it: an admissible but
// weak heuristic (misplaced tiles, Manhattan) is never called constant, blank-counting or blind to
// a tile; and the overestimate shown is the one nearest the goal, solved by the engine where no
// distance is known.
#include <doctest/doctest.h>

#include <cstdlib>
#include <functional>
#include <map>

#include "engine/state_table.h"
#include "grader/judge/heuristic_sources.h"
#include "tests/grader/spec/function_values.h"

using namespace tile;
using namespace tile::test_values;

namespace {

// Every board within `depth` moves of the goal and its distance, breadth first.
std::vector<std::pair<Board, int>> ball(int depth) {
  std::vector<std::pair<Board, int>> out = {{kGoal, 0}};
  std::map<PackedState, int> seen = {{pack(kGoal), 0}};
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto [board, distance] = out[i];
    if (distance == depth) continue;
    for (const Move move : kAllMoves) {
      if (!board.can_move(move)) continue;
      const Board next = board.moved(move);
      if (seen.emplace(pack(next), distance + 1).second) out.push_back({next, distance + 1});
    }
  }
  return out;
}

int manhattan_of(const Board& board, bool with_blank, int left_out = -1) {
  int sum = 0;
  for (int i = 0; i < 9; ++i) {
    const int tile = board.at(i);
    if ((tile == 0 && !with_blank) || tile == left_out) continue;
    const int home = tile == 0 ? 8 : tile - 1;
    sum += std::abs(i / 3 - home / 3) + std::abs(i % 3 - home % 3);
  }
  return sum;
}

int misplaced_of(const Board& board, bool with_blank) {
  int count = 0;
  for (int i = 0; i < 9; ++i) {
    if (board.at(i) != kGoal.at(i) && (with_blank || board.at(i) != 0)) ++count;
  }
  return count;
}

HeuristicValues values_of(const std::function<int(const Board&)>& h, int depth = 6) {
  HeuristicValues out;
  for (const auto& [board, distance] : ball(depth)) out.push_back({board, h(board)});
  return out;
}

HeuristicValues manhattan_values(bool with_blank, int left_out = -1) {
  return values_of([=](const Board& b) { return manhattan_of(b, with_blank, left_out); });
}

HeuristicValues misplaced_values(bool with_blank) {
  return values_of([=](const Board& b) { return misplaced_of(b, with_blank); });
}

ExactDistance known_within(int depth) {
  auto distances = std::make_shared<std::map<PackedState, int>>();
  for (const auto& [board, distance] : ball(depth)) (*distances)[pack(board)] = distance;
  return [distances](const Board& board) -> std::optional<std::int64_t> {
    const auto it = distances->find(pack(board));
    if (it == distances->end()) return std::nullopt;
    return it->second;
  };
}

const ExactDistance kUnknown = [](const Board&) -> std::optional<std::int64_t> {
  return std::nullopt;
};

}  // namespace

TEST_CASE("a constant is named only on three or more boards that all got it") {
  const HeuristicValues zeros = values_of([](const Board&) { return 0; });
  CHECK(constant_value({&zeros}) == 0);
  const HeuristicValues two(zeros.begin(), zeros.begin() + 2);
  CHECK_FALSE(constant_value({&two}));
  const HeuristicValues misplaced = misplaced_values(false);
  CHECK_FALSE(constant_value({&misplaced}));
  CHECK(constant_diagnosis(0, zeros.size()).code == "heuristic-constant-0");
  CHECK(constant_diagnosis(0, 3).explanation.starts_with(
      "Your heuristic returned 0 for all 3 boards it was asked about"));
}

TEST_CASE("the blank counted is named only when every value is that count") {
  const HeuristicValues manhattan_blank = manhattan_values(true);
  CHECK(counts_blank({&manhattan_blank}, kGoal) == "Manhattan distance");
  const HeuristicValues misplaced_blank = misplaced_values(true);
  CHECK(counts_blank({&misplaced_blank}, kGoal) == "number of misplaced tiles");
  const HeuristicValues manhattan = manhattan_values(false);
  CHECK_FALSE(counts_blank({&manhattan}, kGoal));
  const HeuristicValues misplaced = misplaced_values(false);
  CHECK_FALSE(counts_blank({&misplaced}, kGoal));
  // One value off the formula: not proven.
  HeuristicValues almost = manhattan_blank;
  almost.back().second += 1;
  CHECK_FALSE(counts_blank({&almost}, kGoal));
  // Boards with no tile two moves from home: both counts agree there, and so does the Manhattan
  // distance plus one (the blank off its cell): nothing tells which the values are.
  HeuristicValues near;
  for (const auto& [board, h] : misplaced_blank) {
    if (manhattan_of(board, false) == misplaced_of(board, false)) near.push_back({board, h});
  }
  REQUIRE(near.size() >= 3);
  CHECK_FALSE(counts_blank({&near}, kGoal));
}

TEST_CASE("a tile is named as left out only when its moves into or out of place never change h") {
  const HeuristicValues forgets_8 = manhattan_values(false, 8);
  const IgnoredTiles ignored = ignored_tiles({&forgets_8}, kGoal);
  CHECK(ignored.tiles == std::vector<int>{8});
  CHECK(ignored.moves >= 2);
  CHECK(ignored_tiles_diagnosis(ignored).code == "heuristic-ignores-tile-8");
  // Admissible and weak, but every tile counts: none is named.
  const HeuristicValues misplaced = misplaced_values(false);
  CHECK(ignored_tiles({&misplaced}, kGoal).tiles.empty());
  const HeuristicValues manhattan = manhattan_values(false);
  CHECK(ignored_tiles({&manhattan}, kGoal).tiles.empty());
  // A constant leaves every tile out: that is the constant's finding, not this one.
  const HeuristicValues zeros = values_of([](const Board&) { return 0; });
  CHECK(ignored_tiles({&zeros}, kGoal).tiles.empty());
}

TEST_CASE("the overestimate shown is the one nearest the goal, solved nearer than the known") {
  const HeuristicValues manhattan_blank = manhattan_values(true);
  const auto known_over = smallest_overestimate(manhattan_blank, known_within(6), kGoal,
                                                CostModel::Unit, 0);
  REQUIRE(known_over);
  CHECK(known_over->distance == 1);
  CHECK(known_over->h == 2);
  // Only boards 6 moves away known (as a test's optimal path knows a few): the engine solves the
  // nearer boards where h exceeds Manhattan, nearest first, and finds the one a move away.
  const ExactDistance far = [all = known_within(6)](const Board& b) {
    const std::optional<std::int64_t> distance = all(b);
    return distance && *distance == 6 ? distance : std::nullopt;
  };
  const auto solved = smallest_overestimate(manhattan_blank, far, kGoal, CostModel::Unit, 10'000);
  REQUIRE(solved);
  CHECK(solved->distance == 1);
  CHECK(solved->h == 2);
  // Without nodes to solve with, the known one stands.
  const auto unsolved = smallest_overestimate(manhattan_blank, far, kGoal, CostModel::Unit, 0);
  REQUIRE(unsolved);
  CHECK(unsolved->distance == 6);
  // No distance known at all: nothing is claimed, and nothing is solved.
  CHECK_FALSE(smallest_overestimate(manhattan_blank, kUnknown, kGoal, CostModel::Unit, 10'000));
  // An admissible heuristic has none.
  const HeuristicValues manhattan = manhattan_values(false);
  CHECK_FALSE(smallest_overestimate(manhattan, known_within(6), kGoal, CostModel::Unit, 10'000));
  CHECK_FALSE(smallest_overestimate(manhattan, kUnknown, kGoal, CostModel::Unit, 10'000));
}

TEST_CASE("an optimal path from a board reaches the goal at its true distance, or is not given") {
  // Every board 6 moves away: its path is 6 moves and ends at the goal, under unit cost; under
  // tile cost the path's cost is the cheapest (no board of the ball is cheaper by another route).
  for (const auto& [board, distance] : ball(6)) {
    if (distance != 6) continue;
    const auto path = optimal_path(board, kGoal, CostModel::Unit, 10'000);
    REQUIRE(path);
    CHECK(path->size() == 6u);
    const auto reached = apply_moves(board, std::span<const Move>(*path));
    REQUIRE(reached);
    CHECK(*reached == kGoal);
    const auto tile_path = optimal_path(board, kGoal, CostModel::Tile, 100'000);
    REQUIRE(tile_path);
    CHECK(path_cost(board, *tile_path, CostModel::Tile) <=
          path_cost(board, *path, CostModel::Tile));
    break;
  }
  CHECK(optimal_path(kGoal, kGoal, CostModel::Unit, 10)->empty());
  // Out of nodes: no path is claimed.
  const Board six_away = ball(6).back().first;
  REQUIRE(optimal_path(six_away, kGoal, CostModel::Unit, 10'000));
  CHECK_FALSE(optimal_path(six_away, kGoal, CostModel::Unit, 3));
}
