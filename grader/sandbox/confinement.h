// Operating-system confinement of a process that runs a student's script: the second wall, for
// the day a bug in the Lua VM (a C program: Debian's lua5.4 has shipped a heap overflow and a
// double free) hands a script native code. The sandbox's language-level rules stay the first wall.
//
// confine_this_process, called in a freshly forked, still single-threaded child before the
// script's first instruction:
//   1. PR_SET_NO_NEW_PRIVS (nothing it runs can gain privileges);
//   2. a new user and network namespace where the kernel lets an unprivileged process make one
//      (no network at all, not even loopback); where it does not, grading goes on without it and
//      the parent logs the reason once;
//   3. a seccomp-bpf filter (Debian's libseccomp), never optional, that allows only what a
//      grading child does: write to its pipe (and the descriptors its caller names), memory,
//      threads of its own process (the sandbox's watchdog), futexes, clocks and sleeps, signals
//      to itself, exit. Anything else (open, socket, exec, fork, ptrace, kill of another
//      process, setrlimit, ioctl, read, ...) traps: a SIGSYS handler writes the call's number to
//      the pipe as a control line and exits, so the parent names the call ("openat").
// If the filter cannot be loaded the child never runs the script: it writes why and exits.
//
// Control lines start with kControlByte (ASCII group separator), which no JSON line and no
// line of printable text starts with; run_in_child consumes them and never hands them on.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tile {

inline constexpr char kControlByte = '\x1d';
// Exit codes of a confined child that the parent reads as the confinement's, not the work's.
inline constexpr int kForbiddenCallExitCode = 159;    // 128 + SIGSYS
inline constexpr int kConfinementFailedExitCode = 158;

// In the child, after fork and before any of the script runs. `report_fd`: the pipe to the
// parent (writable, and where control lines go). `writable_fds`: other descriptors the work
// writes to (solve prints its answer on stdout and stderr). Returns only once confined; exits the
// process with kConfinementFailedExitCode if the filter cannot be loaded.
void confine_this_process(int report_fd, std::span<const int> writable_fds);

// What a control line says, for the parent.
struct ControlLine {
  enum class Kind { ForbiddenCall, NoNamespace, ConfinementFailed } kind;
  int call = -1;       // ForbiddenCall: the system call's number
  std::string reason;  // NoNamespace, ConfinementFailed
};
// nullopt: an ordinary line.
std::optional<ControlLine> parse_control_line(std::string_view line);

// "openat"; "system call 1234" for a number this architecture does not name.
std::string system_call_name(int number);

// Logs, once per process, that children run without a private network namespace and why.
void note_no_namespace(const std::string& reason);

// Tries in a short-lived child what every grading child tries first (a user and a network
// namespace of its own) and, where the kernel refuses it (a chroot, most containers), logs the
// note here. A process about to fork worker processes calls it: they inherit the note as made, so
// a class says it once instead of once per worker.
void note_namespaces_before_forking();

}  // namespace tile
