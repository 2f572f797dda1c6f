// The observed search tree: first-generation links, depth and g along them, h from the task's
// heuristic, the steps each board was generated, expanded and goal-tested at, and a board expanded
// that the run never generated flagged as such.
#include "grader/judge/observed_tree.h"

#include <doctest/doctest.h>

#include "engine/named_heuristic.h"
#include "tests/grader/student/observed_support.h"

namespace tile {
namespace observed_tree_testing {

Board board_3x3(const char* tiles) { return parse_board(Shape{3, 3}, tiles).value(); }


TEST_CASE("each board's first parent, depth, g, h and steps are read from the calls") {
  const Board goal = board_3x3("1 2 3 4 5 6 7 8 0");
  const Board start = board_3x3("1 2 3 4 5 6 0 7 8");  // two moves right of the goal
  ObservedSearch record;
  ObservedSearchRecorder recorder(record, start);
  recorder.call(ObservedCallKind::IsGoal, start, 3);
  // expansion 1: Up, Right
  testing::record_expansion_of(recorder, start, 5);
  const Board right = start.moved(Move::Right);
  recorder.call(ObservedCallKind::IsGoal, start.moved(Move::Up), 7);
  recorder.call(ObservedCallKind::IsGoal, right, 7);
  recorder.call(ObservedCallKind::IsGoal, right, 9);  // a second test: the first one's line stays
  // expansion 2: Up, Left (the start), Right
  testing::record_expansion_of(recorder, right, 5);
  // the start again, from another line: no new links
  testing::record_expansion_of(recorder, start, 11);
  auto manhattan = make_named_heuristic("manhattan", goal);
  REQUIRE(manhattan);
  const ObservedTree tree = build_observed_tree(record, CostModel::Tile, manhattan->get());

  CHECK(tree.complete);
  CHECK_FALSE(tree.expanded_ungenerated);
  REQUIRE(tree.expansions.size() == 3);
  CHECK(tree.expansions[1].node == *tree.find(right));
  const ObservedNode& root = tree.nodes[0];
  CHECK(root.depth == 0);
  CHECK_FALSE(root.generated_at);  // the start is never anyone's child, even when reached again
  CHECK(root.expanded_at == 1);
  CHECK(root.times_expanded == 2);
  CHECK(root.goal_tested_at == 0);
  const ObservedNode& reached = tree.nodes[*tree.find(goal)];
  CHECK(reached.generated_at == 2);
  CHECK(reached.parent == *tree.find(right));
  CHECK(reached.move == Move::Right);
  CHECK(reached.depth == 2);
  CHECK(reached.g == 7 + 8);  // tile costs: tile 7, then tile 8, moved
  CHECK(reached.h == 0);
  CHECK_FALSE(reached.expanded_at);
  CHECK_FALSE(reached.goal_tested_at);
  CHECK(tree.nodes[*tree.find(right)].goal_tested_at == 1);
  // Where the script made each call: each expansion's successors call, each board's first test.
  CHECK(tree.expansions[0].line == 5);
  CHECK(tree.expansions[2].line == 11);
  CHECK(root.goal_tested_line == 3);
  CHECK(tree.nodes[*tree.find(right)].goal_tested_line == 7);
  CHECK(reached.goal_tested_line == 0);
  // Every generation is kept, in the order returned, not only the first: expansion 2's children
  // are Up, Left (the start again) and Right (the goal).
  const ObservedExpansion& second = tree.expansions[1];
  REQUIRE(second.child_count == 3);
  CHECK(tree.children[second.first_child + 1].board == 0);
  CHECK(tree.children[second.first_child + 1].move == Move::Left);
  CHECK(tree.children[second.first_child + 2].board == *tree.find(goal));
}

TEST_CASE("a board expanded that the run never generated is flagged at its expansion") {
  const Board start = board_3x3("1 2 3 4 0 5 6 7 8");
  ObservedSearch record;
  ObservedSearchRecorder recorder(record, start);
  testing::record_expansion_of(recorder, start);
  // two moves away: never a child
  testing::record_expansion_of(recorder, board_3x3("0 1 2 3 4 5 6 7 8"));
  const ObservedTree tree = build_observed_tree(record, CostModel::Unit, nullptr);
  CHECK(tree.expanded_ungenerated == 2);
  const ObservedNode& invented = tree.nodes[*tree.find(board_3x3("0 1 2 3 4 5 6 7 8"))];
  CHECK_FALSE(invented.depth);  // no link leads to it: nothing is claimed of its depth
  CHECK_FALSE(invented.h);      // no heuristic given
  // Its children hang under it, but no depth reaches them either.
  CHECK_FALSE(tree.nodes.back().depth);
}

}  // namespace observed_tree_testing
}  // namespace tile
