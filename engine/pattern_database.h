// One pattern database: for every placement of a pattern's tiles, the fewest moves OF THOSE TILES
// that bring them to their goal cells while every other tile moves for free.
//
// Counting only the pattern's own moves is what makes disjoint databases additive (Korf & Felner):
// each move slides exactly one tile, so over patterns with no tile in common the sum of the values
// never exceeds the true distance. The blank is not part of the index (that would multiply the
// table by the number of cells); the value of a placement is its cheapest over blank positions.
//
// Building: a breadth-first search backwards from the goal placement over states (placement,
// blank region). The blank's region is the set of cells it can reach without moving a pattern tile;
// moves inside it are free, so all blank cells of one region are one state, named by the region's
// lowest cell. Sliding a pattern tile next to the region into it costs 1 and leaves the blank where
// the tile was. Layers are finished in order of cost, so the first layer that reaches a placement
// gives its value.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/permutation_rank.h"
#include "engine/result.h"

namespace tile {

class PatternDatabase {
 public:
  // 16!/8! = 518,918,400 (the 8-tile half of the 4x4 7-8 split) fits; a 7-tile 5x5 pattern
  // (2.4 billion entries) does not. Building also needs entries * (cells - tiles) visited bits.
  static constexpr std::uint64_t kMaxEntries = 600'000'000;
  static constexpr int kMaxTiles = 11;  // a search state packs 5 bits per tile and the region
  static constexpr std::uint8_t kUnreached = 0xFF;

  // Called after each finished layer of the build with its cost and the placements valued so far.
  using Progress = std::function<void(int cost, std::uint64_t placements_valued)>;

  // `tiles` are board values (not 0), distinct; their order fixes the rank layout.
  static Result<PatternDatabase> build(const Board& goal, std::vector<int> tiles,
                                       const Progress& progress = {});
  // A database from stored values (the cache file); checks the count only.
  static Result<PatternDatabase> from_values(const Board& goal, std::vector<int> tiles,
                                             std::vector<std::uint8_t> values);

  // The value for this board's placement of the pattern's tiles (O(cells); the fast solver keeps
  // tile positions itself and calls value_at).
  int lookup(const Board& board) const;
  int value_at(std::uint64_t rank) const { return values_[rank]; }
  std::uint64_t rank_of(const std::uint8_t* cell_of_pattern_tile) const {
    return rank_placement(cell_of_pattern_tile, static_cast<int>(tiles_.size()), goal_.cells());
  }

  const Board& goal() const { return goal_; }
  const std::vector<int>& tiles() const { return tiles_; }
  const std::vector<std::uint8_t>& values() const { return values_; }
  std::uint64_t entries() const { return values_.size(); }
  // Over reachable placements (a pattern of every tile reaches only half of them).
  int max_value() const;
  // Mean value: the usual summary of a database's strength.
  double mean_value() const;

 private:
  PatternDatabase() = default;

  Board goal_;
  std::vector<int> tiles_;
  std::vector<std::uint8_t> values_;
};

// Success when these tiles can form a pattern for this goal, else an error saying why (repeated,
// blank, out of range, too many, too large a table).
Status check_pattern(const Board& goal, const std::vector<int>& tiles);

}  // namespace tile
