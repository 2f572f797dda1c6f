// When no mistake of the catalogue reproduces a run, the student is sent to "the first difference
// shown above": one must be shown, in the terms the task uses (the first differing expansion
// where expansions are checked, else the first differing move), never an instruction to compare
// expansions the task does not show; and no line of a test's output is printed twice.
#include <doctest/doctest.h>

#include <map>
#include <sstream>

#include "grader/judge/checks.h"
#include "tests/support/task_builders.h"

using namespace tile;

namespace {

Task astar_task(PathCheck path, bool order) {
  Task task = testing::defaults_task(Algorithm::Astar, goal_board({3, 3}, GoalLayout::BlankLast));
  task.name = "astar";
  task.heuristic = "manhattan";
  task.checks.path = path;
  task.checks.order = order;
  task.checks.count = false;
  task.tests.push_back({"t", parse_board({3, 3}, "1 2 3 4 0 6 7 5 8").value(), Visibility::Visible});
  return task;
}

// A run no variant reproduces: it expands the start twice, then returns `path`.
JobObservation odd_run(const Board& start, std::vector<Move> path) {
  StudentSearchRun run;
  run.completed = true;
  run.path = std::move(path);
  run.expansions = {start, start};
  JobObservation observation;
  observation.search = run;
  return observation;
}

std::vector<std::string> repeated_lines(const std::string& output) {
  std::map<std::string, int> seen;
  std::vector<std::string> repeated;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    const bool board_row = line.find_first_not_of("0123456789. ") == std::string::npos;
    if (!line.empty() && !board_row && ++seen[line] == 2) repeated.push_back(line);
  }
  return repeated;
}

TestResult graded(const Task& task, const JobObservation& observation) {
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  REQUIRE(format_moves(expected.path) == "DR");
  return check_search_test(task, task.tests[0], expected, observation, 4);
}

}  // namespace

TEST_CASE("without expansions to show, the fallback shows the first differing move") {
  const Task task = astar_task(PathCheck::Optimal, false);
  // Down, back Up, Down again, Right: a path to the goal two moves longer than it need be.
  const TestResult result = graded(
      task, odd_run(task.tests[0].start, {Move::Down, Move::Up, Move::Down, Move::Right}));
  CHECK(result.diagnosis.code == "unrecognised");
  CHECK(test_output_text(result).find("At move 2 you move Up; the reference's optimal path moves Right.") <
        test_output_text(result).find("Diagnosis (unrecognised)"));
  CHECK(test_output_text(result).find("xpansion") == std::string::npos);
  CHECK(test_output_text(result).find("compare") == std::string::npos);
  CHECK(repeated_lines(test_output_text(result)).empty());
}

TEST_CASE("an illegal path with expansions unchecked gets its first differing move too") {
  const Task task = astar_task(PathCheck::Exact, false);
  const TestResult result = graded(task, odd_run(task.tests[0].start, {Move::Down, Move::Down}));
  CHECK(result.diagnosis.code == "unrecognised");
  CHECK(test_output_text(result).find("not legal") != std::string::npos);
  CHECK(test_output_text(result).find("At move 2 you move Down; the reference moves Right.") !=
        std::string::npos);
  CHECK(repeated_lines(test_output_text(result)).empty());
}

TEST_CASE("where expansions are checked, the first differing expansion is the difference shown") {
  const Task task = astar_task(PathCheck::Exact, true);
  const TestResult result = graded(task, odd_run(task.tests[0].start, {Move::Down, Move::Down}));
  CHECK(result.diagnosis.code == "unrecognised");
  CHECK(test_output_text(result).find("Expansion 2 differs") != std::string::npos);
  CHECK(repeated_lines(test_output_text(result)).empty());
}

TEST_CASE("two checks failing for one reason say it once") {
  Task task = astar_task(PathCheck::Optimal, false);
  task.checks.cost = true;
  const TestResult result = graded(
      task, odd_run(task.tests[0].start, {Move::Down, Move::Up, Move::Down, Move::Right}));
  CHECK(test_output_text(result).find("Your path costs 4") != std::string::npos);
  CHECK(repeated_lines(test_output_text(result)).empty());
}
