#include "grader/sandbox/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <optional>

#include "grader/sandbox/address_sanitizer.h"
#include "grader/sandbox/clocks.h"
#include "grader/sandbox/confinement.h"

namespace tile {

namespace {

using Clock = std::chrono::steady_clock;

std::string seconds_text(double seconds) {
  char text[64];
  std::snprintf(text, sizeof text, "%g s", seconds);
  return text;
}

void set_limit(int resource, rlim_t soft, rlim_t hard) {
  rlimit current{};
  if (getrlimit(resource, &current) != 0) return;
  // An unprivileged process cannot raise its hard limit: stay within it.
  if (current.rlim_max != RLIM_INFINITY) {
    hard = std::min(hard, current.rlim_max);
    soft = std::min(soft, hard);
  }
  const rlimit wanted{soft, hard};
  setrlimit(resource, &wanted);
}

rlim_t whole_seconds(double seconds) {
  return static_cast<rlim_t>(std::max(1.0, std::ceil(seconds)));
}

// The child's CPU time so far, read by the parent from the child's process CPU clock.
std::optional<double> cpu_seconds_of(pid_t pid) {
  clockid_t clock{};
  if (clock_getcpuclockid(pid, &clock) != 0) return std::nullopt;
  return processor_seconds(clock);
}

// ChildLimits::per_line: the child's CPU limit becomes what it has used plus the limit again.
// Returns what it had used, which the next line's processor time is counted from.
std::optional<double> renew_cpu_limit(pid_t pid, const ChildLimits& limits) {
  const auto used = cpu_seconds_of(pid);
  if (!used) return used;  // the child has gone
  const rlimit wanted{whole_seconds(*used + limits.cpu_seconds), RLIM_INFINITY};
  prlimit(pid, RLIMIT_CPU, &wanted, nullptr);
  return used;
}

[[noreturn]] void run_child(int write_fd, const std::function<int(LineWriter&)>& work,
                            const ChildLimits& limits, pid_t watcher) {
  // Only the process that forked this child enforces its wall-clock limit. Should that process end
  // first (a batch worker that crashed, a tilegrade killed mid-grading), the child ends with it
  // rather than run on unwatched. The signal follows the forking thread, which waits for the child.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != watcher) _exit(3);  // it ended before the line above took effect
  signal(SIGPIPE, SIG_IGN);
  const rlim_t cpu = whole_seconds(limits.cpu_seconds);
  set_limit(RLIMIT_CPU, cpu, limits.per_line ? RLIM_INFINITY : cpu + 1);
  set_limit(RLIMIT_CORE, 0, 0);
#if !defined(TILEGRADE_ADDRESS_SANITIZER)
  set_limit(RLIMIT_AS, limits.address_space_bytes, limits.address_space_bytes);
#endif
  if (limits.confine) confine_this_process(write_fd, limits.writable_fds);
  int code = 3;
  try {
    LineWriter writer(write_fd);
    code = work(writer);
  } catch (...) {
    code = 3;
  }
  _exit(code & 0xff);
}

int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

// What the parent has read from the child so far and not yet handed on.
struct PipeReader {
  const LineHandler* on_line = nullptr;  // set: complete lines leave the buffer as they arrive
  std::string buffer;
  std::size_t line_start = 0;  // where the line being written starts
  std::size_t total = 0;       // bytes read in all (the cap of a child that is not per_line)
  std::size_t bytes_read = 0;  // every byte read, kept or not: the child's output is moving
  bool over_cap = false;       // the child wrote more than max_output_bytes (per_line: in a line)
  bool new_line = false;       // a line was completed since the flag was last cleared
  std::optional<ControlLine> forbidden;  // the confinement's control lines (confinement.h)
  std::string confinement_error;
};

// A control line from the confinement is kept here and never handed on as a line.
bool take_control_line(std::string_view line, PipeReader& reader) {
  auto control = parse_control_line(line);
  if (!control) return false;
  switch (control->kind) {
    case ControlLine::Kind::ForbiddenCall:
      reader.forbidden = control;
      break;
    case ControlLine::Kind::NoNamespace:
      note_no_namespace(control->reason);
      break;
    case ControlLine::Kind::ConfinementFailed:
      reader.confinement_error = control->reason;
      break;
  }
  return true;
}

// Hands the complete lines at the front of the buffer to on_line and keeps the rest. The lines
// leave the buffer first (moved, not copied, when there is one, the usual case), so a long line is
// held once while the handler decodes it.
void deliver(PipeReader& reader) {
  if (reader.on_line == nullptr || reader.line_start == 0) return;
  std::string rest = reader.buffer.substr(reader.line_start);
  reader.buffer.resize(reader.line_start);
  std::string lines = std::move(reader.buffer);
  reader.buffer = std::move(rest);
  reader.line_start = 0;
  if (lines.find('\n') == lines.size() - 1) {
    lines.pop_back();
    if (!take_control_line(lines, reader)) (*reader.on_line)(std::move(lines));
    return;
  }
  std::size_t start = 0;
  while (start < lines.size()) {
    const std::size_t end = lines.find('\n', start);
    std::string line = lines.substr(start, end - start);
    if (!take_control_line(line, reader)) (*reader.on_line)(std::move(line));
    start = end + 1;
  }
}

// Reads whatever the pipe holds now. Returns false at end of file. Output past the cap is dropped
// (per_line: from the start of the line that broke it), so no over-long line is ever delivered.
bool drain(int fd, PipeReader& reader, const ChildLimits& limits) {
  char chunk[65536];
  while (true) {
    const ssize_t got = read(fd, chunk, sizeof chunk);
    if (got > 0) {
      const std::size_t size = static_cast<std::size_t>(got);
      reader.bytes_read += size;
      if (!limits.per_line) {
        if (reader.total + size > limits.max_output_bytes) {
          reader.over_cap = true;
          deliver(reader);
          return true;
        }
        reader.total += size;
      }
      std::size_t scan = reader.buffer.size();
      reader.buffer.append(chunk, size);
      while (true) {
        const auto newline = reader.buffer.find('\n', scan);
        const std::size_t line_end = newline == std::string::npos ? reader.buffer.size() : newline;
        if (limits.per_line && line_end - reader.line_start > limits.max_output_bytes) {
          reader.buffer.resize(reader.line_start);
          reader.over_cap = true;
          deliver(reader);
          return true;
        }
        if (newline == std::string::npos) break;
        reader.line_start = scan = newline + 1;
        reader.new_line = true;
      }
      deliver(reader);
      continue;
    }
    if (got == 0) return false;
    if (errno == EINTR) continue;
    return true;  // EAGAIN: nothing more for now
  }
}

void split_lines(const std::string& buffer, PipeReader& reader, ChildOutcome& outcome) {
  std::size_t start = 0;
  while (true) {
    const std::size_t end = buffer.find('\n', start);
    if (end == std::string::npos) break;
    std::string line = buffer.substr(start, end - start);
    if (!take_control_line(line, reader)) outcome.lines.push_back(std::move(line));
    start = end + 1;
  }
  outcome.unterminated = buffer.substr(start);
}

void record_status(int status, ChildOutcome& outcome) {
  if (WIFEXITED(status)) {
    outcome.end = ChildOutcome::End::Exited;
    outcome.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    outcome.end = ChildOutcome::End::Signalled;
    outcome.signal = WTERMSIG(status);
  }
}

// What the confinement said, or what its exit code and signal say when it could not speak.
void record_confinement(const PipeReader& reader, const ChildLimits& limits,
                        ChildOutcome& outcome) {
  if (!limits.confine || outcome.end == ChildOutcome::End::TimedOut) return;
  if (!reader.confinement_error.empty()) {
    outcome.start_error = "could not confine it: " + reader.confinement_error;
    return;
  }
  const bool by_trap =
      outcome.end == ChildOutcome::End::Exited && outcome.exit_code == kForbiddenCallExitCode;
  // SIGSYS itself: a process that blocked SIGSYS is killed by the kernel at the trap, unnamed.
  const bool by_kill = outcome.end == ChildOutcome::End::Signalled && outcome.signal == SIGSYS;
  if (!reader.forbidden && !by_trap && !by_kill) return;
  outcome.forbidden_call = true;
  if (reader.forbidden) outcome.forbidden_call_name = system_call_name(reader.forbidden->call);
}

// waitpid with the child's resource usage: its processor time is known only once it is reaped.
pid_t wait_for(pid_t pid, int& status, int options, rusage* usage = nullptr) {
  rusage ignored{};
  while (true) {
    const pid_t got = wait4(pid, &status, options, usage != nullptr ? usage : &ignored);
    if (got >= 0 || errno != EINTR) return got;
  }
}

double seconds_of(const timeval& time) {
  return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) * 1e-6;
}

}  // namespace

void LineWriter::write_line(std::string_view line) {
  if (!ok_) return;
  std::string text(line);
  std::replace(text.begin(), text.end(), '\n', ' ');
  text.push_back('\n');
  const char* data = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t wrote = write(fd_, data, left);
    if (wrote < 0) {
      if (errno == EINTR) continue;
      ok_ = false;
      return;
    }
    data += wrote;
    left -= static_cast<std::size_t>(wrote);
  }
}

bool ChildOutcome::killed_from_outside() const {
  if (end != End::Signalled || !start_error.empty() || forbidden_call) return false;
  switch (signal) {
    case SIGKILL: return cpu_seconds_since_line < limits.cpu_seconds;
    case SIGTERM:
    case SIGINT:
    case SIGHUP:
    case SIGQUIT: return true;
    default: return false;
  }
}

std::string ChildOutcome::describe() const {
  if (!start_error.empty()) return "could not start the child process: " + start_error;
  if (forbidden_call) {
    return "the grading process attempted a forbidden system call" +
           (forbidden_call_name.empty() ? std::string() : " (" + forbidden_call_name + ")");
  }
  if (output_limit_exceeded) {
    return "output limit of " + std::to_string(limits.max_output_bytes) + " bytes exceeded";
  }
  switch (end) {
    case End::Exited:
      return "exited with code " + std::to_string(exit_code);
    case End::TimedOut:
      return "wall-clock limit of " + seconds_text(limits.wall_seconds) + " exceeded";
    case End::Signalled:
      if (signal == SIGXCPU) {
        return "processor-time limit of " + seconds_text(limits.cpu_seconds) + " exceeded";
      }
      {
        const char* name = sigdescr_np(signal);  // thread-safe, unlike strsignal
        return "killed by signal " + std::to_string(signal) + " (" +
               (name != nullptr ? name : "unknown signal") + ")";
      }
  }
  return "ended";
}

ChildOutcome run_in_child(const std::function<int(LineWriter&)>& work, const ChildLimits& limits,
                          const LineHandler& on_line) {
  ChildOutcome outcome;
  outcome.limits = limits;
  int fds[2];
  // O_CLOEXEC keeps the pipe out of programs other threads may exec. Children forked by other
  // threads at the same moment may still inherit it, so the end of the child is detected by its
  // exit (pidfd or waitpid), never by end of file alone.
  if (pipe2(fds, O_CLOEXEC) != 0) {
    outcome.exit_code = -1;
    outcome.start_error = std::string("pipe: ") + std::strerror(errno);
    return outcome;
  }
  const auto started = Clock::now();
  const pid_t watcher = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    outcome.exit_code = -1;
    outcome.start_error = std::string("fork: ") + std::strerror(errno);
    close(fds[0]);
    close(fds[1]);
    return outcome;
  }
  if (pid == 0) {
    close(fds[0]);
    run_child(fds[1], work, limits, watcher);
  }
  close(fds[1]);
  const int read_fd = fds[0];
  fcntl(read_fd, F_SETFL, fcntl(read_fd, F_GETFL) | O_NONBLOCK);
  const int pidfd = open_pidfd(pid);  // -1 on old kernels: then waitpid is polled every 20 ms

  const auto wall = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(limits.wall_seconds));
  auto deadline = started + wall;
  PipeReader reader;
  if (on_line) reader.on_line = &on_line;
  bool pipe_open = true;
  bool reaped = false;
  int status = 0;
  rusage usage{};
  double cpu_at_line = 0;  // the child's processor time when it wrote its last line
  const auto stall = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(limits.stall_seconds));
  auto last_progress = started;  // when the child's processor time (or its output) last moved
  double last_cpu = 0;
  while (!reaped) {
    const auto now = Clock::now();
    if (limits.stall_seconds > 0) {
      if (const auto used = cpu_seconds_of(pid); used && *used > last_cpu) {
        last_cpu = *used;
        last_progress = now;
      }
    }
    const bool stalled = limits.stall_seconds > 0 && now - last_progress >= stall;
    if (now >= deadline || stalled || reader.over_cap) {
      const bool timed_out = !reader.over_cap;
      kill(pid, SIGKILL);
      wait_for(pid, status, 0, &usage);
      reaped = true;
      if (timed_out) {
        if (pipe_open) drain(read_fd, reader, limits);  // keep the lines written before the kill
        reader.over_cap = false;  // what came after the deadline does not change why it ended
        outcome.end = ChildOutcome::End::TimedOut;
        outcome.signal = SIGKILL;
      } else {
        record_status(status, outcome);
      }
      break;
    }
    auto wait_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
    if (pidfd < 0) wait_ms = std::min<long long>(wait_ms, 20);
    // Look at the child's processor time often enough to see a stall soon after it starts.
    if (limits.stall_seconds > 0) {
      wait_ms = std::min<long long>(
          wait_ms, std::max<long long>(1, static_cast<long long>(limits.stall_seconds * 250)));
    }
    pollfd watched[2];
    int count = 0;
    if (pipe_open) watched[count++] = {read_fd, POLLIN, 0};
    if (pidfd >= 0) watched[count++] = {pidfd, POLLIN, 0};
    if (count == 0) {  // pipe closed and no pidfd: sleep a little between checks
      poll(nullptr, 0, static_cast<int>(std::min<long long>(wait_ms, 20)));
    } else {
      poll(watched, static_cast<nfds_t>(count),
           static_cast<int>(std::min<long long>(wait_ms, 1000)));
    }
    if (pipe_open) {
      const std::size_t before = reader.bytes_read;
      pipe_open = drain(read_fd, reader, limits);
      // Output is progress too: a child blocked writing to a full pipe while this process was
      // busy uses no processor time, and is not stalled.
      if (reader.bytes_read != before) last_progress = Clock::now();
    }
    if (reader.over_cap) continue;
    if (reader.new_line && limits.per_line) {
      deadline = Clock::now() + wall;
      if (const auto used = renew_cpu_limit(pid, limits)) cpu_at_line = *used;
    }
    reader.new_line = false;
    if (wait_for(pid, status, WNOHANG, &usage) == pid) {
      reaped = true;
      record_status(status, outcome);
      // Everything the child wrote is in the pipe by now.
      if (pipe_open) drain(read_fd, reader, limits);
    }
  }
  outcome.output_limit_exceeded = reader.over_cap;
  outcome.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  outcome.cpu_seconds = seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
  outcome.cpu_seconds_since_line = std::max(0.0, outcome.cpu_seconds - cpu_at_line);
  if (pidfd >= 0) close(pidfd);
  close(read_fd);
  split_lines(reader.buffer, reader, outcome);
  record_confinement(reader, limits, outcome);
  return outcome;
}

}  // namespace tile
