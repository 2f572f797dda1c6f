// The sandbox's coroutine.resume and coroutine.wrap. Lua's own would do, but for one thing: a count
// hook set on a thread is copied only into the coroutines created after it, so when a call is
// aborted (deadline, budget) the sandbox must hook the coroutine that runs at that moment, and
// therefore must know which one it is. Written from the Lua 5.4 reference manual: coroutine.resume
// and coroutine.wrap (§6.2) for what scripts see, lua_resume, lua_xmove and lua_checkstack (§4.6)
// for how a thread is driven.
#include "grader/sandbox/lua_sandbox.h"
#include "grader/sandbox/lua_sandbox_private.h"

namespace tile::sandbox_detail {

namespace {

// How one resume ended, seen from the thread that asked for it.
struct Resumed {
  bool failed = false;  // then one value, the error, is on top of the resumer's stack
  int values = 0;       // otherwise: what the coroutine yielded or returned, on top of that stack
};

Resumed failed_with(lua_State* resumer, const char* message) {
  lua_pushstring(resumer, message);
  return {true, 1};
}

// Hands the `count` values on top of `resumer`'s stack to `co` and lets it run until it yields,
// returns or fails; what it produced ends up on the resumer's stack. The manual's lua_resume says
// the rest: the coroutine's stack must hold the arguments (so room is checked first), and after an
// error only the error object, on top, means anything.
Resumed run_until_it_stops(lua_State* resumer, lua_State* co, int count) {
  if (!lua_checkstack(co, count)) return failed_with(resumer, "too many arguments to resume");
  lua_xmove(resumer, co, count);

  LuaSandbox* sandbox = sandbox_of(resumer);
  LuaSandbox::Internals::set_running(sandbox, co);
  // Aborted before this resume: the coroutine may predate the hook, so give it the hook now.
  if (sandbox->call_aborted()) LuaSandbox::Internals::install_hook(co);
  int produced = 0;
  const int status = lua_resume(co, resumer, count, &produced);  // never raises: errors return
  // The resumer runs again (it is the thread running when the script called resume). Aborted while
  // the coroutine ran: the resumer may predate the hook too, and must stop at its next instruction.
  LuaSandbox::Internals::set_running(sandbox, resumer);
  if (sandbox->call_aborted()) LuaSandbox::Internals::install_hook(resumer);

  if (status != LUA_OK && status != LUA_YIELD) {
    lua_xmove(co, resumer, 1);
    return {true, 1};
  }
  if (!lua_checkstack(resumer, produced + 1)) {  // + 1: coroutine.resume adds its `true`
    lua_pop(co, produced);  // dropped either way, or the next resume would see them as arguments
    return failed_with(resumer, "too many results to resume");
  }
  lua_xmove(co, resumer, produced);
  return {false, produced};
}

// The function coroutine.wrap returns; upvalue 1 is its coroutine.
int resume_wrapped_coroutine(lua_State* L) {
  lua_State* co = lua_tothread(L, lua_upvalueindex(1));
  const Resumed resumed = run_until_it_stops(L, co, lua_gettop(L));
  if (!resumed.failed) return resumed.values;
  // The manual: wrap propagates the error. A text message also gets the position of the call
  // that resumed, as Lua's wrap does, so that nested wraps show each step on the way down. Other
  // error objects travel unchanged.
  if (lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_rotate(L, -2, 1);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

}  // namespace

// coroutine.resume(co, ...): true and what co yielded or returned, or false and the error.
int sandbox_coroutine_resume(lua_State* L) {
  lua_State* co = lua_tothread(L, 1);
  luaL_argexpected(L, co != nullptr, 1, "thread");  // as coroutine.status words it
  const Resumed resumed = run_until_it_stops(L, co, lua_gettop(L) - 1);
  lua_pushboolean(L, resumed.failed ? 0 : 1);
  lua_rotate(L, -(resumed.values + 1), 1);  // the flag goes under the values
  return resumed.values + 1;
}

// coroutine.wrap(f): a function that resumes a new coroutine running f each time it is called.
// Unlike Lua 5.4.4's, it does not reset the coroutine after an error: nothing would be closed
// (the sandbox refuses __close), and a dead coroutine already refuses every later resume.
int sandbox_coroutine_wrap(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State* co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);  // a new thread starts with its body alone on its stack
  lua_pushcclosure(L, resume_wrapped_coroutine, 1);
  return 1;
}

}  // namespace tile::sandbox_detail
