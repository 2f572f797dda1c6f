// How the frontier loop describes one expansion for SearchResult::details (expansion_detail.h):
// out of the loop's template, so that it is compiled once and the loop stays about the loop.
#pragma once

#include <cstddef>
#include <cstdint>

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

}  // namespace tile::detail
