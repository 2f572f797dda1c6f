#include "engine/expansion_detail_loop.h"

namespace tile::detail {

NodeFacts node_facts(const LoopInput& input, const NodeStore& nodes, std::uint32_t index) {
  const Node& node = nodes[index];
  NodeFacts facts{nodes.board(index), node.depth, node.g, nodes.h(index),
                  priority_of(input.algorithm, node, nodes.h(index), input.weight), std::nullopt};
  if (node.parent != kNoParent) facts.move = node.action;
  return facts;
}

ExpansionDetail expansion_detail(const LoopInput& input, const NodeStore& nodes,
                                 const Frontier& frontier, std::uint32_t index,
                                 std::size_t expansion) {
  ExpansionDetail out{expansion, node_facts(input, nodes, index), {}, frontier.size(), {}};
  const std::size_t wanted = input.detail ? input.detail->frontier_entries : 0;
  for (const std::uint32_t entry : frontier.first_entries(wanted)) {
    out.frontier.push_back(node_facts(input, nodes, entry));
  }
  return out;
}

}  // namespace tile::detail
