// The OS confinement of children (confinement.h) through run_in_child: what a grading child needs
// still works, what it must never do ends it with the call named, and control lines never reach
// the caller. tests/hostile/exploit_test.cpp attacks the same filter from inside a Lua sandbox.
#include "grader/sandbox/confinement.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "grader/sandbox/child_process.h"
#include "grader/sandbox/address_sanitizer.h"

namespace tile {
namespace {

ChildLimits confined_limits() {
  ChildLimits limits;
  limits.wall_seconds = 5;
  limits.cpu_seconds = 5;
  return limits;
}

TEST_CASE("a confined child keeps what grading needs: threads, memory, clocks, its pipe") {
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        std::vector<char> big(64 << 20, 'x');  // an mmap'd block, written to
        std::thread watchdog([&] { big[0] = 'y'; });
        watchdog.join();
        usleep(1000);
        out.write_line(std::string("ok ") + big[0]);
        return 0;
      },
      confined_limits());
  CHECK_MESSAGE(outcome.exited_normally(), outcome.describe());
  CHECK_FALSE(outcome.forbidden_call);
  CHECK(outcome.lines == std::vector<std::string>{"ok y"});
}

TEST_CASE("a child forked by another thread can free memory without a forbidden call") {
  // A caller may fork from a thread other than the main one (batch --jobs N did when it graded in
  // threads): the child then allocates from that thread's malloc arena, and glibc once opened
  // /proc/sys/vm/overcommit_memory when trimming one.
#if defined(TILEGRADE_ADDRESS_SANITIZER)
  // GCC 12's ASan allocator is not safe with fork() from a second thread (the child can hang at
  // its first allocation; child_process_test.cpp says the same), and glibc's arenas are not used.
  MESSAGE("skipped: glibc's malloc arenas are not used in AddressSanitizer builds");
  return;
#endif
  ChildOutcome outcome;
  std::thread grading_thread([&] {
    outcome = run_in_child(
        [](LineWriter& out) {
          for (int round = 0; round < 20; ++round) {
            std::vector<std::vector<char>> blocks;
            for (int i = 0; i < 64; ++i) blocks.emplace_back(100'000, 'x');
          }
          out.write_line("freed");
          return 0;
        },
        confined_limits());
  });
  grading_thread.join();
  CHECK_MESSAGE(outcome.exited_normally(), outcome.describe());
  CHECK(outcome.lines == std::vector<std::string>{"freed"});
}

// What the filter refuses (in sanitizer builds too, which allow the sanitizers' own calls).
TEST_CASE("a confined child that opens a file is ended, and the call is named") {
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        out.write_line("before");
        const int fd = open("/etc/passwd", O_RDONLY);
        out.write_line("opened " + std::to_string(fd));  // never reached
        return 0;
      },
      confined_limits());
  CHECK(outcome.forbidden_call);
  CHECK(outcome.forbidden_call_name == "openat");
  CHECK(outcome.describe() == "the grading process attempted a forbidden system call (openat)");
  // The line written before stays; the control line is the parent's, never handed on.
  CHECK(outcome.lines == std::vector<std::string>{"before"});
  CHECK(outcome.unterminated.empty());
}

TEST_CASE("control lines never reach a line handler") {
  std::vector<std::string> seen;
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        out.write_line("one");
        socket(AF_INET, SOCK_STREAM, 0);
        return 0;
      },
      confined_limits(), [&](std::string&& line) { seen.push_back(std::move(line)); });
  CHECK(seen == std::vector<std::string>{"one"});
  CHECK(outcome.forbidden_call_name == "socket");
}

TEST_CASE("a signal to another process and a change of limits are forbidden calls") {
  const ChildOutcome signalled = run_in_child(
      [](LineWriter&) {
        kill(getppid(), 0);  // getppid itself is not allowed either: whichever comes first
        return 0;
      },
      confined_limits());
  CHECK(signalled.forbidden_call);
  CHECK((signalled.forbidden_call_name == "getppid" || signalled.forbidden_call_name == "kill"));

  const ChildOutcome limited = run_in_child(
      [](LineWriter&) {
        const rlimit unlimited{RLIM_INFINITY, RLIM_INFINITY};
        setrlimit(RLIMIT_CPU, &unlimited);
        return 0;
      },
      confined_limits());
  CHECK(limited.forbidden_call);
  CHECK((limited.forbidden_call_name == "prlimit64" ||
         limited.forbidden_call_name == "setrlimit"));  // glibc's setrlimit is prlimit64
}

TEST_CASE("a child that blocks SIGSYS first is still ended, by the kernel, without the name") {
  const ChildOutcome outcome = run_in_child(
      [](LineWriter&) {
        sigset_t sigsys;
        sigemptyset(&sigsys);
        sigaddset(&sigsys, SIGSYS);
        sigprocmask(SIG_BLOCK, &sigsys, nullptr);
        syscall(SYS_openat, AT_FDCWD, "/etc/passwd", O_RDONLY);
        return 0;
      },
      confined_limits());
  CHECK(outcome.forbidden_call);
  CHECK(outcome.forbidden_call_name.empty());
  CHECK(outcome.describe() == "the grading process attempted a forbidden system call");
}

TEST_CASE("a child may not take SIGSYS away from the trap") {
  const ChildOutcome outcome = run_in_child(
      [](LineWriter&) {
        signal(SIGSYS, SIG_IGN);
        return 0;
      },
      confined_limits());
  CHECK(outcome.forbidden_call_name == "rt_sigaction");
}

TEST_CASE("the descriptors a caller names stay writable, and only those") {
  ChildLimits limits = confined_limits();
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  limits.writable_fds = {fds[1]};
  const ChildOutcome allowed = run_in_child(
      [&](LineWriter&) { return write(fds[1], "x", 1) == 1 ? 0 : 1; }, limits);
  CHECK_MESSAGE(allowed.exited_normally(), allowed.describe());
  char got = 0;
  CHECK(read(fds[0], &got, 1) == 1);
  CHECK(got == 'x');
  limits.writable_fds.clear();
  const ChildOutcome refused = run_in_child(
      [&](LineWriter&) { return write(fds[1], "x", 1) == 1 ? 0 : 1; }, limits);
  CHECK(refused.forbidden_call_name == "write");
  close(fds[0]);
  close(fds[1]);
}

TEST_CASE("without confinement the same call runs: the filter is what stops it") {
  ChildLimits limits = confined_limits();
  limits.confine = false;
  const ChildOutcome outcome = run_in_child(
      [](LineWriter&) {
        const int fd = open("/etc/passwd", O_RDONLY);
        if (fd >= 0) close(fd);
        return fd >= 0 ? 0 : 1;
      },
      limits);
  CHECK(outcome.exited_normally());
  CHECK_FALSE(outcome.forbidden_call);
}

TEST_CASE("control lines: parsed, and nothing else is one") {
  const auto call = parse_control_line("\x1d" "C257");
  REQUIRE(call);
  CHECK(call->kind == ControlLine::Kind::ForbiddenCall);
  CHECK(call->call == 257);
  const auto failed = parse_control_line("\x1d" "Fseccomp_load: Invalid argument");
  REQUIRE(failed);
  CHECK(failed->kind == ControlLine::Kind::ConfinementFailed);
  CHECK(failed->reason == "seccomp_load: Invalid argument");
  CHECK_FALSE(parse_control_line("{\"job\": 0}"));
  CHECK_FALSE(parse_control_line("loaded"));
  CHECK_FALSE(parse_control_line("\x1d" "C12x"));
  CHECK_FALSE(parse_control_line("\x1d"));
}

TEST_CASE("system calls are named by number") {
  CHECK(system_call_name(SYS_openat) == "openat");
  CHECK(system_call_name(SYS_execve) == "execve");
  CHECK(system_call_name(99999) == "system call 99999");
}

}  // namespace
}  // namespace tile
