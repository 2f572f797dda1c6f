#include <doctest/doctest.h>

#include "grader/report/report.h"
#include "grader/report/report_classroom.h"

using namespace tile;

namespace {

TestResult result(const std::string& name, double score, const std::string& output) {
  TestResult test;
  test.task = name.substr(0, name.find(':'));  // "t" (GCC 12 warns on a 1-char literal)
  test.name = name;
  test.score = score;
  test.max_score = 2.5;
  test.passed = score == test.max_score;
  test.header = output;
  return test;
}

GradeReport two_tests() {
  GradeReport report;
  report.assignment = "assignment";
  report.tests.push_back(result("t: one", 2.5, "fine"));
  report.tests.push_back(result("t: two", 1, "wrong"));
  return report;
}

}  // namespace

TEST_CASE("a run that checked everything says nothing about what it left out") {
  const GradeReport report = two_tests();
  CHECK(not_checked_sentence(report).empty());
  CHECK(format_report(report, ReportFormat::Text).find("Not checked") == std::string::npos);
  CHECK_FALSE(gradescope_json(report).contains("not_checked"));
}

TEST_CASE("what was left out is named with its points and the full grade") {
  GradeReport report = two_tests();
  report.not_checked = {1, 2.5, 4};
  CHECK(not_checked_sentence(report) ==
        "Not checked here: 1 hidden test (2.5 points) and informedness (4 points), measured over "
        "all the tests. The full grade is out of 11.5.");
  const auto results = gradescope_json(report);
  CHECK(results["not_checked"]["full_max_score"] == 11.5);
  CHECK(results["score"] == 3.5);  // the score is the checked tests', never more
  report.not_checked = {0, 0, 1};
  CHECK(not_checked_sentence(report) ==
        "Not checked here: informedness (1 point), measured over all the tests. The full grade "
        "is out of 6.");
}

TEST_CASE("classroom results: per-test pass or fail and scores the reporter adds up") {
  const auto results = classroom_json(two_tests());
  CHECK(results["version"] == 1);
  CHECK(results["status"] == "fail");
  CHECK(results["max_score"] == 5);
  REQUIRE(results["tests"].size() == 2);
  CHECK(results["tests"][0]["status"] == "pass");
  CHECK(results["tests"][1]["status"] == "fail");
  CHECK(results["tests"][1]["score"] == 1);
  CHECK(results["tests"][1]["message"] == "wrong");
  GradeReport long_output = two_tests();
  long_output.tests[1].header = std::string(5000, 'y');
  const std::string message = classroom_json(long_output)["tests"][1]["message"];
  CHECK(message.size() < 2100);
  CHECK(message.find("3000 more bytes not shown") != std::string::npos);
}
