// A search task's first test called twice in one Lua state ("twice_in_one_state"): the two
// answers compared as the checks see an answer, and the test named state-kept-between-calls where
// they differ.
#include "grader/judge/second_call.h"

#include <doctest/doctest.h>

#include "grader/spec/diagnosis_codes.h"
#include "tests/support/task_builders.h"

using namespace tile;

namespace {

StudentSearchRun second_call_answer(std::vector<Move> path, std::int64_t count) {
  StudentSearchRun run;
  run.completed = true;
  run.path = std::move(path);
  run.reported_count = count;
  return run;
}

// The textbook BFS, its function named as the student defines it.
Task second_call_bfs_task() {
  Task task = testing::on_push_bfs_task();
  task.function = "bfs";
  return task;
}

TestResult second_call_passed() {
  TestResult result;
  result.passed = true;
  result.score = 5;
  result.max_score = 5;
  return result;
}

}  // namespace

TEST_CASE("the same answer twice adds a passing check and changes nothing else") {
  const Task task = second_call_bfs_task();
  const StudentSearchRun first = second_call_answer({Move::Up, Move::Left}, 4);
  CHECK_FALSE(second_answer_difference(first, first));
  TestResult result = second_call_passed();
  judge_second_call(task, first, first, result);
  CHECK(result.passed);
  CHECK(result.score == 5);
  REQUIRE(result.checks.size() == 1);
  CHECK(result.checks[0].key == "same-state");
  CHECK(result.checks[0].passed);
  CHECK(result.diagnosis.code.empty());
}

TEST_CASE("another count on the second call fails the test and says both answers") {
  const Task task = second_call_bfs_task();
  const StudentSearchRun first = second_call_answer({Move::Up, Move::Left}, 4);
  const StudentSearchRun again = second_call_answer({Move::Up, Move::Left}, 9);
  const auto difference = second_answer_difference(first, again);
  REQUIRE(difference);
  CHECK(*difference ==
        "the path UL and the count 9, where the first call returned the path UL and the count 4");
  TestResult result = second_call_passed();
  judge_second_call(task, first, again, result);
  CHECK_FALSE(result.passed);
  CHECK(result.score == 0);
  CHECK_FALSE(result.checks.back().passed);
  CHECK(result.checks.back().detail.empty());  // the sentence says it, once
  CHECK(result.diagnosis.code == "state-kept-between-calls");
  CHECK(result.diagnosis.sentence.starts_with(
      "Your bfs, called a second time on the same board in the same Lua state, returned the path "
      "UL and the count 9, where the first call returned the path UL and the count 4:"));
  CHECK(is_known_diagnosis(result.diagnosis.code));
}

TEST_CASE("no path on the second call differs from a path, and an earlier mistake keeps its name") {
  const Task task = second_call_bfs_task();
  const StudentSearchRun first = second_call_answer({Move::Up}, 1);
  StudentSearchRun again;
  again.returned_no_path = true;
  REQUIRE(second_answer_difference(first, again));
  CHECK(second_answer_difference(first, again)->starts_with("no path (nil), where"));
  TestResult result;
  result.passed = false;
  result.score = 2;
  result.diagnosis.code = "goal-test-on-generate";
  judge_second_call(task, first, again, result);
  CHECK(result.score == 0);
  CHECK(result.diagnosis.code == "goal-test-on-generate");
  // The earlier mistake keeps the diagnosis, so the check line says what differed.
  CHECK(result.checks.back().detail.starts_with("The second call returned no path (nil), where"));
}
