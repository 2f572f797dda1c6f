// Ending a call that runs too long or allocates too much: a watchdog thread per sandbox, a signal
// that reaches a call stuck inside one C function, a count hook that stops Lua code at its next
// instruction, and the allocator that enforces the memory cap.
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
#include <initializer_list>

#include "grader/sandbox/clocks.h"
#include "grader/sandbox/lua_sandbox_private.h"

namespace tile {

// --- deadline and aborts -------------------------------------------------------------------------

void LuaSandbox::arm() {
  abort_.store(0);
  abort_where_[0] = '\0';
  running_.store(L_);
  host_thread_.store(pthread_self());
  clockid_t clock{};
  if (pthread_getcpuclockid(pthread_self(), &clock) == 0) host_cpu_clock_.store(clock);
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
  return_level_ = -1;  // a noted function that raised an error never returned
  abort_.store(0);
  running_.store(L_);
}

void LuaSandbox::watch() {
  using Clock = std::chrono::steady_clock;
  using Seconds = std::chrono::duration<double>;
  const double limit = limits_.call_seconds;
  const Seconds backstop(wall_backstop_seconds(limit));
  const Seconds stall(stall_seconds(limit));
  const auto tick =
      std::clamp(std::chrono::duration_cast<std::chrono::milliseconds>(Seconds(limit) / 20),
                 std::chrono::milliseconds(1), std::chrono::milliseconds(50));
  std::uint64_t watched = 0;
  Clock::time_point since_wall;
  Clock::time_point last_progress;  // when the call's processor time last moved
  double since_processor = 0;
  double last_processor = 0;
  std::unique_lock<std::mutex> lock(watch_mutex_);
  while (!watch_stop_) {
    watch_wakeup_.wait_for(lock, tick);
    if (watch_stop_) break;
    if (!in_call_.load()) continue;
    const std::uint64_t seq = call_seq_.load();
    // 0 when the clock cannot be read (the calling thread has ended: no call is running then).
    const double processor = processor_seconds(host_cpu_clock_.load()).value_or(0);
    const auto now = Clock::now();
    if (seq != watched) {  // a call we have not seen before: its clocks start now
      watched = seq;
      since_wall = last_progress = now;
      since_processor = last_processor = processor;
      continue;
    }
    if (processor > last_processor) {
      last_processor = processor;
      last_progress = now;
    }
    // Processor time decides (the call's own work); the wall clock only ends a call that is
    // stopped or starved (clocks.h), and says so, so that the grader runs it again.
    const double overdue = processor - since_processor - limit;
    const Seconds stalled = now - last_progress;
    const Seconds wall = now - since_wall;
    AbortKind kind = AbortKind::None;
    if (overdue >= 0) {
      kind = AbortKind::Deadline;
    } else if (stalled >= stall || wall >= backstop) {
      kind = AbortKind::Starved;
    } else {
      continue;
    }
    if (const auto& stuck = limits_.exit_when_stuck; stuck) {
      const bool stuck_on_processor =
          kind == AbortKind::Deadline && overdue >= stuck->grace_seconds;
      const bool stuck_starved =
          kind == AbortKind::Starved &&
          std::max(stalled - stall, wall - backstop) >= Seconds(stuck->grace_seconds);
      if (stuck_on_processor || stuck_starved) {
        const std::string& message = stuck_on_processor ? stuck->message : stuck->starved_message;
        if (!message.empty()) {
          const ssize_t ignored = write(stuck->message_fd, message.data(), message.size());
          (void)ignored;
        }
        _exit(stuck_on_processor ? stuck->exit_code : stuck->starved_exit_code);
      }
    }
    // Overdue. Signalled again at every tick until the call returns: a coroutine switch between
    // the handler and the next instruction cannot hide the loop for long. The first kind sticks
    // (the handler only sets an abort that is not set yet).
    expired_kind_.store(static_cast<int>(kind));
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
    sandbox->abort_.compare_exchange_strong(expected, sandbox->expired_kind_.load());
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

void LuaSandbox::note_return_line() {
  lua_Debug frame;
  int below = 0;  // the frames under the one the body is about to call: the body's and its callers'
  while (lua_getstack(L_, below, &frame) != 0) ++below;
  return_level_ = below;
  returned_line_ = 0;
  lua_sethook(L_, &LuaSandbox::return_hook, LUA_MASKRET, 0);
  // The signal handler stores abort_ before it installs its hook: if it ran before the line
  // above, this sees the abort and puts its hook back.
  if (call_aborted()) Internals::install_hook(L_);
}

void LuaSandbox::stop_noting_return() {
  return_level_ = -1;
  lua_sethook(L_, nullptr, 0, 0);
  if (call_aborted()) Internals::install_hook(L_);
}

void LuaSandbox::return_hook(lua_State* L, lua_Debug* ar) {
  LuaSandbox* sandbox = sandbox_of(L);
  // A coroutine copies its creator's hook: its returns are never the noted function's.
  if (L != sandbox->L_ || sandbox->return_level_ < 0) return;
  // The returning frame is level 0: it is the noted function's when exactly return_level_ frames
  // lie below it. lua_getstack walks from the top, so this costs the few frames it checks.
  lua_Debug frame;
  if (lua_getstack(L, sandbox->return_level_ + 1, &frame) != 0 ||
      lua_getstack(L, sandbox->return_level_, &frame) == 0) {
    return;
  }
  sandbox->returned_line_ = 0;
  if (lua_getinfo(L, "Sl", ar) != 0 && ar->currentline > 0 && ar->source != nullptr &&
      ar->source[0] == '@' && sandbox->chunkname_ == ar->source + 1) {
    sandbox->returned_line_ = ar->currentline;
  }
}

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
  } else if (sandbox->abort_.load() == static_cast<int>(AbortKind::Starved)) {
    lua_pushstring(L, sandbox->starved_text_);
  } else {
    lua_pushstring(L, sandbox->abort_reason_);
  }
  lua_error(L);
}

void* LuaSandbox::allocate(void* ud, void* ptr, std::size_t old_size, std::size_t new_size) {
  auto* allocator = static_cast<Allocator*>(ud);
  const std::size_t old = ptr != nullptr ? old_size : 0;  // without ptr, old_size is a type tag
  if (new_size == 0) {
    if (allocator->heap) {
      allocator->heap->reallocate(ptr, old, 0);
    } else {
      std::free(ptr);
    }
    allocator->in_use -= old;
    return nullptr;
  }
  // Only growth is refused: Lua relies on shrinking never failing.
  if (new_size > old && new_size - old > allocator->limit - allocator->in_use) {
    allocator->refused = true;
    return nullptr;
  }
  void* moved = allocator->heap ? allocator->heap->reallocate(ptr, old, new_size)
                                : std::realloc(ptr, new_size);
  if (moved == nullptr) {
    allocator->refused = true;
    return nullptr;
  }
  allocator->in_use = allocator->in_use - old + new_size;
  return moved;
}

}  // namespace tile
