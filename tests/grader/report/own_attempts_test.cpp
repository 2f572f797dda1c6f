// A student's own attempts from the results documents of their earlier submissions: the mistakes
// named over them, never a hidden test's, and an attempt that did not run neither shows a mistake
// nor fixes one.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "grader/report/own_attempts.h"
#include "grader/report/report.h"

using namespace tile;

namespace {

TestResult attempt_test(const std::string& test, Visibility visibility, const std::string& code) {
  TestResult result;
  result.task = "bfs";
  result.test = test;
  result.name = "bfs: " + test;
  result.max_score = 1;
  result.passed = code.empty();
  result.score = result.passed ? 1 : 0;
  result.visibility = visibility;
  result.diagnosis.code = code;
  return result;
}

GradeReport attempt_report(const std::string& visible_code, const std::string& hidden_code) {
  GradeReport report;
  report.assignment = "attempts";
  report.submission = "mine.lua";
  report.tests = {attempt_test("seen", Visibility::Visible, visible_code),
                  attempt_test("unseen", Visibility::Hidden, hidden_code)};
  return report;
}

}  // namespace

TEST_CASE("the mistakes over a student's attempts, from the results tilegrade wrote then") {
  const std::vector<nlohmann::json> earlier = {
      gradescope_json(attempt_report("goal-test-on-generate", "")),
      gradescope_json(attempt_report("goal-test-on-generate", "ties-lifo")),
      nlohmann::json::object()};  // the platform's own document: not an attempt of tilegrade's
  const std::string paragraph = own_attempts_paragraph(earlier, attempt_report("", "ties-lifo"));
  CHECK(paragraph ==
        "Mistakes over your 3 submissions (this one is attempt 3):\n"
        "bfs: first attempt: goal-test-on-generate; fixed at attempt 3.");
  CHECK(paragraph.find("ties-lifo") == std::string::npos);  // a hidden test's mistake
}

TEST_CASE("an attempt that did not run neither shows a mistake nor fixes one") {
  const std::vector<nlohmann::json> earlier = {
      gradescope_json(attempt_report("counts-popped", "")),
      gradescope_json(attempt_report("did-not-run", ""))};
  CHECK(own_attempts_paragraph(earlier, attempt_report("counts-popped", "")) ==
        "Mistakes over your 3 submissions (this one is attempt 3):\n"
        "bfs: first attempt: counts-popped; not fixed by attempt 3, the last.");
}

TEST_CASE("no earlier attempt, or none with a mistake, says nothing") {
  CHECK(own_attempts_paragraph({}, attempt_report("counts-popped", "")).empty());
  CHECK(own_attempts_paragraph({gradescope_json(attempt_report("", ""))}, attempt_report("", ""))
            .empty());
  CHECK_FALSE(earlier_attempt(nlohmann::json::array()));
  CHECK_FALSE(earlier_attempt(gradescope_json(GradeReport{})));
}
