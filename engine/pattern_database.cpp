#include "engine/pattern_database.h"

#include <algorithm>
#include <array>
#include <bit>
#include <utility>

namespace tile {

Status check_pattern(const Board& goal, const std::vector<int>& tiles) {
  const int cells = goal.cells();
  if (tiles.empty()) return Error{"a pattern needs at least one tile"};
  if (static_cast<int>(tiles.size()) > PatternDatabase::kMaxTiles) {
    return Error{"a pattern has at most " + std::to_string(PatternDatabase::kMaxTiles) +
                 " tiles, got " + std::to_string(tiles.size())};
  }
  std::array<bool, kMaxCells> seen{};
  for (int tile : tiles) {
    if (tile <= 0 || tile >= cells) {
      return Error{"pattern tile " + std::to_string(tile) + " is not a tile of a " +
                   format_shape(goal.shape) + " board (1.." + std::to_string(cells - 1) +
                   "; the blank is never part of a pattern)"};
    }
    if (seen[static_cast<std::size_t>(tile)]) {
      return Error{"tile " + std::to_string(tile) + " appears twice in one pattern"};
    }
    seen[static_cast<std::size_t>(tile)] = true;
  }
  const std::uint64_t entries = placement_count(cells, static_cast<int>(tiles.size()));
  if (entries > PatternDatabase::kMaxEntries) {
    return Error{"a pattern of " + std::to_string(tiles.size()) + " tiles on a " +
                 format_shape(goal.shape) + " board has " + std::to_string(entries) +
                 " placements, more than the " + std::to_string(PatternDatabase::kMaxEntries) +
                 " a database may hold"};
  }
  return success();
}

namespace {

// Cells as bits of a 32-bit mask (at most 25 cells), so a blank region is found by a few shifts.
class GridMasks {
 public:
  explicit GridMasks(Shape shape) : cols_(shape.cols) {
    const int cells = shape.cells();
    all_ = cells == 32 ? ~0u : (1u << cells) - 1u;
    for (int cell = 0; cell < cells; ++cell) {
      if (cell % cols_ != 0) not_first_col_ |= 1u << cell;
      if (cell % cols_ != cols_ - 1) not_last_col_ |= 1u << cell;
    }
    for (int cell = 0; cell < cells; ++cell) {
      neighbours_[static_cast<std::size_t>(cell)] = grow(1u << cell);
    }
  }

  std::uint32_t all() const { return all_; }
  std::uint32_t neighbours(int cell) const { return neighbours_[static_cast<std::size_t>(cell)]; }

  // Every cell of `free` that the blank at `start` reaches through free cells.
  std::uint32_t region(std::uint32_t start, std::uint32_t free) const {
    std::uint32_t region = start;
    for (;;) {
      const std::uint32_t next = region | (grow(region) & free);
      if (next == region) return region;
      region = next;
    }
  }

 private:
  std::uint32_t grow(std::uint32_t cells) const {
    return ((cells >> cols_) | (cells << cols_) | ((cells & not_first_col_) >> 1) |
            ((cells & not_last_col_) << 1)) &
           all_;
  }

  int cols_;
  std::uint32_t all_ = 0;
  std::uint32_t not_first_col_ = 0;
  std::uint32_t not_last_col_ = 0;
  std::array<std::uint32_t, kMaxCells> neighbours_{};
};

// A search state in 64 bits: the pattern tiles' cells, five bits each, then the region's name.
constexpr int kRegionShift = 5 * PatternDatabase::kMaxTiles;

std::uint64_t pack_state(const std::uint8_t* cells, int tiles, int region_cell) {
  std::uint64_t packed = 0;
  for (int i = 0; i < tiles; ++i) packed |= static_cast<std::uint64_t>(cells[i]) << (5 * i);
  return packed | static_cast<std::uint64_t>(region_cell) << kRegionShift;
}

class Bits {
 public:
  explicit Bits(std::uint64_t count) : words_((count + 63) / 64, 0) {}
  // Sets the bit; returns true if it was clear.
  bool set(std::uint64_t index) {
    std::uint64_t& word = words_[index >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (index & 63);
    if (word & bit) return false;
    word |= bit;
    return true;
  }

 private:
  std::vector<std::uint64_t> words_;
};

}  // namespace

Result<PatternDatabase> PatternDatabase::build(const Board& goal, std::vector<int> tiles,
                                               const Progress& progress) {
  if (auto pattern = check_pattern(goal, tiles); !pattern) return pattern.failure();
  const int cells = goal.cells();
  const int count = static_cast<int>(tiles.size());
  const GridMasks grid(goal.shape);

  PatternDatabase db;
  db.goal_ = goal;
  db.tiles_ = std::move(tiles);
  db.values_.assign(placement_count(cells, count), kUnreached);

  std::array<std::uint8_t, kMaxCells> at{};  // cell of each pattern tile (kMaxTiles used)
  for (int cell = 0; cell < cells; ++cell) {
    for (int i = 0; i < count; ++i) {
      if (goal.at(cell) == db.tiles_[static_cast<std::size_t>(i)]) {
        at[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(cell);
      }
    }
  }
  // Visited marks per (placement, region), the region named by its lowest cell counted among the
  // free cells only (cells - count of them, not cells: half the memory for the 8 tiles of 7-8).
  const auto free_cells = static_cast<std::uint64_t>(cells - count);
  Bits visited(db.values_.size() * free_cells);
  auto mark = [&](std::uint64_t rank, std::uint32_t free, int region_cell) {
    return visited.set(rank * free_cells + count_bits(free & ((1u << region_cell) - 1u)));
  };
  auto occupied_by = [&](const std::array<std::uint8_t, kMaxCells>& where) {
    std::uint32_t mask = 0;
    for (int i = 0; i < count; ++i) mask |= 1u << where[static_cast<std::size_t>(i)];
    return mask;
  };

  std::vector<std::uint64_t> layer;
  std::vector<std::uint64_t> next;
  {
    const std::uint32_t free = grid.all() & ~occupied_by(at);
    const int region_cell = std::countr_zero(grid.region(1u << goal.blank, free));
    const std::uint64_t rank = rank_placement(at.data(), count, cells);
    db.values_[rank] = 0;
    mark(rank, free, region_cell);
    layer.push_back(pack_state(at.data(), count, region_cell));
  }
  std::uint64_t valued = 1;
  int cost = 0;
  while (!layer.empty()) {
    if (progress) progress(cost, valued);
    if (cost + 1 >= kUnreached) return Error{"pattern database values overflow one byte"};
    for (const std::uint64_t state : layer) {
      for (int i = 0; i < count; ++i) {
        at[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>((state >> (5 * i)) & 31);
      }
      const std::uint32_t free = grid.all() & ~occupied_by(at);
      const std::uint32_t region = grid.region(1u << static_cast<int>(state >> kRegionShift), free);
      for (int i = 0; i < count; ++i) {
        const int from = at[static_cast<std::size_t>(i)];
        // The tile slides into any region cell next to it; the blank takes the tile's old cell.
        for (std::uint32_t into = grid.neighbours(from) & region; into != 0; into &= into - 1) {
          const int to = std::countr_zero(into);
          at[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(to);
          const std::uint32_t moved_free = (free & ~(1u << to)) | (1u << from);
          const int region_cell = std::countr_zero(grid.region(1u << from, moved_free));
          const std::uint64_t rank = rank_placement(at.data(), count, cells);
          if (mark(rank, moved_free, region_cell)) {
            if (db.values_[rank] == kUnreached) {
              db.values_[rank] = static_cast<std::uint8_t>(cost + 1);
              ++valued;
            }
            next.push_back(pack_state(at.data(), count, region_cell));
          }
        }
        at[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(from);
      }
    }
    layer.swap(next);
    next.clear();
    next.shrink_to_fit();  // layers of big patterns hold tens of millions of states
    ++cost;
  }
  // Placements never reached keep kUnreached: when the pattern holds every tile only one parity
  // class is reachable, as on the whole board.
  return db;
}

Result<PatternDatabase> PatternDatabase::from_values(const Board& goal, std::vector<int> tiles,
                                                     std::vector<std::uint8_t> values) {
  if (auto pattern = check_pattern(goal, tiles); !pattern) return pattern.failure();
  const std::uint64_t expected = placement_count(goal.cells(), static_cast<int>(tiles.size()));
  if (values.size() != expected) {
    return Error{"pattern database has " + std::to_string(values.size()) + " values, expected " +
                 std::to_string(expected)};
  }
  PatternDatabase db;
  db.goal_ = goal;
  db.tiles_ = std::move(tiles);
  db.values_ = std::move(values);
  return db;
}

int PatternDatabase::lookup(const Board& board) const {
  std::array<std::uint8_t, kMaxCells> cell_of_tile{};
  for (int cell = 0; cell < board.cells(); ++cell) {
    cell_of_tile[board.tiles[static_cast<std::size_t>(cell)]] = static_cast<std::uint8_t>(cell);
  }
  std::array<std::uint8_t, kMaxCells> at{};
  for (std::size_t i = 0; i < tiles_.size(); ++i) {
    at[i] = cell_of_tile[static_cast<std::size_t>(tiles_[i])];
  }
  return values_[rank_of(at.data())];
}

int PatternDatabase::max_value() const {
  int largest = 0;
  for (std::uint8_t value : values_) {
    if (value != kUnreached && value > largest) largest = value;
  }
  return largest;
}

double PatternDatabase::mean_value() const {
  std::uint64_t sum = 0;
  std::uint64_t count = 0;
  for (std::uint8_t value : values_) {
    if (value == kUnreached) continue;
    sum += value;
    ++count;
  }
  return count == 0 ? 0 : static_cast<double>(sum) / static_cast<double>(count);
}

}  // namespace tile
