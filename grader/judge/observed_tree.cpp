#include "grader/judge/observed_tree.h"

#include "engine/search.h"

namespace tile {

std::optional<std::uint32_t> ObservedTree::find(const Board& board) const {
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].board == board) return static_cast<std::uint32_t>(i);
  }
  return std::nullopt;
}

ObservedTree build_observed_tree(const ObservedSearch& observed, CostModel cost,
                                 Heuristic* heuristic) {
  ObservedTree tree;
  tree.complete = observed.complete();
  tree.children = observed.children;
  tree.nodes.reserve(observed.boards.size());
  for (const Board& board : observed.boards) tree.nodes.push_back({.board = board});
  if (tree.nodes.empty()) return tree;
  tree.nodes[0].depth = 0;
  tree.nodes[0].g = 0;
  for (std::size_t c = 0; c < observed.calls.size(); ++c) {
    const ObservedCall& call = observed.calls[c];
    ObservedNode& node = tree.nodes[call.board];
    if (call.kind == ObservedCallKind::IsGoal) {
      if (!node.goal_tested_at) {
        node.goal_tested_at = tree.expansions.size();
        node.goal_tested_line = call.line;
      }
      continue;
    }
    if (call.kind != ObservedCallKind::Successors) continue;
    tree.expansions.push_back({call.board, c, call.first_child, call.child_count, call.line});
    const std::size_t step = tree.expansions.size();
    if (!node.expanded_at) node.expanded_at = step;
    ++node.times_expanded;
    if (call.board != 0 && !node.generated_at && !tree.expanded_ungenerated) {
      tree.expanded_ungenerated = step;
    }
    for (std::size_t i = 0; i < call.child_count; ++i) {
      const ObservedChild& child = observed.children[call.first_child + i];
      ObservedNode& reached = tree.nodes[child.board];
      if (reached.generated_at || child.board == 0) continue;  // first links only
      reached.generated_at = step;
      reached.parent = call.board;
      reached.move = child.move;
      const ObservedNode& parent = tree.nodes[call.board];
      if (parent.depth) reached.depth = *parent.depth + 1;
      if (parent.g) reached.g = *parent.g + step_cost(parent.board, child.move, cost);
    }
  }
  if (heuristic != nullptr) {
    for (ObservedNode& node : tree.nodes) {
      if (auto value = heuristic->estimate(node.board)) node.h = *value;
    }
  }
  return tree;
}

}  // namespace tile
