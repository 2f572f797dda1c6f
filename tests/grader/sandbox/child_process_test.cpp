// run_in_child: every way a child can end, what the parent keeps, and no leaked descriptors or
// zombies, also with several threads forking at once.
#include "grader/sandbox/child_process.h"

#include <dirent.h>
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "grader/sandbox/address_sanitizer.h"

namespace tile {
namespace {

ChildLimits short_limits() {
  ChildLimits limits;
  limits.wall_seconds = 2;
  limits.cpu_seconds = 2;
  return limits;
}

int open_descriptors() {
  int count = 0;
  if (DIR* dir = opendir("/proc/self/fd")) {
    while (readdir(dir) != nullptr) ++count;
    closedir(dir);
  }
  return count;
}

bool no_children_left() {
  int status = 0;
  return waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

[[noreturn]] void crash_with(int signal_number) {
  signal(signal_number, SIG_DFL);  // past doctest's and ASan's handlers
  raise(signal_number);
  _exit(99);
}

TEST_CASE("a child that exits normally returns its lines and exit code") {
  const int descriptors = open_descriptors();
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        out.write_line("{\"test\": 1}");
        out.write_line("second\nline");
        return 7;
      },
      short_limits());
  CHECK(outcome.end == ChildOutcome::End::Exited);
  CHECK(outcome.exit_code == 7);
  CHECK_FALSE(outcome.exited_normally());
  CHECK(outcome.lines == std::vector<std::string>{"{\"test\": 1}", "second line"});
  CHECK(outcome.unterminated.empty());
  CHECK(outcome.describe() == "exited with code 7");
  CHECK(open_descriptors() == descriptors);
  CHECK(no_children_left());
}

TEST_CASE("a crash by signal keeps the lines written before it") {
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        out.write_line("before the crash");
        crash_with(SIGSEGV);
        return 0;
      },
      short_limits());
  CHECK(outcome.end == ChildOutcome::End::Signalled);
  CHECK(outcome.signal == SIGSEGV);
  CHECK(outcome.lines == std::vector<std::string>{"before the crash"});
  CHECK(outcome.describe() == "killed by signal 11 (Segmentation fault)");
  CHECK(no_children_left());
}

TEST_CASE("a child past its wall-clock limit is killed, and its earlier lines are kept") {
  ChildLimits limits = short_limits();
  limits.wall_seconds = 0.3;
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        out.write_line("started");
        while (true) pause();
        return 0;
      },
      limits);
  CHECK(outcome.end == ChildOutcome::End::TimedOut);
  CHECK(outcome.signal == SIGKILL);
  CHECK(outcome.lines == std::vector<std::string>{"started"});
  CHECK(outcome.describe() == "wall-clock limit of 0.3 s exceeded");
  CHECK(outcome.seconds >= 0.3);
  CHECK(no_children_left());
}

TEST_CASE("a child past its CPU limit gets SIGXCPU") {
  ChildLimits limits = short_limits();
  limits.cpu_seconds = 1;
  limits.wall_seconds = 10;
  const ChildOutcome outcome = run_in_child(
      [](LineWriter&) {
        volatile unsigned long spin = 0;
        while (true) spin = spin + 1;
        return 0;
      },
      limits);
  CHECK(outcome.end == ChildOutcome::End::Signalled);
  CHECK(outcome.signal == SIGXCPU);
  CHECK(outcome.describe() == "processor-time limit of 1 s exceeded");
  // The child's own limit, never taken for a kill from outside. The kernel checks RLIMIT_CPU
  // against its scheduler's count, and rusage reports a sampled split of the same time: 0.88 s
  // was seen at a 1 s limit, so only "most of the limit" is sure.
  CHECK(outcome.cpu_seconds > 0.5);
  CHECK_FALSE(outcome.killed_from_outside());
}

TEST_CASE("an exception escaping the work counts as exit code 3") {
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) -> int {
        out.write_line("partial");
        throw std::runtime_error("boom");
      },
      short_limits());
  CHECK(outcome.end == ChildOutcome::End::Exited);
  CHECK(outcome.exit_code == 3);
  CHECK(outcome.lines == std::vector<std::string>{"partial"});
}

TEST_CASE("RLIMIT_AS caps what the child can allocate") {
#if defined(TILEGRADE_ADDRESS_SANITIZER)
  // Not applied under ASan (see ChildLimits::address_space_bytes): nothing to check here.
  MESSAGE("skipped: RLIMIT_AS is not applied in AddressSanitizer builds");
#else
  ChildLimits limits = short_limits();
  limits.address_space_bytes = 512ULL << 20;
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        void* big = std::malloc(1ULL << 30);  // 1 GiB > 512 MiB of address space
        out.write_line(big == nullptr ? "refused" : "granted");
        std::free(big);
        void* small = std::malloc(16 << 20);
        out.write_line(small == nullptr ? "refused" : "granted");
        std::free(small);
        return 0;
      },
      limits);
  CHECK(outcome.exited_normally());
  CHECK(outcome.lines == std::vector<std::string>{"refused", "granted"});
#endif
}

TEST_CASE("a child writing without end is killed at the output limit") {
  ChildLimits limits = short_limits();
  limits.max_output_bytes = 1 << 20;
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        const std::string line(1000, 'x');
        while (true) out.write_line(line);
        return 0;
      },
      limits);
  CHECK(outcome.output_limit_exceeded);
  CHECK(outcome.describe() == "output limit of 1048576 bytes exceeded");
  CHECK(no_children_left());
}

double cpu_used() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

// The soft processor-time limit this process runs under, in whole seconds.
rlim_t soft_cpu_limit() {
  rlimit limit{};
  getrlimit(RLIMIT_CPU, &limit);
  return limit.rlim_cur;
}

void spin_until_cpu(double seconds) {
  volatile unsigned long spin = 0;
  while (cpu_used() < seconds) spin = spin + 1;
}

TEST_CASE("per-line limits: every line restarts the wall-clock deadline") {
  ChildLimits limits = short_limits();
  limits.wall_seconds = 0.6;
  auto four_lines_then_stall = [](LineWriter& out) {
    for (int i = 0; i < 4; ++i) {
      usleep(250'000);  // 1 s in all: past the limit, but never 0.6 s without a line
      out.write_line("item " + std::to_string(i));
    }
    while (true) pause();
    return 0;
  };
  limits.per_line = true;
  const ChildOutcome per_line = run_in_child(four_lines_then_stall, limits);
  CHECK(per_line.end == ChildOutcome::End::TimedOut);
  CHECK(per_line.lines.size() == 4);
  CHECK(per_line.seconds >= 1.0 + 0.6);
  CHECK(per_line.describe() == "wall-clock limit of 0.6 s exceeded");

  limits.per_line = false;  // the same child under one deadline for everything
  const ChildOutcome whole = run_in_child(four_lines_then_stall, limits);
  CHECK(whole.end == ChildOutcome::End::TimedOut);
  CHECK(whole.lines.size() < 4);
  CHECK(no_children_left());
}

TEST_CASE("per-line limits: every line restarts the CPU limit") {
  ChildLimits limits = short_limits();
  limits.cpu_seconds = 1;
  // Far above the CPU limit: on a loaded machine a second of CPU can take many seconds of wall
  // time, and the test is about which limit ends the child, so the wall clock must not win.
  limits.wall_seconds = 60;
  limits.per_line = true;
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        spin_until_cpu(0.7);
        out.write_line("first");
        // The parent renews the limit when it reads the line; on a loaded machine that can come
        // after another 0.3 s of this child's processor time. Wait, without spending any, until
        // the renewal is seen, so that the test is about the renewal and not about the scheduler.
        for (int waited = 0; waited < 3000 && soft_cpu_limit() <= 1; ++waited) usleep(10'000);
        spin_until_cpu(1.3);  // past 1 s in all, 0.6 s since the line
        out.write_line("second");
        return 0;
      },
      limits);
  CHECK(outcome.exited_normally());
  CHECK(outcome.lines == std::vector<std::string>{"first", "second"});

  const ChildOutcome runaway = run_in_child(
      [](LineWriter& out) {
        out.write_line("only");
        spin_until_cpu(1e9);
        return 0;
      },
      limits);
  CHECK(runaway.end == ChildOutcome::End::Signalled);
  CHECK(runaway.signal == SIGXCPU);
  CHECK(runaway.lines == std::vector<std::string>{"only"});
}

TEST_CASE("per-line limits: the output limit applies to each line") {
  ChildLimits limits = short_limits();
  limits.max_output_bytes = 1000;
  limits.per_line = true;
  const ChildOutcome many = run_in_child(
      [](LineWriter& out) {
        for (int i = 0; i < 10; ++i) out.write_line(std::string(600, 'x'));  // 6 KB in all
        return 0;
      },
      limits);
  CHECK(many.exited_normally());
  CHECK(many.lines.size() == 10);

  const ChildOutcome long_line = run_in_child(
      [](LineWriter& out) {
        out.write_line(std::string(600, 'x'));
        out.write_line(std::string(1500, 'y'));
        return 0;
      },
      limits);
  CHECK(long_line.output_limit_exceeded);
  CHECK(no_children_left());
}

TEST_CASE("many threads can run children at once, each getting its own lines") {
  const int descriptors = open_descriptors();
#if defined(TILEGRADE_ADDRESS_SANITIZER)
  // GCC 12's ASan allocator is not safe with fork() from several threads at once (a child can
  // hang at its first allocation), so the concurrency itself is tested in normal builds only.
  constexpr int kThreads = 1;
#else
  constexpr int kThreads = 6;
#endif
  constexpr int kRounds = 4;
  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &mismatches] {
      for (int round = 0; round < kRounds; ++round) {
        const std::string tag = std::to_string(t) + ":" + std::to_string(round);
        // Slow children keep copies of pipes forked by other threads meanwhile: waiting for EOF
        // alone would stall those threads.
        const bool slow = round % 4 == 0;
        const ChildOutcome outcome = run_in_child(
            [&tag, slow](LineWriter& out) {
              for (int i = 0; i < 50; ++i) out.write_line(tag + "#" + std::to_string(i));
              if (slow) usleep(200 * 1000);
              return 0;
            },
            short_limits());
        bool right = outcome.exited_normally() && outcome.lines.size() == 50;
        for (int i = 0; right && i < 50; ++i) {
          right = outcome.lines[static_cast<std::size_t>(i)] == tag + "#" + std::to_string(i);
        }
        if (!right) ++mismatches;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  CHECK(mismatches.load() == 0);
  CHECK(open_descriptors() == descriptors);
  CHECK(no_children_left());
}

TEST_CASE("a child ends with the process that watches its limits") {
  // A batch worker that crashes mid-student leaves nobody to enforce the wall-clock limit of the
  // child running the student's script: the child must not run on. This process becomes the
  // orphan's parent (a subreaper), so it can see it end.
  REQUIRE(prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t watcher = fork();
  REQUIRE(watcher >= 0);
  if (watcher == 0) {
    close(fds[0]);
    ChildLimits limits;  // 20 s: far longer than this test waits
    limits.writable_fds = {fds[1]};
    (void)run_in_child(
        [&fds](LineWriter&) {
          const pid_t me = getpid();
          if (write(fds[1], &me, sizeof me) != static_cast<ssize_t>(sizeof me)) return 1;
          volatile unsigned long spin = 0;
          for (;;) spin = spin + 1;  // no system call: the filter must not be what ends it
        },
        limits);
    _exit(0);
  }
  close(fds[1]);
  pid_t child = 0;
  const bool told = read(fds[0], &child, sizeof child) == static_cast<ssize_t>(sizeof child);
  close(fds[0]);
  kill(watcher, SIGKILL);
  waitpid(watcher, nullptr, 0);
  bool ended = false;
  int status = 0;
  for (int i = 0; told && i < 500 && !ended; ++i) {
    ended = waitpid(child, &status, WNOHANG) == child;
    if (!ended) usleep(10 * 1000);
  }
  if (told && !ended) {
    kill(child, SIGKILL);
    waitpid(child, nullptr, 0);
  }
  prctl(PR_SET_CHILD_SUBREAPER, 0);
  REQUIRE(told);
  CHECK(ended);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGKILL);
  CHECK(no_children_left());
}

// What the machine does to a child (an OOM killer, a container's limit, an operator) is told apart
// from what the child's own limits and crashes do: the grader runs the first again and judges the
// second (submission_runner.cpp).
TEST_CASE("a kill from outside is told apart from the child's own limits and crashes") {
  SUBCASE("SIGKILL under the CPU limit comes from outside") {
    const ChildOutcome outcome = run_in_child([](LineWriter&) -> int { crash_with(SIGKILL); },
                                              short_limits());
    CHECK(outcome.end == ChildOutcome::End::Signalled);
    CHECK(outcome.cpu_seconds_since_line < 1);
    CHECK(outcome.killed_from_outside());
  }
  SUBCASE("termination signals come from outside") {
    for (const int signal_number : {SIGTERM, SIGINT, SIGHUP, SIGQUIT}) {
      CAPTURE(signal_number);
      const ChildOutcome outcome = run_in_child(
          [signal_number](LineWriter&) -> int { crash_with(signal_number); }, short_limits());
      CHECK(outcome.killed_from_outside());
    }
  }
  SUBCASE("a crash is the child's own") {
    const ChildOutcome outcome = run_in_child([](LineWriter&) -> int { crash_with(SIGSEGV); },
                                              short_limits());
    CHECK_FALSE(outcome.killed_from_outside());
  }
  SUBCASE("a child whose processor time stands still is stopped long before its wall limit") {
    ChildLimits limits = short_limits();
    limits.wall_seconds = 60;
    limits.stall_seconds = 0.3;
    const auto started = std::chrono::steady_clock::now();
    const ChildOutcome outcome = run_in_child(
        [](LineWriter&) {
          pause();  // as a child that is stopped, or never scheduled, uses no processor time
          return 0;
        },
        limits);
    CHECK(outcome.end == ChildOutcome::End::TimedOut);
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(20));
    CHECK_FALSE(outcome.killed_from_outside());
  }
  SUBCASE("a child that keeps using the processor is not stalled") {
    ChildLimits limits = short_limits();
    limits.cpu_seconds = 1;
    limits.wall_seconds = 60;
    limits.stall_seconds = 0.3;
    const ChildOutcome outcome = run_in_child(
        [](LineWriter&) {
          volatile unsigned long spin = 0;
          while (true) spin = spin + 1;
          return 0;
        },
        limits);
    CHECK(outcome.signal == SIGXCPU);  // its own limit, not the backstop
  }
  SUBCASE("a child stopped by the wall-clock backstop used little processor time") {
    ChildLimits limits = short_limits();
    limits.wall_seconds = 0.3;
    const ChildOutcome outcome = run_in_child(
        [](LineWriter&) {
          pause();  // waits, using no processor time, as a starved or stopped child does
          return 0;
        },
        limits);
    CHECK(outcome.end == ChildOutcome::End::TimedOut);
    CHECK(outcome.cpu_seconds < 0.2);
    CHECK_FALSE(outcome.killed_from_outside());  // the parent's own kill: TimedOut says so
  }
}

}  // namespace
}  // namespace tile
