// Boards and moves of the R x C sliding-tile puzzle.
//
// A board is a row-major permutation of 0..R*C-1 where 0 is the blank. A move names the direction
// the BLANK travels (Up = the blank swaps with the tile above it); seed 000's tile-centred wording
// is the opposite and is only a matter of display.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"

namespace tile {

inline constexpr int kMaxCells = 25;  // 5x5; every board up to 25 cells fits one fixed array
inline constexpr int kMinSide = 2;

struct Shape {
  int rows = 3;
  int cols = 3;
  int cells() const { return rows * cols; }
  bool operator==(const Shape&) const = default;
};

// Parses "RxC" (e.g. "3x3", "2x3"); enforces 2 <= R, C and R*C <= 25.
Result<Shape> parse_shape(std::string_view text);
std::string format_shape(Shape shape);

enum class Move : std::uint8_t { Up = 0, Down = 1, Left = 2, Right = 3 };
inline constexpr int kMoveCount = 4;
inline constexpr std::array<Move, kMoveCount> kAllMoves = {Move::Up, Move::Down, Move::Left,
                                                           Move::Right};

char move_letter(Move move);             // 'U' 'D' 'L' 'R'
const char* move_name(Move move);        // "Up" "Down" "Left" "Right"
Move reverse_move(Move move);
std::optional<Move> move_from_letter(char letter);     // accepts either case
std::optional<Move> move_from_name(std::string_view);  // "Up", "up", "U", "u", ...

struct Board {
  Shape shape;
  std::array<std::uint8_t, kMaxCells> tiles{};  // cells beyond shape.cells() stay 0
  std::uint8_t blank = 0;                       // index of the blank cell, kept in sync

  int cells() const { return shape.cells(); }
  int at(int cell) const { return tiles[static_cast<std::size_t>(cell)]; }
  bool operator==(const Board& other) const { return shape == other.shape && tiles == other.tiles; }
  // Lexicographic order of the tile sequence (the tie-break key `state`).
  bool tiles_less(const Board& other) const { return tiles < other.tiles; }

  // Inline: these three run for every child every search generates.
  bool can_move(Move move) const {
    switch (move) {
      case Move::Up: return blank >= shape.cols;
      case Move::Down: return blank < shape.cells() - shape.cols;
      case Move::Left: return blank % shape.cols > 0;
      case Move::Right: return blank % shape.cols < shape.cols - 1;
    }
    return false;
  }
  // The board after the blank moves; the caller checks can_move first.
  Board moved(Move move) const {
    Board next = *this;
    const int target = neighbour_cell(move);
    next.tiles[blank] = tiles[static_cast<std::size_t>(target)];
    next.tiles[static_cast<std::size_t>(target)] = 0;
    next.blank = static_cast<std::uint8_t>(target);
    return next;
  }
  // The tile that a move slides (the one the blank swaps with).
  int tile_moved_by(Move move) const { return at(neighbour_cell(move)); }

 private:
  int neighbour_cell(Move move) const {
    switch (move) {
      case Move::Up: return blank - shape.cols;
      case Move::Down: return blank + shape.cols;
      case Move::Left: return blank - 1;
      case Move::Right: return blank + 1;
    }
    return blank;
  }
};

// Builds a board from tiles, checking that they are a permutation of 0..cells-1.
Result<Board> make_board(Shape shape, const std::vector<int>& tiles);
// Parses space- or comma-separated tiles, e.g. "1 2 3 4 5 0".
Result<Board> parse_board(Shape shape, std::string_view text);
// "1 2 3 4 5 0": the inverse of parse_board.
std::string format_tiles(const Board& board);
// A drawn grid for humans, one row per line, blank shown as '.'.
std::string draw_board(const Board& board);

enum class GoalLayout { BlankFirst, BlankLast };
Board goal_board(Shape shape, GoalLayout layout);
// Parses "blank-first", "blank-last" or an explicit tile list.
Result<Board> parse_goal(Shape shape, std::string_view text);

// Success when start can reach goal, else an error saying why. Uses inversion parity of the tiles
// (blank excluded) and, on boards of even width, the blank's row: a move changes the parity of the
// inversion count exactly when it changes the blank's row and the width is even.
Status check_reachable(const Board& start, const Board& goal);

// Moves as letters, the one spelling of a path in files and reports: {Up, Left, Left} <-> "ULL".
std::string format_moves(std::span<const Move> moves);
Result<std::vector<Move>> parse_moves(std::string_view letters);  // either case; names the bad one

// Applies moves to a board; reports the first illegal move.
Result<Board> apply_moves(const Board& start, std::span<const Move> moves);
Result<Board> apply_moves(const Board& start, std::string_view letters);

}  // namespace tile
