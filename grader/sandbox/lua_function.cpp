#include "grader/sandbox/lua_function.h"

#include <cstdio>

#include "grader/sandbox/lua_board.h"

namespace tile {

namespace {

// Plain data only: the body runs where Lua errors longjmp.
struct FunctionCall {
  const char* function_name = nullptr;
  const Board* board = nullptr;
  const Board* goal = nullptr;
  bool function_missing = false;
  int line_defined = 0;
  int changed_cell = -1;       // a cell of the given board the function overwrote
  FunctionValue value;
  char shape_error[300] = {};  // what the returned value got wrong
};

void note(FunctionCall& call, const char* text) {
  std::snprintf(call.shape_error, sizeof call.shape_error, "%s", text);
}

// The list of rows at `index` copied into a new flat table, pushed; or a note and nothing pushed.
bool flatten_rows(lua_State* L, int index, Shape shape, FunctionCall& call) {
  index = lua_absindex(L, index);
  if (static_cast<int>(lua_rawlen(L, index)) != shape.rows) {
    std::snprintf(call.shape_error, sizeof call.shape_error,
                  "returned a list of %d rows; a %dx%d board has %d",
                  static_cast<int>(lua_rawlen(L, index)), shape.rows, shape.cols, shape.rows);
    return false;
  }
  lua_createtable(L, shape.cells(), 0);
  const int flat = lua_gettop(L);
  for (int row = 0; row < shape.rows; ++row) {
    lua_rawgeti(L, index, row + 1);
    if (!lua_istable(L, -1) || static_cast<int>(lua_rawlen(L, -1)) != shape.cols) {
      std::snprintf(call.shape_error, sizeof call.shape_error,
                    "returned rows, but row %d is not a list of %d tiles", row + 1, shape.cols);
      lua_settop(L, flat - 1);
      return false;
    }
    for (int col = 0; col < shape.cols; ++col) {
      lua_rawgeti(L, -1, col + 1);
      lua_rawseti(L, flat, row * shape.cols + col + 1);
    }
    lua_pop(L, 1);
  }
  return true;
}

void read_value(lua_State* L, int index, FunctionCall& call) {
  index = lua_absindex(L, index);
  const Shape shape = call.board->shape;
  switch (lua_type(L, index)) {
    case LUA_TNIL: call.value.kind = FunctionValue::Kind::Nil; return;
    case LUA_TBOOLEAN:
      call.value.kind =
          lua_toboolean(L, index) ? FunctionValue::Kind::True : FunctionValue::Kind::False;
      return;
    case LUA_TTABLE: break;
    default: {
      char text[100];
      std::snprintf(text, sizeof text, "returned a %s value", luaL_typename(L, index));
      note(call, text);
      return;
    }
  }
  lua_rawgeti(L, index, 1);
  const bool rows = lua_istable(L, -1);
  lua_pop(L, 1);
  if (rows) {
    if (!flatten_rows(L, index, shape, call)) return;
    index = lua_gettop(L);
  }
  char why[200];
  if (!read_lua_board(L, index, shape, call.value.board, why, sizeof why)) {
    char text[260];
    std::snprintf(text, sizeof text, "returned a table that is no board: %s", why);
    note(call, text);
    return;
  }
  call.value.kind = FunctionValue::Kind::Board;
}

void call_body(lua_State* L, void* opaque) {
  auto& call = *static_cast<FunctionCall*>(opaque);
  lua_getglobal(L, call.function_name);
  if (!lua_isfunction(L, -1)) {
    call.function_missing = true;
    return;
  }
  lua_Debug info;
  lua_pushvalue(L, -1);
  lua_getinfo(L, ">S", &info);
  call.line_defined = info.linedefined;
  const int function = lua_gettop(L);
  push_board_metatable(L, *call.goal);
  push_lua_board(L, *call.board, -1);
  const int board = lua_gettop(L);
  lua_pushvalue(L, function);
  lua_pushvalue(L, board);
  lua_call(L, 1, 1);
  call.changed_cell = first_changed_cell(L, board, *call.board);
  read_value(L, -1, call);
}

}  // namespace

StudentFunctionRun run_student_function(LuaSandbox& sandbox, const std::string& function_name,
                                        const Board& board, const Board& goal) {
  StudentFunctionRun run;
  FunctionCall call;
  call.function_name = function_name.c_str();
  call.board = &board;
  call.goal = &goal;
  const Status status = sandbox.protected_call(call_body, &call);
  const std::string where = sandbox.chunkname() + ":" + std::to_string(call.line_defined) + ": ";
  if (!status) {
    run.error = status.error();
  } else if (call.function_missing) {
    run.error = sandbox.chunkname() + ": no global function '" + function_name + "' (define " +
                "function " + function_name + "(board) ... end)";
  } else if (call.changed_cell > 0) {
    run.error = where + function_name + " changed the board it was given (cell " +
                std::to_string(call.changed_cell) +
                "): copy the tiles into a new table and change the copy";
  } else if (call.shape_error[0] != '\0') {
    run.error = where + function_name + " " + call.shape_error;
  } else {
    run.completed = true;
    run.value = call.value;
  }
  return run;
}

}  // namespace tile
