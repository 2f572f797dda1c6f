// Successor generation, shared by the generic search loop (search_loop.cpp) and the fast IDA*
// (fast_idastar.cpp): for each cell of the blank and each move that brought it there, the legal
// moves in action order with the cell the blank goes to. Built once per search, so the hot loops
// never test a move's legality or divide by the width. With `skip_reverse` (cycle_check
// reverse-move, Korf's "never undo the previous move") the reverse of the previous move is simply
// absent from the list; without it every `previous` row is the same.
#pragma once

#include <array>
#include <cstdint>

#include "engine/board.h"

namespace tile {

inline constexpr int kNoPrevious = kMoveCount;  // the start: no move to undo

// Nine bytes, copied whole by the fast IDA* (a larger list made it a tenth slower).
struct MoveList {
  std::uint8_t count = 0;
  std::array<std::uint8_t, kMoveCount> move{};  // Move as a number, also the next `previous`
  std::array<std::uint8_t, kMoveCount> cell{};  // where the blank goes
};
using MoveRanks = std::array<std::uint8_t, kMoveCount>;  // each move's place in the action order

class SuccessorTable {
 public:
  SuccessorTable(Shape shape, const std::array<Move, kMoveCount>& order, bool skip_reverse) {
    Board probe;
    probe.shape = shape;
    for (int cell = 0; cell < shape.cells(); ++cell) {
      probe.blank = static_cast<std::uint8_t>(cell);
      for (int previous = 0; previous <= kNoPrevious; ++previous) {
        MoveList& list = lists_[static_cast<std::size_t>(cell)][static_cast<std::size_t>(previous)];
        MoveRanks& ranks = ranks_[static_cast<std::size_t>(cell)][static_cast<std::size_t>(previous)];
        for (int rank = 0; rank < kMoveCount; ++rank) {
          const Move move = order[static_cast<std::size_t>(rank)];
          if (!probe.can_move(move)) continue;
          if (skip_reverse && previous != kNoPrevious &&
              move == reverse_move(static_cast<Move>(previous))) {
            continue;
          }
          list.move[list.count] = static_cast<std::uint8_t>(move);
          list.cell[list.count] = probe.moved(move).blank;
          ranks[list.count] = static_cast<std::uint8_t>(rank);
          ++list.count;
        }
      }
    }
    for (Move move : kAllMoves) {
      undo_[static_cast<std::size_t>(move)] = static_cast<std::uint8_t>(reverse_move(move));
    }
  }

  // The moves from a board whose blank is at `cell`, reached by move `previous` (kNoPrevious for
  // the start).
  const MoveList& at(int cell, int previous) const {
    return lists_[static_cast<std::size_t>(cell)][static_cast<std::size_t>(previous)];
  }
  // The same moves' places in the action order (the tie key `action`).
  const MoveRanks& ranks(int cell, int previous) const {
    return ranks_[static_cast<std::size_t>(cell)][static_cast<std::size_t>(previous)];
  }
  // The move that undoes `move`, as a number (a MoveList's `move` entries are numbers too).
  int undo(Move move) const { return undo_[static_cast<std::size_t>(move)]; }

 private:
  std::array<std::array<MoveList, kMoveCount + 1>, kMaxCells> lists_{};
  std::array<std::array<MoveRanks, kMoveCount + 1>, kMaxCells> ranks_{};
  std::array<std::uint8_t, kMoveCount> undo_{};
};

}  // namespace tile
