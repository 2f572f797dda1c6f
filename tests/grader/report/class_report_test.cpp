#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "grader/report/class_report.h"

using namespace tile;

namespace {

Assignment two_tasks() {
  const char* spec = R"({"title": "Class <b>test</b>", "size": "2x3",
    "tasks": [
      {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
       "tests": [{"name": "a", "start": "1 2 0 3 4 5"}, {"name": "b", "start": "1 0 2 3 4 5"}]},
      {"name": "dfs", "kind": "search", "function": "dfs", "algorithm": "dfs", "points": 10,
       "tests": [{"name": "a", "start": "1 2 0 3 4 5"}]}]})";
  return parse_assignment(spec, ".").value();
}

ClassTest test_of(const char* task, const char* name, bool passed, std::vector<std::string> failed,
                  const char* diagnosis = "", const char* explanation = "") {
  return {task, name, passed, std::move(failed), diagnosis, explanation};
}

ClassStudent graded(const char* name, double score, std::vector<ClassTest> tests) {
  ClassStudent student;
  student.student = name;
  student.report = std::string("reports/") + name + ".html";
  student.status = "graded";
  student.score = score;
  student.max_score = 20;
  student.tests = std::move(tests);
  return student;
}

std::vector<ClassStudent> sample_class() {
  std::vector<ClassStudent> students;
  students.push_back(graded("ana", 20, {test_of("bfs", "a", true, {}), test_of("bfs", "b", true, {}),
                                        test_of("dfs", "a", true, {})}));
  students.push_back(graded(
      "bo", 5, {test_of("bfs", "a", false, {"path", "count"}, "goal-test-on-generate",
                        "You test for the goal when you generate a board."),
                test_of("bfs", "b", false, {"count"}, "goal-test-on-generate+counts-popped"),
                test_of("dfs", "a", false, {"order"}, "action-order-RLDU", "Wrong order.")}));
  students.push_back(graded(
      "cy", 10, {test_of("bfs", "a", false, {"count"}, "counts-popped", "You count pops."),
                 test_of("bfs", "b", true, {}), test_of("dfs", "a", true, {})}));
  ClassStudent stuck = graded("dee", 0, {test_of("bfs", "a", false, {}, "error")});
  stuck.status = "error";
  stuck.cause = class_causes::kStoppedByTime;
  students.push_back(stuck);
  students.push_back(class_student_without_submission("eve <script>", 20));
  return students;
}

const nlohmann::json* misconception(const nlohmann::json& task, const std::string& code) {
  for (const nlohmann::json& item : task["misconceptions"]) {
    if (item["code"] == code) return &item;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("class.json tallies scores over every student and mistakes over the graded ones") {
  const nlohmann::json summary = class_report_json(two_tasks(), sample_class());
  CHECK(summary["students"] == 5);
  CHECK(summary["graded"] == 3);
  CHECK(summary["max_score"] == 20);
  CHECK(summary["scores"]["mean"] == 7);     // (20 + 5 + 10 + 0 + 0) / 5
  CHECK(summary["scores"]["median"] == 5);
  CHECK(summary["scores"]["min"] == 0);
  CHECK(summary["scores"]["max"] == 20);
  const nlohmann::json& bins = summary["scores"]["histogram"];
  REQUIRE(bins.size() == 10);
  CHECK(bins[0]["students"] == 2);  // the two zeros
  CHECK(bins[2]["students"] == 1);  // 5 of 20
  CHECK(bins[5]["students"] == 1);  // 10 of 20
  CHECK(bins[9]["students"] == 1);  // a full score is in the last, closed bin
  CHECK(bins[9]["to"] == 20);
}

TEST_CASE("a pair of mistakes counts for both, each student once per task") {
  const nlohmann::json summary = class_report_json(two_tasks(), sample_class());
  const nlohmann::json& bfs = summary["tasks"][0];
  CHECK(bfs["name"] == "bfs");
  const nlohmann::json* generate = misconception(bfs, "goal-test-on-generate");
  const nlohmann::json* popped = misconception(bfs, "counts-popped");
  REQUIRE(generate);
  REQUIRE(popped);
  CHECK((*generate)["students"] == 1);  // bo, in two tests: once
  CHECK((*popped)["students"] == 2);    // bo (in a pair) and cy
  CHECK((*popped)["share"].get<double>() == doctest::Approx(2.0 / 3.0).epsilon(1e-6));
  CHECK((*popped)["examples"] == nlohmann::json::array({"bo", "cy"}));
  CHECK((*popped)["reports"] == nlohmann::json::array({"reports/bo.html", "reports/cy.html"}));
  // Ranked by students: the most common first.
  CHECK(bfs["misconceptions"][0]["code"] == "counts-popped");
  // The sentence is what a student read for the mistake alone.
  CHECK((*popped)["sentence"] == "You count pops.");
  CHECK((*generate)["sentence"] == "You test for the goal when you generate a board.");
  // "error" is no misconception.
  CHECK_FALSE(misconception(bfs, "error"));
}

TEST_CASE("per test: the pass rate of the graded students and the check failed most") {
  const nlohmann::json summary = class_report_json(two_tasks(), sample_class());
  const nlohmann::json& a = summary["tasks"][0]["tests"][0];
  CHECK(a["name"] == "a");
  CHECK(a["students"] == 3);
  CHECK(a["passed"] == 1);
  CHECK(a["failed_checks"]["count"] == 2);
  CHECK(a["failed_checks"]["path"] == 1);
  CHECK(a["most_failed_checks"] == nlohmann::json::array({"count"}));
  const nlohmann::json& dfs_a = summary["tasks"][1]["tests"][0];
  CHECK(dfs_a["most_failed_checks"] == nlohmann::json::array({"order"}));
  const nlohmann::json& b = summary["tasks"][0]["tests"][1];
  CHECK(b["passed"] == 2);
  CHECK(b["most_failed_checks"] == nlohmann::json::array({"count"}));
}

TEST_CASE("a tie for the check failed most is shown as a tie, never one of them picked") {
  std::vector<ClassStudent> students = sample_class();
  // cy now fails the path on test a too: path and count, 2 students each.
  students[2].tests[0].failed_checks = {"path", "count"};
  const nlohmann::json summary = class_report_json(two_tasks(), students);
  const nlohmann::json& a = summary["tasks"][0]["tests"][0];
  CHECK(a["most_failed_checks"] == nlohmann::json::array({"count", "path"}));
  const std::string html = class_report_html(summary);
  CHECK(html.find("the returned count and the path (2 students each)") != std::string::npos);
}

TEST_CASE("every student who failed a task is counted: named, or in its undiagnosed row") {
  std::vector<ClassStudent> students = sample_class();
  // fay fails dfs with no mistake named (an error in her run): she is undiagnosed there.
  students.push_back(graded("fay", 10, {test_of("bfs", "a", true, {}), test_of("bfs", "b", true, {}),
                                        test_of("dfs", "a", false, {"order"}, "error")}));
  const nlohmann::json summary = class_report_json(two_tasks(), students);
  const nlohmann::json& bfs = summary["tasks"][0]["undiagnosed"];
  CHECK(bfs["students"] == 0);
  const nlohmann::json& dfs = summary["tasks"][1]["undiagnosed"];
  CHECK(dfs["students"] == 1);
  CHECK(dfs["examples"] == nlohmann::json::array({"fay"}));
  CHECK(dfs["reports"] == nlohmann::json::array({"reports/fay.html"}));
  CHECK(dfs["share"].get<double>() == doctest::Approx(0.25).epsilon(1e-6));
  const std::string html = class_report_html(summary);
  CHECK(html.find("<em>undiagnosed</em>") != std::string::npos);
  CHECK(html.find("href=\"reports/fay.html\"") != std::string::npos);
}

TEST_CASE("students without a grade are grouped by cause, and re-teach names the top three") {
  const nlohmann::json summary = class_report_json(two_tasks(), sample_class());
  const nlohmann::json& groups = summary["ungradable"];
  REQUIRE(groups.size() == 2);
  CHECK(groups[0]["cause"] == "no-submission");
  CHECK(groups[0]["students"] == nlohmann::json::array({"eve <script>"}));
  CHECK(groups[0]["reports"] == nlohmann::json::array({""}));
  CHECK(groups[1]["cause"] == "stopped-by-time");
  CHECK(groups[1]["students"] == nlohmann::json::array({"dee"}));
  const nlohmann::json& reteach = summary["reteach"];
  REQUIRE(reteach.size() == 3);
  CHECK(reteach[0]["code"] == "counts-popped");
  CHECK(reteach[0]["students"] == 2);
  CHECK(reteach[1]["task"] == "bfs");  // ties keep the tasks' order
  CHECK(reteach[2]["task"] == "dfs");
}

TEST_CASE("a student's summary survives its record") {
  for (const ClassStudent& student : sample_class()) {
    const auto back = class_student_from_json(class_student_to_json(student));
    REQUIRE(back);
    CHECK(class_student_to_json(*back) == class_student_to_json(student));
  }
  CHECK_FALSE(class_student_from_json(nlohmann::json{{"student", "x"}}));
  nlohmann::json bad = class_student_to_json(sample_class()[1]);
  bad["tests"][0]["failed_checks"] = nlohmann::json::array({1});
  CHECK_FALSE(class_student_from_json(bad));
}

TEST_CASE("a student's summary keeps what the report says, and why a student was not graded") {
  GradeReport report;
  TestResult test;
  test.task = "bfs";
  test.name = "bfs: published-2";
  test.test = "published-2";
  test.checks = {{"count", "count is 5", false, ""}};
  test.diagnosis.code = "counts-popped";
  test.diagnosis.sentence = "You count pops.";
  report.tests.push_back(test);
  const ClassStudent student = class_student(report, "ana", "reports/ana.html", "graded");
  REQUIRE(student.tests.size() == 1);
  CHECK(student.tests[0].test == "published-2");
  CHECK(student.tests[0].failed_checks == std::vector<std::string>{"count"});
  CHECK(student.cause.empty());

  report.tests[0].out_of_time = true;
  CHECK(class_student(report, "ana", "", "error").cause == class_causes::kStoppedByTime);
  report.script_error = "Your script did not load: x";
  CHECK(class_student(report, "ana", "", "error").cause == class_causes::kDidNotLoad);
  report.tests[0].diagnosis.code = "no-script";
  CHECK(class_student(report, "ana", "", "error").cause == class_causes::kNoScript);
  report.tests[0].diagnosis.code = "internal-error";
  CHECK(class_student(report, "ana", "", "error").cause == class_causes::kInternalError);
}

TEST_CASE("class.html escapes every name and draws exactly the lines its legend names") {
  std::vector<ClassStudent> students = sample_class();
  students[1].student = "bo\"><script>alert(1)</script>";
  students[1].report = "reports/bo #1?.html";
  const std::string html = class_report_html(class_report_json(two_tasks(), students));
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("script-src 'none'") != std::string::npos);
  CHECK(html.find("Class &lt;b&gt;test&lt;/b&gt;") != std::string::npos);
  CHECK(html.find("eve &lt;script&gt;") != std::string::npos);
  CHECK(html.find("href=\"reports/bo%20%231%3F.html\"") != std::string::npos);
  CHECK(html.find("<line class=\"mean\"") != std::string::npos);
  CHECK(html.find("<line class=\"median\"") != std::string::npos);
  CHECK(html.find("mean 7") != std::string::npos);
  CHECK(html.find("median 5") != std::string::npos);
  CHECK(html.find("What to re-teach") != std::string::npos);
  CHECK(html.find("stopped by the time limit (1)") != std::string::npos);
}

TEST_CASE("an empty class still gives a report") {
  const nlohmann::json summary = class_report_json(two_tasks(), {});
  CHECK(summary["students"] == 0);
  CHECK(summary["reteach"].empty());
  const std::string html = class_report_html(summary);
  CHECK(html.find("0 students") != std::string::npos);
  CHECK(html.find("<svg") == std::string::npos);
}

TEST_CASE("a failed test keeps its run's trace and wrong count, in the record too") {
  GradeReport report;
  TestResult wrong;
  wrong.task = "bfs";
  wrong.test = "a";
  wrong.checks = {{"count", "expanded count is 7", false, ""}};
  wrong.figures.student_count = 9;
  wrong.expanded = 41;
  wrong.expansion_digest = 0xabc;
  TestResult right = wrong;
  right.test = "b";
  right.passed = true;
  right.checks[0].passed = true;
  report.tests = {wrong, right};
  const ClassStudent student = class_student(report, "ana", "", "graded");
  CHECK(student.tests[0].trace == "0000000000000abc:41");
  CHECK(student.tests[0].count == 9);
  CHECK(student.tests[1].trace.empty());
  CHECK_FALSE(student.tests[1].count);
  const auto back = class_student_from_json(class_student_to_json(student));
  REQUIRE(back);
  CHECK(back->tests[0].trace == "0000000000000abc:41");
  CHECK(back->tests[0].count == 9);
  for (const char* bad : {"abc", "0000000000000abc:", "0000000000000abc:4x", "0000000000000ABC:4",
                          "0000000000000abc:99999999999999999999"}) {
    nlohmann::json forged = class_student_to_json(student);
    forged["tests"][0]["trace"] = bad;
    CHECK_FALSE(class_student_from_json(forged));
  }
  // A summary from a record of format 4 has no trace: it is not read as one.
  nlohmann::json older = class_student_to_json(student);
  older["tests"][0].erase("trace");
  CHECK_FALSE(class_student_from_json(older));
}

TEST_CASE("repairs are tallied per task: students mended, and the kinds of edit that mended them") {
  std::vector<ClassStudent> students = sample_class();
  // bo failed both tasks; cy failed bfs. bo's bfs and cy's bfs were mended by a comparison, bo's
  // dfs by two edits.
  students[1].repairs = {{"bfs", {"relational-operator"}},
                         {"dfs", {"offset-dropped", "relational-operator"}}};
  students[2].repairs = {{"bfs", {"relational-operator"}}};
  const nlohmann::json summary = class_report_json(two_tasks(), students);
  const nlohmann::json& bfs = summary["tasks"][0]["repairs"];
  CHECK(bfs["failing_students"] == 2);
  CHECK(bfs["repaired_students"] == 2);
  CHECK(bfs["kinds"] == nlohmann::json::parse(
                            R"([{"kind": "relational-operator", "students": 2}])"));
  const nlohmann::json& dfs = summary["tasks"][1]["repairs"];
  CHECK(dfs["failing_students"] == 1);
  CHECK(dfs["repaired_students"] == 1);
  CHECK(dfs["kinds"].size() == 2);
  const std::string html = class_report_html(summary);
  CHECK(html.find("2 of the 2 students who failed a test of it") != std::string::npos);
  CHECK(html.find("<code>relational-operator</code> (2 students)") != std::string::npos);
  // The record keeps them; one written before repairs reads back with none.
  const auto back = class_student_from_json(class_student_to_json(students[1]));
  REQUIRE(back);
  CHECK(back->repairs == students[1].repairs);
  nlohmann::json older = class_student_to_json(students[1]);
  older.erase("repairs");
  CHECK(class_student_from_json(older)->repairs.empty());
}
