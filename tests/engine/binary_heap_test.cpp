// queue: binary-heap, the textbook heap a student writes by hand: the engine's frontier pops in
// exactly the order of a plain 1-based recursive CLRS heap (tests/engine/model_textbook_heap.h)
// fed the same keys, and that order is not CPython's heapq order where entries tie.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "engine/frontier.h"
#include "tests/engine/model_textbook_heap.h"
#include "tests/engine/queue_ops.h"

using namespace tile;
using tile::testing::QueueOp;
using tile::testing::random_ops;

namespace {

// Nodes whose only tie key, the action rank, takes two values, and priorities from {0, 1, 2}:
// equal entries everywhere.
NodeStore tied_nodes(int count, std::uint32_t seed) {
  std::mt19937 random(seed);
  NodeStore nodes(Shape{3, 3});
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  for (int i = 0; i < count; ++i) {
    Node node = node_of(goal);
    node.action_rank = static_cast<std::int8_t>(random() % 2);
    nodes.add(node);
  }
  return nodes;
}

std::vector<std::uint32_t> engine_pops(QueueKind queue, const std::vector<TieKey>& chain,
                                       const NodeStore& nodes, const std::vector<QueueOp>& ops) {
  Frontier frontier(chain, queue, nodes, false);
  std::vector<std::uint32_t> popped;
  for (const QueueOp& op : ops) {
    if (op.push) {
      frontier.push(op.priority, op.node);
    } else {
      popped.push_back(frontier.pop());
    }
  }
  return popped;
}

// The same operations on the book's heap, each entry's key (priority, action rank) or (priority).
std::vector<std::uint32_t> textbook_pops(bool with_action, const NodeStore& nodes,
                                         const std::vector<QueueOp>& ops) {
  std::vector<model::HeapItem> heap;
  std::vector<std::uint32_t> popped;
  for (const QueueOp& op : ops) {
    if (op.push) {
      model::SortKey key = {op.priority};
      if (with_action) key.push_back(nodes[op.node].action_rank);
      model::clrs_insert(heap, {key, static_cast<int>(op.node)});
    } else {
      popped.push_back(static_cast<std::uint32_t>(model::clrs_extract_min(heap).node));
    }
  }
  return popped;
}

}  // namespace

TEST_CASE("binary-heap pops as the textbook heap does, ties and all") {
  int differs_from_heapq = 0;
  for (std::uint32_t seed = 0; seed < 200; ++seed) {
    const NodeStore nodes = tied_nodes(40, seed);
    const std::vector<QueueOp> ops = random_ops(60, 40, {0, 1, 2}, seed + 1000);
    for (bool with_action : {false, true}) {
      const std::vector<TieKey> chain =
          with_action ? std::vector<TieKey>{TieKey::Action} : std::vector<TieKey>{};
      const auto engine = engine_pops(QueueKind::BinaryHeap, chain, nodes, ops);
      CHECK(engine == textbook_pops(with_action, nodes, ops));
      if (engine != engine_pops(QueueKind::PythonHeapq, chain, nodes, ops)) ++differs_from_heapq;
    }
  }
  // Pushes are the same in both heaps; pops are not: CPython sinks the last entry to a leaf and
  // lifts it back, the book stops as soon as no child is strictly smaller.
  CHECK(differs_from_heapq > 0);
  MESSAGE(differs_from_heapq << " of 400 runs pop in another order than CPython's heapq");
}

TEST_CASE("binary-heap under a total order is the stable order") {
  // With fifo in the chain no two entries are equal: every correct heap pops the same sequence.
  for (std::uint32_t seed = 0; seed < 50; ++seed) {
    const NodeStore nodes = tied_nodes(40, seed);
    const std::vector<QueueOp> ops = random_ops(60, 40, {0, 1, 2}, seed + 2000);
    const std::vector<TieKey> chain = {TieKey::Action, TieKey::Fifo};
    CHECK(engine_pops(QueueKind::BinaryHeap, chain, nodes, ops) ==
          engine_pops(QueueKind::Stable, chain, nodes, ops));
  }
}
