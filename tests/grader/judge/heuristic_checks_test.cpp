// The checks of a heuristic task (heuristic_checks.cpp) on chosen values: an overestimate drawn
// with the true distance, inconsistency, a non-zero goal, nondeterminism, and a heuristic stopped
// by its call budget, each caught with what the student reads.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>

#include "grader/judge/checks.h"
#include "tests/grader/judge/heuristic_runs.h"

using namespace tile;
using tile::testing::heuristic_run;
using tile::testing::heuristic_task;

namespace heuristic_checks_testing {

ExactDistance distances_from(const Board& goal) {
  // Exact distances by a plain BFS over the 8-puzzle, independent of the code under test.
  auto table = std::make_shared<std::map<std::array<std::uint8_t, kMaxCells>, std::int64_t>>();
  std::vector<Board> layer = {goal};
  (*table)[goal.tiles] = 0;
  for (std::int64_t depth = 1; !layer.empty() && depth <= 6; ++depth) {
    std::vector<Board> next;
    for (const Board& board : layer) {
      for (Move move : kAllMoves) {
        if (!board.can_move(move)) continue;
        const Board child = board.moved(move);
        if (table->emplace(child.tiles, depth).second) next.push_back(child);
      }
    }
    layer = std::move(next);
  }
  return [table](const Board& board) -> std::optional<std::int64_t> {
    const auto it = table->find(board.tiles);
    if (it == table->end()) return std::nullopt;
    return it->second;
  };
}

TEST_CASE("an overestimate is drawn with h and the true distance") {
  const Task task = heuristic_task();
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  REQUIRE(expected.optimal_cost == 2);
  const Board start = task.tests[0].start;
  const Board middle = start.moved(Move::Right);
  auto good = heuristic_run(task, {{start, 2}, {middle, 1}, {task.goal, 0}}, 2);
  const ExactDistance exact = distances_from(task.goal);
  TestResult result = check_heuristic_test(task, task.tests[0], expected, good, exact, 6);
  CHECK(result.passed);

  auto over = heuristic_run(task, {{start, 5}, {middle, 1}, {task.goal, 0}}, 2);
  result = check_heuristic_test(task, task.tests[0], expected, over, exact, 6);
  CHECK_FALSE(result.passed);
  CHECK(result.diagnosis.code == "inadmissible");
  CHECK(test_output_text(result).find("h = 5 but the true distance is 2") != std::string::npos);
  // Drawn as a board by the HTML report (then the inconsistent move h = 5 to h = 1).
  REQUIRE(result.figures.counterexamples.size() == 2);
  CHECK(result.figures.counterexamples[0].boards ==
        std::vector<std::pair<Board, std::string>>{{start, "h = 5, true distance 2"}});
}

TEST_CASE("inconsistency, a non-zero goal and nondeterminism are each caught") {
  const Task task = heuristic_task();
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  const ExactDistance exact = [](const Board&) -> std::optional<std::int64_t> {
    return std::nullopt;
  };
  const Board start = task.tests[0].start;
  const Board middle = start.moved(Move::Right);

  // h drops by 2 across one move: admissible here (no distances known) but inconsistent.
  auto jump = heuristic_run(task, {{start, 2}, {middle, 0}, {task.goal, 0}}, 2);
  TestResult result = check_heuristic_test(task, task.tests[0], expected, jump, exact, 6);
  CHECK(result.diagnosis.code == "inconsistent");
  CHECK(test_output_text(result).find("not consistent") != std::string::npos);
  REQUIRE(result.figures.counterexamples.size() == 1);
  CHECK(result.figures.counterexamples[0].boards ==
        std::vector<std::pair<Board, std::string>>{{start, "h = 2"}, {middle, "h = 0"}});

  auto goal_not_zero = heuristic_run(task, {{start, 2}, {middle, 1}, {task.goal, 1}}, 2);
  result = check_heuristic_test(task, task.tests[0], expected, goal_not_zero, exact, 6);
  CHECK(test_output_text(result).find("h(goal) is 1") != std::string::npos);
  REQUIRE(result.figures.counterexamples.size() == 1);
  CHECK(result.figures.counterexamples[0].boards[0].first == task.goal);
  CHECK_FALSE(result.passed);

  auto random = heuristic_run(task, {{start, 2}, {middle, 1}, {task.goal, 0}}, 2);
  random.heuristic->nondeterminism = "the heuristic gave 2 and later 3 for the same board";
  result = check_heuristic_test(task, task.tests[0], expected, random, exact, 6);
  CHECK(result.diagnosis.code == "nondeterministic");

  auto failed = heuristic_run(task, {}, 0);
  failed.heuristic->status = SearchStatus::HeuristicFailed;
  failed.heuristic->message = "h.lua:4: heuristic returned nan";
  result = check_heuristic_test(task, task.tests[0], expected, failed, exact, 6);
  CHECK(result.score == 0);
  CHECK(test_output_text(result).find("h.lua:4") != std::string::npos);
}

// A run its call budget of 3 stopped (task.limits.heuristic_calls = 3), after these values.
JobObservation budget_stopped_run(const Task& task,
                                  std::vector<std::pair<Board, std::int64_t>> values) {
  auto run = heuristic_run(task, std::move(values), 0);
  run.heuristic->status = SearchStatus::HeuristicFailed;
  run.heuristic->message = "h call budget of 3 calls exceeded";
  run.heuristic->calls = 3;
  return run;
}

TEST_CASE("a heuristic stopped by its call budget with one value everywhere is named constant") {
  Task task = heuristic_task();
  task.limits.heuristic_calls = 3;
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  const ExactDistance exact = distances_from(task.goal);
  const Board start = task.tests[0].start;
  auto zeros = budget_stopped_run(
      task, {{start, 0}, {start.moved(Move::Right), 0}, {start.moved(Move::Up), 0}});
  TestResult result = check_heuristic_test(task, task.tests[0], expected, zeros, exact, 6);
  CHECK(result.score == 0);
  CHECK(result.diagnosis.code == "heuristic-constant-0");
  CHECK(result.diagnosis.sentence.starts_with("Your heuristic returned 0 for all 3 boards"));
  // The same values, stopped by an error instead: the error is the cause, not the constant.
  zeros.heuristic->calls = 2;
  zeros.heuristic->message = "h.lua:4: attempt to index a nil value";
  result = check_heuristic_test(task, task.tests[0], expected, zeros, exact, 6);
  CHECK(result.diagnosis.code == "error");
}

TEST_CASE("a heuristic stopped by its call budget is named by what its values prove, only that") {
  Task task = heuristic_task();
  task.limits.heuristic_calls = 3;
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  const ExactDistance exact = distances_from(task.goal);
  const Board start = task.tests[0].start;
  const Board middle = start.moved(Move::Right);
  // Values that are all right (a weak heuristic that ran out): no claim, the stop is the fact.
  auto weak = budget_stopped_run(task, {{start, 1}, {middle, 0}, {start.moved(Move::Up), 1}});
  TestResult result = check_heuristic_test(task, task.tests[0], expected, weak, exact, 6);
  CHECK(result.diagnosis.code == "error");

  auto over = budget_stopped_run(task, {{start, 5}, {middle, 1}, {start.moved(Move::Up), 1}});
  result = check_heuristic_test(task, task.tests[0], expected, over, exact, 6);
  CHECK(result.score == 0);
  CHECK(result.diagnosis.code == "inadmissible");
  CHECK(test_output_text(result).find("Before it stopped, your heuristic overestimated: h = 5 "
                                      "but the true distance is 2") != std::string::npos);
  REQUIRE(result.figures.counterexamples.size() == 1);
  CHECK(result.figures.counterexamples[0].boards ==
        std::vector<std::pair<Board, std::string>>{{start, "h = 5, true distance 2"}});
  // The same values, stopped by an error: the error is the cause, and nothing more is read.
  over.heuristic->calls = 2;
  over.heuristic->message = "h.lua:4: attempt to index a nil value";
  result = check_heuristic_test(task, task.tests[0], expected, over, exact, 6);
  CHECK(result.diagnosis.code == "error");

  auto goal = budget_stopped_run(task, {{start, 2}, {middle, 1}, {task.goal, 4}});
  result = check_heuristic_test(task, task.tests[0], expected, goal, exact, 6);
  CHECK(result.diagnosis.code == "goal-not-zero");
  CHECK(test_output_text(result).find("your heuristic gave the goal h = 4") != std::string::npos);

  auto random = budget_stopped_run(task, {{start, 2}, {middle, 1}, {start.moved(Move::Up), 1}});
  random.heuristic->nondeterminism = "the heuristic gave 2 and later 3 for the same board";
  result = check_heuristic_test(task, task.tests[0], expected, random, exact, 6);
  CHECK(result.diagnosis.code == "nondeterministic");
  CHECK(result.diagnosis.heuristic_source == "heuristic-differs-between-calls");
}

}  // namespace heuristic_checks_testing
