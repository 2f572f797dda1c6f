#include "grader/batch/worker_processes.h"

#include <poll.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <optional>

namespace tile {

namespace {

// A reply on the wire: the item, the text's length, the stop flag, then the text.
constexpr std::size_t kHeaderSize = 8 + 8 + 1;

// The exit code of a worker whose work threw (the item is lost, as for a crash).
constexpr int kWorkThrew = 70;

bool send_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    // MSG_NOSIGNAL: a peer that has gone is an error to handle, not a SIGPIPE that ends us.
    const ssize_t sent = send(fd, data, size, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) return false;
    data += sent;
    size -= static_cast<std::size_t>(sent);
  }
  return true;
}

bool receive_exactly(int fd, char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t got = recv(fd, data, size, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    data += got;
    size -= static_cast<std::size_t>(got);
  }
  return true;
}

void put_u64(char* to, std::uint64_t value) { std::memcpy(to, &value, sizeof value); }
std::uint64_t get_u64(const char* from) {
  std::uint64_t value = 0;
  std::memcpy(&value, from, sizeof value);
  return value;
}

// A worker's whole life: take an index, reply, until this process says there is no more.
[[noreturn]] void serve(int fd, const std::function<WorkerReply(std::size_t)>& work) {
  char index[8];
  while (receive_exactly(fd, index, sizeof index)) {
    const std::uint64_t item = get_u64(index);
    WorkerReply reply;
    try {
      reply = work(static_cast<std::size_t>(item));
    } catch (...) {
      _exit(kWorkThrew);
    }
    char header[kHeaderSize];
    put_u64(header, item);
    put_u64(header + 8, reply.text.size());
    header[16] = reply.stop_all ? 1 : 0;
    if (!send_all(fd, header, sizeof header) ||
        !send_all(fd, reply.text.data(), reply.text.size())) {
      _exit(0);  // this process has gone: nobody to reply to
    }
  }
  // _exit, not exit: the worker must not run this process's atexit handlers or flush its buffers.
  _exit(0);
}

// Keeps this process (and the children it forks) on one of the cores it may run on: the n-th, round
// robin. A process that has run on both cores of a pair makes each of its copy-on-write faults
// flush the other core's TLB too, and a worker takes such a fault on many of its pages after every
// fork: batch_1000 on 2 cores took 88-96 s of processor time with the workers free to move, 82-87 s
// with each kept on its core (docs/grading-a-class.md, speed). Where the set is one core, or cannot
// be read, nothing changes.
void keep_on_one_core(std::size_t n) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  const int cores = CPU_COUNT(&allowed);
  if (cores <= 1) return;
  std::size_t wanted = n % static_cast<std::size_t>(cores);
  for (int core = 0; core < CPU_SETSIZE; ++core) {
    if (!CPU_ISSET(core, &allowed)) continue;
    if (wanted-- > 0) continue;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(core, &one);
    sched_setaffinity(0, sizeof one, &one);
    return;
  }
}

std::string how_it_ended(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
  }
  if (WIFEXITED(status)) {
    if (WEXITSTATUS(status) == kWorkThrew) return "an exception escaped the grading";
    return "exit code " + std::to_string(WEXITSTATUS(status));
  }
  return "ended (wait status " + std::to_string(status) + ")";
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;  // this process's end of the socket pair
  std::string received;
  std::optional<std::size_t> in_flight;
};

class Pool {
 public:
  Pool(std::size_t count, const std::function<WorkerReply(std::size_t)>& work,
       const std::function<void(std::size_t, std::string&&)>& finished)
      : count_(count), work_(work), finished_(finished) {}
  // Only when `finished` threw: each worker left sees the end of its input, finishes the item it
  // has, and is reaped, so none is left waiting or unreaped.
  ~Pool() {
    for (const Worker& worker : workers_) close(worker.fd);
    for (const Worker& worker : workers_) {
      while (waitpid(worker.pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
  }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  std::vector<LostItem> run(std::size_t workers) {
    for (std::size_t k = 0; k < workers && more_to_hand_out(); ++k) {
      if (!start_worker()) break;
    }
    while (!workers_.empty()) wait_for_replies();
    // No worker could be started (fork or socketpair failed): the items run here.
    while (more_to_hand_out()) {
      const std::size_t item = next_++;
      WorkerReply reply = work_(item);
      if (reply.stop_all) stopping_ = true;
      finished_(item, std::move(reply.text));
    }
    return std::move(lost_);
  }

 private:
  bool more_to_hand_out() const { return !stopping_ && next_ < count_; }

  bool start_worker() {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return false;
    const pid_t pid = fork();
    if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      return false;
    }
    if (pid == 0) {
      close(fds[0]);
      // The other workers' sockets: a worker holding one would keep that worker from ever seeing
      // this process close it.
      for (const Worker& other : workers_) close(other.fd);
      keep_on_one_core(started_);
      serve(fds[1], work_);
    }
    close(fds[1]);
    ++started_;
    workers_.push_back(Worker{pid, fds[0], {}, std::nullopt});
    hand_out(workers_.back());
    return true;
  }

  // The next item to `worker`, or, when there is none, the end of its input (it then exits).
  void hand_out(Worker& worker) {
    if (more_to_hand_out()) {
      char index[8];
      put_u64(index, next_);
      if (send_all(worker.fd, index, sizeof index)) {
        worker.in_flight = next_++;
        return;
      }
      // It has gone: reading its end of the socket will say so.
    }
    shutdown(worker.fd, SHUT_WR);
  }

  void wait_for_replies() {
    std::vector<pollfd> watched;
    for (const Worker& worker : workers_) watched.push_back({worker.fd, POLLIN, 0});
    if (poll(watched.data(), watched.size(), -1) < 0) return;  // EINTR: poll again
    // Back to front: a worker that ended is erased, and a replacement appended, without moving
    // the ones still to visit.
    for (std::size_t k = watched.size(); k-- > 0;) {
      if (watched[k].revents == 0) continue;
      if (!read_from(workers_[k])) end_worker(k);
    }
  }

  // Takes what the worker has sent and passes on every whole reply; false when it has ended.
  bool read_from(Worker& worker) {
    char buffer[65536];
    const ssize_t got = recv(worker.fd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (got < 0) return errno == EINTR || errno == EAGAIN;
    if (got == 0) return false;
    worker.received.append(buffer, static_cast<std::size_t>(got));
    while (worker.received.size() >= kHeaderSize) {
      const std::uint64_t size = get_u64(worker.received.data() + 8);
      if (worker.received.size() - kHeaderSize < size) break;
      const std::size_t item = static_cast<std::size_t>(get_u64(worker.received.data()));
      const bool stop_all = worker.received[16] != 0;
      std::string text = worker.received.substr(kHeaderSize, size);
      worker.received.erase(0, kHeaderSize + size);
      worker.in_flight.reset();
      if (stop_all) stopping_ = true;
      finished_(item, std::move(text));
      hand_out(worker);
    }
    return true;
  }

  void end_worker(std::size_t k) {
    Worker worker = std::move(workers_[k]);
    workers_.erase(workers_.begin() + static_cast<std::ptrdiff_t>(k));
    close(worker.fd);
    int status = 0;
    while (waitpid(worker.pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (worker.in_flight) lost_.push_back({*worker.in_flight, how_it_ended(status)});
    if (more_to_hand_out()) start_worker();  // if it cannot start, run() does the rest here
  }

  const std::size_t count_;
  const std::function<WorkerReply(std::size_t)>& work_;
  const std::function<void(std::size_t, std::string&&)>& finished_;
  std::vector<Worker> workers_;
  std::size_t next_ = 0;
  std::size_t started_ = 0;  // workers started so far, replacements included
  bool stopping_ = false;
  std::vector<LostItem> lost_;
};

}  // namespace

std::vector<LostItem> run_in_worker_processes(
    std::size_t count, std::size_t workers, const std::function<WorkerReply(std::size_t)>& work,
    const std::function<void(std::size_t, std::string&&)>& finished) {
  return Pool(count, work, finished).run(workers == 0 ? 1 : workers);
}

}  // namespace tile
