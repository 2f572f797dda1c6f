// Running work in a forked child process under hard limits: the only way to stop a script stuck
// inside one C call of the Lua library (a catastrophic pattern) or a crash of the interpreter,
// without losing the grader. The child reports through a pipe, one line per finished test, each
// flushed at once, so the parent keeps everything written before the child died. A caller that
// passes a LineHandler gets each line as it arrives instead, so the parent never holds more than
// the line being read (at most max_output_bytes with per_line) however much the child writes.
//
// The parent needs no thread for this (it waits with poll and a deadline), so run_in_child can be
// called from several threads at once: each call owns its pipe, its child and its reaping. (Batch
// grading calls it from single-threaded worker processes instead: worker_processes.h says why.)
// Requirements on the caller: SIGCHLD must not be set to SIG_IGN (the child must stay waitable),
// and `work` must only use what is safe after fork() in a process that may have had other threads:
// glibc's malloc and stdio are; a lock held by another parent thread at fork time (for example
// inside an iostream) would never be released in the child.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tile {

struct ChildLimits {
  // The parent SIGKILLs the child after this much wall-clock time: a backstop for a child that is
  // starved or stopped (clocks.h), set well above cpu_seconds where cpu_seconds decides a verdict.
  double wall_seconds = 20;
  // And when its processor time has not moved for this long (a stopped or blocked child; bytes
  // read from it count as moving); 0: never. Either way the end is End::TimedOut.
  double stall_seconds = 0;
  double cpu_seconds = 20;   // RLIMIT_CPU: SIGXCPU at this many seconds, SIGKILL one second later
  // Both time limits restart at every line the child writes, so work that writes one line per
  // item (a submission's tests, one after another in one child) gets them per item. Then the CPU
  // limit is the soft RLIMIT_CPU alone (SIGXCPU ends the child: the hard limit cannot be raised
  // again once lowered).
  bool per_line = false;
  // RLIMIT_AS of the child. Not applied in AddressSanitizer builds (address_sanitizer.h): ASan
  // reserves terabytes of virtual address space for its shadow memory and could not even start.
  std::size_t address_space_bytes = 2ULL << 30;
  std::size_t max_output_bytes = 64 << 20;  // a child writing more (per_line: in one line) is killed
  // OS confinement (confinement.h) before `work` runs: no new privileges, no network, and a
  // system call filter. Off only for tests of this file that need a call the filter refuses.
  bool confine = true;
  std::vector<int> writable_fds;  // descriptors `work` writes to besides its pipe (solve: 1, 2)
};

// The child's end of the pipe. Each line is written whole with one writev per line (and retried
// on partial writes), never buffered, so a crash loses at most the line being written.
class LineWriter {
 public:
  explicit LineWriter(int fd) : fd_(fd) {}
  // Writes `line` and a newline. A newline inside `line` would split it, so each is written as a
  // space: callers send single lines (observation lines, JSON).
  void write_line(std::string_view line);
  bool ok() const { return ok_; }  // false once a write failed (the parent has gone)

 private:
  int fd_;
  bool ok_ = true;
};

struct ChildOutcome {
  std::vector<std::string> lines;  // complete lines, in order, without their newlines (none when
                                   // a LineHandler took them)
  std::string unterminated;        // bytes after the last newline (a line cut by a crash)
  enum class End { Exited, Signalled, TimedOut } end = End::Exited;
  int exit_code = 0;  // End::Exited
  int signal = 0;     // End::Signalled (SIGXCPU: the CPU limit), End::TimedOut (SIGKILL)
  bool output_limit_exceeded = false;  // killed for writing more than max_output_bytes
  // The system call filter stopped it (confinement.h): the call's name ("openat"), or empty when
  // the child was killed by SIGSYS before it could say which.
  bool forbidden_call = false;
  std::string forbidden_call_name;
  std::string start_error;             // fork or pipe failed; nothing ran (end = Exited, code -1)
  double seconds = 0;                  // wall-clock time the child ran
  double cpu_seconds = 0;              // processor time it used in all (user and system)
  // Processor time it used since its last line (per_line), or in all: what its CPU limit counts.
  double cpu_seconds_since_line = 0;
  ChildLimits limits;                  // as applied, for describe()

  bool exited_normally() const { return end == End::Exited && exit_code == 0; }
  // Killed by a signal that neither the parent nor the child's own limits sent, nor a crash
  // raises: SIGKILL while under its CPU limit (what an OOM killer, a cgroup limit or an operator
  // does; the memory limits refuse allocations, they never kill), or a termination signal
  // (SIGTERM, SIGINT, SIGHUP, SIGQUIT). Nothing a script can do sends these.
  bool killed_from_outside() const;
  // "exited with code 3", "killed by signal 11 (Segmentation fault)", "wall-clock limit of 20 s
  // exceeded", "processor-time limit of 20 s exceeded", "the grading process attempted a forbidden
  // system call (openat)", ...
  std::string describe() const;
};

// Takes each complete line, without its newline, as soon as the parent has read it. Called on the
// thread that called run_in_child; it must not throw.
using LineHandler = std::function<void(std::string&& line)>;

// fork()s; the child asks to be killed when this process ends, sets RLIMIT_CPU, RLIMIT_AS and
// RLIMIT_CORE (0: no core files), ignores SIGPIPE, confines itself (limits.confine), runs work (an
// escaping exception counts as exit code 3) and _exit()s with its result without running atexit
// handlers or flushing the parent's stdio buffers. The parent collects the lines, SIGKILLs the
// child at the wall-clock deadline (per line with limits.per_line, when the parent also moves the
// child's CPU limit on with prlimit: a confined child may not change its own limits), and always
// reaps it; no descriptor outlives the call. With on_line, lines go to it as they arrive and
// ChildOutcome::lines stays empty.
ChildOutcome run_in_child(const std::function<int(LineWriter&)>& work, const ChildLimits& limits,
                          const LineHandler& on_line = {});

}  // namespace tile
