// The checks on synthetic observations: each check must fail when its property is broken, with a
// counterexample a student can read, and pass otherwise.
#include <doctest/doctest.h>

#include <cstdint>

#include "grader/judge/checks.h"
#include "tests/support/task_builders.h"
#include "tests/support/student_runs.h"
#include "tests/grader/judge/heuristic_runs.h"

using namespace tile;
using tile::testing::heuristic_run;
using tile::testing::heuristic_task;

namespace {

Task search_task() {
  Task task = testing::on_push_bfs_task();
  testing::add_test(task, "1 2 5 3 4 0 6 7 8", "t");
  return task;
}

// The observation a correct student would produce: the engine's own answer.
JobObservation correct_run(const Expectation& expected) {
  JobObservation observation;
  observation.search = testing::student_run_of(expected.path, expected.trace, expected.count);
  return observation;
}

}  // namespace

TEST_CASE("a search run equal to the engine passes every check and scores in full") {
  const Task task = search_task();
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  const TestResult result =
      check_search_test(task, task.tests[0], expected, correct_run(expected), 5);
  CHECK(result.passed);
  CHECK(result.score == 5);
  CHECK(result.diagnosis.code.empty());
}

TEST_CASE("a search that never called the problem is said to have searched nothing, and only it") {
  Task task = search_task();
  task.function = "bfs";
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  JobObservation stub;
  stub.search = StudentSearchRun{};
  stub.search->completed = true;  // returned "", 0 without one call
  stub.search->reported_count = 0;
  TestResult result = check_search_test(task, task.tests[0], expected, stub, 5);
  CHECK_FALSE(result.passed);
  CHECK(result.diagnosis.code == "search-made-no-calls");
  CHECK(result.diagnosis.sentence.find("Your bfs returned without calling") != std::string::npos);
  // One call (is_goal on the start) is a search, however short: not this code.
  stub.search->api_calls = 1;
  result = check_search_test(task, task.tests[0], expected, stub, 5);
  CHECK(result.diagnosis.code != "search-made-no-calls");
}

TEST_CASE("each search check fails on its own and shares the points") {
  const Task task = search_task();
  const Expectation expected = compute_expectation(task, task.tests[0]).value();

  JobObservation wrong_count = correct_run(expected);
  wrong_count.search->reported_count = static_cast<std::int64_t>(expected.count) + 1;
  TestResult result = check_search_test(task, task.tests[0], expected, wrong_count, 4);
  CHECK_FALSE(result.passed);
  CHECK(result.score == doctest::Approx(3.0));  // path, cost and order still pass
  // (append, not operator+: GCC 12 warns falsely about memcpy overlap on literal + string here)
  const std::string returned = std::string("You returned a count of ")
                                   .append(std::to_string(expected.count + 1))
                                   .append("; the assignment counts expanded nodes");
  CHECK(test_output_text(result).find(returned) != std::string::npos);

  Task tolerant = task;
  tolerant.checks.count_tolerance = 1;
  CHECK(check_search_test(tolerant, task.tests[0], expected, wrong_count, 4).passed);

  JobObservation illegal = correct_run(expected);
  illegal.search->path = {Move::Down, Move::Down, Move::Down};
  result = check_search_test(task, task.tests[0], expected, illegal, 4);
  CHECK(test_output_text(result).find("not legal") != std::string::npos);

  JobObservation missing = correct_run(expected);
  missing.search->completed = false;
  missing.search->error = "s.lua:3: attempt to index a nil value";
  result = check_search_test(task, task.tests[0], expected, missing, 4);
  CHECK(result.score == 0);
  CHECK(test_output_text(result).find("s.lua:3") != std::string::npos);
}

TEST_CASE("a search stopped by its expansion budget scores nothing but shows where it strayed") {
  const Task task = search_task();
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  REQUIRE(expected.trace.size() >= 3);

  JobObservation stopped = correct_run(expected);
  StudentSearchRun& run = *stopped.search;
  run.completed = false;
  run.out_of_expansions = true;
  run.error = "expansion budget of 3 problem:successors() calls exceeded";
  run.path.clear();
  run.reported_count.reset();
  run.expansions.resize(3);
  run.expansions[1] = run.expansions[0];  // no catalogue variant expands the start twice
  const TestResult result = check_search_test(task, task.tests[0], expected, stopped, 4);
  CHECK(result.score == 0);
  CHECK(result.diagnosis.code == "expansion-budget");
  CHECK(test_output_text(result).find("expansion budget of 3") != std::string::npos);
  CHECK(test_output_text(result).find("Expansion 2 differs") != std::string::npos);
  REQUIRE(result.figures.divergence_step);
  CHECK(*result.figures.divergence_step == 2);
}

TEST_CASE("informedness pays per threshold met, and nothing without correctness") {
  Task task = heuristic_task();
  task.checks.informedness = {{10, 1}, {2, 2}, {1, 4}};
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  auto run = heuristic_run(task, {}, 2);  // 2 expansions
  TestResult result = check_informedness(task, {&run}, {&expected}, true);
  CHECK(result.score == 3);
  CHECK(result.max_score == 7);
  CHECK_FALSE(result.passed);
  // Points as people write them: "8 points", never "8.000000 points"; one point is singular.
  CHECK(test_output_text(result).find("  ok    at most 10 expanded in total: 1 point\n") !=
        std::string::npos);
  CHECK(test_output_text(result).find("  --    at most 1 expanded in total: 4 points\n") !=
        std::string::npos);
  CHECK(test_output_text(result).find(".0") == std::string::npos);
  result = check_informedness(task, {&run}, {&expected}, false);
  CHECK(result.score == 0);
  CHECK(test_output_text(result).find("must first pass") != std::string::npos);
  CHECK(result.diagnosis.code.empty());  // no test's check named: nothing to name it by
}

TEST_CASE("informedness lost to a failed check is named by that check, its sentence not again") {
  Task task = heuristic_task();
  task.checks.informedness = {{10, 1}};
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  auto run = heuristic_run(task, {}, 2);
  TestDiagnosis failed;
  failed.code = "inadmissible";
  failed.sentence = "Your heuristic's value is the Manhattan distance with the blank counted.";
  failed.heuristic_source = "heuristic-counts-blank";
  TestResult result = check_informedness(task, {&run}, {&expected}, false, &failed);
  CHECK_FALSE(result.passed);
  CHECK(result.diagnosis.code == "inadmissible");
  CHECK(result.diagnosis.heuristic_source == "heuristic-counts-blank");
  CHECK(result.diagnosis.sentence.empty());
  CHECK(test_output_text(result).find("must first pass") != std::string::npos);
  // Every check passed: the row is the total's alone, whatever is handed in.
  result = check_informedness(task, {&run}, {&expected}, true, &failed);
  CHECK(result.passed);
  CHECK(result.diagnosis.code.empty());
  // Which codes are a check's claim: not a run that failed.
  CHECK(heuristic_check_claim("heuristic-constant-0"));
  CHECK(heuristic_check_claim("goal-not-zero"));
  CHECK_FALSE(heuristic_check_claim("error"));
  CHECK_FALSE(heuristic_check_claim("did-not-run"));
  CHECK_FALSE(heuristic_check_claim(""));
}

TEST_CASE("informedness is shown no sooner than the least visible of its tests") {
  Task task = heuristic_task();
  task.checks.informedness = {{10, 1}};
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  auto run = heuristic_run(task, {}, 2);
  CHECK(check_informedness(task, {&run}, {&expected}, true).visibility == Visibility::Visible);
  // Its total and its note ("must first pass every correctness check") tell of a hidden test.
  task.tests[0].visibility = Visibility::AfterDueDate;
  CHECK(check_informedness(task, {&run}, {&expected}, true).visibility ==
        Visibility::AfterDueDate);
  task.visibility = Visibility::Hidden;
  CHECK(check_informedness(task, {&run}, {&expected}, true).visibility == Visibility::Hidden);
}

TEST_CASE("a function test passes on the engine's answer and names a wrong one") {
  Task task;
  task.name = "slide_up";
  task.function = "slide_up";
  task.kind = TaskKind::Function;
  task.computes = BoardFunction::SlideUp;
  task.goal = goal_board({3, 3}, GoalLayout::BlankLast);
  task.tests.push_back(
      {"t", parse_board({3, 3}, "1 2 3 4 0 5 7 8 6").value(), Visibility::Visible});
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  REQUIRE(expected.answer);

  JobObservation observation;
  StudentFunctionRun run;
  run.completed = true;
  run.value = *expected.answer;
  observation.function = run;
  TestResult result = check_function_test(task, task.tests[0], expected, observation, 3);
  CHECK(result.passed);
  CHECK(result.score == 3);

  // The tile moved up instead of the blank: the blank went down.
  observation.function->value.board = task.tests[0].start.moved(Move::Down);
  result = check_function_test(task, task.tests[0], expected, observation, 3);
  CHECK_FALSE(result.passed);
  CHECK(result.score == 0);
  CHECK(result.diagnosis.code == "tile-centred-move");
  CHECK(test_output_text(result).find("You returned 1 2 3 / 4 8 5 / 7 0 6") != std::string::npos);

  observation.function->completed = false;
  observation.function->error = "s.lua:4: slide_up changed the board it was given (cell 2)";
  result = check_function_test(task, task.tests[0], expected, observation, 3);
  CHECK(result.score == 0);
  CHECK(result.diagnosis.code == "error");
  CHECK(test_output_text(result).find("changed the board") != std::string::npos);
}

TEST_CASE("a returned count at the ends of Lua's integers is compared without overflow") {
  // math.mininteger once overflowed |a - b| (signed), which UBSan turns into an abort.
  const Task task = search_task();
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  for (const std::int64_t extreme : {INT64_MIN, INT64_MIN + 1, INT64_MAX}) {
    JobObservation run = correct_run(expected);
    run.search->reported_count = extreme;
    const TestResult result = check_search_test(task, task.tests[0], expected, run, 4);
    CHECK_FALSE(result.passed);
    CHECK(test_output_text(result).find("You returned a count of " + std::to_string(extreme)) !=
          std::string::npos);
  }
  // Near the top of the range a tolerance still decides: INT64_MAX is within UINT64_MAX of any
  // count, and math.mininteger is too (the distance saturates instead of wrapping to something
  // small).
  Task tolerant = task;
  tolerant.checks.count_tolerance = UINT64_MAX;
  for (const std::int64_t extreme : {INT64_MIN, INT64_MAX}) {
    JobObservation run = correct_run(expected);
    run.search->reported_count = extreme;
    CHECK(check_search_test(tolerant, task.tests[0], expected, run, 4).passed);
  }
}
