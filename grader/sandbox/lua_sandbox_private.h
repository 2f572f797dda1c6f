// Private to the sandbox's own .cpp files (lua_sandbox, lua_library, lua_watchdog, lua_coroutine,
// lua_xpcall): the pieces of one LuaSandbox that its parts share. Nothing outside
// grader/sandbox/lua_*.cpp includes it.
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

// The library functions the sandbox writes itself, registered by lua_library.cpp.
int sandbox_coroutine_resume(lua_State* L);  // lua_coroutine.cpp
int sandbox_coroutine_wrap(lua_State* L);    // lua_coroutine.cpp
int sandbox_xpcall(lua_State* L);            // lua_xpcall.cpp

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

  // The thread that runs script code now, set by the sandbox's coroutine.resume
  // (lua_coroutine.cpp): an abort must hook that thread too, since a coroutine created before the
  // abort never saw its hook.
  static void set_running(LuaSandbox* sandbox, lua_State* thread) { sandbox->running_.store(thread); }

  static void install_hook(lua_State* thread) {
    lua_sethook(thread, &LuaSandbox::abort_hook, LUA_MASKCOUNT, 1);
  }

  static const char* deadline_text(LuaSandbox* sandbox) { return sandbox->deadline_text_; }
};

}  // namespace tile
