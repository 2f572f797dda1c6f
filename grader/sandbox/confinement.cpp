#include "grader/sandbox/confinement.h"

#include <dirent.h>
#include <fcntl.h>
#include <malloc.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace tile {

namespace {

int g_report_fd = -1;  // the child's pipe, for the SIGSYS handler

// Formats "\x1d<kind><text>\n" into `line` without allocating (used in a signal handler).
std::size_t control_line(char* line, std::size_t size, char kind, const char* text) {
  std::size_t length = 0;
  line[length++] = kControlByte;
  line[length++] = kind;
  for (; *text != '\0' && length + 1 < size; ++text) {
    line[length++] = *text == '\n' ? ' ' : *text;
  }
  line[length++] = '\n';
  return length;
}

void write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t wrote = write(fd, data, size);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return;
    data += wrote;
    size -= static_cast<std::size_t>(wrote);
  }
}

// The filter's trap: the forbidden call did not run. Say which it was and end the process. Only
// async-signal-safe calls, and only calls the filter allows (write to the pipe, exit_group).
void on_forbidden_call(int, siginfo_t* info, void*) {
  char number[16];
  int call = info->si_syscall;
  std::size_t digits = 0;
  char reversed[16];
  do {
    reversed[digits++] = static_cast<char>('0' + call % 10);
    call /= 10;
  } while (call > 0 && digits < sizeof reversed);
  for (std::size_t i = 0; i < digits; ++i) number[i] = reversed[digits - 1 - i];
  number[digits] = '\0';
  char line[32];
  write_all(g_report_fd, line, control_line(line, sizeof line, 'C', number));
  _exit(kForbiddenCallExitCode);
}

[[noreturn]] void fail(int report_fd, const char* what, int error) {
  char reason[200];
  std::snprintf(reason, sizeof reason, "%s: %s", what, std::strerror(error < 0 ? -error : error));
  char line[256];
  write_all(report_fd, line, control_line(line, sizeof line, 'F', reason));
  _exit(kConfinementFailedExitCode);
}

// A condition on argument `index` of a call: libseccomp's SCMP_A0..SCMP_A5 macros build the same
// 64-bit comparison as C99 compound literals, which are not C++ (clang warns of them).
constexpr scmp_arg_cmp argument(unsigned index, scmp_compare op, scmp_datum_t a,
                                scmp_datum_t b = 0) {
  return scmp_arg_cmp{.arg = index, .op = op, .datum_a = a, .datum_b = b};
}

class Filter {
 public:
  explicit Filter(int report_fd) : report_fd_(report_fd), context_(seccomp_init(SCMP_ACT_TRAP)) {
    if (context_ == nullptr) fail(report_fd_, "seccomp_init", ENOMEM);
  }
  ~Filter() { seccomp_release(context_); }
  Filter(const Filter&) = delete;
  Filter& operator=(const Filter&) = delete;

  template <typename... Conditions>
  void allow(const char* call, Conditions... conditions) {
    add(SCMP_ACT_ALLOW, call, conditions...);
  }
  template <typename... Conditions>
  void add(std::uint32_t action, const char* call, Conditions... conditions) {
    const int number = seccomp_syscall_resolve_name(call);
    if (number == __NR_SCMP_ERROR) return;  // not a call on this architecture
    const scmp_arg_cmp compared[] = {conditions..., scmp_arg_cmp{}};
    const int added = seccomp_rule_add_array(context_, action, number, sizeof...(conditions),
                                             compared);
    if (added != 0) fail(report_fd_, call, added);
  }
  void set(scmp_filter_attr attribute, std::uint32_t value) {
    if (const int set = seccomp_attr_set(context_, attribute, value); set != 0) {
      fail(report_fd_, "seccomp_attr_set", set);
    }
  }
  void load() {
    if (const int loaded = seccomp_load(context_); loaded != 0) {
      fail(report_fd_, "seccomp_load", loaded);
    }
  }

 private:
  int report_fd_;
  scmp_filter_ctx context_;
};

void allow_grading_calls(Filter& filter, int report_fd, std::span<const int> writable_fds) {
  // Output: the pipe, and what the caller names (solve prints on stdout and stderr; glibc's stdio
  // looks at a stream once, with fstat and the terminal query TCGETS, before its first write).
  for (const char* call : {"write", "writev"}) {
    filter.allow(call, argument(0, SCMP_CMP_EQ, report_fd));
    for (const int fd : writable_fds) {
      filter.allow(call, argument(0, SCMP_CMP_EQ, fd));
    }
  }
  for (const int fd : writable_fds) {
    const auto same_fd = argument(0, SCMP_CMP_EQ, fd);
    filter.allow("fstat", same_fd);
    filter.allow("newfstatat", same_fd);
    filter.allow("ioctl", same_fd, argument(1, SCMP_CMP_EQ, TCGETS));
  }

  // Memory. Only anonymous mappings: mmap of an inherited descriptor would read a file.
  for (const char* call : {"brk", "munmap", "mremap", "mprotect", "madvise"}) filter.allow(call);
  filter.allow("mmap", argument(3, SCMP_CMP_MASKED_EQ, MAP_ANONYMOUS, MAP_ANONYMOUS));

  // Threads of this process (the sandbox's watchdog), never a new process: clone must carry
  // CLONE_THREAD and no namespace flag. clone3 passes its flags in memory, where a filter cannot
  // look, so it fails with ENOSYS and glibc falls back to clone.
  constexpr scmp_datum_t kNamespaceFlags = CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS |
                                           CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID |
                                           CLONE_NEWNET;
  filter.allow("clone",
               argument(0, SCMP_CMP_MASKED_EQ, CLONE_THREAD | kNamespaceFlags, CLONE_THREAD));
  filter.add(SCMP_ACT_ERRNO(ENOSYS), "clone3");
  for (const char* call : {"futex", "set_robust_list", "rseq", "sched_yield", "gettid",
                           "getpid", "exit", "exit_group", "restart_syscall", "pause",
                           "sched_getaffinity"}) {  // malloc sizing its arenas: a read
    filter.allow(call);
  }

  // Clocks and sleeps (usually the vDSO, but a kernel may fall back to the call).
  for (const char* call : {"clock_gettime", "clock_getres", "gettimeofday", "time",
                           "clock_nanosleep", "nanosleep", "getrusage"}) {
    filter.allow(call);
  }

  // Signals, within this process: the watchdog's signal to the Lua thread, abort() and raise().
  // Nobody may take SIGSYS from the trap handler (blocking it instead makes the kernel kill the
  // process outright: still contained, only unnamed).
  const auto self = argument(0, SCMP_CMP_EQ, getpid());
  filter.allow("tgkill", self);
  filter.allow("kill", self);
  filter.allow("rt_sigaction", argument(0, SCMP_CMP_NE, SIGSYS));
  for (const char* call : {"rt_sigprocmask", "rt_sigreturn", "sigaltstack"}) filter.allow(call);

  // Reading limits is harmless (getrlimit is prlimit64 without a new value); changing them is not.
  filter.allow("getrlimit");
  filter.allow("prlimit64", argument(0, SCMP_CMP_EQ, 0), argument(2, SCMP_CMP_EQ, 0));
}

#if defined(TILEGRADE_SANITIZE)
// Sanitizer builds only (a test build, never shipped). UBSan checks an object's type before a
// virtual call by asking whether its vtable is readable, and ASan asks the same of memory it
// reports on: both write the memory into a new pipe (IsAccessibleMemoryRange), then close it.
// Refused, the child was killed at its first virtual call; failed (ENFILE), UBSan reported a
// false "invalid vptr". So these builds let a child make a pipe, and write to and close only
// descriptors numbered from `first_new_fd` up: the holes below are filled first
// (fill_descriptor_holes), so that a new pipe is numbered there and every descriptor the child
// inherited (its stdout, the grader's files) stays out of reach.
void allow_sanitizer_calls(Filter& filter, int first_new_fd) {
  const auto new_fd = argument(0, SCMP_CMP_GE, first_new_fd);
  filter.allow("pipe2");
  filter.allow("pipe");
  filter.allow("write", new_fd);
  filter.allow("close", new_fd);
}

// The number above every descriptor the child has, with each free number below it taken by
// /dev/null (read-only), so that the next descriptor made is numbered from there.
int fill_descriptor_holes(int report_fd) {
  int first_new_fd = 0;
  if (DIR* dir = opendir("/proc/self/fd")) {
    while (const dirent* entry = readdir(dir)) {
      first_new_fd = std::max(first_new_fd, std::atoi(entry->d_name) + 1);
    }
    closedir(dir);
  } else {
    fail(report_fd, "opendir(/proc/self/fd)", errno);
  }
  for (;;) {
    const int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail(report_fd, "open(/dev/null)", errno);
    if (fd >= first_new_fd) {
      close(fd);
      return first_new_fd;
    }
  }
}
#endif

// Why a child has no namespaces of its own, as its control line and the note say it.
void namespace_failure(char* reason, std::size_t size, int error) {
  std::snprintf(reason, size, "unshare(CLONE_NEWUSER | CLONE_NEWNET): %s", std::strerror(error));
}

}  // namespace

void confine_this_process(int report_fd, std::span<const int> writable_fds) {
  g_report_fd = report_fd;
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail(report_fd, "PR_SET_NO_NEW_PRIVS", errno);

  // No network: a user namespace makes an unprivileged process able to own a network namespace,
  // which starts with nothing but a loopback device that is down.
  if (unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0) {
    char reason[160];
    namespace_failure(reason, sizeof reason, errno);
    char line[200];
    write_all(report_fd, line, control_line(line, sizeof line, 'N', reason));
  }

  struct sigaction trap {};
  trap.sa_sigaction = &on_forbidden_call;
  sigfillset(&trap.sa_mask);
  trap.sa_flags = SA_SIGINFO;
  if (sigaction(SIGSYS, &trap, nullptr) != 0) fail(report_fd, "sigaction(SIGSYS)", errno);
  sigset_t sigsys;
  sigemptyset(&sigsys);
  sigaddset(&sigsys, SIGSYS);
  sigprocmask(SIG_UNBLOCK, &sigsys, nullptr);

  // glibc's malloc opens /proc/sys/vm/overcommit_memory the first time it gives memory back from
  // the top of a thread's arena (shrink_heap), which a child forked by a thread other than the main
  // one uses: found by tests/e2e/batch_hostile_folder.sh when batch --jobs N graded in threads. A child lives for one submission,
  // so it never gives memory back that way (freed memory is still reused): no open, ever.
  mallopt(M_TRIM_THRESHOLD, INT_MAX);

  Filter filter(report_fd);
  // Another architecture's calling convention (int 0x80 on x86-64) is refused outright.
  filter.set(SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
  filter.set(SCMP_FLTATR_CTL_NNP, 1);
  filter.set(SCMP_FLTATR_CTL_TSYNC, 1);  // every thread, should the child already have any
  allow_grading_calls(filter, report_fd, writable_fds);
#if defined(TILEGRADE_SANITIZE)
  allow_sanitizer_calls(filter, fill_descriptor_holes(report_fd));
#endif
  filter.load();
}

std::optional<ControlLine> parse_control_line(std::string_view line) {
  if (line.size() < 2 || line[0] != kControlByte) return std::nullopt;
  const std::string_view text = line.substr(2);
  switch (line[1]) {
    case 'C': {
      int number = 0;
      for (const char digit : text) {
        if (digit < '0' || digit > '9' || number > 1'000'000) return std::nullopt;
        number = number * 10 + (digit - '0');
      }
      return ControlLine{ControlLine::Kind::ForbiddenCall, number, {}};
    }
    case 'N':
      return ControlLine{ControlLine::Kind::NoNamespace, -1, std::string(text)};
    case 'F':
      return ControlLine{ControlLine::Kind::ConfinementFailed, -1, std::string(text)};
    default:
      return std::nullopt;
  }
}

std::string system_call_name(int number) {
  char* name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, number);
  if (name == nullptr) return "system call " + std::to_string(number);
  std::string text = name;
  std::free(name);
  return text;
}

void note_namespaces_before_forking() {
  int result[2];
  if (pipe2(result, O_CLOEXEC) != 0) return;
  const pid_t pid = fork();
  if (pid < 0) {
    close(result[0]);
    close(result[1]);
    return;
  }
  if (pid == 0) {  // only what is safe after fork: the call, a write, _exit
    close(result[0]);
    int error = 0;
    if (unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0) error = errno;
    if (write(result[1], &error, sizeof error) < 0) _exit(1);
    _exit(0);
  }
  close(result[1]);
  int error = 0;
  ssize_t got = 0;
  do {
    got = read(result[0], &error, sizeof error);
  } while (got < 0 && errno == EINTR);
  close(result[0]);
  while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
  }
  if (got == static_cast<ssize_t>(sizeof error) && error != 0) {
    char reason[160];
    namespace_failure(reason, sizeof reason, error);
    note_no_namespace(reason);
  }
}

void note_no_namespace(const std::string& reason) {
  static std::once_flag noted;
  std::call_once(noted, [&] {
    std::fprintf(stderr,
                 "tilegrade: note: grading processes run without a private network namespace "
                 "(%s); the system call filter confines them all the same\n",
                 reason.c_str());
  });
}

}  // namespace tile
