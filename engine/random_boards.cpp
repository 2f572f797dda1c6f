#include "engine/random_boards.h"

#include <utility>
#include <vector>

namespace tile {

std::uint64_t SplitMix64::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t SplitMix64::below(std::uint64_t bound) {
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  std::uint64_t value = next();
  while (value >= limit) value = next();
  return value % bound;
}

Board random_solvable_board(const Board& goal, std::uint64_t seed) {
  SplitMix64 random(seed);
  std::vector<int> tiles(static_cast<std::size_t>(goal.cells()));
  for (int cell = 0; cell < goal.cells(); ++cell) tiles[static_cast<std::size_t>(cell)] = cell;
  for (std::size_t i = tiles.size() - 1; i > 0; --i) {
    std::swap(tiles[i], tiles[random.below(i + 1)]);
  }
  Board board = make_board(goal.shape, tiles).value();
  if (!check_reachable(board, goal)) {
    // Swapping two tiles (not the blank) flips the parity, giving the other, solvable half.
    const std::size_t first = board.blank == 0 ? 1 : 0;
    const std::size_t second = board.blank == first + 1 ? first + 2 : first + 1;
    std::swap(board.tiles[first], board.tiles[second]);
  }
  return board;
}

Board scrambled_board(const Board& goal, int depth, std::uint64_t seed) {
  SplitMix64 random(seed);
  Board board = goal;
  bool has_previous = false;
  Move previous = Move::Up;
  for (int step = 0; step < depth; ++step) {
    std::vector<Move> options;
    for (Move move : kAllMoves) {
      if (board.can_move(move) && !(has_previous && move == reverse_move(previous))) {
        options.push_back(move);
      }
    }
    const Move move = options[random.below(options.size())];
    board = board.moved(move);
    previous = move;
    has_previous = true;
  }
  return board;
}

}  // namespace tile
