// The pieces of the Korf-style IDA* (fast_idastar.cpp) that know the board: the incremental
// evaluators (Manhattan distance, additive pattern databases)
// that update h from the move just made instead of recomputing it. Internal to the solver.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "engine/additive_pdb.h"
#include "engine/board.h"
#include "engine/permutation_rank.h"
#include "engine/successors.h"

namespace tile::fast_ida {

// The move table is the engine's successor table (successors.h), shared with the generic loop.

// Heuristics as compile-time policies. child() gives a child's estimate from the parent's without
// changing anything (recording in `change` what apply() will need); apply() and undo() follow the
// tile as it moves and back.

class ManhattanEval {
 public:
  struct Change {};

  explicit ManhattanEval(const Board& goal) {
    const int cols = goal.shape.cols;
    for (int target = 0; target < goal.cells(); ++target) {
      const int tile = goal.at(target);
      if (tile == 0) continue;  // the blank's row stays all zero
      for (int cell = 0; cell < goal.cells(); ++cell) {
        distance_[static_cast<std::size_t>(tile)][static_cast<std::size_t>(cell)] =
            static_cast<std::uint8_t>(std::abs(cell / cols - target / cols) +
                                      std::abs(cell % cols - target % cols));
      }
    }
  }
  int start(const Board& board) {
    int sum = 0;
    for (int cell = 0; cell < board.cells(); ++cell)
      sum += distance_[board.tiles[static_cast<std::size_t>(cell)]][static_cast<std::size_t>(cell)];
    return sum;
  }
  int child(int h, int tile, int from, int to, Change&) {
    const auto& row = distance_[static_cast<std::size_t>(tile)];
    return h - row[static_cast<std::size_t>(from)] + row[static_cast<std::size_t>(to)];
  }
  void apply(int, int, int, Change&) {}
  void undo(int, int, int, const Change&) {}

 private:
  std::array<std::array<std::uint8_t, kMaxCells>, kMaxCells> distance_{};
};

// Additive pattern databases, and with kMirror the same tables read for the mirrored board too.
// A move changes the placement of one pattern only (the moved tile's), so one lookup updates the
// sum; the mirror's moved tile is the mirror name of the moved tile, at the transposed cells.
template <bool kMirror>
class PdbEval {
 public:
  struct Change {
    std::int8_t pattern = -1;
    std::uint8_t value = 0;
    std::uint8_t old_value = 0;
    std::int8_t mirror_pattern = -1;
    std::uint8_t mirror_value = 0;
    std::uint8_t mirror_old_value = 0;
  };

  explicit PdbEval(const AdditivePdb& pdb) : cells_(pdb.goal().cells()) {
    pattern_of_.fill(-1);
    for (const auto& db : pdb.databases()) {
      Pattern& pattern = patterns_[static_cast<std::size_t>(pattern_count_)];
      pattern.values = db.values().data();
      pattern.count = static_cast<int>(db.tiles().size());
      for (int i = 0; i < pattern.count; ++i) {
        const int tile = db.tiles()[static_cast<std::size_t>(i)];
        pattern.tiles[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(tile);
        pattern_of_[static_cast<std::size_t>(tile)] = static_cast<std::int8_t>(pattern_count_);
      }
      ++pattern_count_;
    }
    if constexpr (kMirror) {
      mirror_cell_ = pdb.mirror()->cell;
      mirror_tile_ = pdb.mirror()->tile;
    }
  }

  int start(const Board& board) {
    for (int cell = 0; cell < cells_; ++cell) {
      const std::uint8_t tile = board.tiles[static_cast<std::size_t>(cell)];
      at_[tile] = static_cast<std::uint8_t>(cell);
      if constexpr (kMirror)
        mirror_at_[mirror_tile_[tile]] = mirror_cell_[static_cast<std::size_t>(cell)];
    }
    sum_ = 0;
    mirror_sum_ = 0;
    for (int p = 0; p < pattern_count_; ++p) {
      part_[static_cast<std::size_t>(p)] = value(p, at_);
      sum_ += part_[static_cast<std::size_t>(p)];
      if constexpr (kMirror) {
        mirror_part_[static_cast<std::size_t>(p)] = value(p, mirror_at_);
        mirror_sum_ += mirror_part_[static_cast<std::size_t>(p)];
      }
    }
    return kMirror ? std::max(sum_, mirror_sum_) : sum_;
  }

  int child(int, int tile, int from, int to, Change& change) {
    int sum = sum_;
    change.pattern = pattern_of_[static_cast<std::size_t>(tile)];
    if (change.pattern >= 0) {
      at_[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(to);
      change.value = value(change.pattern, at_);
      at_[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(from);
      sum += change.value - part_[static_cast<std::size_t>(change.pattern)];
    }
    if constexpr (kMirror) {
      const std::uint8_t mirrored = mirror_tile_[static_cast<std::size_t>(tile)];
      int mirror_sum = mirror_sum_;
      change.mirror_pattern = pattern_of_[mirrored];
      if (change.mirror_pattern >= 0) {
        mirror_at_[mirrored] = mirror_cell_[static_cast<std::size_t>(to)];
        change.mirror_value = value(change.mirror_pattern, mirror_at_);
        mirror_at_[mirrored] = mirror_cell_[static_cast<std::size_t>(from)];
        mirror_sum +=
            change.mirror_value - mirror_part_[static_cast<std::size_t>(change.mirror_pattern)];
      }
      return std::max(sum, mirror_sum);
    }
    return sum;
  }

  void apply(int tile, int, int to, Change& change) {
    at_[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(to);
    if (change.pattern >= 0) {
      std::uint8_t& part = part_[static_cast<std::size_t>(change.pattern)];
      change.old_value = part;
      sum_ += change.value - part;
      part = change.value;
    }
    if constexpr (kMirror) {
      const std::uint8_t mirrored = mirror_tile_[static_cast<std::size_t>(tile)];
      mirror_at_[mirrored] = mirror_cell_[static_cast<std::size_t>(to)];
      if (change.mirror_pattern >= 0) {
        std::uint8_t& part = mirror_part_[static_cast<std::size_t>(change.mirror_pattern)];
        change.mirror_old_value = part;
        mirror_sum_ += change.mirror_value - part;
        part = change.mirror_value;
      }
    }
  }

  void undo(int tile, int from, int, const Change& change) {
    at_[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(from);
    if (change.pattern >= 0) {
      part_[static_cast<std::size_t>(change.pattern)] = change.old_value;
      sum_ += change.old_value - change.value;
    }
    if constexpr (kMirror) {
      const std::uint8_t mirrored = mirror_tile_[static_cast<std::size_t>(tile)];
      mirror_at_[mirrored] = mirror_cell_[static_cast<std::size_t>(from)];
      if (change.mirror_pattern >= 0) {
        mirror_part_[static_cast<std::size_t>(change.mirror_pattern)] = change.mirror_old_value;
        mirror_sum_ += change.mirror_old_value - change.mirror_value;
      }
    }
  }

 private:
  struct Pattern {
    const std::uint8_t* values = nullptr;
    std::array<std::uint8_t, PatternDatabase::kMaxTiles> tiles{};
    int count = 0;
  };
  using Cells = std::array<std::uint8_t, kMaxCells>;

  // rank_placement inlined over the tiles' cells, read through the tile -> cell array.
  int value(int p, const Cells& at) const {
    const Pattern& pattern = patterns_[static_cast<std::size_t>(p)];
    std::uint32_t taken = 0;
    std::uint64_t rank = 0;
    for (int i = 0; i < pattern.count; ++i) {
      const std::uint32_t cell = at[pattern.tiles[static_cast<std::size_t>(i)]];
      rank = rank * static_cast<std::uint64_t>(cells_ - i) + cell -
             count_bits(taken & ((1u << cell) - 1u));
      taken |= 1u << cell;
    }
    return pattern.values[rank];
  }

  int cells_;
  std::array<Pattern, kMaxCells> patterns_{};
  int pattern_count_ = 0;
  std::array<std::int8_t, kMaxCells> pattern_of_{};  // tile -> pattern, -1 for none
  Cells at_{};                                       // tile -> cell
  std::array<std::uint8_t, kMaxCells> part_{};       // value per pattern
  int sum_ = 0;
  Cells mirror_cell_{};
  Cells mirror_tile_{};
  Cells mirror_at_{};  // mirrored tile -> cell on the mirrored board
  std::array<std::uint8_t, kMaxCells> mirror_part_{};
  int mirror_sum_ = 0;
};

}  // namespace tile::fast_ida
