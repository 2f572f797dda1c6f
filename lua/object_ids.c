/* What a script sees of an object's identity: a number counted per Lua state, not an address.
 *
 * Lua prints a table, function, thread or userdata as "table: 0x55d0c2a4e2b0" (tostring, print,
 * string.format's %s) and string.format('%p') formats the same pointer; each of these asks
 * lua_topointer. Addresses change from one process to the next (ASLR, the allocator's state), so
 * a script whose result depends on them (a key tostring(node), a sort by tostring) would score
 * differently when the same class is graded again. lua/lua.cmake compiles Lua's lapi.c with its
 * lua_topointer renamed lua_topointer_address; this file is the lua_topointer every other part of
 * Lua and tilegrade calls. The first object a state asks about is 0x1, the next 0x2, and so on:
 * every grading VM starts from the same state and so gives the same names to the same objects.
 * Ids live in a registry table with weak keys (scripts cannot reach the registry), so naming an
 * object does not keep it alive; an id is never reused, unlike an address. */
#include "lauxlib.h"
#include "lua.h"

const void *lua_topointer_address(lua_State *L, int idx);

static const char ids_key = 'i';  /* registry[&ids_key]: object -> id, weak keys */
static const char next_key = 'n'; /* ids[&next_key]: the last id given */

static void push_ids(lua_State *L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &ids_key) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 1);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &ids_key);
}

LUA_API const void *lua_topointer(lua_State *L, int idx) {
  lua_Integer id;
  if (lua_topointer_address(L, idx) == NULL) return NULL; /* no object: nil, a number... */
  idx = lua_absindex(L, idx);
  luaL_checkstack(L, 3, "naming an object");
  push_ids(L);
  lua_pushvalue(L, idx);
  if (lua_rawget(L, -2) == LUA_TNUMBER) {
    id = lua_tointeger(L, -1);
  } else {
    lua_rawgetp(L, -2, &next_key);
    id = lua_tointeger(L, -1) + 1; /* nil reads as 0 */
    lua_pop(L, 1);
    lua_pushinteger(L, id);
    lua_rawsetp(L, -3, &next_key);
    lua_pushvalue(L, idx);
    lua_pushinteger(L, id);
    lua_rawset(L, -4);
  }
  lua_pop(L, 2);
  return (const void *)(size_t)id;
}
