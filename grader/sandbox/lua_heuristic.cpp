#include "grader/sandbox/lua_heuristic.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "grader/sandbox/lua_board.h"

namespace tile {

namespace {

struct CreateContext {
  const char* function_name;
  const Board* goal;
  int function_ref = LUA_NOREF;
  int board_ref = LUA_NOREF;
  int line_defined = 0;
};

void create_body(lua_State* L, void* context) {
  auto& create = *static_cast<CreateContext*>(context);
  lua_pushglobaltable(L);
  lua_pushstring(L, create.function_name);
  lua_rawget(L, -2);
  lua_Debug info;
  lua_pushvalue(L, -1);
  lua_getinfo(L, ">S", &info);
  create.line_defined = info.linedefined;
  create.function_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  push_board_metatable(L, *create.goal);
  push_lua_board(L, *create.goal, -1);
  create.board_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

// What one call produced, in plain data (the body runs where Lua errors longjmp).
struct EstimateCall {
  int function_ref;
  int board_ref;
  const Board* board;
  int type = LUA_TNIL;
  bool is_integer = false;
  lua_Integer integer = 0;
  double number = 0;
  char text[48] = {};  // the start of a returned string, for the message
  int changed_cell = -1;
};

void estimate_body(lua_State* L, void* context) {
  auto& call = *static_cast<EstimateCall*>(context);
  lua_rawgeti(L, LUA_REGISTRYINDEX, call.board_ref);
  const int board = lua_gettop(L);
  rewrite_lua_board(L, board, *call.board);
  lua_rawgeti(L, LUA_REGISTRYINDEX, call.function_ref);
  lua_pushvalue(L, board);
  lua_call(L, 1, 1);
  call.type = lua_type(L, -1);
  if (call.type == LUA_TNUMBER) {
    call.is_integer = lua_isinteger(L, -1);
    if (call.is_integer) {
      call.integer = lua_tointeger(L, -1);
    } else {
      call.number = lua_tonumber(L, -1);
    }
  } else if (call.type == LUA_TSTRING) {
    std::size_t length = 0;
    const char* chars = lua_tolstring(L, -1, &length);  // a string already: no conversion
    std::snprintf(call.text, sizeof call.text, "%.*s%s",
                  static_cast<int>(std::min<std::size_t>(length, 40)), chars,
                  length > 40 ? "..." : "");
  }
  call.changed_cell = first_changed_cell(L, board, *call.board);
}

std::string number_text(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

}  // namespace

LuaHeuristic::LuaHeuristic(LuaSandbox& sandbox, std::string function_name, Shape shape,
                           std::uint64_t max_calls)
    : sandbox_(sandbox),
      function_name_(std::move(function_name)),
      shape_(shape),
      max_calls_(max_calls) {}

LuaHeuristic::~LuaHeuristic() {
  // luaL_unref only overwrites existing registry slots: it cannot allocate, so it cannot raise.
  lua_State* L = sandbox_.state();
  if (function_ref_ != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, function_ref_);
  if (board_ref_ != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, board_ref_);
}

Result<std::unique_ptr<LuaHeuristic>> LuaHeuristic::create(LuaSandbox& sandbox,
                                                           std::string function_name,
                                                           const Board& goal,
                                                           std::uint64_t max_calls) {
  if (!sandbox.has_function(function_name)) {
    return Error{sandbox.chunkname() + ": no global function '" + function_name + "' (define " +
                 "function " + function_name + "(board) ... end)"};
  }
  CreateContext context{function_name.c_str(), &goal};
  if (auto made = sandbox.protected_call(create_body, &context); !made) {
    return made.failure();
  }
  std::unique_ptr<LuaHeuristic> heuristic(
      new LuaHeuristic(sandbox, std::move(function_name), goal.shape, max_calls));
  heuristic->function_ref_ = context.function_ref;
  heuristic->board_ref_ = context.board_ref;
  heuristic->where_ = sandbox.chunkname() + ":" + std::to_string(context.line_defined) + ":";
  return heuristic;
}

Result<std::unique_ptr<LuaHeuristic>> LuaHeuristic::load_file(const std::string& path,
                                                              const Board& goal,
                                                              const SandboxLimits& limits,
                                                              std::uint64_t max_calls) {
  auto script = LuaSandbox::read_script(path);
  if (!script) return script.failure();
  return load_script(*script, goal, limits, max_calls);
}

Result<std::unique_ptr<LuaHeuristic>> LuaHeuristic::load_script(const ScriptSource& script,
                                                                const Board& goal,
                                                                const SandboxLimits& limits,
                                                                std::uint64_t max_calls) {
  auto sandbox = LuaSandbox::from_source(script.name, script.source, limits);
  if (!sandbox) return sandbox.failure();
  auto heuristic = create(**sandbox, "heuristic", goal, max_calls);
  if (!heuristic) return heuristic.failure();
  (*heuristic)->owned_sandbox_ = std::move(*sandbox);
  return heuristic;
}

std::string LuaHeuristic::name() const { return sandbox_.chunkname() + ":" + function_name_; }

std::optional<std::int64_t> LuaHeuristic::fail(std::string message) {
  failure_ = std::move(message);
  return std::nullopt;
}

std::optional<std::int64_t> LuaHeuristic::estimate(const Board& board) {
  if (calls_ >= max_calls_) {
    return fail(function_name_ + " call budget of " + std::to_string(max_calls_) +
                " calls exceeded");
  }
  ++calls_;
  if (board.shape != shape_) {
    return fail(function_name_ + " was set up for " + format_shape(shape_) + " boards, not " +
                format_shape(board.shape));
  }
  EstimateCall call{function_ref_, board_ref_, &board};
  if (auto ran = sandbox_.protected_call(estimate_body, &call); !ran) return fail(ran.error());
  if (call.changed_cell >= 0) {
    return fail(where_ + " " + function_name_ + " modified the board (cell " +
                std::to_string(call.changed_cell) + " changed)");
  }
  // Messages are built only on failure: this is the hot path of every search.
  const auto returned = [&](const std::string& what, const char* rule) {
    return fail(where_ + " " + function_name_ + " returned " + what + rule);
  };
  constexpr const char* kWhole = " (must be a whole number >= 0)";
  constexpr const char* kAtMost = " (must be at most 1000000000)";
  static_assert(kMaxEstimate == 1'000'000'000, "kAtMost spells kMaxEstimate out");
  switch (call.type) {
    case LUA_TNUMBER:
      if (call.is_integer) {
        if (call.integer >= 0 && call.integer <= kMaxEstimate) {
          return static_cast<std::int64_t>(call.integer);
        }
        return returned(std::to_string(call.integer),
                        call.integer < 0 ? kWhole : kAtMost);
      }
      // A float is accepted only when it is exactly a whole number in range (3.0); the range test
      // comes before any conversion, which would be undefined for NaN, inf and 2^63.
      if (std::isnan(call.number) || std::isinf(call.number) || call.number < 0 ||
          call.number != std::floor(call.number)) {
        return returned(number_text(call.number), kWhole);
      }
      if (call.number > static_cast<double>(kMaxEstimate)) {
        return returned(number_text(call.number), kAtMost);
      }
      return static_cast<std::int64_t>(call.number);
    case LUA_TNIL:
      return returned("nil", kWhole);
    case LUA_TSTRING:
      return returned(std::string("a string (\"") + call.text + "\")", kWhole);
    default:
      return returned(std::string("a ") + lua_typename(sandbox_.state(), call.type) + " value",
                      kWhole);
  }
}

}  // namespace tile
