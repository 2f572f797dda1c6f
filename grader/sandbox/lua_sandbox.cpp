#include "grader/sandbox/lua_sandbox.h"

#include "grader/sandbox/lua_heapq.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>

namespace tile {

namespace {

constexpr std::size_t kMaxSourceBytes = 4 << 20;
constexpr std::size_t kMaxPrintedBytes = 4 << 10;
constexpr std::size_t kMaxMessageBytes = 2000;

// Sandboxes inside a protected call on this thread, innermost first: the watchdog's signal handler
// walks it. A plain pointer (no constructor), so reading it from a signal handler is safe.
thread_local LuaSandbox* t_active_sandboxes = nullptr;

int watchdog_signal() { return SIGRTMIN + 5; }

LuaSandbox* sandbox_of(lua_State* L) {
  // Every thread of a state starts with a copy of the main thread's extra space.
  return *static_cast<LuaSandbox**>(lua_getextraspace(L));
}

std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string mebibytes(std::size_t bytes) {
  char text[64];
  std::snprintf(text, sizeof text, "%.4g MiB", static_cast<double>(bytes) / (1 << 20));
  return text;
}

std::string seconds_text(double seconds) {
  char text[64];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

void copy_truncated(char* destination, std::size_t size, std::string_view text) {
  const std::size_t length = std::min(size - 1, text.size());
  std::memcpy(destination, text.data(), length);
  destination[length] = '\0';
}

// --- error objects -------------------------------------------------------------------------------

// Runs in a protected call: the message of the error object at index 1, or no result when the
// object has no textual form (the caller then names its type).
int stringify_error_object(lua_State* L) {
  switch (lua_type(L, 1)) {
    case LUA_TSTRING:
      lua_settop(L, 1);
      return 1;
    case LUA_TNUMBER:
      luaL_tolstring(L, 1, nullptr);
      return 1;
    default:
      if (luaL_getmetafield(L, 1, "__tostring") == LUA_TNIL) return 0;
      lua_pop(L, 1);
      luaL_tolstring(L, 1, nullptr);  // runs __tostring; raises when it errors or returns no string
      return 1;
  }
}

struct Invocation {
  ProtectedBody body;
  void* context;
};

int trampoline(lua_State* L) {
  auto* invocation = static_cast<Invocation*>(lua_touserdata(L, 1));
  lua_settop(L, 0);
  invocation->body(L, invocation->context);
  return 0;
}

int panic(lua_State* L) {
  // Only reachable through a bug in tilegrade: every API use that can raise runs inside a
  // protected call. Aborting is the only safe answer (returning would longjmp into nowhere).
  const char* message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "non-string error";
  std::fprintf(stderr, "tilegrade: Lua error outside a protected call: %s\n", message);
  std::abort();
}

// --- the library offered to scripts --------------------------------------------------------------

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

}  // namespace

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

namespace {

// Message handler of every protected call. It runs where the error was raised, before the stack
// unwinds: the one moment the position of a non-string error object (or of error("x", 0)) is
// known. It keeps the object unchanged and notes the innermost Lua line in a fixed buffer.
int message_handler(lua_State* L) {
  LuaSandbox* sandbox = sandbox_of(L);
  LuaSandbox::Internals::note_error_position(sandbox, L);
  return 1;
}

}  // namespace

// --- construction --------------------------------------------------------------------------------

LuaSandbox::LuaSandbox(std::string chunkname, const SandboxLimits& limits)
    : chunkname_(std::move(chunkname)), limits_(limits) {
  allocator_.limit = limits.memory_bytes;
  std::snprintf(deadline_text_, sizeof deadline_text_, "time limit of %s per call exceeded",
                seconds_text(limits.call_seconds).c_str());
  static std::once_flag handler_installed;
  std::call_once(handler_installed, [] {
    struct sigaction action {};
    action.sa_handler = &LuaSandbox::on_watchdog_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(watchdog_signal(), &action, nullptr);
  });
  L_ = lua_newstate(&LuaSandbox::allocate, &allocator_);
  if (L_ == nullptr) return;
  *static_cast<LuaSandbox**>(lua_getextraspace(L_)) = this;
  lua_atpanic(L_, panic);
  // Generational collection: a search allocates a node and a few successor tables per expansion,
  // most of them dead at once, while the frontier and the seen-set stay live; the incremental
  // collector re-traverses those on every cycle (10% of a wandering DFS's time, measured).
  lua_gc(L_, LUA_GCGEN, 0, 0);
  if (limits.call_seconds > 0) watchdog_ = std::thread([this] { watch(); });
}

LuaSandbox::~LuaSandbox() {
  if (watchdog_.joinable()) {
    {
      std::lock_guard<std::mutex> lock(watch_mutex_);
      watch_stop_ = true;
    }
    watch_wakeup_.notify_all();
    watchdog_.join();
  }
  // No script code runs here: __gc and __close are refused, so closing only frees memory.
  if (L_ != nullptr) lua_close(L_);
}

Result<std::unique_ptr<LuaSandbox>> LuaSandbox::from_file(const std::string& path,
                                                          const SandboxLimits& limits) {
  const std::string name = base_name(path);
  std::ifstream file(path, std::ios::binary);
  if (!file) return Error{"cannot open " + path + ": " + std::strerror(errno)};
  file.seekg(0, std::ios::end);
  const std::streamoff size = file.tellg();
  if (size < 0) return Error{"cannot read " + path};
  if (static_cast<std::size_t>(size) > kMaxSourceBytes) {
    return Error{name + ": the script is larger than " + mebibytes(kMaxSourceBytes)};
  }
  file.seekg(0, std::ios::beg);
  std::string source(static_cast<std::size_t>(size), '\0');
  if (!file.read(source.data(), size)) return Error{"cannot read " + path};
  return from_source(name, source, limits);
}

Result<std::unique_ptr<LuaSandbox>> LuaSandbox::from_source(const std::string& chunkname,
                                                            std::string_view source,
                                                            const SandboxLimits& limits) {
  std::string name = chunkname;
  if (!name.empty() && (name[0] == '@' || name[0] == '=')) name.erase(0, 1);
  if (source.size() > kMaxSourceBytes) {
    return Error{name + ": the script is larger than " + mebibytes(kMaxSourceBytes)};
  }
  std::unique_ptr<LuaSandbox> sandbox(new LuaSandbox(name, limits));
  if (sandbox->L_ == nullptr) {
    return Error{name + ": cannot create a Lua state within " + mebibytes(limits.memory_bytes)};
  }
  if (auto opened = sandbox->open_libraries(); !opened) return Error{opened.error()};
  if (auto loaded = sandbox->load(source); !loaded) return Error{loaded.error()};
  return sandbox;
}

namespace {

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

struct LoadContext {
  const char* source;
  std::size_t size;
  const char* chunkname;  // "@submission.lua"
};

void load_body(lua_State* L, void* context) {
  const auto& load = *static_cast<LoadContext*>(context);
  if (luaL_loadbufferx(L, load.source, load.size, load.chunkname, "t") != LUA_OK) lua_error(L);
  lua_call(L, 0, 0);  // the top level, under the deadline like any call
}

}  // namespace

Status LuaSandbox::open_libraries() {
  auto opened = protected_call(open_libraries_body, nullptr);
  if (!opened) return Error{chunkname_ + ": cannot set up the sandbox: " + opened.error()};
  return reseed(limits_.random_seed);
}

Status LuaSandbox::load(std::string_view source) {
  if (source.substr(0, 3) == "\xEF\xBB\xBF") source.remove_prefix(3);  // editors' byte-order mark
  if (!source.empty() && source[0] == LUA_SIGNATURE[0]) {
    return Error{chunkname_ + ": precompiled Lua bytecode is not accepted; submit the source text"};
  }
  std::string text(source);
  if (!text.empty() && text[0] == '#') {  // a "#!" line, as lua.c skips it; line numbers unchanged
    const auto end = text.find('\n');
    text.erase(0, end == std::string::npos ? text.size() : end);
  }
  const std::string chunk = "@" + chunkname_;
  LoadContext context{text.data(), text.size(), chunk.c_str()};
  return protected_call(load_body, &context);
}

// --- the protected-call boundary -----------------------------------------------------------------

Status LuaSandbox::protected_call(ProtectedBody body, void* context) {
  // A nested call runs on the thread (coroutine) that is running: that is the one whose stack the
  // calling API function is using.
  lua_State* L = depth_ > 0 ? running_.load() : L_;
  if (!lua_checkstack(L, 4)) return Error{chunkname_ + ": Lua stack exhausted"};
  const int base = lua_gettop(L);
  const bool outermost = depth_++ == 0;
  if (outermost) arm();
  error_where_[0] = '\0';
  Invocation invocation{body, context};
  lua_pushcfunction(L, message_handler);
  lua_pushcfunction(L, trampoline);
  lua_pushlightuserdata(L, &invocation);
  const int status = lua_pcall(L, 1, 0, base + 1);
  Status result = std::monostate{};
  if (status != LUA_OK) {
    result = Error{error_text(L, status)};
  } else if (outermost && abort_.load() != 0) {
    result = Error{abort_text()};  // aborted while the script was in host code: still a failure
  }
  lua_settop(L, base);
  --depth_;
  if (outermost) disarm();
  return result;
}

std::string LuaSandbox::abort_text() const {
  if (abort_.load() == static_cast<int>(AbortKind::Deadline)) {
    std::string text = abort_where_;
    if (!text.empty())
      text += " ";
    else
      text = chunkname_ + ": ";
    return text + deadline_text_;
  }
  return abort_reason_;
}

std::string LuaSandbox::error_text(lua_State* L, int status) {
  if (abort_.load() != 0) return abort_text();
  if (status == LUA_ERRMEM) {
    return chunkname_ + ": memory limit of " + mebibytes(limits_.memory_bytes) + " exceeded";
  }
  const std::string where = error_where_;  // copied before describing, which may raise again
  std::string text = describe_lua_value_safely(L, -1);
  if (text.rfind(chunkname_ + ":", 0) != 0) {
    text = (where.empty() ? chunkname_ + ":" : where) + " " + text;
  }
  if (status == LUA_ERRERR) text += " (while handling another error)";
  // A memory error inside a coroutine reaches us as an ordinary error with Lua's wording.
  if (text.size() >= 17 && text.compare(text.size() - 17, 17, "not enough memory") == 0) {
    text += " (memory limit of " + mebibytes(limits_.memory_bytes) + ")";
  }
  return text;
}

std::string describe_lua_value_safely(lua_State* L, int index) {
  index = lua_absindex(L, index);
  const std::string fallback =
      std::string("(error object is a ") + luaL_typename(L, index) + " value)";
  if (!lua_checkstack(L, 3)) return fallback;
  lua_pushcfunction(L, stringify_error_object);
  lua_pushvalue(L, index);
  const int status = lua_pcall(L, 1, 1, 0);  // never longjmps: the live strings above are safe
  std::string text = fallback;
  if (status == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
    std::size_t length = 0;
    const char* chars = lua_tolstring(L, -1, &length);
    text.assign(chars, std::min(length, kMaxMessageBytes));
    if (length > kMaxMessageBytes) text += "...";
  }
  lua_pop(L, 1);
  return text;
}

// --- deadline and aborts -------------------------------------------------------------------------

void LuaSandbox::arm() {
  abort_.store(0);
  abort_where_[0] = '\0';
  running_.store(L_);
  host_thread_.store(pthread_self());
  next_active_ = t_active_sandboxes;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  t_active_sandboxes = this;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  call_seq_.fetch_add(1);
  in_call_.store(true);
}

void LuaSandbox::disarm() {
  in_call_.store(false);
  // The watchdog stores expired_seq_ and then checks in_call_, holding watch_mutex_ until it has
  // signalled; both sides are sequentially consistent, so if it may still be about to signal this
  // thread, we see its store here and wait for it to finish.
  if (expired_seq_.load() == call_seq_.load() && watchdog_.joinable()) {
    std::lock_guard<std::mutex> lock(watch_mutex_);
  }
  std::atomic_signal_fence(std::memory_order_seq_cst);
  t_active_sandboxes = next_active_;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  lua_sethook(L_, nullptr, 0, 0);  // coroutines that got the hook drop it when it next fires
  abort_.store(0);
  running_.store(L_);
}

void LuaSandbox::watch() {
  using Clock = std::chrono::steady_clock;
  const std::chrono::duration<double> limit(limits_.call_seconds);
  const auto tick = std::clamp(std::chrono::duration_cast<std::chrono::milliseconds>(limit / 20),
                               std::chrono::milliseconds(1), std::chrono::milliseconds(50));
  std::uint64_t watched = 0;
  Clock::time_point since;
  std::unique_lock<std::mutex> lock(watch_mutex_);
  while (!watch_stop_) {
    watch_wakeup_.wait_for(lock, tick);
    if (watch_stop_) break;
    if (!in_call_.load()) continue;
    const std::uint64_t seq = call_seq_.load();
    if (seq != watched) {  // a call we have not seen before: its clock starts now
      watched = seq;
      since = Clock::now();
      continue;
    }
    const auto overdue = Clock::now() - since - limit;
    if (overdue < Clock::duration::zero()) continue;
    if (const auto& stuck = limits_.exit_when_stuck;
        stuck && overdue >= std::chrono::duration<double>(stuck->grace_seconds)) {
      if (!stuck->message.empty()) {
        const ssize_t ignored =
            write(stuck->message_fd, stuck->message.data(), stuck->message.size());
        (void)ignored;
      }
      _exit(stuck->exit_code);
    }
    // Overdue. Signalled again at every tick until the call returns: a coroutine switch between
    // the handler and the next instruction cannot hide the loop for long.
    expired_seq_.store(seq);
    if (in_call_.load() && call_seq_.load() == seq) {
      pthread_kill(host_thread_.load(), watchdog_signal());
    }
  }
}

void LuaSandbox::on_watchdog_signal(int) {
  const int saved_errno = errno;
  for (LuaSandbox* sandbox = t_active_sandboxes; sandbox != nullptr;
       sandbox = sandbox->next_active_) {
    if (!sandbox->in_call_.load() || sandbox->expired_seq_.load() != sandbox->call_seq_.load()) {
      continue;
    }
    int expected = 0;
    sandbox->abort_.compare_exchange_strong(expected, static_cast<int>(AbortKind::Deadline));
    // lua_sethook is the one Lua function documented as safe to call asynchronously (lua.c's
    // Ctrl-C handler does exactly this).
    Internals::install_hook(sandbox->L_);
    lua_State* running = sandbox->running_.load();
    if (running != nullptr && running != sandbox->L_) Internals::install_hook(running);
  }
  errno = saved_errno;
}

void LuaSandbox::abort_call(std::string_view reason) {
  int expected = 0;
  if (abort_.compare_exchange_strong(expected, static_cast<int>(AbortKind::Requested))) {
    copy_truncated(abort_reason_, kReasonSize, reason);
  }
  Internals::install_hook(L_);
  lua_State* running = running_.load();
  if (running != nullptr && running != L_) Internals::install_hook(running);
}

bool LuaSandbox::call_aborted() const { return abort_.load() != 0; }

void LuaSandbox::abort_hook(lua_State* L, lua_Debug*) {
  LuaSandbox* sandbox = sandbox_of(L);
  if (sandbox->abort_.load() == 0 || !sandbox->in_call_.load()) {
    lua_sethook(L, nullptr, 0, 0);  // left on a coroutine by an earlier call
    return;
  }
  lua_Debug frame;
  if (sandbox->abort_where_[0] == '\0' && lua_getstack(L, 0, &frame) &&
      lua_getinfo(L, "Sl", &frame) && frame.currentline > 0) {
    std::snprintf(sandbox->abort_where_, kReasonSize, "%s:%d:", frame.short_src, frame.currentline);
  }
  if (sandbox->abort_.load() == static_cast<int>(AbortKind::Deadline)) {
    lua_pushstring(L, sandbox->deadline_text_);
  } else {
    lua_pushstring(L, sandbox->abort_reason_);
  }
  lua_error(L);
}

void* LuaSandbox::allocate(void* ud, void* ptr, std::size_t old_size, std::size_t new_size) {
  auto* allocator = static_cast<Allocator*>(ud);
  const std::size_t old = ptr != nullptr ? old_size : 0;  // without ptr, old_size is a type tag
  if (new_size == 0) {
    std::free(ptr);
    allocator->in_use -= old;
    return nullptr;
  }
  // Only growth is refused: Lua relies on shrinking never failing.
  if (new_size > old && new_size - old > allocator->limit - allocator->in_use) return nullptr;
  void* moved = std::realloc(ptr, new_size);
  if (moved == nullptr) return nullptr;
  allocator->in_use = allocator->in_use - old + new_size;
  return moved;
}

// --- small services ------------------------------------------------------------------------------

namespace {

struct FunctionQuery {
  const char* name;
  bool found = false;
};

void has_function_body(lua_State* L, void* context) {
  auto& query = *static_cast<FunctionQuery*>(context);
  lua_pushglobaltable(L);
  lua_pushstring(L, query.name);
  query.found = lua_rawget(L, -2) == LUA_TFUNCTION;
}

void reseed_body(lua_State* L, void* context) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kRandomseedKey);
  lua_pushinteger(L, static_cast<lua_Integer>(*static_cast<std::uint64_t*>(context)));
  lua_call(L, 1, 0);
}

}  // namespace

bool LuaSandbox::has_function(const std::string& name) {
  FunctionQuery query{name.c_str()};
  return protected_call(has_function_body, &query).ok() && query.found;
}

Status LuaSandbox::reseed(std::uint64_t seed) { return protected_call(reseed_body, &seed); }

}  // namespace tile
