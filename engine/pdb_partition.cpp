#include "engine/pdb_partition.h"

#include <algorithm>
#include <array>
#include <charconv>

#include "engine/pattern_database.h"
#include "engine/permutation_rank.h"

namespace tile {

namespace {

struct NamedSplit {
  Shape shape;
  std::string_view name;
  std::vector<std::vector<int>> cells;  // goal cells per pattern, blank at cell 0
};

// Drawn with the blank at cell 0:
//   3x3  0 1 2    4x4   0  1  2  3    5x5   0  1  2  3  4
//        3 4 5          4  5  6  7          5  6  7  8  9
//        6 7 8          8  9 10 11         10 11 12 13 14
//                      12 13 14 15         15 16 17 18 19
//                                          20 21 22 23 24
const std::vector<NamedSplit>& named_splits() {
  static const std::vector<NamedSplit> splits = {
      {{3, 3}, "4-4", {{1, 2, 4, 5}, {3, 6, 7, 8}}},
      // 4x4: the best of the compact splits we measured, by nodes generated over the first 40
      // of Korf's 100 instances with the reflection (5-5-5: 42 million, against 57 to 224 million
      // for other splits; 6-6-3: 15 million, against 18 to 136 million).
      {{4, 4}, "5-5-5", {{1, 4, 5, 8, 12}, {2, 3, 6, 7, 11}, {9, 10, 13, 14, 15}}},
      {{4, 4}, "6-6-3", {{1, 4, 5, 8, 9, 12}, {2, 3, 6, 7, 10, 11}, {13, 14, 15}}},
      {{4, 4}, "7-8", {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
      // Korf & Felner (2002), "Disjoint pattern database heuristics", the 24-puzzle split.
      {{5, 5},
       "6-6-6-6",
       {{1, 2, 5, 6, 7, 12},
        {3, 4, 8, 9, 13, 14},
        {10, 11, 15, 16, 20, 21},
        {17, 18, 19, 22, 23, 24}}},
  };
  return splits;
}

std::vector<int> tiles_in_goal_order(const Board& goal) {
  std::vector<int> tiles;
  for (int cell = 0; cell < goal.cells(); ++cell) {
    if (goal.at(cell) != 0) tiles.push_back(goal.at(cell));
  }
  return tiles;
}

// The cell that a drawing's cell lands on when the drawing is flipped to put its cell 0 where the
// goal's blank is; -1 when the blank is not in a corner.
int flipped_cell(Shape shape, int blank, int cell) {
  const int blank_row = blank / shape.cols;
  const int blank_col = blank % shape.cols;
  const bool flip_rows = blank_row == shape.rows - 1;
  const bool flip_cols = blank_col == shape.cols - 1;
  if ((blank_row != 0 && !flip_rows) || (blank_col != 0 && !flip_cols)) return -1;
  const int row = cell / shape.cols;
  const int col = cell % shape.cols;
  return (flip_rows ? shape.rows - 1 - row : row) * shape.cols +
         (flip_cols ? shape.cols - 1 - col : col);
}

Result<Partition> named_partition(const Board& goal, const NamedSplit& split) {
  Partition partition{std::string(split.name), {}};
  for (const auto& group : split.cells) {
    std::vector<int> tiles;
    for (int cell : group) {
      const int at = flipped_cell(goal.shape, goal.blank, cell);
      if (at < 0) {
        return Error{"partition " + std::string(split.name) +
                     " is drawn for a goal with the blank in a corner; this goal's blank is at "
                     "cell " +
                     std::to_string(goal.blank) + " (use auto or explicit tiles)"};
      }
      tiles.push_back(goal.at(at));
    }
    partition.patterns.push_back(std::move(tiles));
  }
  return partition;
}

Result<std::vector<int>> parse_tile_group(std::string_view text) {
  std::vector<int> tiles;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ',' || text[i] == ' ') {
      ++i;
      continue;
    }
    int value = 0;
    const auto parsed = std::from_chars(text.data() + i, text.data() + text.size(), value);
    if (parsed.ec != std::errc()) {
      std::string message(text);  // appended, not prefixed: GCC 12 warns falsely on "x" + string
      message += " is not a comma-separated list of tile numbers";
      return Error{message};
    }
    tiles.push_back(value);
    i = static_cast<std::size_t>(parsed.ptr - text.data());
  }
  return tiles;
}

Result<Partition> explicit_partition(const Board& goal, std::string_view text) {
  Partition partition{"custom", {}};
  std::array<bool, kMaxCells> used{};
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t slash = std::min(text.find('/', start), text.size());
    auto tiles = parse_tile_group(text.substr(start, slash - start));
    if (!tiles) return tiles.failure_in("partition: ");
    if (auto pattern = check_pattern(goal, *tiles); !pattern) return pattern.failure_in("partition: ");
    for (int tile : *tiles) {
      // Additivity needs disjoint patterns: a tile in two patterns would have its moves counted
      // twice and the sum could overestimate.
      if (used[static_cast<std::size_t>(tile)]) {
        return Error{"partition: tile " + std::to_string(tile) +
                     " is in two patterns; additive patterns must be disjoint"};
      }
      used[static_cast<std::size_t>(tile)] = true;
    }
    partition.patterns.push_back(std::move(*tiles));
    start = slash + 1;
  }
  partition.name = "custom " + partition_sizes(partition.patterns);
  return partition;
}

}  // namespace

std::string partition_sizes(const std::vector<std::vector<int>>& patterns) {
  std::string sizes;
  for (const auto& pattern : patterns) {
    if (!sizes.empty()) sizes += '-';
    sizes += std::to_string(pattern.size());
  }
  return sizes;
}

Partition auto_partition(const Board& goal) {
  const std::vector<int> tiles = tiles_in_goal_order(goal);
  int group = 1;
  while (group < static_cast<int>(tiles.size()) && group < PatternDatabase::kMaxTiles &&
         placement_count(goal.cells(), group + 1) <= kAutoMaxEntries) {
    ++group;
  }
  Partition partition{"auto", {}};
  for (std::size_t i = 0; i < tiles.size(); i += static_cast<std::size_t>(group)) {
    const std::size_t end = std::min(tiles.size(), i + static_cast<std::size_t>(group));
    partition.patterns.emplace_back(tiles.begin() + static_cast<std::ptrdiff_t>(i),
                                    tiles.begin() + static_cast<std::ptrdiff_t>(end));
  }
  partition.name = "auto " + partition_sizes(partition.patterns);
  return partition;
}

std::string partition_names(Shape shape) {
  std::string names = "default, auto";
  for (const auto& split : named_splits()) {
    if (split.shape == shape) names += ", " + std::string(split.name);
  }
  return names + ", or tile lists such as 1,2,3/4,5,6";
}

Result<Partition> parse_partition(const Board& goal, std::string_view text) {
  if (text == "auto") return auto_partition(goal);
  if (text == "default" || text.empty()) {
    if (goal.shape == Shape{4, 4} && flipped_cell(goal.shape, goal.blank, 0) >= 0) {
      return parse_partition(goal, "6-6-3");
    }
    return auto_partition(goal);
  }
  for (const auto& split : named_splits()) {
    if (split.name == text && split.shape == goal.shape) return named_partition(goal, split);
  }
  if (text.find_first_not_of("0123456789,/ ") == std::string_view::npos &&
      text.find_first_of(",/") != std::string_view::npos) {
    return explicit_partition(goal, text);
  }
  return Error{"unknown partition '" + std::string(text) + "' for a " + format_shape(goal.shape) +
               " board (expected " + partition_names(goal.shape) + ")"};
}

}  // namespace tile
