#include <doctest/doctest.h>

#include "grader/cli/mutant_expectation.h"

using namespace tile;
using namespace tile::cli;
using nlohmann::json;

namespace {

TestResult failing(const std::string& task, const std::string& code) {
  TestResult test;
  test.task = task;
  test.name = task + ": t";
  test.max_score = 1;
  test.diagnosis.code = code;
  return test;
}

TestResult passing(const std::string& task) {
  TestResult test;
  test.task = task;
  test.name = task + ": t";
  test.score = test.max_score = 1;
  test.passed = true;
  return test;
}

// A mutant that breaks greedy and astar differently and leaves bfs alone.
GradeReport two_tasks_broken() {
  GradeReport report;
  report.tests = {passing("bfs"), failing("greedy", "frontier-not-least-h"),
                  failing("greedy", "unrecognised"), failing("astar", "goal-test-on-generate")};
  return report;
}

const std::vector<std::string> kTasks = {"bfs", "greedy", "astar"};

MutantExpectation parsed(const json& doc) {
  auto out = parse_mutant_expectation(doc, "m.json");
  REQUIRE(out);
  return *out;
}

}  // namespace

TEST_CASE("the string form still reads, and names the first mistake of the whole report") {
  const MutantExpectation wanted = parsed({{"score", 1}, {"diagnosis", "frontier-not-least-h"}});
  CHECK_FALSE(wanted.per_task());
  CHECK(wanted.codes() == std::vector<std::string>{"frontier-not-least-h"});
  const DiagnosisMatch match = match_diagnosis(wanted, two_tasks_broken(), kTasks);
  CHECK(match.ok);
  CHECK(match.named == "frontier-not-least-h, unrecognised, goal-test-on-generate");
  const DiagnosisMatch wrong =
      match_diagnosis(parsed({{"score", 1}, {"diagnosis", "goal-test-on-generate"}}),
                      two_tasks_broken(), kTasks);
  CHECK_FALSE(wrong.ok);
  CHECK(wrong.mismatches == std::vector<std::string>{"expected goal-test-on-generate first"});
}

TEST_CASE("the per-task form checks each task's first diagnosis") {
  const MutantExpectation wanted = parsed(
      {{"score", 1},
       {"diagnosis", {{"greedy", "frontier-not-least-h"}, {"astar", "goal-test-on-generate"}}}});
  CHECK(wanted.per_task());
  const DiagnosisMatch match = match_diagnosis(wanted, two_tasks_broken(), kTasks);
  CHECK(match.ok);
  CHECK(match.named == "greedy: frontier-not-least-h; astar: goal-test-on-generate");

  const DiagnosisMatch wrong = match_diagnosis(
      parsed({{"score", 1},
              {"diagnosis", {{"greedy", "frontier-not-least-h"}, {"astar", "ties-lifo"}}}}),
      two_tasks_broken(), kTasks);
  CHECK_FALSE(wrong.ok);
  CHECK(wrong.mismatches == std::vector<std::string>{"astar: expected ties-lifo first"});
}

TEST_CASE("a broken task the per-task form leaves out, or a task it misspells, is said") {
  const DiagnosisMatch match = match_diagnosis(
      parsed({{"score", 1}, {"diagnosis", {{"gredy", "frontier-not-least-h"}}}}),
      two_tasks_broken(), kTasks);
  CHECK_FALSE(match.ok);
  CHECK(match.mismatches ==
        std::vector<std::string>{
            "names task 'gredy', which assignment.json does not have",
            "breaks astar too (goal-test-on-generate): name it in \"diagnosis\"",
            "breaks greedy too (frontier-not-least-h): name it in \"diagnosis\""});
}

TEST_CASE("a task the mutant does not attempt is not broken, and its did-not-run gives way") {
  GradeReport report;
  report.tests = {failing("bfs", "did-not-run"), failing("greedy", "did-not-run"),
                  failing("greedy", "frontier-not-least-h")};
  CHECK(broken_tasks(report) == std::set<std::string>{"greedy"});
  CHECK(first_diagnosis_by_task(report).at("greedy") == "frontier-not-least-h");
  CHECK(first_diagnosis(report, "frontier-not-least-h") == "frontier-not-least-h");
  CHECK(first_diagnosis(report, "did-not-run") == "did-not-run");
}

TEST_CASE("--write-diagnoses writes one code when the broken tasks agree, else one per task") {
  CHECK(diagnosis_to_write(two_tasks_broken()) ==
        nlohmann::ordered_json{{"greedy", "frontier-not-least-h"},
                               {"astar", "goal-test-on-generate"}});
  GradeReport one;
  one.tests = {failing("greedy", "ties-lifo"), failing("astar", "ties-lifo")};
  CHECK(diagnosis_to_write(one) == "ties-lifo");
  GradeReport none;
  none.tests = {passing("bfs")};
  CHECK(diagnosis_to_write(none).is_null());
}

TEST_CASE("a malformed diagnosis is one line naming the file and the reason") {
  auto missing = parse_mutant_expectation({{"score", 1}}, "m.json");
  REQUIRE_FALSE(missing);
  CHECK(missing.error() == "m.json: \"diagnosis\" is missing (a code, or {\"task\": \"code\", ...})");
  auto empty = parse_mutant_expectation({{"score", 1}, {"diagnosis", json::object()}}, "m.json");
  REQUIRE_FALSE(empty);
  CHECK(empty.error().find("must be a code or a non-empty object") != std::string::npos);
  auto number = parse_mutant_expectation({{"score", 1}, {"diagnosis", {{"bfs", 3}}}}, "m.json");
  REQUIRE_FALSE(number);
  CHECK(number.error() == "m.json: \"diagnosis\".bfs must be a code, not 3");
  auto no_score = parse_mutant_expectation({{"diagnosis", "x"}}, "m.json");
  REQUIRE_FALSE(no_score);
  CHECK(no_score.error().find("\"score\" must be a number") != std::string::npos);
  auto listed = parse_mutant_expectation({{"score", json::array()}, {"diagnosis", "x"}}, "m.json");
  REQUIRE_FALSE(listed);
  CHECK(listed.error().find("or a placeholder such as \"TODO\"") != std::string::npos);
}

TEST_CASE("a score written as a string is a placeholder for --write-scores, never a score") {
  auto todo = parse_mutant_expectation({{"score", "TODO"}, {"diagnosis", "x"}}, "m.json");
  REQUIRE(todo);
  CHECK(todo->score_placeholder);
  auto number = parse_mutant_expectation({{"score", 12.5}, {"diagnosis", "x"}}, "m.json");
  REQUIRE(number);
  CHECK_FALSE(number->score_placeholder);
  CHECK(number->score == 12.5);
}
