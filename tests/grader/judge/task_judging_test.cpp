// Judging one task's runs (grader/judge/task_judging.h): results in the runs' order with the
// task's points per test, a search mistake named from every run of the task together, and a
// heuristic task's informedness line judged only when every test of the task ran.
#include "grader/judge/task_judging.h"

#include <doctest/doctest.h>

#include <vector>

#include "tests/grader/judge/heuristic_runs.h"
#include "tests/support/student_runs.h"
#include "tests/support/task_builders.h"

using namespace tile;

namespace {

// A student's run that is the engine's own, reporting `count`.
JobObservation run_reporting(const Expectation& expected, std::uint64_t count) {
  JobObservation observation;
  observation.search = testing::student_run_of(expected.path, expected.trace, count);
  return observation;
}

}  // namespace

TEST_CASE("a task's runs are judged in their order, and its mistake named from all of them") {
  const Task task = testing::on_push_bfs_task({"1 2 5 3 4 0 6 7 8", "1 0 2 3 4 5 6 7 8"});
  std::vector<Expectation> expected;
  for (const TestCase& test : task.tests) {
    expected.push_back(compute_expectation(task, test).value());
  }
  TaskJudging judging;
  judging.points_per_test = 2.5;

  std::vector<JobObservation> right;
  for (const Expectation& one : expected) right.push_back(run_reporting(one, one.count));
  // Given in the reverse of the task's order: the results keep the order they are given in.
  const std::vector<JudgedRun> reversed = {{&task.tests[1], &expected[1], &right[1]},
                                           {&task.tests[0], &expected[0], &right[0]}};
  GradeReport report;
  judge_task(task, reversed, judging, report);
  REQUIRE(report.tests.size() == 2);
  CHECK(report.tests[0].test == task.tests[1].name);
  CHECK(report.tests[1].test == task.tests[0].name);
  for (const TestResult& result : report.tests) {
    CHECK(result.passed);
    CHECK(result.score == doctest::Approx(2.5));
    CHECK(result.diagnosis.code.empty());
  }

  // Every run one too many in its count: both tests fail, named alike, since the task's
  // mistake is read from all of its runs at once.
  std::vector<JobObservation> plus_one;
  for (const Expectation& one : expected) plus_one.push_back(run_reporting(one, one.count + 1));
  const std::vector<JudgedRun> both = {{&task.tests[0], &expected[0], &plus_one[0]},
                                       {&task.tests[1], &expected[1], &plus_one[1]}};
  GradeReport wrong;
  judge_task(task, both, judging, wrong);
  REQUIRE(wrong.tests.size() == 2);
  CHECK_FALSE(wrong.tests[0].passed);
  CHECK_FALSE(wrong.tests[1].passed);
  CHECK_FALSE(wrong.tests[0].diagnosis.code.empty());
  CHECK(wrong.tests[0].diagnosis.code == wrong.tests[1].diagnosis.code);
}

TEST_CASE("informedness is judged when every test ran, and left unchecked otherwise") {
  Task task = testing::heuristic_task();
  task.checks.informedness = {{10, 1}, {2, 2}};
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  const JobObservation run = testing::heuristic_run(task, {}, 2);
  const std::vector<JudgedRun> runs = {{&task.tests[0], &expected, &run}};
  TaskJudging judging;
  judging.points_per_test = 1;

  GradeReport partial;
  judge_task(task, runs, judging, partial);
  CHECK(partial.tests.size() == 1);
  CHECK(partial.not_checked.informedness_points == doctest::Approx(3));

  judging.every_test_ran = true;
  GradeReport whole;
  judge_task(task, runs, judging, whole);
  REQUIRE(whole.tests.size() == 2);  // the test, then the informedness line
  CHECK(whole.tests[1].max_score == doctest::Approx(3));
  CHECK(whole.not_checked.informedness_points == 0);
}
