#include "grader/judge/heap_replay.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/frontier_key.h"
#include "engine/python_heapq.h"
#include "grader/judge/invariants.h"

namespace tile {

namespace heap_replay_detail {

struct Entry {
  std::int64_t priority = 0;
  int rank = 0;  // the move's place in the action order; -1 for the start
  std::uint32_t node = 0;
};

// The comparison a replay runs under: priority, then the move's rank where the task's ties go by
// move; equal entries answer false in a strict order and true under `<=`.
struct ReplayOrder {
  bool strict;
  bool by_move;
  bool operator()(const Entry& a, const Entry& b) const {
    if (a.priority != b.priority) return a.priority < b.priority;
    if (by_move && a.rank != b.rank) return a.rank < b.rank;
    return !strict;
  }
};

// heapq's push and pop on a 0-based array, as Lib/heapq.py writes them (the engine's own sifts,
// engine/python_heapq.h), under a ReplayOrder.
class ReplayedHeap {
 public:
  ReplayedHeap(bool strict, bool by_move) : order_{strict, by_move} {}

  void push(Entry entry) {
    items_.push_back(entry);
    python_heapq::sift_down(items_, 0, items_.size() - 1, order_);
  }

  std::optional<Entry> pop() {
    if (items_.empty()) return std::nullopt;
    const Entry last = items_.back();
    items_.pop_back();
    if (items_.empty()) return last;
    const Entry top = items_.front();
    items_.front() = last;
    python_heapq::sift_up(items_, 0, order_);
    return top;
  }

 private:
  ReplayOrder order_;
  std::vector<Entry> items_;
};

struct Parting {
  std::size_t expansion = 0;  // 0-based: the first expansion the replay does not give
  Entry popped;               // what the replay popped there instead
};

// The first expansion the replay does not give, or nullopt when it gives every one. Nothing is
// known of a board with no priority (no h): such a run is not replayed (`readable` false).
std::optional<Parting> replay(const Task& task, const ObservedTree& tree, bool strict,
                              bool by_move, bool& readable) {
  const ResolvedSemantics resolved = task.semantics;
  auto entry_of = [&](std::uint32_t node, int rank) -> std::optional<Entry> {
    const ObservedNode& observed = tree.nodes[node];
    const auto terms = frontier_key_terms(task.algorithm);
    if (!observed.g || !observed.depth || (terms.h && !observed.h)) return std::nullopt;
    return Entry{frontier_key(task.algorithm, Weight{}, *observed.depth, *observed.g,
                              observed.h.value_or(0)),
                 rank, node};
  };
  auto rank_of = [&](Move move) {
    const auto& order = resolved.action_order;
    return static_cast<int>(std::find(order.begin(), order.end(), move) - order.begin());
  };
  ReplayedHeap heap(strict, by_move);
  std::vector<char> pushed(tree.nodes.size(), 0);
  const auto start = entry_of(0, -1);
  if (!start) return readable = false, std::nullopt;
  heap.push(*start);
  pushed[0] = 1;
  for (std::size_t k = 0; k < tree.expansions.size(); ++k) {
    const ObservedExpansion& expansion = tree.expansions[k];
    const auto popped = heap.pop();
    if (!popped || popped->node != expansion.node) {
      return Parting{k, popped.value_or(Entry{0, 0, expansion.node})};
    }
    for (std::size_t i = 0; i < expansion.child_count; ++i) {
      const ObservedChild& child = tree.children[expansion.first_child + i];
      if (pushed[child.board]) continue;
      pushed[child.board] = 1;
      const auto entry = entry_of(child.board, rank_of(child.move));
      if (!entry) return readable = false, std::nullopt;
      heap.push(*entry);
    }
  }
  return std::nullopt;
}

std::optional<std::size_t> first_parting(const Task& task, const ObservedTree& tree, bool strict) {
  bool readable = true;
  const auto parting = replay(task, tree, strict, true, readable);
  if (!parting || !readable) return std::nullopt;
  return parting->expansion;
}

}  // namespace heap_replay_detail

std::optional<Diagnosis> heap_comparator_not_strict(const Task& task, const ObservedTree& tree) {
  using namespace heap_replay_detail;
  const ResolvedSemantics resolved = task.semantics;
  const FrontierKeyTerms terms = frontier_key_terms(task.algorithm);
  const bool priority_queue = task.algorithm == Algorithm::Astar ||
                              task.algorithm == Algorithm::Ucs ||
                              task.algorithm == Algorithm::Greedy;
  const std::vector<TieKey>& keys = resolved.tie_break;
  const bool by_move = keys.size() == 1 && keys.front() == TieKey::Action;
  if (!priority_queue || resolved.queue != QueueKind::PythonHeapq || !by_move ||
      resolved.duplicates != Duplicates::OnPush ||
      resolved.start_marked != StartMarked::Yes || resolved.goal_test != GoalTest::OnPop ||
      resolved.depth_limit || !tree.complete || tree.expanded_ungenerated ||
      tree.expansions.size() < 2) {
    return std::nullopt;
  }
  bool readable = true;
  if (replay(task, tree, false, by_move, readable) || !readable) return std::nullopt;
  const auto parting = replay(task, tree, true, by_move, readable);
  if (!parting || !readable) return std::nullopt;
  // The same entries were waiting in both heaps (every pop before agreed), and each pops a least
  // one: the two boards tie on every key the comparison reads.
  const Entry& waiting = parting->popped;
  const std::uint32_t taken = tree.expansions[parting->expansion].node;
  const ObservedNode& taken_node = tree.nodes[taken];
  const ObservedNode& waiting_node = tree.nodes[waiting.node];
  const auto taken_key = frontier_key(task.algorithm, Weight{}, taken_node.depth.value_or(0),
                                      taken_node.g.value_or(0), taken_node.h.value_or(0));
  if (waiting.node == taken || !taken_node.generated_at || !waiting_node.generated_at ||
      taken_node.move != waiting_node.move || taken_key != waiting.priority) {
    return std::nullopt;
  }
  const std::size_t step = parting->expansion + 1;
  const std::string key = terms.h ? (terms.g ? "f" : "h") : "g";
  StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
  evidence.boards.push_back(evidence_board("you expanded", taken_node));
  evidence.boards.push_back(evidence_board("heapq takes this one first", waiting_node));
  Diagnosis diagnosis =
      named(DiagnosisId::TiesComparatorNotStrict,
            {{"step", std::to_string(step)},
             {"key", key},
             {"value", std::to_string(waiting.priority)},
             {"move", std::string(move_name(waiting_node.move))},
             {"waiting", std::to_string(*waiting_node.generated_at)},
             {"generated", std::to_string(*taken_node.generated_at)},
             {"expansions", std::to_string(tree.expansions.size())}});
  diagnosis.step = std::move(evidence);
  return diagnosis;
}

}  // namespace tile
