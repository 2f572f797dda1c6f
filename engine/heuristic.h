// Heuristics: kept apart from the search (as in Fast Downward), so any estimator (built in, a
// pattern database, or a student's Lua function living in grader/) plugs into every algorithm.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/result.h"

namespace tile {

// An estimate that is a sum over the tiles of a term that depends only on the tile and its cell
// (Manhattan distance, misplaced tiles, zero): h(board) = sum of term[tile][cell], the blank's
// term 0. A move changes one tile's term, so a search can update a child's value from its
// parent's with two table reads, on the packed state, building no board.
struct TileTerms {
  Shape shape;  // the boards the table is for
  std::array<std::array<std::uint8_t, kMaxCells>, kMaxCells> term{};  // [tile][cell]

  // The estimate after `tile` slides from cell `from` to cell `to`, from the one before.
  std::int64_t after_move(std::int64_t h, int tile, int from, int to) const {
    const auto& row = term[static_cast<std::size_t>(tile)];
    return h - row[static_cast<std::size_t>(from)] + row[static_cast<std::size_t>(to)];
  }
};

class Heuristic {
 public:
  virtual ~Heuristic() = default;
  // The estimate of the distance from board to the goal, or nothing when the estimator failed;
  // the search then stops with status heuristic-failed and reports failure_message().
  virtual std::optional<std::int64_t> estimate(const Board& board) = 0;
  // The estimate of `child`, which is `parent` after one move, when `parent`'s estimate was
  // `parent_h`: always the value estimate(child) gives. The search asks this for every child, so
  // an estimator that can update the parent's value from the one tile that moved overrides it.
  virtual std::optional<std::int64_t> estimate_child(const Board& child, const Board& parent,
                                                     std::int64_t parent_h) {
    (void)parent;
    (void)parent_h;
    return estimate(child);
  }
  // The table when the estimate is a sum of tile terms (always then the value estimate gives),
  // or nothing. A search uses it instead of estimate_child where the shape is the table's.
  virtual const TileTerms* tile_terms() const { return nullptr; }
  virtual std::string failure_message() const { return {}; }
  virtual std::string name() const = 0;
};

// Where each tile sits in the goal, so estimates cost O(cells) and need no search of the goal.
struct GoalCells {
  Shape shape;
  std::array<std::uint8_t, kMaxCells> cell_of_tile{};
  explicit GoalCells(const Board& goal);
};

std::int64_t misplaced_tiles(const Board& board, const GoalCells& goal);  // blank excluded
std::int64_t manhattan_distance(const Board& board, const GoalCells& goal);
// Manhattan with each tile's distance times its number: the cost of its moves where moving a tile
// costs the number on it (cost "tile"), so admissible and consistent there, where plain Manhattan
// is admissible but counts a 15 like a 1.
std::int64_t manhattan_tile_cost(const Board& board, const GoalCells& goal);
// Manhattan plus two moves for every tile that must leave its goal row or column to let another
// pass: per line, the tiles already in their goal line minus the longest run in goal order.
std::int64_t linear_conflict(const Board& board, const GoalCells& goal);

// The built-in names: zero, misplaced, manhattan, manhattan-tile-cost, linear-conflict. Unknown
// names are an error that lists the accepted ones. (Pattern databases register themselves with make_heuristic elsewhere.)
Result<std::unique_ptr<Heuristic>> make_builtin_heuristic(std::string_view name, const Board& goal);
std::string builtin_heuristic_names();

}  // namespace tile
