// run_submission when the machine, not the script, ends a grading child: a kill from outside (an
// OOM killer, a container's limit) or a child stopped past the wall-clock backstop. The job is run
// again; if the machine ends it again, it is a grader fault with no verdict, never the student's
// failure (docs/student-api.md, Limits).
#include <dirent.h>
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "grader/run/submission_runner.h"
#include "tests/grader/run/run_fixture.h"
#include "tests/grader/sandbox/lua_test_support.h"

using namespace tile;

namespace {

// A correct BFS that first computes for a moment, so that each grading child lives long enough to
// be seen and signalled from outside.
const std::string kSlowCorrectBfs = std::string(testing::kCorrectBfs) + R"(
local correct_bfs = bfs
function bfs(problem)
  local sum = 0
  for i = 1, 1e7 do sum = sum + i end
  return correct_bfs(problem)
end
)";

std::vector<pid_t> children_of_this_process() {
  std::vector<pid_t> children;
  DIR* tasks = opendir("/proc/self/task");
  if (tasks == nullptr) return children;
  while (const dirent* task = readdir(tasks)) {
    if (task->d_name[0] == '.') continue;
    std::ifstream list(std::string("/proc/self/task/") + task->d_name + "/children");
    for (pid_t pid = 0; list >> pid;) children.push_back(pid);
  }
  closedir(tasks);
  return children;
}

// Sends `signal_number` to the first `count` grading children it sees, each once, as soon as it
// sees them: what the machine does to a grading child, from outside the grader.
class OutsideSignaller {
 public:
  OutsideSignaller(int count, int signal_number)
      : thread_([this, count, signal_number] { run(count, signal_number); }) {}
  ~OutsideSignaller() {
    stop_ = true;
    thread_.join();
  }
  int sent() const { return sent_; }

 private:
  void run(int count, int signal_number) {
    std::set<pid_t> seen;
    while (!stop_ && sent_ < count) {
      for (const pid_t pid : children_of_this_process()) {
        if (sent_ < count && seen.insert(pid).second && kill(pid, signal_number) == 0) ++sent_;
      }
      usleep(1000);
    }
  }
  std::atomic<bool> stop_{false};
  std::atomic<int> sent_{0};
  std::thread thread_;
};

std::vector<Job> three_jobs() { return {Job{0, 0, {}}, Job{0, 1, {}}, Job{0, 2, {}}}; }

void check_all_completed(const std::vector<JobObservation>& observed) {
  REQUIRE(observed.size() == 3);
  for (const JobObservation& observation : observed) {
    CHECK_FALSE(observation.failed());
    CHECK_FALSE(observation.out_of_time);
    REQUIRE(observation.search);
    CHECK_MESSAGE(observation.search->completed, observation.search->error);
  }
}

TEST_CASE("a child killed once from outside costs nothing: its job runs again") {
  const testing::RunFixture fixture;
  const std::string path = fixture.script(kSlowCorrectBfs);
  std::vector<JobObservation> observed;
  {
    const OutsideSignaller killer(1, SIGKILL);
    observed = run_submission(fixture.assignment, three_jobs(), path);
    CHECK(killer.sent() == 1);
  }
  check_all_completed(observed);
}

TEST_CASE("a job whose child is killed from outside every time is a grader fault, not a failure") {
  const testing::RunFixture fixture;
  const std::string path = fixture.script(kSlowCorrectBfs);
  std::vector<JobObservation> observed;
  {
    const OutsideSignaller killer(1000, SIGKILL);
    observed = run_submission(fixture.assignment, three_jobs(), path);
  }
  REQUIRE(observed.size() == 3);
  for (const JobObservation& observation : observed) {
    CHECK(observation.failure == FailureKind::GraderFault);
    CHECK(observation.failure_message.find("from outside the grader") != std::string::npos);
    CHECK(observation.failure_message.find("twice") != std::string::npos);
    CHECK_FALSE(observation.out_of_time);  // so no later test is skipped for it
  }
}

TEST_CASE("a child stopped past the wall-clock backstop is run again, not judged out of time") {
  testing::RunFixture fixture(0.5);
  fixture.assignment.limits.call_seconds = 0.5;  // the backstop: ten times, 5 s
  const std::string path = fixture.script(kSlowCorrectBfs);
  std::vector<JobObservation> observed;
  {
    // SIGSTOP: the child uses no processor time, as a child starved by a busy machine does.
    const OutsideSignaller stopper(1, SIGSTOP);
    observed = run_submission(fixture.assignment, three_jobs(), path);
    CHECK(stopper.sent() == 1);
  }
  check_all_completed(observed);
}

}  // namespace
