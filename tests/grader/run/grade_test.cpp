// grade_submission as `tilegrade check` uses it: the visible tests only, each with exactly the
// verdict the real run gives it.
#include "grader/run/grade.h"

#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/grader/run/catalogue_support.h"
#include "tests/grader/run/run_fixture.h"

using namespace tile;
namespace fs = std::filesystem;

namespace {

// A 4x4 heuristic task (no complete distance table: known distances come from the tests' optimal
// paths). The visible test's start is one move from the goal; the hidden test starts one move
// further, on a board the visible test's search evaluates as a child of its start.
const char* kAssignment = R"({
  "title": "check test", "size": "4x4", "goal": "blank-last",
  "limits": {"wall_seconds": 20, "call_seconds": 5, "lua_memory_mb": 64},
  "tasks": [
    {"name": "h", "kind": "heuristic", "function": "heuristic", "algorithm": "astar", "points": 10,
     "checks": {"consistent": false},
     "tests": [
       {"name": "visible", "start": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"},
       {"name": "hidden", "start": "1 2 3 4 5 6 7 8 9 10 0 12 13 14 11 15",
        "visibility": "after_due_date"}
     ]}
  ]
})";

// Manhattan, but 12 on the hidden test's start, whose true distance is 2.
const char* kOverestimatesHidden = R"(
function heuristic(board)
  if tostring(board) == "1 2 3 4 / 5 6 7 8 / 9 10 0 12 / 13 14 11 15" then return 12 end
  local sum = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      sum = sum + math.abs(board:row(cell) - board:row(goal)) + math.abs(board:col(cell) - board:col(goal))
    end
  end
  return sum
end
)";

}  // namespace

TEST_CASE("a visible test gets the same verdict alone as in the full run") {
  std::string pattern = (fs::temp_directory_path() / "grade_test.XXXXXX").string();
  const fs::path root = mkdtemp(pattern.data());
  std::ofstream(root / "assignment.json") << kAssignment;
  std::ofstream(root / "submission.lua") << kOverestimatesHidden;
  auto assignment = load_assignment(root.string());
  REQUIRE_MESSAGE(assignment, assignment.error());
  auto prepared = PreparedAssignment::prepare(std::move(*assignment));
  REQUIRE_MESSAGE(prepared, prepared.error());
  const std::string submission = (root / "submission.lua").string();

  const GradeReport full = grade_submission(*prepared, submission, {});
  GradeOptions visible_only;
  visible_only.visible_only = true;
  const GradeReport check = grade_submission(*prepared, submission, visible_only);
  fs::remove_all(root);

  REQUIRE(full.tests.size() == 2);
  REQUIRE(check.tests.size() == 1);
  const TestResult& real = full.tests[0];
  const TestResult& local = check.tests[0];
  REQUIRE(real.name == local.name);
  // The real run knows the hidden start's distance (from the hidden test's optimal path) and
  // catches the overestimate there, in the visible test that evaluated it; so must check.
  CHECK_FALSE(real.passed);
  CHECK(real.diagnosis.code == "inadmissible");
  CHECK(local.passed == real.passed);
  CHECK(local.score == real.score);
  CHECK(local.diagnosis.code == real.diagnosis.code);
}

TEST_CASE("a function the script does not define is said on the task's first test only") {
  testing::RunFixture fixture;
  const std::string script = fixture.script("function astar(problem) return {} end\n");
  const GradeReport report =
      grade_submission(fixture.prepared(), script, GradeOptions{});
  REQUIRE(report.tests.size() == 3);
  CHECK(test_output_text(report.tests[0]).find("Your script defines no function named 'bfs', which this "
                                    "task calls.") != std::string::npos);
  for (std::size_t i = 1; i < report.tests.size(); ++i) {
    INFO(test_output_text(report.tests[i]));
    CHECK_FALSE(report.tests[i].passed);
    CHECK(test_output_text(report.tests[i]).find("no function named") == std::string::npos);
    CHECK(test_output_text(report.tests[i]).find("Not run, for the same reason as this task's test one.") !=
          std::string::npos);
  }
}

TEST_CASE("a test that ran and failed says why itself, even when every test failed alike") {
  testing::RunFixture fixture;
  const std::string script = fixture.script("function bfs(problem) error('not written yet') end\n");
  const GradeReport report =
      grade_submission(fixture.prepared(), script, GradeOptions{});
  REQUIRE(report.tests.size() == 3);
  for (const TestResult& test : report.tests) {
    INFO(test_output_text(test));
    CHECK(test_output_text(test).find("not written yet") != std::string::npos);
    CHECK(test_output_text(test).find("Not run") == std::string::npos);
  }
}

TEST_CASE("measuring where the grader's time goes changes no report") {
  testing::RunFixture fixture;
  // BFS that pushes each node's children in reverse: wrong expansion order on every test, which
  // the judge diagnoses with the engine.
  const std::string script =
      catalogue_testing::submission("classic-8puzzle/bfs_reverse_children.lua");
  GradeReport plain = grade_submission(fixture.prepared(), script, {});
  GradeTimes times;
  GradeOptions measured;
  measured.times = &times;
  GradeReport timed = grade_submission(fixture.prepared(), script, measured);
  plain.execution_time = timed.execution_time = 0;
  REQUIRE(plain.tests.size() == 3);
  CHECK_FALSE(plain.tests[0].passed);
  CHECK_FALSE(plain.tests[0].diagnosis.code.empty());
  CHECK(format_report(plain, ReportFormat::Json) == format_report(timed, ReportFormat::Json));
  CHECK(times.diagnosis_ns.load() > 0);
  CHECK(times.judging_ns.load() >= times.diagnosis_ns.load());
}
