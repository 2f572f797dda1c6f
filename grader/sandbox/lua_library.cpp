// The library offered to scripts: the whitelist of Lua's standard library, the few functions the
// sandbox replaces (setmetatable, collectgarbage, math.randomseed, print, coroutines, xpcall) and
// the CPython-style heapq. What is absent here is absent for every script.
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
  lua_pushcfunction(L, LuaSandbox::Internals::xpcall);
  lua_setfield(L, globals, "xpcall");
  lua_pushcfunction(L, sandbox_collectgarbage);
  lua_setfield(L, globals, "collectgarbage");
  lua_pushcfunction(L, LuaSandbox::Internals::print);
  lua_setfield(L, globals, "print");

  luaL_requiref(L, "string", luaopen_string, 1);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");  // removed from the real table: the string metatable's __index
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
  lua_pushcfunction(L, LuaSandbox::Internals::resume);
  lua_setfield(L, -2, "resume");
  lua_pushcfunction(L, LuaSandbox::Internals::wrap);
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
  if (!opened) return Error{chunkname_ + ": cannot set up the sandbox: " + opened.error()};
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
