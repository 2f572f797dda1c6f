// A script that does not load (a syntax error, an error at its top level) fails every test, but
// its error is said once for the whole submission, in every format; each test only points to it.
#include "grader/run/grade.h"

#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "grader/report/report_prairielearn.h"
#include "tests/grader/text_support.h"

using namespace tile;
using testing::occurrences;
namespace fs = std::filesystem;

namespace {

const char* kThreeTestsAssignment = R"({
  "title": "load test", "size": "2x3", "goal": "blank-last",
  "tasks": [
    {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
     "tests": [{"name": "one", "start": "1 2 3 4 0 5"}, {"name": "two", "start": "1 0 3 4 2 5"},
               {"name": "three", "start": "1 2 3 0 4 5", "visibility": "hidden"}]}
  ]
})";

GradeReport graded(const std::string& script) {
  std::string pattern = (fs::temp_directory_path() / "load_error_test.XXXXXX").string();
  const fs::path root = mkdtemp(pattern.data());
  std::ofstream(root / "assignment.json") << kThreeTestsAssignment;
  std::ofstream(root / "broken.lua") << script;
  auto assignment = load_assignment(root.string());
  REQUIRE_MESSAGE(assignment, assignment.error());
  auto prepared = PreparedAssignment::prepare(*assignment);
  REQUIRE_MESSAGE(prepared, prepared.error());
  GradeReport report = grade_submission(*prepared, (root / "broken.lua").string(), {});
  fs::remove_all(root);
  return report;
}

}  // namespace

TEST_CASE("a load error is said once for the submission, in every format") {
  const struct {
    const char* script;
    const char* error;
    const char* words;  // a part that no format escapes (HTML and XML escape quotes)
  } cases[] = {
      {"function bfs(problem)\n  return 'U' 1\nend\n",
       "broken.lua:2: 'end' expected (to close 'function' at line 1) near '1'", "expected (to close"},
      {"local t = nil\nlocal x = t.field\n", "broken.lua:2: attempt to index a nil value",
       "broken.lua:2: attempt to index a nil value"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.error);
    const GradeReport report = graded(c.script);
    CHECK(report.script_error.rfind(std::string("Your script did not load: ") + c.error, 0) == 0);
    REQUIRE(report.tests.size() == 3);
    for (const TestResult& test : report.tests) {
      CHECK(test.diagnosis.code == "did-not-run");
      CHECK(occurrences(test_output_text(test), kNotRunScriptError) == 1);
      CHECK(occurrences(test_output_text(test), c.words) == 0);
    }
    for (ReportFormat format : {ReportFormat::Text, ReportFormat::Gradescope, ReportFormat::Junit,
                                ReportFormat::PrairieLearn, ReportFormat::Html,
                                ReportFormat::Classroom}) {
      CAPTURE(static_cast<int>(format));
      CHECK(occurrences(format_report(report, format), c.words) == 1);
    }
    CHECK(prairielearn_json(report)["gradable"] == false);
  }
}

TEST_CASE("a script that loads has no submission-level error") {
  const GradeReport report = graded("function bfs(problem) return 'U', 1 end\n");
  CHECK(report.script_error.empty());
  CHECK(format_report(report, ReportFormat::Text).find("did not load") == std::string::npos);
}
