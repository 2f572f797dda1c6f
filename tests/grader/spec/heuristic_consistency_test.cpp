#include <doctest/doctest.h>

#include "grader/spec/heuristic_consistency.h"

using namespace tile;

namespace {

Task tile_cost_task(const std::string& heuristic, CostModel cost) {
  Task task;
  task.name = "astar";
  task.kind = TaskKind::Search;
  task.algorithm = Algorithm::Astar;
  task.goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  task.heuristic = heuristic;
  Semantics written;
  written.cost = cost;
  task.semantics = resolve(written, Algorithm::Astar);
  task.tests.push_back({"near", parse_board(Shape{3, 3}, "1 2 3 4 0 5 7 8 6").value(),
                        Visibility::Visible});
  return task;
}

}  // namespace

TEST_CASE("consistency on the tests: every move from the boards of an optimal path") {
  // Tile-cost Manhattan changes by exactly the moved tile's number: consistent under tile costs.
  auto checked = heuristic_consistency_on_tests(tile_cost_task("manhattan-tile-cost",
                                                               CostModel::Tile));
  REQUIRE(checked);
  CHECK_FALSE(checked->worst);
  // 3 boards on the path (two moves), each with its 2 to 4 moves.
  CHECK(checked->moves >= 6);

  // Under unit costs it drops by a tile's number where a move costs 1: the worst move is named,
  // the 6 sliding up, home, from the path's second board.
  checked = heuristic_consistency_on_tests(tile_cost_task("manhattan-tile-cost", CostModel::Unit));
  REQUIRE(checked);
  REQUIRE(checked->worst);
  const InconsistentMove& worst = *checked->worst;
  CHECK(worst.test == "near");
  CHECK(worst.cost == 1);
  CHECK(format_tiles(worst.board) == "1 2 3 4 5 0 7 8 6");
  CHECK(worst.move == Move::Down);
  CHECK(worst.h - worst.h_next == 6);
  CHECK(worst.excess() == 5);
}
