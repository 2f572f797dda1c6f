// The differential model's own puzzle: boards as strings of tiles, its own moves and its own
// heuristics, sharing nothing with engine/ but make_board (to hand a case to the engine).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "engine/board.h"

namespace model {

using tile::Board;
using tile::Shape;
using tile::make_board;

// The model's own puzzle: a board is its tiles, row-major, 0 the blank.

// One char per cell holding the tile number: short boards stay in std::string's inline buffer, so
// the model's many copies and set look-ups cost no allocation.
using Tiles = std::string;

struct Grid {
  int rows = 0;
  int cols = 0;
};

inline int blank_cell(const Tiles& tiles) {
  return static_cast<int>(std::find(tiles.begin(), tiles.end(), 0) - tiles.begin());
}

// The cell the blank moves into, or -1 when the move leaves the board.
inline int target_cell(const Tiles& tiles, Grid grid, char move) {
  const int blank = blank_cell(tiles);
  int row = blank / grid.cols;
  int col = blank % grid.cols;
  if (move == 'U') --row;
  if (move == 'D') ++row;
  if (move == 'L') --col;
  if (move == 'R') ++col;
  if (row < 0 || row >= grid.rows || col < 0 || col >= grid.cols) return -1;
  return row * grid.cols + col;
}

inline char opposite(char move) {
  switch (move) {
    case 'U': return 'D';
    case 'D': return 'U';
    case 'L': return 'R';
    default: return 'L';
  }
}

inline Tiles tiles_of(const Board& board) {
  Tiles tiles;
  for (int cell = 0; cell < board.cells(); ++cell)
    tiles.push_back(static_cast<char>(board.at(cell)));
  return tiles;
}

inline Tiles tiles_from(std::initializer_list<int> values) {
  Tiles tiles;
  for (int value : values) tiles.push_back(static_cast<char>(value));
  return tiles;
}

inline Board board_of(Grid grid, const Tiles& tiles) {
  return make_board(Shape{grid.rows, grid.cols}, std::vector<int>(tiles.begin(), tiles.end()))
      .value();
}

inline std::string tiles_text(const Tiles& tiles) {
  std::string out;
  for (char tile : tiles) {
    if (!out.empty()) out += ' ';
    out += std::to_string(static_cast<int>(tile));
  }
  return out;
}

// Heuristics written again here, for the model; the engine gets its built-in ones where they exist
// so that they are cross-checked as a side effect.
using ModelHeuristic = std::function<std::int64_t(const Tiles&)>;

inline ModelHeuristic model_manhattan(Grid grid, const Tiles& goal) {
  return [grid, goal](const Tiles& tiles) {
    std::int64_t sum = 0;
    for (int cell = 0; cell < static_cast<int>(tiles.size()); ++cell) {
      if (tiles[cell] == 0) continue;
      const int home =
          static_cast<int>(std::find(goal.begin(), goal.end(), tiles[cell]) - goal.begin());
      sum += std::abs(cell / grid.cols - home / grid.cols) +
             std::abs(cell % grid.cols - home % grid.cols);
    }
    return sum;
  };
}

inline ModelHeuristic model_misplaced(const Tiles& goal, bool count_blank) {
  return [goal, count_blank](const Tiles& tiles) {
    std::int64_t count = 0;
    for (std::size_t cell = 0; cell < tiles.size(); ++cell) {
      if ((count_blank || tiles[cell] != 0) && tiles[cell] != goal[cell]) ++count;
    }
    return count;
  };
}


}  // namespace model
