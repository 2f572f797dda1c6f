// Worker processes: every item finished exactly once, in this process, by processes that are not
// this one; a worker that crashes loses only its item and is replaced; a stop request ends the
// handing out; replies of any size and bytes arrive whole.
#include <doctest/doctest.h>

#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>  // strsignal
#include <csignal>
#include <cstdlib>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "grader/batch/worker_processes.h"

using namespace tile;

namespace {

struct Finished {
  std::map<std::size_t, std::string> replies;
  std::vector<std::size_t> order;
  int calls_for_an_item_twice = 0;
};

std::function<void(std::size_t, std::string&&)> collect(Finished& finished) {
  return [&finished](std::size_t item, std::string&& text) {
    if (finished.replies.count(item) > 0) ++finished.calls_for_an_item_twice;
    finished.replies[item] = std::move(text);
    finished.order.push_back(item);
  };
}

}  // namespace

TEST_CASE("every item is worked once, in another process, and its reply arrives here") {
  const pid_t here = getpid();
  for (const std::size_t workers : {1u, 2u, 3u, 8u}) {
    CAPTURE(workers);
    Finished finished;
    const auto lost = run_in_worker_processes(
        20, workers,
        [](std::size_t item) {
          return WorkerReply{std::to_string(item * item) + "@" + std::to_string(getpid())};
        },
        collect(finished));
    CHECK(lost.empty());
    CHECK(finished.calls_for_an_item_twice == 0);
    REQUIRE(finished.replies.size() == 20);
    std::set<std::string> pids;
    for (const auto& [item, text] : finished.replies) {
      const std::size_t at = text.find('@');
      REQUIRE(at != std::string::npos);
      CHECK(text.substr(0, at) == std::to_string(item * item));
      const std::string pid = text.substr(at + 1);
      CHECK(pid != std::to_string(here));
      pids.insert(pid);
    }
    CHECK(pids.size() <= workers);
  }
}

TEST_CASE("no items: nothing is called and nothing is lost") {
  Finished finished;
  int worked = 0;
  const auto lost = run_in_worker_processes(
      0, 2, [&worked](std::size_t) { ++worked; return WorkerReply{"x"}; }, collect(finished));
  CHECK(lost.empty());
  CHECK(finished.replies.empty());
  CHECK(worked == 0);
}

TEST_CASE("a slow item holds up one worker: the others take the rest") {
  // Item 0 sleeps while the other worker finishes the nine others; with items dealt out in fixed
  // shares, item 0's worker would also have had to do half of them after it.
  Finished finished;
  const auto lost = run_in_worker_processes(
      10, 2,
      [](std::size_t item) {
        if (item == 0) usleep(300'000);
        return WorkerReply{std::to_string(getpid())};
      },
      collect(finished));
  CHECK(lost.empty());
  REQUIRE(finished.order.size() == 10);
  CHECK(finished.order.back() == 0);
  for (std::size_t item = 1; item < 10; ++item) {
    CAPTURE(item);
    CHECK(finished.replies[item] != finished.replies[0]);
  }
}

TEST_CASE("a worker that crashes loses its item only, and a new worker takes the rest") {
  for (const int signal : {SIGTERM, SIGKILL}) {
    CAPTURE(signal);
    Finished finished;
    const auto lost = run_in_worker_processes(
        12, 2,
        [signal](std::size_t item) {
          if (item == 3 || item == 7) {
            std::signal(signal, SIG_DFL);  // not doctest's handler, which the worker inherited
            raise(signal);
          }
          return WorkerReply{"done " + std::to_string(item)};
        },
        collect(finished));
    REQUIRE(lost.size() == 2);
    CHECK(lost[0].item + lost[1].item == 10);
    for (const LostItem& item : lost) {
      CHECK(item.why == "killed by signal " + std::to_string(signal) + " (" +
                            strsignal(signal) + ")");
    }
    CHECK(finished.replies.size() == 10);
    CHECK(finished.replies.count(3) == 0);
    CHECK(finished.replies.count(7) == 0);
    CHECK(finished.replies[11] == "done 11");
  }
}

TEST_CASE("a worker whose work throws, or exits, loses that item with the reason") {
  Finished finished;
  const auto lost = run_in_worker_processes(
      4, 1,
      [](std::size_t item) -> WorkerReply {
        if (item == 1) throw std::runtime_error("boom");
        if (item == 2) _exit(3);
        return WorkerReply{"ok"};
      },
      collect(finished));
  REQUIRE(lost.size() == 2);
  CHECK(lost[0].item == 1);
  CHECK(lost[0].why == "an exception escaped the grading");
  CHECK(lost[1].item == 2);
  CHECK(lost[1].why == "exit code 3");
  CHECK(finished.replies.size() == 2);
  CHECK(finished.replies[3] == "ok");
}

TEST_CASE("a reply that asks to stop ends the handing out; replies under way still arrive") {
  Finished finished;
  const auto lost = run_in_worker_processes(
      100, 2,
      [](std::size_t item) {
        if (item != 5) usleep(2'000);
        return WorkerReply{std::to_string(item), item == 5};
      },
      collect(finished));
  CHECK(lost.empty());
  CHECK(finished.replies.count(5) == 1);
  // Item 5 was handed out sixth; each worker had at most one other item under way then.
  CHECK(finished.replies.size() <= 7);
  for (const auto& [item, text] : finished.replies) CHECK(item <= 6);
}

TEST_CASE("replies of any size and bytes arrive whole and in one piece each") {
  Finished finished;
  const auto text_of = [](std::size_t item) {
    std::string text(item * 100'003, '\0');
    for (std::size_t i = 0; i < text.size(); ++i) text[i] = static_cast<char>((i * 7 + item) % 256);
    return text;
  };
  const auto lost = run_in_worker_processes(
      6, 2, [&](std::size_t item) { return WorkerReply{text_of(item)}; }, collect(finished));
  CHECK(lost.empty());
  REQUIRE(finished.replies.size() == 6);
  // Not a structured binding: clang before 16 cannot CAPTURE one.
  for (const auto& reply : finished.replies) {
    CAPTURE(reply.first);
    CHECK(reply.second == text_of(reply.first));
  }
}

TEST_CASE("an exception from `finished` leaves the call with every worker reaped") {
  const auto thrown = [] {
    try {
      run_in_worker_processes(
          10, 2, [](std::size_t item) { return WorkerReply{std::to_string(item)}; },
          [](std::size_t, std::string&&) { throw std::runtime_error("cannot record"); });
    } catch (const std::runtime_error& error) {
      return std::string(error.what());
    }
    return std::string("nothing thrown");
  }();
  CHECK(thrown == "cannot record");
  int status = 0;
  CHECK(waitpid(-1, &status, WNOHANG) == -1);
  CHECK(errno == ECHILD);
}

namespace {

// The cores a process may run on, as "0,1".
std::string allowed_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return "unreadable";
  std::string cores;
  for (int core = 0; core < CPU_SETSIZE; ++core) {
    if (!CPU_ISSET(core, &set)) continue;
    if (!cores.empty()) cores += ',';
    cores += std::to_string(core);
  }
  return cores;
}

bool in_list(const std::string& core, const std::string& list) {
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t end = std::min(list.find(',', start), list.size());
    if (list.compare(start, end - start, core) == 0) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace

TEST_CASE("each worker keeps to one of the cores this process may use, round robin") {
  const std::string mine = allowed_cores();
  const std::size_t cores = static_cast<std::size_t>(std::count(mine.begin(), mine.end(), ',')) + 1;
  Finished finished;
  // Twice as many workers as cores; each item waits a little, so every worker gets one.
  const std::size_t workers = 2 * cores;
  const auto lost = run_in_worker_processes(
      workers, workers,
      [](std::size_t) {
        usleep(50'000);
        return WorkerReply{allowed_cores()};
      },
      collect(finished));
  CHECK(lost.empty());
  REQUIRE(finished.replies.size() == workers);
  std::map<std::string, int> workers_on;
  for (const auto& [item, cores_of_worker] : finished.replies) ++workers_on[cores_of_worker];
  if (cores == 1) {
    CHECK(workers_on == std::map<std::string, int>{{mine, 2}});  // nothing to choose
  } else {
    CHECK(workers_on.size() == cores);  // one core each, every core used, twice
    for (const auto& workers_on_core : workers_on) {
      const std::string& core = workers_on_core.first;
      CAPTURE(core);
      CHECK(core.find(',') == std::string::npos);
      CHECK(in_list(core, mine));
      CHECK(workers_on_core.second == 2);
    }
  }
  CHECK(allowed_cores() == mine);  // this process stays free to move
}

TEST_CASE("what a worker changes stays in the worker") {
  int changed = 0;
  Finished finished;
  const auto lost = run_in_worker_processes(
      3, 2, [&changed](std::size_t) { ++changed; return WorkerReply{std::to_string(changed)}; },
      collect(finished));
  CHECK(lost.empty());
  CHECK(changed == 0);
}
