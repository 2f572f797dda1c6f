// How the frontier loop describes one expansion for SearchResult::details (expansion_detail.h):
// out of the loop's template, so that it is compiled once and the loop stays about the loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/expansion_detail.h"
#include "engine/frontier.h"
#include "engine/loop_terms.h"
#include "engine/node.h"
#include "engine/search_loop.h"

namespace tile::detail {

NodeFacts node_facts(const LoopInput& input, const NodeStore& nodes, std::uint32_t index);

// The node `index`, just taken off `frontier` as expansion `expansion`, and the frontier's first
// entries (input.detail->frontier_entries of them).
ExpansionDetail expansion_detail(const LoopInput& input, const NodeStore& nodes,
                                 const Frontier& frontier, std::uint32_t index,
                                 std::size_t expansion);

// Under a goal test on generate, the child `key` tested during the expansion under way (the
// trace's last, `offset` the rounds' before it): kept when SearchResult::details describes it.
inline void note_goal_test(SearchResult& result, std::size_t offset, PackedState key,
                           Shape shape) {
  std::vector<ExpansionDetail>& details = result.details;
  if (details.empty() || details.back().expansion + 1 != offset + result.trace.size()) return;
  details.back().goal_tested.push_back(unpack(key, shape));
}

}  // namespace tile::detail
