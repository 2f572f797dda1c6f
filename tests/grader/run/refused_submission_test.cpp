// A refused submission (grade --submission-dir on a folder it cannot grade) is graded as a run
// whose every job failed as refused: each test says so by that kind, with no text rewritten.
#include "grader/run/refused_submission.h"

#include <doctest/doctest.h>

#include "grader/judge/check_support.h"
#include "tests/grader/text_support.h"

using namespace tile;
using testing::occurrences;

namespace {

Assignment two_tests() {
  Assignment assignment;
  assignment.title = "refused";
  Task task;
  task.name = "bfs";
  task.kind = TaskKind::Search;
  task.function = "bfs";
  task.algorithm = Algorithm::Bfs;
  task.points = 10;
  task.goal = parse_board(Shape{2, 3}, "1 2 3 4 5 0").value();
  for (const char* name : {"one", "two"}) {
    TestCase test;
    test.name = name;
    test.start = parse_board(Shape{2, 3}, "1 2 3 4 0 5").value();
    task.tests.push_back(test);
  }
  assignment.tasks.push_back(task);
  return assignment;
}

}  // namespace

TEST_CASE("a refused job is worded by its kind, not as a script that did not load") {
  CHECK(check_support::failure_of(failed_job(0, FailureKind::Refused, "")) == kNotRunRefused);
  CHECK(check_support::failure_of(failed_job(0, FailureKind::DidNotLoad, "s.lua:1: x")) ==
        kNotRunScriptError);
  CHECK(check_support::failure_of(failed_job(0, FailureKind::MissingFunction, "bfs")) ==
        "Your script defines no function named 'bfs', which this task calls.");
  CHECK(check_support::failure_of(failed_job(0, FailureKind::SameAsEarlierTest, "one")) ==
        "Not run, for the same reason as this task's test one.");
}

TEST_CASE("a refused submission scores 0, says its reason once and each test points to it") {
  const Assignment assignment = two_tests();
  auto prepared = PreparedAssignment::prepare(assignment, StoredExpectations::Ignore);
  REQUIRE_MESSAGE(prepared, prepared.error());
  const std::string reason = "Your submission holds two scripts: a.lua and b.lua.";
  const GradeReport report =
      refused_submission_report(*prepared, {}, "upload", reason);
  CHECK(report.script_error == reason);
  REQUIRE(report.tests.size() == 2);
  for (const TestResult& test : report.tests) {
    CHECK(test.score == 0);
    CHECK(test.diagnosis.code == "did-not-run");
    const std::string text = test_output_text(test);
    CHECK(occurrences(text, kNotRunRefused) == 1);
    CHECK(text.find("did not load") == std::string::npos);
  }
  const std::string all = format_report(report, ReportFormat::Text);
  CHECK(occurrences(all, reason) == 1);
}
