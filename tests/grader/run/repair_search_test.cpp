// The verified repair (repair_search.h) through grade_submission, on the runner tests' 2x3 BFS
// assignment: a script with one known wrong token is repaired at that token and proved on every
// test; a correct script, an assignment that turns repairs off, and a script no edit of the
// operators mends get none.
#include "grader/run/repair_search.h"

#include <doctest/doctest.h>

#include <string>

#include "grader/report/repair_text.h"
#include "tests/grader/run/run_fixture.h"

using namespace tile;
using tile::testing::RunFixture;

namespace {

// Breadth-first search with a FIFO queue and a table of boards seen when pushed: the
// assignment's own semantics, so it passes every test. `%s` marks where the variants differ.
std::string bfs_with(const std::string& loop_header) {
  return R"(function bfs(problem)
  local queue, head = {problem.start}, 1
  local seen = {[problem:key(problem.start)] = true}
  local parent, move_to = {}, {}
  while head <= #queue do
    local board = queue[head]
    head = head + 1
    if problem:is_goal(board) then
      local moves, key = {}, problem:key(board)
      while parent[key] do
        table.insert(moves, 1, move_to[key])
        key = parent[key]
      end
      return moves, head - 2
    end
    local children = problem:successors(board)
)" + loop_header + R"(
      local child = children[i]
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        parent[key] = problem:key(board)
        move_to[key] = child.move
        queue[#queue + 1] = child.state
      end
    end
  end
end
)";
}

const std::string kCorrect = bfs_with("    for i = 1, #children do");
// The last child of every board is never pushed: line 17's bound is one short.
const std::string kLastChildDropped = bfs_with("    for i = 1, #children - 1 do");

GradeReport graded(const RunFixture& fixture, const std::string& script,
                   bool repair = true) {
  const PreparedAssignment prepared = fixture.prepared();
  GradeOptions options;
  options.repair = repair;
  return grade_submission(prepared, fixture.script(script), options);
}

}  // namespace

TEST_CASE("a bound one short is repaired at its own line, and proved on every test") {
  const RunFixture fixture;
  const GradeReport report = graded(fixture, kLastChildDropped);
  REQUIRE_FALSE(report.all_passed());
  REQUIRE(report.repairs.size() == 1);
  const TaskRepair& repair = report.repairs.front();
  CHECK(repair.task == "bfs");
  CHECK(repair.tests == 3);
  REQUIRE(repair.changes.size() == 1);
  const RepairChange& change = repair.changes.front();
  CHECK(change.line == 17);
  CHECK(change.line_before == "for i = 1, #children - 1 do");
  // Of the edits that mend it (the 1 made 0, the minus made a times, the offset dropped), the
  // one a student would write.
  CHECK(change.line_after == "for i = 1, #children do");
  CHECK(change.kind == "offset-dropped");
  // The student reads it once, on the task's first failing test, as the default "line" shows it:
  // where, and what kind of change, never the change itself.
  int paragraphs = 0;
  for (const TestResult& test : report.tests) {
    if (test.repair.empty()) continue;
    ++paragraphs;
    CHECK(test.repair.find("line 17 of your file") != std::string::npos);
    CHECK(test.repair.find("A change to the arithmetic in this line") != std::string::npos);
    CHECK(test.repair.find("all 3 tests of this task") != std::string::npos);
    CHECK(test.repair.find("#children do") == std::string::npos);
  }
  CHECK(paragraphs == 1);
}

TEST_CASE("the repaired run is the reference's: the edited script passes when graded") {
  const RunFixture fixture;
  const GradeReport report = graded(fixture, kLastChildDropped);
  REQUIRE(report.repairs.size() == 1);
  const RepairChange& change = report.repairs.front().changes.front();
  std::string edited = kLastChildDropped;
  const std::size_t at = edited.find(change.line_before);
  REQUIRE(at != std::string::npos);
  edited.replace(at, change.line_before.size(), change.line_after);
  CHECK(graded(fixture, edited, false).all_passed());
}

TEST_CASE("no repair is searched for a passing script, with --no-repair, or with \"none\"") {
  RunFixture fixture;
  CHECK(graded(fixture, kCorrect).repairs.empty());
  CHECK(graded(fixture, kLastChildDropped, false).repairs.empty());
  fixture.assignment.repair.shown = RepairShown::None;
  CHECK(graded(fixture, kLastChildDropped).repairs.empty());
}

TEST_CASE("\"edit\" shows the change itself; the JSON form always carries it") {
  RunFixture fixture;
  fixture.assignment.repair.shown = RepairShown::Edit;
  const GradeReport report = graded(fixture, kLastChildDropped);
  REQUIRE(report.repairs.size() == 1);
  bool shown = false;
  for (const TestResult& test : report.tests) {
    if (test.repair.empty()) continue;
    shown = true;
    CHECK(test.repair.find("`for i = 1, #children - 1 do` becomes `for i = 1, #children do`") !=
          std::string::npos);
  }
  CHECK(shown);
  const auto json = repair_to_json(report.repairs.front());
  CHECK(json["changes"][0]["original"] == " - 1");
  CHECK(json["changes"][0]["replacement"] == "");
  CHECK(repair_from_json(json) == report.repairs.front());
}

TEST_CASE("a script that needs more than two edits gets no repair, within its budget") {
  RunFixture fixture;
  fixture.assignment.repair.cpu_seconds = 2;
  // Depth-first where a queue belongs (one edit: remove from the other end), and a count that is
  // always 0 (no operator edit makes it the number expanded): three edits at least.
  const std::string depth_first = R"(function bfs(problem)
  local stack = {problem.start}
  local seen = {[problem:key(problem.start)] = true}
  local parent, move_to = {}, {}
  while #stack > 0 do
    local board = table.remove(stack)
    if problem:is_goal(board) then
      local moves, key = {}, problem:key(board)
      while parent[key] do
        table.insert(moves, 1, move_to[key])
        key = parent[key]
      end
      return moves, 0
    end
    for _, child in ipairs(problem:successors(board)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        parent[key] = problem:key(board)
        move_to[key] = child.move
        stack[#stack + 1] = child.state
      end
    end
  end
end
)";
  const GradeReport report = graded(fixture, depth_first);
  CHECK_FALSE(report.all_passed());
  CHECK(report.repairs.empty());
}

TEST_CASE("a repair explains and never grades: every test keeps its verdict and points") {
  const RunFixture fixture;
  const GradeReport with = graded(fixture, kLastChildDropped, true);
  const GradeReport without = graded(fixture, kLastChildDropped, false);
  REQUIRE(with.repairs.size() == 1);
  REQUIRE(with.tests.size() == without.tests.size());
  for (std::size_t i = 0; i < with.tests.size(); ++i) {
    CHECK(with.tests[i].passed == without.tests[i].passed);
    CHECK(with.tests[i].score == without.tests[i].score);
    CHECK(with.tests[i].checks == without.tests[i].checks);
    CHECK(with.tests[i].diagnosis == without.tests[i].diagnosis);
  }
  CHECK(with.score() == without.score());
}

TEST_CASE("every kind of edit is put in words that name its line, or `this line` once named") {
  std::vector<EditKind> kinds(std::begin(kAllEditKinds), std::end(kAllEditKinds));
  kinds.insert(kinds.end(), std::begin(kRepairOnlyEditKinds), std::end(kRepairOnlyEditKinds));
  for (EditKind kind : kinds) {
    CAPTURE(edit_kind_name(kind));
    const std::string first = repair_words(kind, 23, false);
    const std::string again = repair_words(kind, 23, true);
    CHECK(first.find("23") != std::string::npos);
    CHECK(again.find("this line") != std::string::npos);
    CHECK(again.find("23") == std::string::npos);
    // Each kind has its own case: none falls through to the bare "a change".
    CHECK(first.rfind("a change in", 0) == std::string::npos);
  }
}
