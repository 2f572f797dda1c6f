// A regrade compares two batch outputs from the students' JSON reports: per student the old and
// new score and, per test, why (a check, a diagnosis, a test added or removed, the points), with
// the stamps' reasons (the script, the grader's version, the assignment), largest change first.
// It writes only into the new folder.
#include "grader/batch/regrade.h"

#include <doctest/doctest.h>
#include <stdlib.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/grader/batch/file_support.h"

using namespace tile;
using tile::testing::read_text;
using tile::testing::write_text;
namespace fs = std::filesystem;

namespace {

struct RegradeFolders {
  fs::path root;
  RegradeFolders() {
    std::string pattern = (fs::temp_directory_path() / "regrade_test.XXXXXX").string();
    root = mkdtemp(pattern.data());
  }
  ~RegradeFolders() {
    std::error_code ignored;
    fs::remove_all(root, ignored);
  }
  std::string dir(const char* side) const { return (root / side).string(); }
};

TestResult regrade_test_result(const std::string& name, double score, bool count_passes,
                               const std::string& code = "") {
  TestResult test;
  test.task = "bfs";
  test.test = name;
  test.name = "bfs: " + name;
  test.score = score;
  test.max_score = 10;
  test.passed = count_passes;
  test.checks = {{"path", "path is the reference path (UL)", true, ""},
                 {"count", "expanded count is 7", count_passes, ""}};
  test.diagnosis.code = code;
  return test;
}

void write_regrade_student(const RegradeFolders& folders, const char* side, const std::string& key,
                           std::vector<TestResult> tests, const ReportStamp& stamp) {
  GradeReport report;
  report.assignment = "regrade test";
  report.tests = std::move(tests);
  report.stamp = stamp;
  write_text(fs::path(folders.dir(side)) / "reports" / (key + ".json"),
             format_report(report, ReportFormat::Json));
}

const ReportStamp kRegradeBefore{"0.1.0", "aaaaaaaaaaaaaaaa", "1111111111111111"};

ReportStamp regrade_stamp_with(ReportStamp stamp, const std::string& digest) {
  stamp.assignment_digest = digest;
  return stamp;
}

// alice: unchanged. bob: his count check now fails (a test changed): 10 -> 0. carol: a test
// added, another removed. dave: graded only before. erin: her script changed, same verdicts.
void write_regrade_class(const RegradeFolders& folders) {
  const ReportStamp after = regrade_stamp_with(kRegradeBefore, "bbbbbbbbbbbbbbbb");
  write_regrade_student(folders, "old", "alice", {regrade_test_result("one", 10, true)},
                        kRegradeBefore);
  write_regrade_student(folders, "new", "alice", {regrade_test_result("one", 10, true)},
                        kRegradeBefore);
  write_regrade_student(folders, "old", "bob", {regrade_test_result("one", 10, true)},
                        kRegradeBefore);
  write_regrade_student(folders, "new", "bob",
                        {regrade_test_result("one", 0, false, "goal-test-on-generate")}, after);
  write_regrade_student(folders, "old", "carol", {regrade_test_result("one", 10, true)},
                        kRegradeBefore);
  write_regrade_student(folders, "new", "carol", {regrade_test_result("two", 5, false)},
                        kRegradeBefore);
  write_regrade_student(folders, "old", "dave", {regrade_test_result("one", 3, false)},
                        kRegradeBefore);
  ReportStamp edited = kRegradeBefore;
  edited.submission_digest = "2222222222222222";
  write_regrade_student(folders, "old", "erin", {regrade_test_result("one", 10, true)},
                        kRegradeBefore);
  write_regrade_student(folders, "new", "erin", {regrade_test_result("one", 10, true)}, edited);
}

}  // namespace

TEST_CASE("a regrade names, per student and per test, what changed and why, largest first") {
  RegradeFolders folders;
  write_regrade_class(folders);
  auto regrade = compare_outputs(folders.dir("old"), folders.dir("new"));
  REQUIRE(regrade);
  REQUIRE(regrade->students.size() == 5);
  CHECK(regrade->old_stamp.assignment_digest == "aaaaaaaaaaaaaaaa");
  // Largest change first: bob -10, then carol -5, dave -3; then erin (changed: her script) and
  // alice (unchanged), by name among the changed, the unchanged last.
  CHECK(regrade->students[0].student == "bob");
  CHECK(regrade->students[1].student == "carol");
  CHECK(regrade->students[2].student == "dave");
  CHECK(regrade->students[3].student == "erin");
  CHECK(regrade->students[4].student == "alice");
  CHECK(regrade->changed_count() == 4);

  const StudentChange& bob = regrade->students[0];
  CHECK(bob.change() == -10);
  CHECK(bob.reasons ==
        std::vector<std::string>{"assignment digest aaaaaaaaaaaaaaaa -> bbbbbbbbbbbbbbbb"});
  REQUIRE(bob.tests.size() == 1);
  CHECK(bob.tests[0].reasons ==
        std::vector<std::string>{"check count: passed, now fails",
                                 "diagnosis none -> goal-test-on-generate"});
  const StudentChange& carol = regrade->students[1];
  REQUIRE(carol.tests.size() == 2);
  CHECK(carol.tests[0].test == "bfs: two");
  CHECK(carol.tests[0].reasons == std::vector<std::string>{"test added"});
  CHECK(carol.tests[1].reasons == std::vector<std::string>{"test removed"});
  CHECK(regrade->students[2].reasons == std::vector<std::string>{"not in the new grading"});
  CHECK(regrade->students[3].reasons == std::vector<std::string>{"the script changed"});
  CHECK(regrade->students[3].tests.empty());
  CHECK_FALSE(regrade->students[4].changed());

  const std::string text = regrade_text(*regrade);
  CHECK(text.find("bob: 10 -> 0 (-10)\n") != std::string::npos);
  CHECK(text.find("  bfs: one: 10 -> 0: check count: passed, now fails; diagnosis none -> "
                  "goal-test-on-generate\n") != std::string::npos);
  CHECK(text.find("alice") == std::string::npos);  // unchanged: counted, not listed
  CHECK(text.find("1 students unchanged") != std::string::npos);
  const std::string csv = regrade_csv(*regrade);
  CHECK(csv.find("student,old_score,new_score,change,reasons\nbob,10,0,-10,") == 0);
  CHECK(csv.find("\nalice,10,10,0,\n") != std::string::npos);
  CHECK(csv.find("\ndave,3,,-3,not in the new grading\n") != std::string::npos);
}

TEST_CASE(
    "the same grading twice changes no one, and a folder that is no batch output is refused") {
  RegradeFolders folders;
  write_regrade_student(folders, "old", "alice", {regrade_test_result("one", 10, true)},
                        kRegradeBefore);
  write_regrade_student(folders, "new", "alice", {regrade_test_result("one", 10, true)},
                        kRegradeBefore);
  auto regrade = compare_outputs(folders.dir("old"), folders.dir("new"));
  REQUIRE(regrade);
  CHECK(regrade->changed_count() == 0);
  auto refused = compare_outputs(folders.dir("old"), folders.dir("nowhere"));
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("has no reports/ folder") != std::string::npos);
}

TEST_CASE("a report from before stamps is said so, not taken for an unchanged one") {
  RegradeFolders folders;
  write_regrade_student(folders, "old", "alice", {regrade_test_result("one", 10, true)},
                        ReportStamp{});
  write_regrade_student(folders, "new", "alice", {regrade_test_result("one", 10, true)},
                        kRegradeBefore);
  auto regrade = compare_outputs(folders.dir("old"), folders.dir("new"));
  REQUIRE(regrade);
  CHECK(regrade->students[0].reasons ==
        std::vector<std::string>{
            "a report carries no stamp (made by a tilegrade from before stamps)"});
}

TEST_CASE("write_regrade writes into the new folder and the class report, never the old one") {
  RegradeFolders folders;
  write_regrade_class(folders);
  write_text(fs::path(folders.dir("new")) / "class.json",
             R"({"format": 2, "assignment": "regrade test", "max_score": 10, "students": 0,
                 "graded": 0, "scores": {"mean": 0, "median": 0, "min": 0, "max": 0,
                 "histogram": []}, "tasks": [], "ungradable": [], "reteach": []})");
  const std::string old_bob = read_text(fs::path(folders.dir("old")) / "reports/bob.json");
  auto regrade = compare_outputs(folders.dir("old"), folders.dir("new"));
  REQUIRE(regrade);
  REQUIRE(write_regrade(*regrade, folders.dir("new")));
  const fs::path out = folders.dir("new");
  CHECK(read_text(out / "regrade.txt") == regrade_text(*regrade));
  CHECK(read_text(out / "regrade.csv") == regrade_csv(*regrade));
  const auto summary = nlohmann::json::parse(read_text(out / "class.json"));
  CHECK(summary["regrade"]["changed"] == 4);
  CHECK(summary["regrade"]["rows"][0]["student"] == "bob");
  const std::string html = read_text(out / "class.html");
  CHECK(html.find("<h2>Regrade</h2>") != std::string::npos);
  CHECK(html.find("check count: passed, now fails") != std::string::npos);
  CHECK_FALSE(fs::exists(fs::path(folders.dir("old")) / "regrade.txt"));
  CHECK(read_text(fs::path(folders.dir("old")) / "reports/bob.json") == old_bob);
}
