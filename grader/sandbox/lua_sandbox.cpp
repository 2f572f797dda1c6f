// The sandbox's core: construction, loading a script, and the one protected-call boundary every
// call into Lua goes through (as lua.c's docall). The library offered to scripts is in
// lua_library.cpp (with its own coroutine.resume/wrap in lua_coroutine.cpp and xpcall in
// lua_xpcall.cpp), the deadline, aborts and the memory cap in lua_watchdog.cpp.
#include "grader/sandbox/lua_sandbox.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <initializer_list>

#include "grader/sandbox/lua_sandbox_private.h"
#include "engine/files.h"

namespace tile {

namespace {

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

}  // namespace

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
  if (!kUnderAddressSanitizer) allocator_.heap.emplace(limits.memory_bytes);
  std::snprintf(deadline_text_, sizeof deadline_text_,
                "processor-time limit of %s per call exceeded", seconds_text(limits.call_seconds).c_str());
  std::snprintf(starved_text_, sizeof starved_text_,
                "the call was stopped by the wall-clock backstop before it had used its %s of "
                "processor time: the machine was too busy to run it",
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

// Tests only. tests/hostile/exploit_probe.cpp defines it in its own test executable and nowhere
// else: a native function standing in for an exploit of the Lua VM that runs native code, to
// prove the confinement of grading children (confinement.h). In tilegrade it is undefined (null).
extern "C" __attribute__((weak)) void tilegrade_test_open_exploit_probe(lua_State* L);

Result<ScriptSource> LuaSandbox::read_script(const std::string& path) {
  std::string name = base_name(path);
  auto source = read_file(path, kMaxSourceBytes);
  if (!source) {
    std::error_code ignored;
    if (std::filesystem::is_regular_file(path, ignored) &&
        std::filesystem::file_size(path, ignored) > kMaxSourceBytes) {
      return Error{name + ": the script is larger than " + mebibytes(kMaxSourceBytes)};
    }
    return source.failure();
  }
  return ScriptSource{std::move(name), std::move(*source)};
}

Result<std::unique_ptr<LuaSandbox>> LuaSandbox::from_file(const std::string& path,
                                                          const SandboxLimits& limits) {
  auto script = read_script(path);
  if (!script) return script.failure();
  return from_source(script->name, script->source, limits);
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
  if (auto opened = sandbox->open_libraries(); !opened) return opened.failure();
  if (tilegrade_test_open_exploit_probe != nullptr) tilegrade_test_open_exploit_probe(sandbox->L_);
  if (auto loaded = sandbox->load(source); !loaded) return loaded.failure();
  return sandbox;
}

namespace {

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
  if (outermost && abort_.load() == static_cast<int>(AbortKind::Deadline)) {
    call_deadline_expired_ = true;
  }
  if (outermost && abort_.load() == static_cast<int>(AbortKind::Starved)) call_starved_ = true;
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
  if (abort_.load() == static_cast<int>(AbortKind::Starved)) return chunkname_ + ": " + starved_text_;
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

}  // namespace

bool LuaSandbox::has_function(const std::string& name) {
  FunctionQuery query{name.c_str()};
  return protected_call(has_function_body, &query).ok() && query.found;
}

}  // namespace tile
