#include <doctest/doctest.h>

#include "grader/spec/student_copy.h"

using namespace tile;
using nlohmann::json;

namespace {

// One visible board, one visible generated block, one hidden block, one task hidden as a whole.
const char* kCopiedAssignment = R"({
  "title": "t", "size": "2x3", "goal": "blank-last",
  "tests": [{"name": "shared", "start": "1 2 3 4 0 5"}],
  "tasks": [
    {"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 12,
     "tests": [{"name": "given", "start": "1 2 3 0 4 5"},
               {"name": "walk", "generate": {"count": 2, "seed": 5, "scramble": 6}},
               {"name": "secret", "generate": {"count": 2, "seed": 77, "scramble": 9},
                "visibility": "after_due_date"}]},
    {"name": "dfs", "kind": "search", "algorithm": "dfs", "points": 4, "visibility": "hidden"},
    {"name": "ucs", "kind": "search", "algorithm": "ucs", "points": 3}
  ]
})";

struct Made {
  Assignment full;
  StudentCopy copy;
};

Made make() {
  auto full = parse_assignment(kCopiedAssignment, ".");
  REQUIRE(full);
  auto expectations = compute_all_expectations(*full);
  REQUIRE(expectations);
  auto copy = make_student_copy(json::parse(kCopiedAssignment), *full, *expectations);
  REQUIRE(copy);
  return {*full, *copy};
}

}  // namespace

TEST_CASE("the student copy keeps visible boards written out and counts the hidden ones") {
  const auto [full, copy] = make();
  CHECK(copy.visible_tests == 4);   // given, walk-1, walk-2, ucs's shared
  CHECK(copy.withheld_tests == 3);  // secret-1, secret-2, dfs's shared
  const std::string text = copy.assignment.dump();
  CHECK(text.find("generate") == std::string::npos);
  CHECK(text.find("seed") == std::string::npos);
  const json& bfs = copy.assignment["tasks"][0];
  REQUIRE(bfs["tests"].size() == 3);
  CHECK(bfs["tests"][1]["name"] == "walk-1");
  CHECK(bfs["tests"][1]["start"] == format_tiles(full.tasks[0].tests[1].start));
  CHECK(bfs["withheld"]["tests"] == 2);
  CHECK(copy.assignment["tasks"][1]["tests"].empty());
  CHECK(copy.assignment["tasks"][1]["withheld"]["tests"] == 1);
  CHECK_FALSE(copy.assignment["tasks"][2].contains("withheld"));
  // No hidden board appears anywhere in the copy, nor in its expected answers.
  for (std::size_t i = 3; i < 5; ++i) {
    REQUIRE(full.tasks[0].tests[i].visibility == Visibility::AfterDueDate);
    const std::string hidden = format_tiles(full.tasks[0].tests[i].start);
    CHECK(text.find(hidden) == std::string::npos);
    CHECK(copy.expected.dump().find(hidden) == std::string::npos);
  }
}

TEST_CASE("the student copy reads back with each test's share of the full task's points") {
  const auto [full, copy] = make();
  auto reread = parse_assignment(copy.assignment.dump(), ".");
  REQUIRE(reread);
  CHECK(reread->tasks[0].tests.size() == 3);
  CHECK(reread->tasks[0].withheld_tests == 2);
  CHECK(reread->tasks[0].total_tests() == full.tasks[0].tests.size());
  CHECK(reread->tasks[1].tests.empty());
  CHECK(reread->max_score() == full.max_score());
  // Its expected.json is what the engine says for the copy: check and grade accept it.
  auto fresh = compute_all_expectations(*reread);
  REQUIRE(fresh);
  const Status same = compare_with_stored(copy.expected, *reread, *fresh);
  CHECK_MESSAGE(same, (same ? "" : same.error()));
}

TEST_CASE("withheld needs a positive count") {
  std::string text = R"({"title": "t", "size": "2x3", "tasks": [{"name": "bfs", "kind": "search",
    "algorithm": "bfs", "tests": [], "withheld": {"tests": 0}}]})";
  auto parsed = parse_assignment(text, ".");
  REQUIRE_FALSE(parsed);
  CHECK(parsed.error().find("tasks[0].withheld") != std::string::npos);
}
