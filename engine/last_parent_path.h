// parent_link: last (engine/semantics.h): the path read back through each state's last parent, as
// a student's `parent` table written at every push gives it. Internal to the engine's frontier
// loop (frontier_loop.h), which keeps each state's last node in its records.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.h"
#include "engine/node.h"

namespace tile::detail {

struct PathAndCost {
  std::vector<Move> path;
  std::int64_t cost = 0;
};

// From the goal node `goal` (with `from_last_push`, found when popped: its state's last push
// instead), each step goes to the last node pushed for the parent's state, until the start's
// state. Every policy that keeps records pushes a state only before it is closed (or, reopen-if-
// cheaper, only more cheaply), so the walk always reaches the start.
template <class Records>
PathAndCost path_by_last_parents(const NodeStore& nodes, Records& records, std::uint32_t goal,
                                 PackedState start, bool from_last_push) {
  PathAndCost out;
  std::vector<Move> backwards;
  std::uint32_t at = from_last_push ? records.node(records.find(nodes[goal].key)) : goal;
  while (!(nodes[at].key == start)) {
    const Node& node = nodes[at];
    backwards.push_back(node.action);
    out.cost += node.g - nodes[node.parent].g;
    at = records.node(records.find(nodes[node.parent].key));
  }
  out.path.assign(backwards.rbegin(), backwards.rend());
  return out;
}

}  // namespace tile::detail
