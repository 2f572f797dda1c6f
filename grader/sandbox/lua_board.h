// The student's view of a board, shared by heuristics (the `board` argument) and search tasks
// (every state of the problem API):
//
//   board[i]            tile in cell i (1-based, row-major), 0 = blank
//   board.rows, board.cols
//   board:size()        rows * cols
//   board:find(tile)    cell holding tile (1-based)
//   board:goal_cell(t)  cell where tile t belongs in the goal (1-based)
//   board:row(cell), board:col(cell)   1-based row and column of a cell
//   tostring(board)     "1 2 3 / 4 5 6 / 7 8 0"
//
// The methods live in a metatable (protected by __metatable) whose __newindex refuses new keys,
// so the table looks read-only; writing an existing cell cannot be prevented without slowing
// every read, so graders rewrite the table before each use and check it afterwards (purity).
// The metatable carries its own copy of the goal: no pointer into C++ memory is ever handed to a
// script, so a table kept past its test cannot reach freed memory.
//
// All functions below may raise Lua errors (allocation): call them inside a protected body
// (LuaSandbox::protected_call), with no C++ object with a destructor live in that frame.
#pragma once

#include <cstddef>
#include <lua.hpp>

#include "engine/board.h"

namespace tile {

// Pushes a metatable for boards of goal's shape, with the methods bound to goal.
void push_board_metatable(lua_State* L, const Board& goal);

// Pushes a new board table whose metatable is the one at metatable_index.
void push_lua_board(lua_State* L, const Board& board, int metatable_index);

// Overwrites cells 1..n, rows and cols of the board table at index (made by push_lua_board).
void rewrite_lua_board(lua_State* L, int index, const Board& board);

// The first cell (1-based) of the board table at index that no longer holds board's tile, or -1
// when every cell still does. Never raises.
int first_changed_cell(lua_State* L, int index, const Board& board);

// Reads a table back into a board of `shape` (a state a script passed to the problem API). On
// failure returns false and writes the reason ("cell 3 holds 9, not a tile of a 3x3 board") into
// why. Never raises and never runs a metamethod.
bool read_lua_board(lua_State* L, int index, Shape shape, Board& out, char* why,
                    std::size_t why_size);

}  // namespace tile
