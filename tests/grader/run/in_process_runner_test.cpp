// run_submission_in_process, the browser page's runner: the same observations as the child
// processes give, a run that resumes after a job its host stopped, and a load failure the host
// already knows standing for every job.
#include "grader/run/in_process_runner.h"

#include <doctest/doctest.h>

#include <string>

#include "grader/run/grade.h"
#include "grader/student/observation.h"
#include "tests/grader/run/run_fixture.h"
#include "tests/grader/sandbox/lua_test_support.h"

using namespace tile;

namespace {

// Counts one expansion too many on test "two" only (its start has the blank in cell 2).
const std::string kWrongOnTwo = std::string(testing::kCorrectBfs) + R"(
local correct_bfs = bfs
function bfs(problem)
  local path, count = correct_bfs(problem)
  if problem.start[2] == 0 then count = count + 1 end
  return path, count
end
)";

using Fixture = testing::RunFixture;

std::vector<Job> all_jobs() { return {Job{0, 0, {}}, Job{0, 1, {}}, Job{0, 2, {}}}; }

// The observation as it crosses the pipe, less the processor time the call took: two runs of the
// same job agree on everything else.
std::string line_of(JobObservation observation) {
  if (observation.search) observation.search->cpu_seconds = 0;
  return observation_line(observation);
}

GradeReport graded(const Fixture& fixture, const std::string& path, const JobRunner& runner) {
  GradeOptions options;
  options.run_jobs = runner;
  return grade_submission(fixture.prepared(), path, options);
}

}  // namespace

TEST_CASE("in process, a submission gets the report the grading children give it") {
  const Fixture fixture;
  const std::string path = fixture.script(kWrongOnTwo);
  const GradeReport in_children = graded(fixture, path, nullptr);
  const GradeReport here =
      graded(fixture, path, [](const Assignment& a, const std::vector<Job>& jobs,
                               const std::string& p) {
        return run_submission_in_process(a, jobs, p, {});
      });
  REQUIRE(here.tests.size() == 3);
  CHECK(here.score() == doctest::Approx(in_children.score()));
  CHECK(here.score() < 9);  // the count check of test "two" fails
  for (std::size_t i = 0; i < here.tests.size(); ++i) {
    CHECK(here.tests[i].passed == in_children.tests[i].passed);
    CHECK(test_output_text(here.tests[i]) == test_output_text(in_children.tests[i]));
  }
  CHECK_FALSE(here.tests[1].passed);
}

TEST_CASE("a run resumes after a job its host stopped, reusing what was already observed") {
  const Fixture fixture;
  const std::string path = fixture.script(testing::kCorrectBfs);
  std::vector<std::string> lines;
  std::vector<std::size_t> started;
  InProcessRun first;
  first.on_start = [&](std::size_t job, std::size_t total) {
    CHECK(total == 3);
    started.push_back(job);
  };
  first.on_done = [&](std::size_t, std::size_t, const std::string& line) { lines.push_back(line); };
  const auto fresh = run_submission_in_process(fixture.assignment, all_jobs(), path, first);
  REQUIRE(lines.size() == 3);
  CHECK(started == std::vector<std::size_t>{0, 1, 2});
  CHECK_FALSE(fresh[1].failed());

  // The host stopped job 1 after 3 s: job 0 comes from its line, job 1 is the stop, job 2 runs.
  InProcessRun resumed;
  resumed.done_lines = {lines[0], stopped_job_line(1, 3)};
  std::vector<std::size_t> run_now;
  resumed.on_start = [&](std::size_t job, std::size_t) { run_now.push_back(job); };
  const auto observations =
      run_submission_in_process(fixture.assignment, all_jobs(), path, resumed);
  CHECK(run_now == std::vector<std::size_t>{2});
  CHECK(line_of(observations[0]) == line_of(fresh[0]));
  CHECK(observations[1].failure == FailureKind::StoppedByPage);
  CHECK(observations[1].failure_message ==
        "it was still running after 3 s (an endless loop, or an endless search, ends like this)");
  CHECK(line_of(observations[2]) == line_of(fresh[2]));
}

TEST_CASE("a load failure the host already knows fails every job without loading the script") {
  const Fixture fixture;
  // It would pass every test if it were loaded.
  const std::string path = fixture.script(testing::kCorrectBfs);
  InProcessRun run;
  run.load_failure = "stopped";
  const auto observations = run_submission_in_process(fixture.assignment, all_jobs(), path, run);
  for (const JobObservation& observation : observations) {
    CHECK(observation.failure == FailureKind::DidNotLoad);
    CHECK(observation.failure_message == "stopped");
  }
}

TEST_CASE("an unreadable earlier line fails its job with an internal error, not the run") {
  const Fixture fixture;
  const std::string path = fixture.script(testing::kCorrectBfs);
  InProcessRun run;
  run.done_lines = {"{not json"};
  const auto observations = run_submission_in_process(fixture.assignment, all_jobs(), path, run);
  CHECK(observations[0].failure == FailureKind::Internal);
  CHECK(observations[0].failure_message.starts_with("unreadable result from an earlier run"));
  CHECK_FALSE(observations[1].failed());
}

TEST_CASE("in process, a task's tests after one that met the memory limit are not run either") {
  Fixture fixture;
  fixture.assignment.limits.lua_memory_bytes = 16 << 20;
  // Fills its memory on every board: the grading children run the first test alone.
  const std::string path = fixture.script(R"(
function bfs(problem)
  local hoard = {}
  while true do hoard[#hoard + 1] = string.rep("x", 4096) .. #hoard end
end
)");
  const GradeReport in_children = graded(fixture, path, nullptr);
  std::vector<std::string> lines;
  InProcessRun run;
  run.on_done = [&](std::size_t, std::size_t, const std::string& line) { lines.push_back(line); };
  const GradeReport here =
      graded(fixture, path, [&](const Assignment& a, const std::vector<Job>& jobs,
                                const std::string& p) {
        return run_submission_in_process(a, jobs, p, run);
      });
  REQUIRE(here.tests.size() == 3);
  for (std::size_t i = 0; i < here.tests.size(); ++i) {
    CHECK(test_output_text(here.tests[i]) == test_output_text(in_children.tests[i]));
  }
  CHECK(test_output_text(here.tests[1]).find("ran out of memory") != std::string::npos);
  // Every job has its line, the skipped ones too: a worker resumed later has them all.
  CHECK(lines.size() == 3);
}
