// The library offered to scripts: the whitelist of Lua's standard library, the few functions the
// sandbox replaces (setmetatable, collectgarbage, math.randomseed, print, coroutines, xpcall,
// string.gmatch) and the CPython-style heapq. What is absent here is absent for every script.
#include "grader/sandbox/lua_sandbox.h"

#include <cstring>

#include "grader/sandbox/lua_heapq.h"
#include "grader/sandbox/lua_sandbox_private.h"

namespace tile {

namespace {


constexpr const char* kBaseWhitelist[] = {
    "assert", "error",  "ipairs",   "next",         "pairs", "pcall",
    "xpcall", "select", "tonumber", "tostring",     "type",  "rawequal",
    "rawget", "rawlen", "rawset",   "getmetatable", "_G",    "_VERSION"};

// setmetatable refusing the metamethods whose effects no hook can interrupt or that crash 5.4.4.
int sandbox_setmetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    for (const char* field : {"__gc", "__close", "__mode"}) {
      lua_pushstring(L, field);
      const bool present = lua_rawget(L, 2) != LUA_TNIL;
      lua_pop(L, 1);
      if (present) {
        return luaL_error(L, "setmetatable: metatables with %s are not allowed in the sandbox",
                          field);
      }
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

int sandbox_collectgarbage(lua_State* L) {
  const char* option = luaL_optstring(L, 1, "collect");
  if (std::strcmp(option, "count") != 0) {
    return luaL_error(L, "collectgarbage(\"%s\") is not available in the sandbox (only \"count\")",
                      option);
  }
  const double kilobytes = lua_gc(L, LUA_GCCOUNT, 0) + lua_gc(L, LUA_GCCOUNTB, 0) / 1024.0;
  lua_pushnumber(L, kilobytes);
  return 1;
}

// math.randomseed with an explicit seed only: seeding from the clock would make runs differ.
int sandbox_randomseed(lua_State* L) {
  if (lua_isnoneornil(L, 1)) {
    return luaL_error(L, "math.randomseed needs a seed in the sandbox (runs must be reproducible)");
  }
  luaL_checkinteger(L, 1);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 0);
  return 0;
}

// The original math.randomseed, kept for reseed().
const char kRandomseedKey = 0;

// string.gmatch, rebuilt on string.find. Lua 5.4.4's gmatch keeps one match state for the life
// of its iterator, and an error inside a match ("pattern too complex") leaves that state's depth
// budget spent: the next call on the same iterator recurses without bound and overflows the C
// stack (a segfault, which in `solve` was the whole CLI). Here every step is a fresh string.find
// call with its own state; the iterator keeps only positions, updated after a step succeeds.
//
// Upvalues: 1 string.find, 2 the subject, 3 the pattern, 4 where the next search starts
// (1-based), 5 where the last match ended (one past it; 0 before the first).
int safe_gmatch_step(lua_State* L) {
  std::size_t length = 0;
  lua_tolstring(L, lua_upvalueindex(2), &length);
  lua_Integer from = lua_tointeger(L, lua_upvalueindex(4));
  const lua_Integer last_end = lua_tointeger(L, lua_upvalueindex(5));
  while (from <= static_cast<lua_Integer>(length) + 1) {
    lua_settop(L, 0);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_pushinteger(L, from);
    lua_call(L, 3, LUA_MULTRET);  // errors propagate; the positions are untouched
    if (lua_isnil(L, 1)) return 0;
    const lua_Integer start = lua_tointeger(L, 1);
    const lua_Integer end = lua_tointeger(L, 2) + 1;  // one past the match
    if (end == last_end) {  // an empty match where the previous one ended: as gmatch, skip it
      from = start + 1;
      continue;
    }
    lua_pushinteger(L, end);
    lua_replace(L, lua_upvalueindex(4));
    lua_pushinteger(L, end);
    lua_replace(L, lua_upvalueindex(5));
    const int captures = lua_gettop(L) - 2;
    if (captures > 0) return captures;  // string.find returned them after start and end
    const char* subject = lua_tostring(L, lua_upvalueindex(2));
    lua_pushlstring(L, subject + start - 1, static_cast<std::size_t>(end - start));
    return 1;
  }
  return 0;
}

// string.gmatch(s, pattern [, init]) as Lua 5.4 defines it. Unlike string.find, gmatch reads a
// leading '^' as a plain character (it never anchors), so it is passed to find escaped.
int safe_gmatch(lua_State* L) {
  std::size_t length = 0;
  luaL_checklstring(L, 1, &length);
  std::size_t pattern_length = 0;
  const char* pattern = luaL_checklstring(L, 2, &pattern_length);
  lua_Integer init = luaL_optinteger(L, 3, 1);
  const auto size = static_cast<lua_Integer>(length);
  if (init < 0) init = init < -size ? 1 : size + init + 1;
  if (init == 0) init = 1;
  if (init > size + 1) init = size + 2;  // past the end: no match at all, as gmatch
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));  // string.find
  lua_pushvalue(L, 1);
  if (pattern_length > 0 && pattern[0] == '^') {
    lua_pushliteral(L, "%");
    lua_pushvalue(L, 2);
    lua_concat(L, 2);
  } else {
    lua_pushvalue(L, 2);
  }
  lua_pushinteger(L, init);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, safe_gmatch_step, 5);
  return 1;
}


void open_libraries_body(lua_State* L, void*) {
  // base, keeping only the whitelist: everything else luaopen_base defines is removed by name
  // check, so a function added by a future Lua release stays out until someone allows it.
  luaL_requiref(L, "_G", luaopen_base, 1);
  const int globals = lua_gettop(L);
  lua_getfield(L, globals, "setmetatable");  // the original, wrapped below
  const int original_setmetatable = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, globals) != 0) {
    lua_pop(L, 1);
    bool allowed = false;
    if (lua_type(L, -1) == LUA_TSTRING) {
      const char* key = lua_tostring(L, -1);
      for (const char* name : kBaseWhitelist) allowed = allowed || std::strcmp(key, name) == 0;
    }
    if (!allowed) {
      lua_pushvalue(L, -1);
      lua_pushnil(L);
      lua_rawset(L, globals);  // clearing a field during traversal is allowed
    }
  }
  lua_pushvalue(L, original_setmetatable);
  lua_pushcclosure(L, sandbox_setmetatable, 1);
  lua_setfield(L, globals, "setmetatable");
  lua_pushcfunction(L, sandbox_xpcall);
  lua_setfield(L, globals, "xpcall");
  lua_pushcfunction(L, sandbox_collectgarbage);
  lua_setfield(L, globals, "collectgarbage");
  lua_pushcfunction(L, LuaSandbox::Internals::print);
  lua_setfield(L, globals, "print");

  luaL_requiref(L, "string", luaopen_string, 1);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");  // removed from the real table: the string metatable's __index
  lua_getfield(L, -1, "find");
  lua_pushcclosure(L, safe_gmatch, 1);
  lua_setfield(L, -2, "gmatch");  // s:gmatch() too: same table
  lua_pop(L, 1);
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");  // getmetatable("") now answers false
  lua_pop(L, 2);

  luaL_requiref(L, "table", luaopen_table, 1);
  lua_pop(L, 1);
  luaL_requiref(L, "utf8", luaopen_utf8, 1);
  lua_pop(L, 1);

  luaL_requiref(L, "math", luaopen_math, 1);
  lua_getfield(L, -1, "randomseed");
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kRandomseedKey);
  lua_pushcclosure(L, sandbox_randomseed, 1);
  lua_setfield(L, -2, "randomseed");
  lua_pop(L, 1);

  luaL_requiref(L, "coroutine", luaopen_coroutine, 1);
  lua_pushnil(L);
  lua_setfield(L, -2, "close");
  lua_pushcfunction(L, sandbox_coroutine_resume);
  lua_setfield(L, -2, "resume");
  lua_pushcfunction(L, sandbox_coroutine_wrap);
  lua_setfield(L, -2, "wrap");
  lua_pop(L, 1);

  // heapq: CPython's heap, for notebooks that order their frontier with it (lua_heapq.h).
  const char* heapq = heapq_lua_source();
  if (luaL_loadbufferx(L, heapq, std::strlen(heapq), "=heapq", "t") != LUA_OK) lua_error(L);
  lua_call(L, 0, 1);
  lua_setglobal(L, "heapq");

  // luaL_requiref recorded the libraries in the registry's _LOADED; no script can reach it.
  lua_settop(L, 0);
}
}  // namespace

Status LuaSandbox::open_libraries() {
  auto opened = protected_call(open_libraries_body, nullptr);
  if (!opened) return opened.failure_in(chunkname_ + ": cannot set up the sandbox: ");
  return reseed(limits_.random_seed);
}

namespace {

void reseed_body(lua_State* L, void* context) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kRandomseedKey);
  lua_pushinteger(L, static_cast<lua_Integer>(*static_cast<std::uint64_t*>(context)));
  lua_call(L, 1, 0);
}

}  // namespace

Status LuaSandbox::reseed(std::uint64_t seed) { return protected_call(reseed_body, &seed); }

}  // namespace tile
