// The sandbox's xpcall. Lua's own would do, but for one thing: when the sandbox aborts a call (the
// deadline, a budget), its hook raises an error, and Lua runs the message handler of that error
// with hooks disabled, since the hook has not returned. A handler that loops could then never be
// stopped. So the script's handler is called through a guard that, once the call is aborted,
// hands the error on unchanged instead. Written from the Lua 5.4 reference manual: xpcall and
// pcall (§6.1) for what scripts see, lua_pcallk and continuations (§4.5, §4.6) for how a call that
// yields inside a coroutine finishes.
#include "grader/sandbox/lua_sandbox.h"
#include "grader/sandbox/lua_sandbox_private.h"

namespace tile::sandbox_detail {

namespace {

// The message handler Lua calls with the error object; upvalue 1 is the script's handler.
int guarded_message_handler(lua_State* L) {
  if (sandbox_of(L)->call_aborted()) return 1;  // the error itself, untouched
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);  // as the manual says: the handler's one result becomes the error
  return 1;
}

// Stack layout while the call runs: 1 `true`, 2 the guarded handler, 3... what the call left.
// `true` is in place before the call so that a success needs no free slot afterwards (a function
// may return as many values as the stack holds).
constexpr int kFlagSlot = 1;
constexpr int kHandlerSlot = 2;

// Runs when the call ends, at once or, when the called function yielded (the manual's lua_pcallk
// continuation), after the coroutine was resumed; `status` is then LUA_YIELD for a success.
int finish_xpcall(lua_State* L, int status, lua_KContext) {
  if (status == LUA_OK || status == LUA_YIELD) {
    lua_remove(L, kHandlerSlot);
    return lua_gettop(L);  // true, then every result
  }
  // Failed: the error (as the handler turned it) is on top, above the flag and the handler.
  lua_pushboolean(L, 0);
  lua_replace(L, kFlagSlot);
  lua_remove(L, kHandlerSlot);
  return 2;  // false, the error
}

}  // namespace

// xpcall(f, handler, ...): f(...) in protected mode with `handler` as the message handler.
int sandbox_xpcall(lua_State* L) {
  luaL_checktype(L, 2, LUA_TFUNCTION);
  const int arguments = lua_gettop(L) - 2;
  // From f, handler, arguments... to the layout above: true, guard, f, arguments...
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_message_handler, 1);
  lua_replace(L, 2);  // f, guard, arguments...
  lua_pushboolean(L, 1);
  lua_rotate(L, 1, 1);  // true, f, guard, arguments...
  lua_pushvalue(L, 2);
  lua_copy(L, 3, 2);
  lua_replace(L, 3);  // true, guard, f, arguments... (f and guard swapped)
  const int status = lua_pcallk(L, arguments, LUA_MULTRET, kHandlerSlot, 0, finish_xpcall);
  return finish_xpcall(L, status, 0);
}

}  // namespace tile::sandbox_detail
