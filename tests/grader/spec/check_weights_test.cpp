// "weights" at the assignment, task and test levels: the nearest level wins key by key, and a
// weight that is unknown, negative, not finite or not a number is refused with its JSON path.
#include <doctest/doctest.h>

#include <string>

#include "grader/spec/assignment.h"
#include "tests/grader/spec/assignment_error.h"
#include "grader/spec/check_weights.h"

using namespace tile;
using tile::testing::error_of;

namespace {

// {A}, {T} and {S} are where the assignment's, the task's and the test's weights go.
const char* kTemplate = R"({
  "title": "t", "size": "2x3", "goal": "blank-last" {A},
  "tasks": [{"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 10 {T},
             "tests": [{"name": "one", "start": "1 2 3 4 0 5" {S}},
                       {"name": "two", "start": "1 2 3 0 4 5"}]},
            {"name": "dfs", "kind": "search", "algorithm": "dfs", "points": 10,
             "tests": [{"start": "1 2 3 4 0 5"}]}]
})";

std::string filled(const std::string& a, const std::string& t, const std::string& s) {
  std::string text = kTemplate;
  for (const auto& [mark, value] : {std::pair{"{A}", a}, std::pair{"{T}", t}, std::pair{"{S}", s}}) {
    text.replace(text.find(mark), 3, value);
  }
  return text;
}

}  // namespace

TEST_CASE("without weights every check weighs 1 and a wrong path voids count and order") {
  auto assignment = parse_assignment(filled("", "", ""), ".");
  REQUIRE(assignment);
  const CheckWeights& weights = assignment->tasks[0].tests[0].weights;
  CHECK(weights == CheckWeights{});
  CHECK(weights.path == 1);
  CHECK(weights.cost == 1);
  CHECK(weights.count == 1);
  CHECK(weights.order == 1);
  CHECK(weights.wrong_path == WrongPath::Strict);
  CHECK(weights.of("admissible") == 1);
}

TEST_CASE("each level overlays the one above it, key by key") {
  auto assignment = parse_assignment(
      filled(R"(, "weights": {"path": 4, "cost": 3})", R"(, "weights": {"path": 2, "count": 0.5})",
             R"(, "weights": {"order": 0, "wrong_path": "partial"})"),
      ".");
  REQUIRE(assignment);
  const Task& bfs = assignment->tasks[0];
  // The test: its own order and rule, its task's path and count, the assignment's cost.
  CHECK(bfs.tests[0].weights.path == 2);
  CHECK(bfs.tests[0].weights.cost == 3);
  CHECK(bfs.tests[0].weights.count == 0.5);
  CHECK(bfs.tests[0].weights.order == 0);
  CHECK(bfs.tests[0].weights.wrong_path == WrongPath::Partial);
  // Its sibling has no weights of its own: the task's.
  CHECK(bfs.tests[1].weights == bfs.weights);
  CHECK(bfs.tests[1].weights.order == 1);
  CHECK(bfs.tests[1].weights.wrong_path == WrongPath::Strict);
  // The other task sets none: the assignment's.
  CHECK(assignment->tasks[1].tests[0].weights.path == 4);
  CHECK(assignment->tasks[1].tests[0].weights.cost == 3);
  CHECK(assignment->tasks[1].tests[0].weights.count == 1);
}

TEST_CASE("bad weights are refused with the file's JSON path") {
  CHECK(error_of(filled(R"(, "weights": {"paht": 2})", "", "")).find("assignment.weights.paht: unknown key") !=
        std::string::npos);
  CHECK(error_of(filled("", R"(, "weights": {"count": -1})", "")).find("tasks[0].weights.count: expected a number from 0") !=
        std::string::npos);
  CHECK(error_of(filled("", "", R"(, "weights": {"order": "heavy"})")).find("tasks[0].tests[0].weights.order") !=
        std::string::npos);
  // JSON has no infinity: the nearest a file can write is a number too large to be finite,
  // which the JSON reader itself refuses.
  CHECK(error_of(filled("", "", R"(, "weights": {"path": 1e999})")).find("number overflow") !=
        std::string::npos);
  CHECK(error_of(filled("", "", R"(, "weights": {"path": 2e6})")).find("tasks[0].tests[0].weights.path") !=
        std::string::npos);
  CHECK(error_of(filled(R"(, "weights": {"wrong_path": "lenient"})", "", ""))
            .find("assignment.weights.wrong_path: expected \"strict\" or \"partial\"") != std::string::npos);
  CHECK(error_of(filled(R"(, "weights": [1, 2])", "", "")).find("assignment.weights: expected an object") !=
        std::string::npos);
  // Checks that weigh nothing at all leave a test nothing to earn.
  CHECK(error_of(filled("", R"(, "weights": {"path": 0, "cost": 0, "count": 0, "order": 0})", ""))
            .find("add up to 0") != std::string::npos);
}

TEST_CASE("only search tasks weigh their checks") {
  const std::string heuristic = R"({
    "title": "t", "size": "2x3",
    "tasks": [{"name": "h", "kind": "heuristic", "algorithm": "astar", "points": 10,
               "weights": {"path": 2}, "tests": [{"start": "1 2 3 4 0 5"}]}]})";
  CHECK(error_of(heuristic).find("tasks[0].weights: only search tasks") != std::string::npos);
  const std::string function = R"({
    "title": "t", "size": "2x3",
    "tasks": [{"name": "f", "kind": "function", "computes": "is-goal", "points": 10,
               "weights": {"path": 2}, "tests": [{"start": "1 2 3 4 0 5"}]}]})";
  CHECK(error_of(function).find("tasks[0].weights: a function task has no weights") !=
        std::string::npos);
  const std::string test_level = R"({
    "title": "t", "size": "2x3",
    "tasks": [{"name": "f", "kind": "function", "computes": "is-goal", "points": 10,
               "tests": [{"start": "1 2 3 4 0 5", "weights": {"path": 2}}]}]})";
  CHECK(error_of(test_level).find("tasks[0].tests[0].weights: only a search task's tests") !=
        std::string::npos);
}

TEST_CASE("weights read back as they were resolved") {
  CheckWeights weights;
  weights.path = 2;
  weights.order = 0;
  weights.wrong_path = WrongPath::Partial;
  auto reread = merge_weights_json(CheckWeights{}, weights_to_json(weights), "w");
  REQUIRE(reread);
  CHECK(*reread == weights);
}
