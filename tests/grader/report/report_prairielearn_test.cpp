#include <doctest/doctest.h>

#include "grader/report/report_prairielearn.h"

using namespace tile;

namespace {

TestResult make_test(const std::string& name, double score, double max_score, bool passed,
                     Visibility visibility, const std::string& diagnosis = "") {
  TestResult test;
  test.task = "bfs";
  test.name = name;
  test.score = score;
  test.max_score = max_score;
  test.passed = passed;
  test.header = "start:\n1 2 5\n3 4 .\n6 7 8\ndetails of " + name + "\n";
  test.visibility = visibility;
  test.diagnosis.code = diagnosis;
  return test;
}

GradeReport prairielearn_sample() {
  GradeReport report;
  report.assignment = "Classic";
  report.submission = "s.lua";
  report.tests.push_back(make_test("bfs: one", 5, 5, true, Visibility::Visible));
  report.tests.push_back(
      make_test("bfs: two", 2.5, 5, false, Visibility::Visible, "goal-test-on-generate"));
  report.tests.push_back(make_test("bfs: hidden", 0, 10, false, Visibility::AfterDueDate,
                                   "no-duplicate-detection"));
  return report;
}

}  // namespace

TEST_CASE("prairielearn results.json: score as a fraction, one entry per test") {
  const auto json = prairielearn_json(prairielearn_sample());
  CHECK(json["gradable"] == true);
  CHECK(json["score"].get<double>() == doctest::Approx(7.5 / 20));
  CHECK(json["message"] == "Classic: 7.5/20");
  CHECK_FALSE(json.contains("format_errors"));
  GradeReport thirds = prairielearn_sample();
  thirds.tests[0].score = 25.0 / 3;  // as a person writes a score: 8.33, never 8.33333
  CHECK(prairielearn_json(thirds)["message"] == "Classic: 10.83/20");
  REQUIRE(json["tests"].size() == 3);
  for (const auto& test : json["tests"]) {
    for (const char* key : {"name", "points", "max_points", "message", "output"}) {
      CAPTURE(key);
      CHECK(test.contains(key));
    }
  }
  CHECK(json["tests"][0]["name"] == "bfs: one");
  CHECK(json["tests"][0]["points"] == 5);
  CHECK(json["tests"][0]["max_points"] == 5);
  CHECK(json["tests"][0]["message"] == "passed");
  CHECK(json["tests"][1]["message"] == "failed (goal-test-on-generate)");
  CHECK(json["tests"][1]["output"].get<std::string>().find("details of bfs: two") !=
        std::string::npos);
}

TEST_CASE("prairielearn shows hidden tests' points but not their boards") {
  const auto hidden = prairielearn_json(prairielearn_sample())["tests"][2];
  CHECK(hidden["points"] == 0);
  CHECK(hidden["max_points"] == 10);
  CHECK(hidden["message"] == "hidden test: failed (no-duplicate-detection)");
  CHECK(hidden["output"].get<std::string>().find("1 2 5") == std::string::npos);
}

TEST_CASE("prairielearn: a script that never ran is not gradable") {
  GradeReport report;
  report.assignment = "Classic";
  report.script_error = "s.lua:3: '=' expected near 'x'\nstack traceback:\n  [C]: in ?";
  for (const char* name : {"bfs: one", "bfs: two"}) {
    TestResult test = make_test(name, 0, 5, false, Visibility::Visible, "did-not-run");
    test.notes = {std::string("\n") + kNotRunScriptError + "\n"};
    report.tests.push_back(test);
  }
  const auto json = prairielearn_json(report);
  CHECK(json["gradable"] == false);
  CHECK(json["score"] == 0);
  // An error of several lines goes whole, lines kept, in output, and format_errors (which
  // PrairieLearn flattens) points to it: said once.
  REQUIRE(json["format_errors"].size() == 1);
  CHECK(json["format_errors"][0].get<std::string>().find("'=' expected") == std::string::npos);
  CHECK(json["output"] == report.script_error + "\n");
  // One of one line is said in format_errors alone.
  GradeReport one_line = report;
  one_line.script_error = "s.lua:3: '=' expected near 'x'";
  CHECK(prairielearn_json(one_line)["format_errors"] ==
        nlohmann::json::array({one_line.script_error}));
  CHECK_FALSE(prairielearn_json(one_line).contains("output"));
  // However long the line (a script's own error message), results.json stays under its limit.
  one_line.script_error = "s.lua:1: " + std::string(3'000'000, 'x');
  CHECK(format_report(one_line, ReportFormat::PrairieLearn).size() < 1'000'000);

  // One test that ran makes a submission that loaded gradable, whatever its score.
  report.script_error.clear();
  report.tests.push_back(make_test("dfs: one", 0, 5, false, Visibility::Visible, "error"));
  CHECK(prairielearn_json(report)["gradable"] == true);
}

TEST_CASE("prairielearn: every missing function is named, no board in format_errors") {
  GradeReport report;
  report.assignment = "Classic";
  const auto not_run = [](const std::string& task, const std::string& name, Visibility shown,
                          const std::string& note) {
    TestResult test = make_test(task + ": " + name, 0, 5, false, shown, "did-not-run");
    test.task = task;
    test.notes = {"\n" + note + "\n"};
    return test;
  };
  const std::string no_dfs = "Your script defines no function named 'dfs', which this task calls.";
  const std::string no_astar =
      "Your script defines no function named 'astar', which this task calls.";
  report.tests = {not_run("dfs", "one", Visibility::Visible, no_dfs),
                  not_run("dfs", "two", Visibility::Visible, "Not run, for the same reason."),
                  not_run("astar", "hidden", Visibility::Hidden, "Not run: a hidden reason."),
                  not_run("astar", "one", Visibility::Visible, no_astar)};
  const auto json = prairielearn_json(report);
  CHECK(json["gradable"] == false);
  CHECK(json["format_errors"] == nlohmann::json::array({no_dfs, no_astar}));
  CHECK_FALSE(json.contains("output"));  // each reason one line: said there alone
  CHECK(json["format_errors"].dump().find("1 2 5") == std::string::npos);  // boards stay in tests
  CHECK(json.dump().find("hidden reason") == std::string::npos);
}

TEST_CASE("prairielearn keeps results.json under its 1 MB limit") {
  GradeReport report;
  report.assignment = "Big";
  for (int i = 0; i < 40; ++i) {
    std::string name = "test ";  // (not "t" + to_string: GCC 12 warns, -Wrestrict, PR105329)
    name += std::to_string(i);
    TestResult test = make_test(name, 1, 1, true, Visibility::Visible);
    test.header = std::string(200'000, 'x');
    report.tests.push_back(test);
  }
  const std::string text = format_report(report, ReportFormat::PrairieLearn);
  CHECK(text.size() < 1'000'000);
  const auto json = nlohmann::json::parse(text);
  CHECK(json["score"] == 1);
  CHECK(json["tests"][0]["output"].get<std::string>().find("more bytes not shown") !=
        std::string::npos);
}

TEST_CASE("prairielearn: no points to earn is full marks only when everything passed") {
  GradeReport report;
  report.tests.push_back(make_test("zero", 0, 0, true, Visibility::Visible));
  CHECK(prairielearn_json(report)["score"] == 1);
  report.tests[0].passed = false;
  CHECK(prairielearn_json(report)["score"] == 0);
}

TEST_CASE("prairielearn: a run of some tests says what it left out, scores as people write them") {
  GradeReport report = prairielearn_sample();
  report.not_checked.unselected_tests = 2;
  report.not_checked.unselected_points = 50.0 / 3;
  const std::string message = prairielearn_json(report)["message"];
  CHECK(message.find("Not checked here: 2 tests not selected (16.67 points).") !=
        std::string::npos);
}
