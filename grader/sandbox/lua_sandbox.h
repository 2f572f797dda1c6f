// The Lua 5.4 sandbox a student's script runs in: one fresh lua_State per submission, a whitelisted
// standard library, a capped allocator, text-only loading and a per-call processor-time deadline.
//
// Threat model (measured on Debian's Lua 5.4.4): a script may loop, recurse, allocate without end,
// raise error objects that cannot be printed, or try to reach the outside world. Everything a
// script can do is stopped here with a clear message, EXCEPT work that runs inside one C call of
// the standard library (a catastrophic string pattern): no hook fires there, so only killing the
// process stops it. Graders therefore run submissions inside run_in_child (child_process.h), and a
// process that exists to run one script (a grading child, `tilegrade solve --heuristic FILE.lua`)
// lets the watchdog end it when a call is stuck (SandboxLimits::exit_when_stuck).
//
// Library offered to scripts:
//   base:      assert error ipairs next pairs pcall xpcall select tonumber tostring type rawequal
//              rawget rawlen rawset getmetatable _G _VERSION, plus
//              setmetatable     refusing metatables with __gc, __close or __mode (a looping __gc
//                               cannot be interrupted by any hook; weak and to-be-closed values
//                               reach code paths that crash 5.4.4),
//              collectgarbage   "count" only,
//              print            captured (first 4 KiB kept, see printed_output()), never written.
//   string     without dump; the string metatable is locked (__metatable).
//   table, utf8, math          math.randomseed needs an explicit seed; reseed() seeds per test.
//   coroutine  without close; resume and wrap are the sandbox's own (lua_coroutine.cpp: they
//              track the running coroutine so that the deadline reaches it).
//   heapq      CPython's heappush/heappop as heapq.push/heapq.pop (lua_heapq.h).
// Absent: io, os, package/require, debug, load, loadstring, dofile, loadfile.
//
// Deadline: a watchdog thread per sandbox notices a call that has used more than call_seconds of
// the calling thread's processor time and signals that thread; the signal handler installs a count
// hook (as lua.c does for Ctrl-C), and the hook raises an error at every Lua instruction until the
// call returns, so pcall cannot swallow it. Normal calls pay two atomic stores and no deadline
// hook (a search call pays a return hook, note_return_line, which the abort's replaces). The
// signal is kWatchdogSignal (SIGRTMIN + 5); nothing else in tilegrade uses it. Processor time, not
// the wall clock, so that a busy machine cannot change a verdict (docs/student-api.md, Limits). A
// wall clock still backs it up (kWallBackstopFactor times the limit, clocks.h) against a call that
// is starved of the processor: that call ends too, but as starved (call_starved()), which is the
// machine's doing and never the script's, and a grader runs the job again.
//
// Not thread-safe: one thread at a time may use a sandbox (different threads may take turns).
// A sandbox does not survive fork(): its watchdog thread stays behind in the parent, so a child
// process must create its own sandboxes (inside run_in_child's work), never use inherited ones.
#pragma once

#include <pthread.h>
#include <time.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <lua.hpp>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <variant>

#include "engine/result.h"
#include "grader/sandbox/lua_heap.h"

namespace tile {

// A call still running well past its deadline is stuck inside one C function of the library,
// where no hook fires (a catastrophic string pattern): nothing can stop it but ending the process.
struct StuckCallExit {
  double grace_seconds = 2;  // how long past the deadline before giving up on the call
  int exit_code = 1;
  std::string message;       // written first, unless empty
  int message_fd = 2;        // where: stderr, or stdout for a command whose errors are documents
  // The exit code and message when the call is stuck past the wall-clock backstop without having
  // used its processor time (the process was starved, or stopped): the machine's doing, not the
  // script's.
  int starved_exit_code = 1;
  std::string starved_message;
};

// A script read from its file, to be loaded later where files cannot be read (a confined
// grading child, confinement.h). name: the file's base name, the chunk name ("submission.lua").
struct ScriptSource {
  std::string name;
  std::string source;
};

struct SandboxLimits {
  std::size_t memory_bytes = 64 << 20;  // everything the Lua state allocates, libraries included
  double call_seconds = 5.0;            // processor time per protected call; <= 0: no deadline
  std::uint64_t random_seed = 1;        // math.random's seed until reseed()
  // Set only in a process that exists to run this script (a grading child, tilegrade solve with
  // a script): the watchdog then ends the process when a call is stuck. Unset, a stuck call runs
  // on, and a host that must survive scripts runs them in a child process.
  std::optional<StuckCallExit> exit_when_stuck;
};

// Code run by LuaSandbox::protected_call, inside lua_pcall. Lua errors are longjmps (Debian's
// liblua is C), so while a body calls anything that can raise (lua_call, allocation, luaL_error)
// it must hold no C++ object with a non-trivial destructor, and it must not let a C++ exception
// escape. Results go into the context, which the caller owns outside the protected call.
using ProtectedBody = void (*)(lua_State* L, void* context);

class LuaSandbox {
 public:
  // Loads and runs a script's top level. `path`'s base name is the chunk name, so messages read
  // "submission.lua:3: syntax error near 'end'".
  static Result<std::unique_ptr<LuaSandbox>> from_file(const std::string& path,
                                                       const SandboxLimits& limits);
  // What from_file reads, with the same errors; from_source(script.name, script.source) then
  // loads it as from_file would.
  static Result<ScriptSource> read_script(const std::string& path);
  // chunkname as shown in messages ("submission.lua"); a leading '@' is accepted and ignored.
  static Result<std::unique_ptr<LuaSandbox>> from_source(const std::string& chunkname,
                                                         std::string_view source,
                                                         const SandboxLimits& limits);
  ~LuaSandbox();
  LuaSandbox(const LuaSandbox&) = delete;
  LuaSandbox& operator=(const LuaSandbox&) = delete;

  // Whether the script defined a global function of that name (raw lookup: no metamethods run).
  bool has_function(const std::string& name);

  // THE protected-call boundary (as lua.c's docall): runs body inside lua_pcall with the deadline
  // armed. On failure the error reads "submission.lua:7: message"; error objects are converted
  // inside a second protected call, so one whose __tostring errors or loops cannot hurt the host
  // ("(error object is a table value)"). The stack is restored to its height at entry. Calls may
  // nest (a body may call back into protected_call); the deadline belongs to the outermost one.
  Status protected_call(ProtectedBody body, void* context);

  // Called from inside a body (typically an API function the script called): ends the current
  // outermost call with `reason` as its error, whatever the script does. The script cannot catch
  // it: every Lua instruction raises it again until the call returns. Used for budgets.
  void abort_call(std::string_view reason);
  // Whether the current call has been aborted (by abort_call or by the deadline).
  bool call_aborted() const;

  // Called from inside a body, on the state's main thread, just before the body calls a function
  // of the script: until stop_noting_return(), a return hook notes the line of the script's file
  // from which that function returns (its `return`, or the `end` it runs off; where it ends in a
  // tail call, the line the function it called returns from), which returned_line() then gives:
  // 0 when no function of the script's returned in its place (a C function, an error). The hook
  // fires at every return and leaves at once for all but that one, with no call back into Lua;
  // an abort still replaces it (the abort's hook is installed again if it came first).
  void note_return_line();
  void stop_noting_return();
  int returned_line() const { return returned_line_; }
  // Whether a call into this sandbox has ever been ended by its per-call deadline (the job ran out
  // of time, not out of a budget): what a grader tells apart without reading the error's words.
  bool call_deadline_expired() const { return call_deadline_expired_; }
  // Whether a call into this sandbox has ever been ended by the wall-clock backstop before it had
  // used its processor time: the machine was too busy (or the process was stopped), so the call
  // says nothing about the script, and its job must be run again.
  bool call_starved() const { return call_starved_; }

  // Seeds math.random (per test, so results are reproducible whatever ran before). Fails only
  // when the state is out of memory.
  Status reseed(std::uint64_t seed);

  lua_State* state() { return L_; }
  const std::string& chunkname() const { return chunkname_; }  // "submission.lua"
  const SandboxLimits& limits() const { return limits_; }
  std::size_t memory_in_use() const { return allocator_.in_use; }
  // Whether the state has ever been refused memory by its limit (memory_bytes): a script that
  // then ends in an error met the memory limit, which a grader tells apart without reading the
  // error's words (a memory error inside a coroutine reaches it as an ordinary error).
  bool memory_limit_met() const { return allocator_.refused; }
  // What the script passed to print(), truncated to 4 KiB; for reports.
  const std::string& printed_output() const { return printed_; }

  // Internal, used by the C callbacks of the sandbox (hooks, print, coroutine.resume).
  struct Internals;

 private:
  struct Allocator {
    std::size_t in_use = 0;
    std::size_t limit = 0;
    bool refused = false;  // some growth was refused: the state met its memory limit
    // Where the blocks come from (lua_heap.h); absent in AddressSanitizer builds, where every
    // block is malloc's so that ASan sees each one.
    std::optional<LuaHeap> heap;
  };
  enum class AbortKind : int { None = 0, Deadline = 1, Requested = 2, Starved = 3 };
  static constexpr std::size_t kReasonSize = 512;

  LuaSandbox(std::string chunkname, const SandboxLimits& limits);
  Status open_libraries();
  Status load(std::string_view source);
  void arm();
  void disarm();
  void watch();
  void install_abort_hook(lua_State* thread);
  std::string error_text(lua_State* L, int status);
  std::string abort_text() const;
  static void abort_hook(lua_State* L, lua_Debug* ar);
  static void return_hook(lua_State* L, lua_Debug* ar);
  static void on_watchdog_signal(int);
  static void* allocate(void* ud, void* ptr, std::size_t old_size, std::size_t new_size);

  std::string chunkname_;
  SandboxLimits limits_;
  Allocator allocator_;
  lua_State* L_ = nullptr;
  std::string printed_;
  int depth_ = 0;  // nesting of protected calls
  // note_return_line(): the stack level the noted function's frame has when it returns, counted
  // from the bottom (how many frames lie below it); -1 when no return is noted. Its line, or 0.
  int return_level_ = -1;
  int returned_line_ = 0;
  bool call_deadline_expired_ = false;  // sticky: see call_deadline_expired()
  bool call_starved_ = false;           // sticky: see call_starved()

  // Deadline machinery. call_seq_ and in_call_ are written by the calling thread and read by the
  // watchdog; abort_ is written by the signal handler or abort_call and read by the hook, all on
  // the calling thread; running_ is the coroutine currently running (the main state otherwise).
  std::atomic<std::uint64_t> call_seq_{0};
  std::atomic<bool> in_call_{false};
  std::atomic<std::uint64_t> expired_seq_{0};
  std::atomic<int> expired_kind_{0};  // AbortKind::Deadline or Starved, for the signal handler
  std::atomic<pthread_t> host_thread_{};
  // The calling thread's processor-time clock. Should pthread_getcpuclockid ever fail, it stays
  // CLOCK_REALTIME (0), and the deadline falls back to the wall clock it used to be.
  std::atomic<clockid_t> host_cpu_clock_{CLOCK_REALTIME};
  std::atomic<int> abort_{0};
  std::atomic<lua_State*> running_{nullptr};
  char abort_reason_[kReasonSize] = {};
  char deadline_text_[kReasonSize] = {};  // "processor-time limit of 5 s per call exceeded"
  char starved_text_[kReasonSize] = {};   // the backstop's: the machine was too busy
  char abort_where_[kReasonSize] = {};    // where the hook first fired: "submission.lua:12:"
  char error_where_[kReasonSize] = {};    // where the last error was raised (message handler)
  LuaSandbox* next_active_ = nullptr;     // sandboxes in a call on this thread, innermost first

  std::mutex watch_mutex_;
  std::condition_variable watch_wakeup_;
  bool watch_stop_ = false;
  std::thread watchdog_;
};

// Converts the value at `index` to a message without ever running a metamethod that could hurt
// the host: strings and numbers as is; other values through __tostring inside a protected call,
// falling back to "(error object is a <type> value)". Removes nothing from the stack.
std::string describe_lua_value_safely(lua_State* L, int index);

}  // namespace tile
