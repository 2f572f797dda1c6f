#include <doctest/doctest.h>

#include <string>

#include "grader/spec/heuristic_admissibility.h"
#include "grader/spec/task_heuristic.h"

using namespace tile;

namespace {

// 2x3, blank last; the second test is two moves from the goal (unit cost 2; tile cost 4 + 5).
Task task_with(const std::string& heuristic, const std::string& cost) {
  auto assignment = parse_assignment(
      R"({"title": "t", "size": "2x3", "goal": "blank-last", "semantics": {"cost": ")" + cost +
          R"("}, "tasks": [{"name": "astar", "kind": "search", "algorithm": "astar",
          "heuristic": ")" + heuristic + R"(", "admissible": true, "points": 1,
          "tests": [{"name": "one", "start": "1 2 3 4 0 5"},
                    {"name": "two", "start": "1 2 3 0 4 5"}]}]})",
      ".");
  REQUIRE(assignment);
  return assignment->tasks[0];
}

}  // namespace

TEST_CASE("a heuristic that never overestimates is admissible on every board of the paths") {
  auto checked = heuristic_admissibility_on_tests(task_with("manhattan", "unit"));
  REQUIRE(checked);
  CHECK(checked->boards == 5);  // 2 + 3 boards: each path's boards, the goal included
  CHECK_FALSE(checked->worst);
  auto tile_cost = heuristic_admissibility_on_tests(task_with("manhattan-tile-cost", "tile"));
  REQUIRE(tile_cost);
  CHECK_FALSE(tile_cost->worst);
}

TEST_CASE("an overestimate names the board, its test and the true distance") {
  // Tile-cost Manhattan under unit cost: 5 on the first test's start, whose distance is 1.
  auto checked = heuristic_admissibility_on_tests(task_with("manhattan-tile-cost", "unit"));
  REQUIRE(checked);
  REQUIRE(checked->worst);
  CHECK(checked->worst->test == "two");  // 4 + 5 = 9 against 2: the larger overestimate
  CHECK(format_tiles(checked->worst->board) == "1 2 3 0 4 5");
  CHECK(checked->worst->h == 9);
  CHECK(checked->worst->distance == 2);
}

TEST_CASE("a heuristic that cannot be made is an error, not a verdict") {
  install_script_heuristic_loader(nullptr);
  Task task = task_with("manhattan", "unit");
  task.heuristic = "h.lua";
  CHECK_FALSE(heuristic_admissibility_on_tests(task));
}
