// A weighted A* with another weight is another search: no equivalence rule that compares
// semantics alone may call weight-on-g equivalent (it once read as "the two orders list the legal
// moves of every blank cell alike", the semantics being the task's own).
#include <doctest/doctest.h>

#include "grader/judge/equivalence.h"
#include "grader/judge/mistake_catalogue.h"

using namespace tile;

TEST_CASE("weight-on-g is never equivalent for its semantics alone") {
  Task task;
  task.goal = goal_board({3, 4}, GoalLayout::BlankLast);
  task.name = "weighted-astar";
  task.algorithm = Algorithm::WeightedAstar;
  task.heuristic = "manhattan-tile-cost";
  task.weight = Weight{2, 1};
  Semantics written;
  written.cost = CostModel::Tile;
  task.semantics = resolve(written, Algorithm::WeightedAstar);
  int seen = 0;
  for (const Variant& variant : mistake_catalogue(task)) {
    if (variant.code != "weight-on-g") continue;
    ++seen;
    CHECK(variant.semantics == task.semantics);  // what fooled the old rule
    CHECK_FALSE(equivalence_reason(task, variant));
  }
  CHECK(seen == 1);
}
