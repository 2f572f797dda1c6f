// The walk along each test's optimal path: every board from the start to the goal, in order, with
// the heuristic's value and what the rest of the path costs; a visitor's error ends it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "grader/spec/heuristic_on_paths.h"

using namespace tile;

namespace {

// 2x3, blank last, tile costs: the test is two moves from the goal (the 4, then the 5).
Task tile_cost_walk_task() {
  auto assignment = parse_assignment(
      R"({"title": "t", "size": "2x3", "goal": "blank-last", "semantics": {"cost": "tile"},
          "tasks": [{"name": "astar", "kind": "search", "algorithm": "astar",
          "heuristic": "manhattan-tile-cost", "points": 1,
          "tests": [{"name": "two", "start": "1 2 3 0 4 5"}]}]})",
      ".");
  REQUIRE(assignment);
  return assignment->tasks[0];
}

}  // namespace

TEST_CASE("every board of the optimal path, with h and the cost left, start to goal") {
  std::vector<std::string> boards;
  std::vector<std::int64_t> hs;
  std::vector<std::int64_t> left;
  auto walked = for_each_optimal_path_board(
      tile_cost_walk_task(), [&](const PathBoard& at, const EstimateOf& estimate) -> Status {
        boards.push_back(format_tiles(at.board));
        hs.push_back(at.h);
        left.push_back(at.cost_left);
        CHECK(at.test.name == "two");
        auto same = estimate(at.board);  // the estimate a visitor gets is the walk's own
        REQUIRE(same);
        CHECK(*same == at.h);
        return success();
      });
  REQUIRE(walked);
  CHECK(boards == std::vector<std::string>{"1 2 3 0 4 5", "1 2 3 4 0 5", "1 2 3 4 5 0"});
  CHECK(left == std::vector<std::int64_t>{9, 5, 0});
  CHECK(hs == std::vector<std::int64_t>{9, 5, 0});
}

TEST_CASE("a visitor's error ends the walk and is returned as it is") {
  int visits = 0;
  auto walked = for_each_optimal_path_board(tile_cost_walk_task(),
                                            [&](const PathBoard&, const EstimateOf&) -> Status {
                                              ++visits;
                                              return Error{"stop here"};
                                            });
  REQUIRE_FALSE(walked);
  CHECK(walked.error() == "stop here");
  CHECK(visits == 1);
}
