// Built-in heuristics against definitions written again here, plainly: misplaced tiles (blank
// excluded), Manhattan distance, and linear conflict by brute force over which tiles leave a line.
// Admissibility and consistency against exact distances live in optimality_test.cpp.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/heuristic.h"
#include "engine/random_boards.h"

using namespace tile;

namespace {

int cell_of(const Board& board, int tile) {
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (board.at(cell) == tile) return cell;
  }
  return -1;
}

std::int64_t plain_misplaced(const Board& board, const Board& goal) {
  std::int64_t count = 0;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (board.at(cell) != 0 && board.at(cell) != goal.at(cell)) ++count;
  }
  return count;
}

std::int64_t plain_manhattan(const Board& board, const Board& goal) {
  const int cols = board.shape.cols;
  std::int64_t sum = 0;
  for (int tile = 1; tile < board.cells(); ++tile) {
    const int here = cell_of(board, tile);
    const int home = cell_of(goal, tile);
    sum += std::abs(here / cols - home / cols) + std::abs(here % cols - home % cols);
  }
  return sum;
}

// Each tile's Manhattan distance times its number: what its moves cost under tile costs.
std::int64_t plain_manhattan_tile_cost(const Board& board, const Board& goal) {
  const int cols = board.shape.cols;
  std::int64_t sum = 0;
  for (int tile = 1; tile < board.cells(); ++tile) {
    const int here = cell_of(board, tile);
    const int home = cell_of(goal, tile);
    sum += tile * (std::abs(here / cols - home / cols) + std::abs(here % cols - home % cols));
  }
  return sum;
}

// The fewest tiles to take out of a line so that the rest are in goal order: tries every subset
// to keep (lines have at most 5 tiles).
int fewest_to_remove(const std::vector<int>& goal_positions) {
  const int n = static_cast<int>(goal_positions.size());
  int best = n;
  for (int keep = 0; keep < (1 << n); ++keep) {
    int last = -1;
    bool ordered = true;
    int kept = 0;
    for (int i = 0; i < n; ++i) {
      if (!(keep & (1 << i))) continue;
      ordered = ordered && goal_positions[static_cast<std::size_t>(i)] > last;
      last = goal_positions[static_cast<std::size_t>(i)];
      ++kept;
    }
    if (ordered) best = std::min(best, n - kept);
  }
  return best;
}

// Manhattan plus 2 for each tile that must leave its goal row (or column) so that the tiles
// already in that line can pass each other.
std::int64_t plain_linear_conflict(const Board& board, const Board& goal) {
  const int rows = board.shape.rows;
  const int cols = board.shape.cols;
  std::int64_t extra = 0;
  for (int row = 0; row < rows; ++row) {
    std::vector<int> in_goal_row;  // goal columns of the tiles of this row that belong to it
    for (int col = 0; col < cols; ++col) {
      const int tile = board.at(row * cols + col);
      const int home = cell_of(goal, tile);
      if (tile != 0 && home / cols == row) in_goal_row.push_back(home % cols);
    }
    extra += fewest_to_remove(in_goal_row);
  }
  for (int col = 0; col < cols; ++col) {
    std::vector<int> in_goal_col;
    for (int row = 0; row < rows; ++row) {
      const int tile = board.at(row * cols + col);
      const int home = cell_of(goal, tile);
      if (tile != 0 && home % cols == col) in_goal_col.push_back(home / cols);
    }
    extra += fewest_to_remove(in_goal_col);
  }
  return plain_manhattan(board, goal) + 2 * extra;
}

// Goals of every shape, blank first, last, and scrambled explicit ones.
std::vector<Board> goals() {
  std::vector<Board> out;
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{3, 3}, Shape{2, 5}, Shape{4, 4},
                      Shape{3, 5}, Shape{5, 5}}) {
    out.push_back(goal_board(shape, GoalLayout::BlankLast));
    out.push_back(goal_board(shape, GoalLayout::BlankFirst));
    out.push_back(random_solvable_board(goal_board(shape, GoalLayout::BlankLast), 31));
  }
  return out;
}

}  // namespace

TEST_CASE("misplaced excludes the blank; every heuristic is zero at the goal") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const GoalCells cells(goal);
  CHECK(misplaced_tiles(goal, cells) == 0);
  CHECK(manhattan_distance(goal, cells) == 0);
  CHECK(linear_conflict(goal, cells) == 0);
  // One move from the goal: the blank and one tile are out of place, and only the tile counts
  // (seed 002's out_of_place counts the blank too and says 2: that one overestimates).
  const Board one_move = goal.moved(Move::Up);
  CHECK(misplaced_tiles(one_move, cells) == 1);
  CHECK(manhattan_distance(one_move, cells) == 1);
  for (const Board& g : goals()) {
    const GoalCells c(g);
    CAPTURE(format_tiles(g));
    CHECK(misplaced_tiles(g, c) == 0);
    CHECK(manhattan_distance(g, c) == 0);
    CHECK(linear_conflict(g, c) == 0);
  }
}

TEST_CASE("built-ins equal the plain definitions on random boards of every shape and goal") {
  int boards = 0;
  for (const Board& goal : goals()) {
    const GoalCells cells(goal);
    CAPTURE(format_tiles(goal));
    for (std::uint64_t seed = 0; seed < 150; ++seed) {
      const Board board = seed % 2 ? random_solvable_board(goal, seed)
                                   : scrambled_board(goal, static_cast<int>(seed % 40), seed);
      CAPTURE(format_tiles(board));
      const std::int64_t manhattan = manhattan_distance(board, cells);
      const std::int64_t conflict = linear_conflict(board, cells);
      CHECK(misplaced_tiles(board, cells) == plain_misplaced(board, goal));
      CHECK(manhattan == plain_manhattan(board, goal));
      CHECK(manhattan_tile_cost(board, cells) == plain_manhattan_tile_cost(board, goal));
      CHECK(conflict == plain_linear_conflict(board, goal));
      // Linear conflict only ever adds pairs of moves to Manhattan.
      CHECK(conflict >= manhattan);
      CHECK((conflict - manhattan) % 2 == 0);
      CHECK(manhattan >= misplaced_tiles(board, cells));
      ++boards;
    }
  }
  CHECK(boards == 24 * 150);
}

TEST_CASE("linear conflict sees reversed tiles in their goal row and column") {
  // 2 1 3 / 4 5 6 / 8 7 . against 1 2 3 / 4 5 6 / 7 8 .: Manhattan counts 4 single steps; tiles
  // 1,2 and 7,8 each block the other in their goal row, so one of each pair must step aside.
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Board board = parse_board(Shape{3, 3}, "2 1 3 4 5 6 8 7 0").value();
  const GoalCells cells(goal);
  CHECK(manhattan_distance(board, cells) == plain_manhattan(board, goal));
  CHECK(linear_conflict(board, cells) == manhattan_distance(board, cells) + 4);
  CHECK(plain_linear_conflict(board, goal) == linear_conflict(board, cells));
}

TEST_CASE("make_builtin_heuristic knows the five names and lists them when asked for another") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Board board = scrambled_board(goal, 20, 9);
  const GoalCells cells(goal);
  for (const char* name : {"zero", "misplaced", "manhattan", "manhattan-tile-cost",
                           "linear-conflict"}) {
    auto made = make_builtin_heuristic(name, goal);
    REQUIRE(made.ok());
    CHECK((*made)->name() == name);
  }
  CHECK(*make_builtin_heuristic("zero", goal).value()->estimate(board) == 0);
  CHECK(*make_builtin_heuristic("misplaced", goal).value()->estimate(board) ==
        misplaced_tiles(board, cells));
  CHECK(*make_builtin_heuristic("manhattan", goal).value()->estimate(board) ==
        manhattan_distance(board, cells));
  CHECK(*make_builtin_heuristic("linear-conflict", goal).value()->estimate(board) ==
        linear_conflict(board, cells));
  CHECK(*make_builtin_heuristic("manhattan-tile-cost", goal).value()->estimate(board) ==
        manhattan_tile_cost(board, cells));
  const auto unknown = make_builtin_heuristic("manhatan", goal);
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().find("'manhatan'") != std::string::npos);
  CHECK(unknown.error().find("linear-conflict") != std::string::npos);
  // A search task's heuristic is a built-in: the engine never offers a script it cannot run.
  CHECK(unknown.error().find(".lua") == std::string::npos);
  for (const char* name : {"zero", "misplaced", "manhattan", "manhattan-tile-cost",
                           "linear-conflict"}) {
    CHECK(builtin_heuristic_names().find(name) != std::string::npos);
  }
}

namespace tile {

TEST_CASE("every built-in heuristic estimates a child from its parent as it estimates it alone") {
  for (Shape shape : {Shape{2, 3}, Shape{3, 3}, Shape{4, 4}, Shape{3, 5}, Shape{5, 5}}) {
    const Board goal = goal_board(shape, GoalLayout::BlankFirst);
    for (const char* name : {"zero", "misplaced", "manhattan", "manhattan-tile-cost",
                             "linear-conflict"}) {
      auto heuristic = make_builtin_heuristic(name, goal).value();
      int compared = 0;
      for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const Board parent = scrambled_board(goal, 30, seed);
        const std::int64_t parent_h = heuristic->estimate(parent).value();
        for (Move move : kAllMoves) {
          if (!parent.can_move(move)) continue;
          const Board child = parent.moved(move);
          CHECK(heuristic->estimate_child(child, parent, parent_h) == heuristic->estimate(child));
          ++compared;
        }
      }
      CHECK(compared > 80);
    }
  }
}

}  // namespace tile

namespace tile {

TEST_CASE("a heuristic's tile terms add up to its estimate; linear conflict has none") {
  for (Shape shape : {Shape{2, 3}, Shape{3, 3}, Shape{4, 4}, Shape{5, 5}}) {
    const Board goal = goal_board(shape, GoalLayout::BlankLast);
    for (const char* name : {"zero", "misplaced", "manhattan", "manhattan-tile-cost"}) {
      CAPTURE(name);
      auto heuristic = make_builtin_heuristic(name, goal).value();
      const TileTerms* terms = heuristic->tile_terms();
      REQUIRE(terms != nullptr);
      CHECK(terms->shape == shape);
      for (std::uint64_t seed = 0; seed < 30; ++seed) {
        const Board board = scrambled_board(goal, 40, seed);
        std::int64_t sum = 0;
        for (int cell = 0; cell < board.cells(); ++cell) {
          sum += terms->term[static_cast<std::size_t>(board.at(cell))][static_cast<std::size_t>(cell)];
        }
        CHECK(sum == heuristic->estimate(board).value());
      }
    }
    CHECK(make_builtin_heuristic("linear-conflict", goal).value()->tile_terms() == nullptr);
  }
}

}  // namespace tile

TEST_CASE("tile-cost Manhattan keeps no byte terms where its largest term would not fit") {
  // 5x5: 24 times 8 cells away is 192, a byte; 2x12: 23 times 12 is 276, not.
  CHECK(make_builtin_heuristic("manhattan-tile-cost", goal_board(Shape{5, 5}, GoalLayout::BlankLast))
            .value()
            ->tile_terms() != nullptr);
  const Board goal = goal_board(Shape{2, 12}, GoalLayout::BlankLast);
  auto heuristic = make_builtin_heuristic("manhattan-tile-cost", goal).value();
  CHECK(heuristic->tile_terms() == nullptr);
  const Board board = scrambled_board(goal, 60, 3);
  CHECK(heuristic->estimate(board).value() == plain_manhattan_tile_cost(board, goal));
  const Board child = board.moved(board.can_move(Move::Up) ? Move::Up : Move::Down);
  CHECK(heuristic->estimate_child(child, board, heuristic->estimate(board).value()) ==
        plain_manhattan_tile_cost(child, goal));
}
