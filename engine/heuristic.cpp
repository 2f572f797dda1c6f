#include "engine/heuristic.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>
#include <vector>

namespace tile {

GoalCells::GoalCells(const Board& goal) : shape(goal.shape) {
  for (int cell = 0; cell < goal.cells(); ++cell) {
    cell_of_tile[goal.tiles[static_cast<std::size_t>(cell)]] = static_cast<std::uint8_t>(cell);
  }
}

std::int64_t misplaced_tiles(const Board& board, const GoalCells& goal) {
  std::int64_t count = 0;
  for (int cell = 0; cell < board.cells(); ++cell) {
    const int tile = board.at(cell);
    if (tile != 0 && goal.cell_of_tile[static_cast<std::size_t>(tile)] != cell) ++count;
  }
  return count;
}

namespace {

// Moves between two cells of a board `cols` wide, ignoring every other tile.
int cells_apart(int cell, int target, int cols) {
  return std::abs(cell / cols - target / cols) + std::abs(cell % cols - target % cols);
}

// Each tile's distance from its goal cell, summed; times the tile's number where moving a tile
// costs that (kByTileCost).
template <bool kByTileCost>
std::int64_t distance_sum(const Board& board, const GoalCells& goal) {
  const int cols = board.shape.cols;
  std::int64_t sum = 0;
  for (int cell = 0; cell < board.cells(); ++cell) {
    const int tile = board.at(cell);
    if (tile == 0) continue;
    const int apart = cells_apart(cell, goal.cell_of_tile[static_cast<std::size_t>(tile)], cols);
    sum += kByTileCost ? tile * apart : apart;
  }
  return sum;
}

}  // namespace

std::int64_t manhattan_distance(const Board& board, const GoalCells& goal) {
  return distance_sum<false>(board, goal);
}

std::int64_t manhattan_tile_cost(const Board& board, const GoalCells& goal) {
  return distance_sum<true>(board, goal);
}

namespace {

// Length of the longest strictly increasing subsequence; n <= 5, so quadratic is plenty.
int longest_increasing_run(const std::vector<int>& values) {
  std::vector<int> best(values.size(), 1);
  int longest = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (values[j] < values[i]) best[i] = std::max(best[i], best[j] + 1);
    }
    longest = std::max(longest, best[i]);
  }
  return longest;
}

}  // namespace

std::int64_t linear_conflict(const Board& board, const GoalCells& goal) {
  const int rows = board.shape.rows;
  const int cols = board.shape.cols;
  std::int64_t extra = 0;
  std::vector<int> goal_positions;
  for (int row = 0; row < rows; ++row) {
    goal_positions.clear();
    for (int col = 0; col < cols; ++col) {
      const int tile = board.at(row * cols + col);
      if (tile == 0) continue;
      const int target = goal.cell_of_tile[static_cast<std::size_t>(tile)];
      if (target / cols == row) goal_positions.push_back(target % cols);
    }
    extra += static_cast<std::int64_t>(goal_positions.size()) - longest_increasing_run(goal_positions);
  }
  for (int col = 0; col < cols; ++col) {
    goal_positions.clear();
    for (int row = 0; row < rows; ++row) {
      const int tile = board.at(row * cols + col);
      if (tile == 0) continue;
      const int target = goal.cell_of_tile[static_cast<std::size_t>(tile)];
      if (target % cols == col) goal_positions.push_back(target / cols);
    }
    extra += static_cast<std::int64_t>(goal_positions.size()) - longest_increasing_run(goal_positions);
  }
  return manhattan_distance(board, goal) + 2 * extra;
}

namespace {

std::int64_t zero_estimate(const Board&, const GoalCells&) { return 0; }

class BuiltinHeuristic final : public Heuristic {
 public:
  using Function = std::int64_t (*)(const Board&, const GoalCells&);
  BuiltinHeuristic(std::string name, Function function, const Board& goal)
      : name_(std::move(name)), function_(function), goal_(goal) {
    // Four of the five are sums of tile terms: a tile's distance from its goal cell (times its
    // number, for tile costs), whether it is off its goal cell, nothing. Linear conflict is not
    // (a term depends on two tiles). A term is a byte: tile costs on a board whose largest term
    // does not fit go without (the loop then asks estimate()).
    const bool fits = function != manhattan_tile_cost ||
                      (goal.cells() - 1) * (goal.shape.rows + goal.shape.cols - 2) <= 255;
    if (fits && (function == manhattan_distance || function == manhattan_tile_cost ||
                 function == misplaced_tiles || function == zero_estimate)) {
      terms_.emplace();
      terms_->shape = goal.shape;
      const int cols = goal.shape.cols;
      for (int tile = 1; tile < goal.cells(); ++tile) {
        const int target = goal_.cell_of_tile[static_cast<std::size_t>(tile)];
        for (int cell = 0; cell < goal.cells(); ++cell) {
          int term = 0;
          const int distance = cells_apart(cell, target, cols);
          if (function == manhattan_distance) {
            term = distance;
          } else if (function == manhattan_tile_cost) {
            term = tile * distance;
          } else if (function == misplaced_tiles) {
            term = cell != target ? 1 : 0;
          }
          terms_->term[static_cast<std::size_t>(tile)][static_cast<std::size_t>(cell)] =
              static_cast<std::uint8_t>(term);
        }
      }
    }
  }

  std::optional<std::int64_t> estimate(const Board& board) override {
    return function_(board, goal_);
  }
  // A sum of tile terms changes only by the tile that moved: from the child's blank cell to the
  // parent's.
  std::optional<std::int64_t> estimate_child(const Board& child, const Board& parent,
                                             std::int64_t parent_h) override {
    if (!terms_ || !(child.shape == terms_->shape) || !(parent.shape == terms_->shape)) {
      return estimate(child);
    }
    return terms_->after_move(parent_h, child.tiles[parent.blank], child.blank, parent.blank);
  }
  const TileTerms* tile_terms() const override { return terms_ ? &*terms_ : nullptr; }
  std::string name() const override { return name_; }

 private:
  std::string name_;
  Function function_;
  GoalCells goal_;
  std::optional<TileTerms> terms_;
};

struct BuiltinEntry {
  std::string_view name;
  BuiltinHeuristic::Function function;
};

constexpr BuiltinEntry kBuiltins[] = {
    {"zero", zero_estimate},
    {"misplaced", misplaced_tiles},
    {"manhattan", manhattan_distance},
    {"manhattan-tile-cost", manhattan_tile_cost},
    {"linear-conflict", linear_conflict},
};

}  // namespace

std::string builtin_heuristic_names() {
  std::string names;
  for (const auto& entry : kBuiltins) {
    if (!names.empty()) names += ", ";
    names += entry.name;
  }
  return names;
}

Result<std::unique_ptr<Heuristic>> make_builtin_heuristic(std::string_view name,
                                                          const Board& goal) {
  for (const auto& entry : kBuiltins) {
    if (entry.name == name) {
      return std::unique_ptr<Heuristic>(
          std::make_unique<BuiltinHeuristic>(std::string(name), entry.function, goal));
    }
  }
  return Error{"unknown heuristic '" + std::string(name) +
               "' (expected one of: " + builtin_heuristic_names() + ")"};
}

}  // namespace tile
