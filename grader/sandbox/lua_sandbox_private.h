// Private to the sandbox's own .cpp files (lua_sandbox, lua_library, lua_watchdog): the pieces of
// one LuaSandbox that its three parts share. Nothing outside grader/sandbox/lua_*.cpp includes it.
#pragma once

#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "grader/sandbox/lua_sandbox.h"

namespace tile::sandbox_detail {

inline constexpr std::size_t kMaxSourceBytes = 4 << 20;
inline constexpr std::size_t kMaxPrintedBytes = 4 << 10;
inline constexpr std::size_t kMaxMessageBytes = 2000;

// Sandboxes inside a protected call on this thread, innermost first: the watchdog's signal handler
// walks it. A plain pointer (no constructor), so reading it from a signal handler is safe.
inline thread_local LuaSandbox* t_active_sandboxes = nullptr;

inline int watchdog_signal() { return SIGRTMIN + 5; }

inline LuaSandbox* sandbox_of(lua_State* L) {
  // Every thread of a state starts with a copy of the main thread's extra space.
  return *static_cast<LuaSandbox**>(lua_getextraspace(L));
}

inline std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

inline std::string mebibytes(std::size_t bytes) {
  char text[64];
  std::snprintf(text, sizeof text, "%.4g MiB", static_cast<double>(bytes) / (1 << 20));
  return text;
}

inline std::string seconds_text(double seconds) {
  char text[64];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

inline void copy_truncated(char* destination, std::size_t size, std::string_view text) {
  const std::size_t length = std::min(size - 1, text.size());
  std::memcpy(destination, text.data(), length);
  destination[length] = '\0';
}

}  // namespace tile::sandbox_detail

namespace tile {

using namespace sandbox_detail;

// The C callbacks need the sandbox's private state; they live here as static members.
struct LuaSandbox::Internals {
  static void note_error_position(LuaSandbox* sandbox, lua_State* L) {
    sandbox->error_where_[0] = '\0';
    lua_Debug frame;
    for (int level = 1; lua_getstack(L, level, &frame); ++level) {
      if (lua_getinfo(L, "Sl", &frame) && frame.currentline > 0) {
        std::snprintf(sandbox->error_where_, kReasonSize, "%s:%d:", frame.short_src,
                      frame.currentline);
        return;
      }
    }
  }

  static int print(lua_State* L) {
    LuaSandbox* sandbox = sandbox_of(L);
    const int count = lua_gettop(L);
    for (int i = 1; i <= count; ++i) {
      std::size_t length = 0;
      const char* text = luaL_tolstring(L, i, &length);  // may raise: no C++ object is live here
      if (i > 1) append_printed(sandbox, "\t", 1);
      append_printed(sandbox, text, length);
      lua_pop(L, 1);
    }
    append_printed(sandbox, "\n", 1);
    return 0;
  }

  static void append_printed(LuaSandbox* sandbox, const char* text, std::size_t length) {
    std::string& printed = sandbox->printed_;
    if (printed.size() >= kMaxPrintedBytes) return;
    length = std::min(length, kMaxPrintedBytes - printed.size());
    try {
      printed.append(text, length);
    } catch (...) {  // the host is out of memory: dropping debug output is the right answer
    }
  }

  // coroutine.resume and coroutine.wrap, after lcorolib.c (Lua 5.4, MIT licence), plus the one
  // thing the sandbox needs: `running_` names the coroutine that runs, so that the deadline's hook
  // reaches a loop inside a coroutine created before the deadline.
  static int resume_coroutine(lua_State* L, lua_State* co, int arguments) {
    if (!lua_checkstack(co, arguments)) {
      lua_pushliteral(L, "too many arguments to resume");
      return -1;
    }
    lua_xmove(L, co, arguments);
    LuaSandbox* sandbox = sandbox_of(L);
    lua_State* previous = sandbox->running_.load();
    sandbox->running_.store(co);
    if (sandbox->abort_.load() != 0) install_hook(co);
    int results = 0;
    const int status = lua_resume(co, L, arguments, &results);  // catches the coroutine's errors
    sandbox->running_.store(previous);
    // Aborted while the coroutine ran: the resumer has no hook yet, and must not run on.
    if (sandbox->abort_.load() != 0) install_hook(L);
    if (status == LUA_OK || status == LUA_YIELD) {
      if (!lua_checkstack(L, results + 1)) {
        lua_pop(co, results);
        lua_pushliteral(L, "too many results to resume");
        return -1;
      }
      lua_xmove(co, L, results);
      return results;
    }
    lua_xmove(co, L, 1);  // the error object
    return -1;
  }

  static int resume(lua_State* L) {
    lua_State* co = lua_tothread(L, 1);
    luaL_argexpected(L, co != nullptr, 1, "coroutine");
    const int results = resume_coroutine(L, co, lua_gettop(L) - 1);
    if (results < 0) {
      lua_pushboolean(L, 0);
      lua_insert(L, -2);
      return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(results + 1));
    return results + 1;
  }

  static int wrapped(lua_State* L) {
    lua_State* co = lua_tothread(L, lua_upvalueindex(1));
    const int results = resume_coroutine(L, co, lua_gettop(L));
    if (results >= 0) return results;
    if (lua_type(L, -1) == LUA_TSTRING) {  // add the position of the wrapped call, as lcorolib
      luaL_where(L, 1);
      lua_insert(L, -2);
      lua_concat(L, 2);
    }
    return lua_error(L);
  }

  static int wrap(lua_State* L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State* co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, wrapped, 1);
    return 1;
  }

  // xpcall, after lbaselib.c (Lua 5.4, MIT licence), with the message handler guarded. When the
  // abort hook raises, Lua calls the handler with hooks disabled (the hook has not returned), so
  // a looping handler could never be stopped; once the call is aborted the guard returns the error
  // unchanged instead of calling the script's handler.
  static int guarded_handler(lua_State* L) {
    if (sandbox_of(L)->abort_.load() != 0) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
  }

  static int finish_pcall(lua_State* L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
      lua_pushboolean(L, 0);
      lua_pushvalue(L, -2);
      return 2;
    }
    return lua_gettop(L) - static_cast<int>(extra);
  }

  static int xpcall(lua_State* L) {
    const int count = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    const int status = lua_pcallk(L, count - 2, LUA_MULTRET, 2, 2, finish_pcall);
    return finish_pcall(L, status, 2);
  }

  static void install_hook(lua_State* thread) {
    lua_sethook(thread, &LuaSandbox::abort_hook, LUA_MASKCOUNT, 1);
  }

  static const char* deadline_text(LuaSandbox* sandbox) { return sandbox->deadline_text_; }
};

}  // namespace tile
