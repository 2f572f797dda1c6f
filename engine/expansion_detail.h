// What a view that steps through a search (issue 35) needs of the reference's expansions beyond
// their boards: each expanded node's g, h, priority, depth and the move that made it, and the
// first entries of the frontier at that moment with the same facts. Kept only for a window of
// expansions the caller names (SearchSpec::detail), and only by the traced loop, so a search that
// records no trace pays nothing for it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/board.h"

namespace tile {

// Which expansions to describe: [first, last), 0-based over the whole trace (an iterative
// search's rounds follow one another), with up to `frontier_entries` entries of the frontier.
struct DetailWindow {
  std::size_t first = 0;
  std::size_t last = 0;
  std::size_t frontier_entries = 0;

  bool contains(std::size_t expansion) const { return expansion >= first && expansion < last; }
};

struct NodeFacts {
  Board board;
  int depth = 0;
  std::int64_t g = 0;
  std::int64_t h = 0;         // 0 when the search has no heuristic
  std::int64_t priority = 0;  // the frontier's key (depth, g, h, g + h, ...; 0 for a stack)
  std::optional<Move> move;   // the move that made it; none for the start

  bool operator==(const NodeFacts&) const = default;
};

struct ExpansionDetail {
  std::size_t expansion = 0;  // 0-based index in the trace
  NodeFacts node;
  // The frontier just after this node was taken off it, before its children went on: the
  // entries it was chosen over, the first ones in the order they would pop.
  std::vector<NodeFacts> frontier;
  std::size_t frontier_size = 0;  // every entry, shown or not
  // Under a goal test on generate, the children this expansion tested for the goal, in the order
  // it tested them (the differential tests record a script's problem:is_goal calls from these).
  std::vector<Board> goal_tested = {};

  bool operator==(const ExpansionDetail&) const = default;
};

}  // namespace tile
