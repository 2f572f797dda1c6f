#include "engine/exact_table.h"

#include <string>

#include "engine/permutation_rank.h"

namespace tile {

namespace {

constexpr std::uint8_t kUnreached = 0xFF;

// Queue entries are whole boards packed four bits per cell (at most 10 cells: 40 bits), with the
// blank's cell and the cell it came from above them. Carrying the board avoids unranking, and
// carrying the previous blank cell skips the move straight back (always already reached).
constexpr int kBlankShift = 48;
constexpr int kFromShift = 56;
constexpr std::uint64_t kNoCell = 0xFF;

std::uint64_t pack_board(const Board& board) {
  std::uint64_t packed = 0;
  for (int cell = 0; cell < board.cells(); ++cell) {
    packed |= static_cast<std::uint64_t>(board.at(cell)) << (4 * cell);
  }
  return packed | static_cast<std::uint64_t>(board.blank) << kBlankShift | kNoCell << kFromShift;
}

// rank_placement over the tile sequence, read straight from the packed nibbles.
std::uint64_t rank_packed(std::uint64_t packed, int cells) {
  std::uint32_t taken = 0;
  std::uint64_t rank = 0;
  for (int cell = 0; cell < cells; ++cell) {
    const auto tile = static_cast<std::uint32_t>((packed >> (4 * cell)) & 0xF);
    const std::uint32_t digit = tile - count_bits(taken & ((1u << tile) - 1u));
    rank = rank * static_cast<std::uint64_t>(cells - cell) + digit;
    taken |= 1u << tile;
  }
  return rank;
}

}  // namespace

Result<ExactTable> ExactTable::build(const Board& goal) {
  const int cells = goal.cells();
  if (cells > kMaxCells) {
    return Error{"a complete distance table needs a board of at most " + std::to_string(kMaxCells) +
                 " cells; " + format_shape(goal.shape) + " has " + std::to_string(cells)};
  }
  const int cols = goal.shape.cols;
  // Neighbour cells of every cell, the blank's possible destinations.
  std::vector<std::vector<int>> neighbours(static_cast<std::size_t>(cells));
  for (int cell = 0; cell < cells; ++cell) {
    auto& list = neighbours[static_cast<std::size_t>(cell)];
    if (cell >= cols) list.push_back(cell - cols);
    if (cell + cols < cells) list.push_back(cell + cols);
    if (cell % cols > 0) list.push_back(cell - 1);
    if (cell % cols < cols - 1) list.push_back(cell + 1);
  }

  ExactTable table;
  table.goal_ = goal;
  table.distance_.assign(placement_count(cells, cells), kUnreached);
  std::vector<std::uint64_t> queue;
  queue.reserve(table.distance_.size() / 2);
  const std::uint64_t start = pack_board(goal);
  queue.push_back(start);
  table.distance_[rank_packed(start, cells)] = 0;

  // Plain FIFO breadth-first search; a layer ends where the previous layer's children end.
  std::size_t head = 0;
  std::size_t layer_end = 1;
  int depth = 0;
  table.layer_sizes_.push_back(1);
  while (head < queue.size()) {
    if (head == layer_end) {
      ++depth;
      layer_end = queue.size();
      table.layer_sizes_.push_back(layer_end - head);
    }
    const std::uint64_t state = queue[head++];
    const int blank = static_cast<int>((state >> kBlankShift) & 0xFF);
    const int from = static_cast<int>((state >> kFromShift) & 0xFF);
    const std::uint64_t tiles = state & ((std::uint64_t{1} << kBlankShift) - 1);
    for (int target : neighbours[static_cast<std::size_t>(blank)]) {
      if (target == from) continue;
      const std::uint64_t tile = (tiles >> (4 * target)) & 0xF;
      const std::uint64_t child_tiles = tiles - (tile << (4 * target)) + (tile << (4 * blank));
      const std::uint64_t rank = rank_packed(child_tiles, cells);
      if (table.distance_[rank] != kUnreached) continue;
      table.distance_[rank] = static_cast<std::uint8_t>(depth + 1);
      queue.push_back(child_tiles | static_cast<std::uint64_t>(target) << kBlankShift |
                      static_cast<std::uint64_t>(blank) << kFromShift);
    }
  }
  table.reachable_ = queue.size();
  return table;
}

int ExactTable::distance(const Board& board) const {
  if (!(board.shape == goal_.shape)) return -1;
  const std::uint8_t value =
      distance_[rank_placement(board.tiles.data(), board.cells(), board.cells())];
  return value == kUnreached ? -1 : value;
}

}  // namespace tile
