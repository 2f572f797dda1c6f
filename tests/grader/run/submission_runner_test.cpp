// run_submission: one child runs a submission's jobs in order, a job that kills it fails alone and
// a new child carries on after it, and a script that fails to load is loaded once, not per job.
#include "grader/run/submission_runner.h"

#include <doctest/doctest.h>

#include <string>

#include "grader/sandbox/lua_sandbox.h"
#include "tests/grader/run/run_fixture.h"
#include "tests/grader/sandbox/lua_test_support.h"

using namespace tile;

namespace {

// A correct BFS, except on the board of test "two" (its start has the blank in cell 2), where one
// call of string.find backtracks for hours: no Lua hook fires inside it, only a kill stops it.
const std::string kKillerOnTwo = std::string(testing::kCorrectBfs) + R"(
local correct_bfs = bfs
function bfs(problem)
  if problem.start[2] == 0 then string.find(('a'):rep(1e5), ('a*'):rep(100) .. 'b') end
  return correct_bfs(problem)
end
)";

// A one-second wall-clock limit: the first test waits for a child to be killed at it.
struct OneSecondFixture : testing::RunFixture {
  OneSecondFixture() : RunFixture(1) {}
};

std::vector<Job> jobs_in_order(std::initializer_list<std::size_t> tests) {
  std::vector<Job> jobs;
  for (std::size_t test : tests) jobs.push_back(Job{0, test, {}});
  return jobs;
}

}  // namespace

TEST_CASE("a job that kills its child fails alone, and the jobs after it still run") {
  OneSecondFixture fixture;
  fixture.assignment.run_all_after_timeout = true;  // else a hang skips the task's later tests
  const std::string path = fixture.script(kKillerOnTwo);
  // The killer first, in the middle and last: whatever its place, only it fails.
  for (const auto& order : {jobs_in_order({1, 0, 2}), jobs_in_order({0, 1, 2}),
                            jobs_in_order({0, 2, 1})}) {
    const std::vector<JobObservation> observed = run_submission(fixture.assignment, order, path);
    REQUIRE(observed.size() == 3);
    for (std::size_t i = 0; i < order.size(); ++i) {
      CAPTURE(order[i].test_index);
      CHECK(observed[i].job == i);
      if (order[i].test_index == 1) {
        CHECK(observed[i].failure == FailureKind::StoppedProcess);
        CHECK(observed[i].failure_message.find("processor-time limit of 1 s") != std::string::npos);
        CHECK_FALSE(observed[i].search);
      } else {
        CHECK_FALSE(observed[i].failed());
        REQUIRE(observed[i].search);
        CHECK_MESSAGE(observed[i].search->completed, observed[i].search->error);
      }
    }
  }
}

TEST_CASE("a call stuck in one library function ends the child soon after its time limit") {
  OneSecondFixture fixture;
  fixture.assignment.limits.call_seconds = 0.3;
  fixture.assignment.limits.test_seconds = 30;  // the child ends itself long before this
  fixture.assignment.run_all_after_timeout = true;
  const std::string path = fixture.script(kKillerOnTwo);
  const std::vector<JobObservation> observed =
      run_submission(fixture.assignment, jobs_in_order({1, 0}), path);
  REQUIRE(observed.size() == 2);
  CHECK(observed[0].failure == FailureKind::StoppedProcess);
  CHECK(observed[0].failure_message.find("time limit of 0.3 s") != std::string::npos);
  CHECK(observed[0].failure_message.find("no time limit can interrupt") != std::string::npos);
  REQUIRE(observed[1].search);
  CHECK_MESSAGE(observed[1].search->completed, observed[1].search->error);
}

TEST_CASE("a script that fails to load is loaded once: its failure stands for every job") {
  const OneSecondFixture fixture;
  // math.random is seeded per job: loaded again for each job, the message would differ.
  const std::string path = fixture.script("error('unlucky draw ' .. math.random(1, 1000000000))");
  const std::vector<JobObservation> observed =
      run_submission(fixture.assignment, jobs_in_order({0, 1, 2}), path);
  REQUIRE(observed.size() == 3);
  CHECK(observed[0].failure == FailureKind::DidNotLoad);
  CHECK(observed[0].failure_message.find("unlucky draw") != std::string::npos);
  for (const JobObservation& observation : observed) {
    CHECK(observation.failure == FailureKind::DidNotLoad);
    CHECK(observation.failure_message == observed[0].failure_message);
    CHECK_FALSE(observation.search);
  }
}

TEST_CASE("a script stuck in one library call at load time is decided once, not per test") {
  // Once each job's fresh child loaded it again and paid the stuck call's limits again: 181 s
  // for 15 tests. Now the first child's death while loading stands for every job.
  OneSecondFixture fixture;
  fixture.assignment.limits.call_seconds = 0.3;
  fixture.assignment.limits.test_seconds = 30;
  const std::string path = fixture.script(std::string(testing::kCorrectBfs) +
                                          "string.find(('a'):rep(1e5), ('a*'):rep(100) .. 'b')\n");
  const std::vector<JobObservation> observed =
      run_submission(fixture.assignment, jobs_in_order({0, 1, 2}), path);
  REQUIRE(observed.size() == 3);
  for (const JobObservation& observation : observed) {
    CHECK(observation.failure == FailureKind::DidNotLoad);
    CHECK(observation.failure_message.find("while loading") != std::string::npos);
    CHECK(observation.failure_message == observed[0].failure_message);
    CHECK_FALSE(observation.search);
  }
}

TEST_CASE("a test draws the same random numbers whatever else runs with it") {
  // tilegrade check runs the visible tests only: their verdicts must be the real run's, also for
  // a script that breaks ties with math.random.
  const OneSecondFixture fixture;
  const std::string path = fixture.script(R"(
    function bfs(problem) return "", math.random(1, 1000000000) end
  )");
  const std::vector<JobObservation> all =
      run_submission(fixture.assignment, jobs_in_order({0, 1, 2}), path);
  const std::vector<JobObservation> last_only =
      run_submission(fixture.assignment, jobs_in_order({2}), path);
  REQUIRE(all.size() == 3);
  REQUIRE(last_only.size() == 1);
  REQUIRE(all[2].search);
  REQUIRE(last_only[0].search);
  CHECK(all[2].search->reported_count == last_only[0].search->reported_count);
  REQUIRE(all[0].search);
  REQUIRE(all[1].search);
  CHECK(all[0].search->reported_count != all[1].search->reported_count);  // tests differ
}

TEST_CASE("each job gets a fresh Lua state: globals do not leak from one test to the next") {
  const OneSecondFixture fixture;
  const std::string path = fixture.script(R"(
    function bfs(problem)
      assert(calls == nil, "a global survived from an earlier test")
      calls = 1
      return "", 0
    end
  )");
  const std::vector<JobObservation> observed =
      run_submission(fixture.assignment, jobs_in_order({0, 1, 2}), path);
  for (const JobObservation& observation : observed) {
    REQUIRE(observation.search);
    CHECK_MESSAGE(observation.search->completed, observation.search->error);
  }
}

TEST_CASE("what a script says cannot forge or damage its observed search on the pipe") {
  // It searches as a correct BFS does (a record of many calls), prints and then fails with text
  // shaped like the line's framing: a tab and a tail of digits, a newline and a line of its own.
  const testing::RunFixture fixture;
  const std::string forged = R"(\t50004000\t012345\n{\"job\":0,\"search\":{}}\t0)";
  const std::string path = fixture.script(std::string(testing::kCorrectBfs) + R"(
local correct_bfs = bfs
function bfs(problem)
  correct_bfs(problem)
  print(")" + forged + R"(")
  error(")" + forged + R"(", 0)
end
)");
  const std::vector<JobObservation> piped =
      run_submission(fixture.assignment, jobs_in_order({0, 1}), path);
  REQUIRE(piped.size() == 2);
  for (std::size_t i = 0; i < piped.size(); ++i) {
    CAPTURE(i);
    // The same job run here, in this process, with nothing crossing a pipe.
    std::string load_failure;
    const auto script = LuaSandbox::read_script(path);
    REQUIRE(script);
    const JobObservation here =
        run_job(fixture.assignment, jobs_in_order({i})[0], i, *script, load_failure);
    REQUIRE(here.search);
    REQUIRE_MESSAGE(piped[i].search, piped[i].failure_message);
    CHECK_FALSE(piped[i].search->completed);
    CHECK(piped[i].search->error.ends_with("\t50004000\t012345\n{\"job\":0,\"search\":{}}\t0"));
    CHECK(piped[i].search->error == here.search->error);
    CHECK(piped[i].search->observed.successors_calls > 0);
    CHECK(piped[i].search->observed == here.search->observed);
    CHECK(piped[i].search->expansions == here.search->expansions);
  }
}

namespace {

// A correct BFS, except that on test "two" it never returns (a plain Lua loop: the per-call limit
// stops it).
const std::string kEndlessOnTwo = std::string(testing::kCorrectBfs) + R"(
local correct_bfs = bfs
function bfs(problem)
  if problem.start[2] == 0 then while true do end end
  return correct_bfs(problem)
end
)";

}  // namespace

TEST_CASE("after a test ends by the clock, the task's later tests are not run and say why once") {
  OneSecondFixture fixture;
  fixture.assignment.limits.call_seconds = 0.3;
  const std::string path = fixture.script(kEndlessOnTwo);
  const std::vector<JobObservation> observed =
      run_submission(fixture.assignment, jobs_in_order({0, 1, 2}), path);
  REQUIRE(observed.size() == 3);
  REQUIRE(observed[0].search);
  CHECK(observed[0].search->completed);  // before the hang: run as usual
  CHECK_FALSE(observed[0].out_of_time);
  REQUIRE(observed[1].search);
  CHECK_FALSE(observed[1].search->completed);
  CHECK(observed[1].out_of_time);
  CHECK(observed[1].search->error.find("time limit of 0.3 s per call exceeded") !=
        std::string::npos);
  CHECK(observed[2].job == 2);
  CHECK_FALSE(observed[2].search);
  CHECK(observed[2].failure == FailureKind::SkippedAfterTimeout);
  CHECK(observed[2].failure_message ==
        "Not run: your `bfs` did not return within 0.3 s of processor time in test two.");

  // The first skipped test says it; the others point to it.
  const std::vector<JobObservation> first =
      run_submission(fixture.assignment, jobs_in_order({1, 0, 2}), path);
  CHECK(first[1].failure_message ==
        "Not run: your `bfs` did not return within 0.3 s of processor time in test two.");
  CHECK(first[2].failure == FailureKind::SameAsEarlierTest);
  CHECK(first[2].failure_message == "one");
}

TEST_CASE("a hidden test that ends by the clock is never named in the tests the student sees") {
  OneSecondFixture fixture;
  fixture.assignment.limits.call_seconds = 0.3;
  Task& task = fixture.assignment.tasks[0];
  task.tests[1].name = "secret-26-moves-from-corner";
  task.tests[1].visibility = Visibility::Hidden;
  task.tests[2].visibility = Visibility::AfterDueDate;
  const std::string path = fixture.script(kEndlessOnTwo);
  // Order: the hidden one hangs, a later hidden one is skipped, then the visible one.
  const std::vector<JobObservation> observed =
      run_submission(fixture.assignment, jobs_in_order({1, 2, 0}), path);
  REQUIRE(observed.size() == 3);
  CHECK(observed[0].out_of_time);
  const std::string said =
      "Not run: your `bfs` did not return within 0.3 s of processor time in a test of this task "
      "that is not shown yet.";
  CHECK(observed[1].failure_message == said);
  // The visible test, after a hidden skipped one, says why itself rather than point to it.
  CHECK(observed[2].failure == FailureKind::SkippedAfterTimeout);
  CHECK(observed[2].failure_message == said);
  for (const JobObservation& job : observed) {
    CHECK(job.failure_message.find("secret") == std::string::npos);
  }
}

TEST_CASE("\"after_timeout\": \"run-all\" runs every test after a hang") {
  OneSecondFixture fixture;
  fixture.assignment.limits.call_seconds = 0.3;
  fixture.assignment.run_all_after_timeout = true;
  const std::vector<JobObservation> observed = run_submission(
      fixture.assignment, jobs_in_order({1, 0, 2}), fixture.script(kEndlessOnTwo));
  CHECK(observed[0].out_of_time);
  for (std::size_t i : {1, 2}) {
    REQUIRE(observed[i].search);
    CHECK(observed[i].search->completed);
  }
}

namespace {

// A correct BFS, except that on test "two" it holds ever more memory, far past any limit; a
// `pcall` that catches the refusal and returns anyway (test "three") did not stop at the limit.
const std::string kHogOnTwo = std::string(testing::kCorrectBfs) + R"(
local correct_bfs = bfs
local function hog()
  local held = {}
  for i = 1, 100000 do held[i] = string.rep("x", 65536) .. i end
end
function bfs(problem)
  if problem.start[2] == 0 then hog() end
  if problem.start[4] == 0 then pcall(hog) end
  return correct_bfs(problem)
end
)";

}  // namespace

TEST_CASE("after a test meets the memory limit, the task's later tests are not run, said once") {
  OneSecondFixture fixture;
  fixture.assignment.limits.lua_memory_bytes = 32 << 20;
  const std::string path = fixture.script(kHogOnTwo);
  const std::vector<JobObservation> observed =
      run_submission(fixture.assignment, jobs_in_order({1, 0, 2}), path);
  REQUIRE(observed.size() == 3);
  REQUIRE(observed[0].search);
  CHECK_FALSE(observed[0].search->completed);
  CHECK(observed[0].out_of_memory);
  CHECK_FALSE(observed[0].out_of_time);
  CHECK(observed[0].search->error.find("memory limit of 32 MiB") != std::string::npos);
  CHECK(observed[1].failure == FailureKind::SkippedAfterMemoryLimit);
  CHECK(observed[1].failure_message ==
        "Not run: your `bfs` ran out of memory (its memory limit of 32 MiB) in test two.");
  CHECK(observed[2].failure == FailureKind::SameAsEarlierTest);
  CHECK(observed[2].failure_message == "one");

  // The same run-all switch as after a time-out runs them all.
  fixture.assignment.run_all_after_timeout = true;
  const std::vector<JobObservation> all =
      run_submission(fixture.assignment, jobs_in_order({1, 0}), path);
  CHECK(all[0].out_of_memory);
  REQUIRE(all[1].search);
  CHECK(all[1].search->completed);
}

TEST_CASE("a script that catches the memory refusal and returns has not met the limit") {
  OneSecondFixture fixture;
  fixture.assignment.limits.lua_memory_bytes = 32 << 20;
  const std::vector<JobObservation> observed =
      run_submission(fixture.assignment, jobs_in_order({2, 0}), fixture.script(kHogOnTwo));
  REQUIRE(observed.size() == 2);
  REQUIRE(observed[0].search);
  CHECK_MESSAGE(observed[0].search->completed, observed[0].search->error);
  CHECK_FALSE(observed[0].out_of_memory);
  REQUIRE(observed[1].search);
  CHECK(observed[1].search->completed);
}

TEST_CASE("a test its processor-time limit ends skips the task's later tests too") {
  const OneSecondFixture fixture;  // test_seconds 1
  const std::vector<JobObservation> observed = run_submission(
      fixture.assignment, jobs_in_order({1, 0, 2}), fixture.script(kKillerOnTwo));
  CHECK(observed[0].out_of_time);
  CHECK(observed[1].failure == FailureKind::SkippedAfterTimeout);
  CHECK(observed[1].failure_message == "Not run: your `bfs` did not return within 1 s of processor time in test two.");
  CHECK(observed[2].failure == FailureKind::SameAsEarlierTest);
  CHECK(observed[2].failure_message == "one");
}
