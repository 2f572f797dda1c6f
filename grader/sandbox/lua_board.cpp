#include "grader/sandbox/lua_board.h"

#include <cstdio>
#include <cstring>

namespace tile {

namespace {

// The goal as the methods need it; plain data inside a Lua userdata (no destructor to run).
struct GoalInfo {
  int rows;
  int cols;
  int cells;
  std::uint8_t cell_of_tile[kMaxCells];
};

const GoalInfo& goal_info(lua_State* L) {
  return *static_cast<const GoalInfo*>(lua_touserdata(L, lua_upvalueindex(1)));
}

lua_Integer check_cell(lua_State* L, const GoalInfo& goal, int arg, const char* method) {
  const lua_Integer cell = luaL_checkinteger(L, arg);
  if (cell < 1 || cell > goal.cells) {
    luaL_error(L, "board:%s: cell %I is outside 1..%d", method, cell, goal.cells);
  }
  return cell;
}

int method_size(lua_State* L) {
  lua_pushinteger(L, goal_info(L).cells);
  return 1;
}

int method_find(lua_State* L) {
  const GoalInfo& goal = goal_info(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  const lua_Integer tile = luaL_checkinteger(L, 2);
  for (int cell = 1; cell <= goal.cells; ++cell) {
    lua_rawgeti(L, 1, cell);
    int is_integer = 0;
    const lua_Integer value = lua_tointegerx(L, -1, &is_integer);
    lua_pop(L, 1);
    if (is_integer && value == tile) {
      lua_pushinteger(L, cell);
      return 1;
    }
  }
  lua_pushnil(L);
  return 1;
}

int method_goal_cell(lua_State* L) {
  const GoalInfo& goal = goal_info(L);
  const lua_Integer tile = luaL_checkinteger(L, 2);
  if (tile < 0 || tile >= goal.cells) {
    return luaL_error(L, "board:goal_cell: no tile %I on a %dx%d board", tile, goal.rows,
                      goal.cols);
  }
  lua_pushinteger(L, goal.cell_of_tile[tile] + 1);
  return 1;
}

int method_row(lua_State* L) {
  const GoalInfo& goal = goal_info(L);
  lua_pushinteger(L, (check_cell(L, goal, 2, "row") - 1) / goal.cols + 1);
  return 1;
}

int method_col(lua_State* L) {
  const GoalInfo& goal = goal_info(L);
  lua_pushinteger(L, (check_cell(L, goal, 2, "col") - 1) % goal.cols + 1);
  return 1;
}

int meta_tostring(lua_State* L) {
  const GoalInfo& goal = goal_info(L);
  luaL_Buffer buffer;
  luaL_buffinit(L, &buffer);
  for (int cell = 1; cell <= goal.cells; ++cell) {
    if (cell > 1) luaL_addstring(&buffer, (cell - 1) % goal.cols == 0 ? " / " : " ");
    lua_rawgeti(L, 1, cell);
    char text[32];
    int is_integer = 0;
    const lua_Integer value = lua_tointegerx(L, -1, &is_integer);
    lua_pop(L, 1);
    std::snprintf(text, sizeof text, is_integer ? "%lld" : "?", static_cast<long long>(value));
    luaL_addstring(&buffer, text);
  }
  luaL_pushresult(&buffer);
  return 1;
}

int meta_newindex(lua_State* L) {
  return luaL_error(L, "boards and states are read-only (copy the tiles into your own table)");
}

const luaL_Reg kMethods[] = {
    {"size", method_size}, {"find", method_find}, {"goal_cell", method_goal_cell},
    {"row", method_row},   {"col", method_col},   {nullptr, nullptr}};

}  // namespace

void push_board_metatable(lua_State* L, const Board& goal) {
  lua_createtable(L, 0, 4);
  const int metatable = lua_gettop(L);
  auto* info = static_cast<GoalInfo*>(lua_newuserdatauv(L, sizeof(GoalInfo), 0));
  info->rows = goal.shape.rows;
  info->cols = goal.shape.cols;
  info->cells = goal.cells();
  std::memset(info->cell_of_tile, 0, sizeof info->cell_of_tile);
  for (int cell = 0; cell < goal.cells(); ++cell) {
    info->cell_of_tile[goal.at(cell)] = static_cast<std::uint8_t>(cell);
  }
  const int goal_index = lua_gettop(L);

  lua_createtable(L, 0, 5);
  for (const luaL_Reg* method = kMethods; method->name != nullptr; ++method) {
    lua_pushvalue(L, goal_index);
    lua_pushcclosure(L, method->func, 1);
    lua_setfield(L, -2, method->name);
  }
  lua_setfield(L, metatable, "__index");
  lua_pushvalue(L, goal_index);
  lua_pushcclosure(L, meta_tostring, 1);
  lua_setfield(L, metatable, "__tostring");
  lua_pushcfunction(L, meta_newindex);
  lua_setfield(L, metatable, "__newindex");
  lua_pushliteral(L, "board");
  lua_setfield(L, metatable, "__metatable");
  lua_settop(L, metatable);
}

void push_lua_board(lua_State* L, const Board& board, int metatable_index) {
  metatable_index = lua_absindex(L, metatable_index);
  lua_createtable(L, board.cells(), 2);
  for (int cell = 0; cell < board.cells(); ++cell) {
    lua_pushinteger(L, board.at(cell));
    lua_rawseti(L, -2, cell + 1);
  }
  lua_pushinteger(L, board.shape.rows);
  lua_setfield(L, -2, "rows");  // no metatable yet: a plain set
  lua_pushinteger(L, board.shape.cols);
  lua_setfield(L, -2, "cols");
  lua_pushvalue(L, metatable_index);
  lua_setmetatable(L, -2);
}

void rewrite_lua_board(lua_State* L, int index, const Board& board) {
  index = lua_absindex(L, index);
  for (int cell = 0; cell < board.cells(); ++cell) {
    lua_pushinteger(L, board.at(cell));
    lua_rawseti(L, index, cell + 1);
  }
  lua_pushliteral(L, "rows");
  lua_pushinteger(L, board.shape.rows);
  lua_rawset(L, index);  // raw: a script may have removed the key, and __newindex refuses
  lua_pushliteral(L, "cols");
  lua_pushinteger(L, board.shape.cols);
  lua_rawset(L, index);
}

int first_changed_cell(lua_State* L, int index, const Board& board) {
  index = lua_absindex(L, index);
  for (int cell = 0; cell < board.cells(); ++cell) {
    lua_rawgeti(L, index, cell + 1);
    const bool same = lua_isinteger(L, -1) && lua_tointeger(L, -1) == board.at(cell);
    lua_pop(L, 1);
    if (!same) return cell + 1;
  }
  return -1;
}

bool read_lua_board(lua_State* L, int index, Shape shape, Board& out, char* why,
                    std::size_t why_size) {
  if (lua_isnone(L, index)) {
    std::snprintf(why, why_size, "expected a state, got nothing");
    return false;
  }
  if (!lua_istable(L, index)) {
    std::snprintf(why, why_size, "expected a state (a table of tiles), got a %s value",
                  luaL_typename(L, index));
    return false;
  }
  index = lua_absindex(L, index);
  Board board;
  board.shape = shape;
  bool seen[kMaxCells] = {};
  for (int cell = 0; cell < shape.cells(); ++cell) {
    lua_rawgeti(L, index, cell + 1);
    const bool is_integer = lua_isinteger(L, -1);
    const lua_Integer tile = is_integer ? lua_tointeger(L, -1) : -1;
    const int type = lua_type(L, -1);
    lua_pop(L, 1);
    if (!is_integer || tile < 0 || tile >= shape.cells() || seen[tile]) {
      if (!is_integer) {
        std::snprintf(why, why_size, "not a state: cell %d holds a %s value, not a tile", cell + 1,
                      lua_typename(L, type));
      } else if (tile < 0 || tile >= shape.cells()) {
        std::snprintf(why, why_size, "not a state: cell %d holds %lld, not a tile of a %dx%d board",
                      cell + 1, static_cast<long long>(tile), shape.rows, shape.cols);
      } else {
        std::snprintf(why, why_size, "not a state: tile %lld appears twice (again in cell %d)",
                      static_cast<long long>(tile), cell + 1);
      }
      return false;
    }
    seen[tile] = true;
    board.tiles[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(tile);
    if (tile == 0) board.blank = static_cast<std::uint8_t>(cell);
  }
  out = board;
  return true;
}

}  // namespace tile
