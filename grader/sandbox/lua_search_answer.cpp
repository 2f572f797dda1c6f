#include "grader/sandbox/lua_search_answer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "grader/sandbox/lua_board.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

constexpr const char* kPathHint =
    " (a list of moves such as {\"Up\", \"Left\"} or a string such as \"UL\")";

// A board written as text: tostring(s) "1 2 3 / 4 5 0", problem:key(s) "1,2,3,4,5,0", or any
// other separators between the tiles. Nothing for text that is no board of `shape` (a long
// string is not even looked at: a board of 25 cells needs fewer than 100 characters).
std::optional<Board> board_from_text(std::string_view text, Shape shape) {
  if (text.size() > 200) return std::nullopt;
  Board board;
  board.shape = shape;
  bool seen[kMaxCells] = {};
  int cells = 0;
  for (std::size_t at = 0; at < text.size();) {
    if (text[at] < '0' || text[at] > '9') {
      ++at;
      continue;
    }
    int tile = 0;
    for (; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at) {
      tile = std::min(tile * 10 + (text[at] - '0'), 1000);
    }
    if (cells == shape.cells() || tile >= shape.cells() || seen[tile]) return std::nullopt;
    seen[tile] = true;
    board.tiles[static_cast<std::size_t>(cells)] = static_cast<std::uint8_t>(tile);
    if (tile == 0) board.blank = static_cast<std::uint8_t>(cells);
    ++cells;
  }
  if (cells != shape.cells()) return std::nullopt;
  return board;
}

// The value on top of the stack as a board: a table of tiles or a board's text.
std::optional<Board> board_on_top(lua_State* L, Shape shape) {
  if (lua_type(L, -1) == LUA_TSTRING) {
    std::size_t size = 0;
    const char* text = lua_tolstring(L, -1, &size);
    return board_from_text(std::string_view(text, size), shape);
  }
  if (lua_type(L, -1) != LUA_TTABLE) return std::nullopt;
  Board board;
  char why[200];
  if (!read_lua_board(L, -1, shape, board, why, sizeof why)) return std::nullopt;
  return board;
}

// The list at `index` whose first element is a board: every element read as one. False when some
// element is no board (the list is then no path at all, and the caller says why), or too many.
bool read_boards(lua_State* L, int index, lua_Unsigned length, Shape shape, StudentSearchRun& run,
                 char* what, std::size_t what_size) {
  if (length > kMaxReturnedBoards) {
    std::snprintf(what, what_size, "a list of more than %zu boards where a path was expected%s",
                  kMaxReturnedBoards, kPathHint);
    return false;
  }
  std::vector<Board> boards;
  boards.reserve(static_cast<std::size_t>(length));
  for (lua_Unsigned i = 1; i <= length; ++i) {
    lua_rawgeti(L, index, static_cast<lua_Integer>(i));
    const std::optional<Board> board = board_on_top(L, shape);
    lua_pop(L, 1);
    if (!board) {
      std::snprintf(what, what_size,
                    "a list whose element 1 is a board but element %llu is not%s",
                    static_cast<unsigned long long>(i), kPathHint);
      return false;
    }
    boards.push_back(*board);
  }
  run.returned_boards = std::move(boards);
  return true;
}

bool read_letters(std::string_view letters, StudentSearchRun& run, char* what,
                  std::size_t what_size) {
  for (std::size_t i = 0; i < letters.size(); ++i) {
    if (letters[i] == ' ' || letters[i] == ',') continue;
    const auto move = move_from_letter(letters[i]);
    if (!move) {
      // The character shown escaped: a NUL would end the message, a stray byte break UTF-8.
      const std::string_view rest = letters.substr(i);
      const std::size_t width = std::max<std::size_t>(1, utf8_sequence_length(rest, 0));
      const std::string shown = escaped_text(rest.substr(0, width));
      std::snprintf(what, what_size,
                    "a path string whose '%s' at position %zu is not a move (use U, D, L, R)",
                    shown.c_str(), i + 1);
      return false;
    }
    if (run.path.size() >= kMaxPathLength) {
      std::snprintf(what, what_size, "a path longer than %zu moves", kMaxPathLength);
      return false;
    }
    run.path.push_back(*move);
  }
  return true;
}

bool read_path(lua_State* L, int index, Shape shape, StudentSearchRun& run, char* what,
               std::size_t what_size) {
  const int type = lua_type(L, index);
  if (type == LUA_TSTRING) {
    std::size_t length = 0;
    const char* letters = lua_tolstring(L, index, &length);
    return read_letters(std::string_view(letters, length), run, what, what_size);
  }
  // nil (no path found) is still an answer to judge: the start never goal-tested ends so.
  if (type == LUA_TNIL) run.returned_no_path = true;
  if (type != LUA_TTABLE) {
    std::snprintf(what, what_size, "%s%s where a path was expected%s",
                  type == LUA_TNIL ? "" : "a ", lua_typename(L, type), kPathHint);
    return false;
  }
  const lua_Unsigned length = lua_rawlen(L, index);
  if (length > 0) {
    lua_rawgeti(L, index, 1);
    const bool first_is_move =
        lua_type(L, -1) == LUA_TSTRING && move_from_name(lua_tostring(L, -1)).has_value();
    const bool first_is_board = !first_is_move && board_on_top(L, shape).has_value();
    lua_pop(L, 1);
    if (first_is_board) return read_boards(L, index, length, shape, run, what, what_size);
  }
  if (length > kMaxPathLength) {
    std::snprintf(what, what_size, "a path longer than %zu moves", kMaxPathLength);
    return false;
  }
  for (lua_Unsigned i = 1; i <= length; ++i) {
    lua_rawgeti(L, index, static_cast<lua_Integer>(i));
    std::optional<Move> move;
    char detail[200] = {};
    if (lua_type(L, -1) == LUA_TSTRING) {
      std::size_t size = 0;
      const char* name = lua_tolstring(L, -1, &size);
      move = move_from_name(std::string_view(name, size));
      if (!move) {
        std::snprintf(detail, sizeof detail, "element %llu is \"%s\"",
                      static_cast<unsigned long long>(i),
                      quoted_prefix(std::string_view(name, size), 20).c_str());
      }
    } else {
      std::snprintf(detail, sizeof detail, "element %llu is a %s value",
                    static_cast<unsigned long long>(i), luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    if (!move) {
      std::snprintf(what, what_size,
                    "a path whose %s (expected \"Up\", \"Down\", \"Left\", \"Right\" or U, D, L, "
                    "R)",
                    detail);
      return false;
    }
    run.path.push_back(*move);
  }
  return true;
}

bool read_count(lua_State* L, int index, StudentSearchRun& run, char* what,
                std::size_t what_size) {
  const int type = lua_type(L, index);
  if (type == LUA_TNIL) return true;
  if (type == LUA_TNUMBER) {
    if (lua_isinteger(L, index)) {
      run.reported_count = static_cast<std::int64_t>(lua_tointeger(L, index));
      return true;
    }
    const double value = lua_tonumber(L, index);
    // 2^53 bounds the floats that are exact integers and convert without overflow.
    if (std::isfinite(value) && value == std::floor(value) &&
        std::fabs(value) <= 9007199254740992.0) {
      run.reported_count = static_cast<std::int64_t>(value);
      return true;
    }
    std::snprintf(what, what_size, "%.17g as the count (it must be a whole number)", value);
    return false;
  }
  std::snprintf(what, what_size, "a %s where a count (a whole number) was expected",
                lua_typename(L, type));
  return false;
}

}  // namespace

bool read_search_answer(lua_State* L, int path_index, int count_index, Shape shape,
                        StudentSearchRun& run, char* what, std::size_t what_size) {
  path_index = lua_absindex(L, path_index);
  count_index = lua_absindex(L, count_index);
  return read_path(L, path_index, shape, run, what, what_size) &&
         read_count(L, count_index, run, what, what_size);
}

}  // namespace tile
