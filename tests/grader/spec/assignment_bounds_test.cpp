// What an assignment may multiply is bounded when it is read (tests over every task, the boards
// of the expected expansion orders), and no task may take a gradebook column's name.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"
#include "grader/spec/gradebook_columns.h"
#include "tests/grader/spec/assignment_error.h"

using namespace tile;
using tile::testing::error_of;

namespace {

// `blocks` generate blocks of `count` random 5x5 boards each.
std::string generate_blocks(int blocks, int count) {
  std::string list;
  for (int i = 0; i < blocks; ++i) {
    list += std::string(i ? ", " : "") + "{\"generate\": {\"count\": " + std::to_string(count) +
            ", \"seed\": " + std::to_string(i + 1) + ", \"random\": true}}";
  }
  return "[" + list + "]";
}

std::string one_task(const std::string& tests) {
  return R"({"title": "t", "size": "5x5", "tasks": [{"name": "bfs", "kind": "search",
    "algorithm": "bfs", "points": 10, "tests": )" + tests + "}]}";
}

std::string task_named(const std::string& name) {
  return R"({"title": "t", "size": "2x3", "tasks": [{"name": ")" + name +
         R"(", "kind": "search", "algorithm": "bfs", "points": 10,
    "tests": [{"start": "1 2 3 4 0 5"}]}]})";
}

}  // namespace

TEST_CASE("the tests of a whole assignment are bounded, refused at the field that passes the bound") {
  static_assert(kMaxTotalTests == 10'000, "the figures below assume it");
  auto at_bound = parse_assignment(one_task(generate_blocks(10, 1000)), ".");
  REQUIRE(at_bound);
  CHECK(at_bound->tasks[0].tests.size() == 10'000);

  // The attack of issue 32, 1,000 blocks of 1,000 5x5 boards: refused at the 11th block, before
  // it makes a board, so in well under a second where it once ran out of memory.
  const auto started = std::chrono::steady_clock::now();
  const std::string error = error_of(one_task(generate_blocks(1000, 1000)));
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
  CHECK(error.find("tasks[0].tests[10].generate.count: the assignment would have more than 10000 "
                   "tests") != std::string::npos);
  CHECK(error.find('\n') == std::string::npos);

  // An explicit board past the bound is refused as well.
  std::string tests = generate_blocks(10, 1000);
  tests.insert(tests.size() - 1,
               R"(, {"start": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24"})");
  CHECK(error_of(one_task(tests)).find("tasks[0].tests[10]: the assignment would have more than") !=
        std::string::npos);
}

TEST_CASE("the bound counts every task's tests, a shared list once per task that reads it") {
  // The assignment's "tests" are every task's without their own: 6,000 for each of two tasks.
  const std::string shared = R"({"title": "t", "size": "5x5", "tests": )" +
                             generate_blocks(6, 1000) + R"(, "tasks": [
    {"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 10},
    {"name": "dfs", "kind": "search", "algorithm": "dfs", "points": 10}]})";
  CHECK(error_of(shared).find("tests[4].generate.count: the assignment would have more than") !=
        std::string::npos);

  // Withheld tests count too: a student copy never claims more than its assignment could hold.
  const std::string withheld = R"({"title": "t", "size": "2x3", "tasks": [
    {"name": "a", "kind": "search", "algorithm": "bfs", "points": 1, "tests": [],
     "withheld": {"tests": 6000}},
    {"name": "b", "kind": "search", "algorithm": "bfs", "points": 1, "tests": [],
     "withheld": {"tests": 6000}}]})";
  CHECK(error_of(withheld).find("tasks[1].withheld.tests: the assignment would have more than") !=
        std::string::npos);
}

TEST_CASE("the boards of every expected expansion order are bounded in all, naming the test") {
  auto assignment = parse_assignment(R"({"title": "t", "size": "2x3", "tasks": [
    {"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 10,
     "tests": [{"name": "near", "start": "1 2 3 4 0 5"}, {"name": "far", "start": "0 5 4 3 2 1"}]}]})",
                                     ".");
  REQUIRE(assignment);
  auto all = compute_all_expectations(*assignment);
  REQUIRE(all);
  const std::uint64_t first = (*all)[0].trace.size();
  const std::uint64_t both = first + (*all)[1].trace.size();
  CHECK(compute_all_expectations(*assignment, both));
  auto refused = compute_all_expectations(*assignment, both - 1);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("task bfs, test far: the engine's expansion orders over all tests so "
                             "far hold more than " +
                             std::to_string(both - 1) + " boards") != std::string::npos);
}

TEST_CASE("a task named like a gradebook column is refused, in any case") {
  for (const char* name : {"student", "score", "max_score", "status", "diagnoses", "sid", "email",
                           "name", "Score", "STUDENT"}) {
    CAPTURE(name);
    const std::string error = error_of(task_named(name));
    CHECK(error.find("tasks[0].name: '" + std::string(name) + "' would repeat the gradebook's") !=
          std::string::npos);
    CHECK(error.find("student, sid, email, name, score, max_score, status, diagnoses") !=
          std::string::npos);
  }
  for (const char* name : {"scores", "bfs", "student_search"}) {
    CAPTURE(name);
    CHECK(parse_assignment(task_named(name), "."));
  }
  CHECK(gradebook_columns::repeated_column("Max_Score") == "max_score");
  CHECK_FALSE(gradebook_columns::repeated_column("maxscore"));
}
