#include "grader/judge/round_order.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/search.h"
#include "grader/judge/frontier_invariants.h"
#include "grader/judge/invariants.h"

namespace tile {

namespace round_order_detail {

// The rounds as ranges [begin, end) of expansions (0-based), each beginning at an expansion of
// the start. Where the task's search may push its start again inside a round (no duplicate
// policy, or the start left unmarked, and no check of the path), an expansion of the start may
// be such a copy's, not a new round: under a check of the reverse move a copy needs a cycle that
// undoes no move, 12 moves at least on any board, so expansions of the start are rounds while no
// board of the round 11 or more moves deep (along the round's own generations) generated the
// start; without a check of the reverse move nothing is read.
std::optional<std::vector<std::pair<std::size_t, std::size_t>>> rounds_of(
    const ObservedTree& tree, const ResolvedSemantics& resolved) {
  const auto& expansions = tree.expansions;
  if (expansions.empty() || expansions[0].node != 0) return std::nullopt;
  const Duplicates policy = resolved.duplicates;
  const bool reenterable =
      resolved.cycle_check != CycleCheck::Path &&
      (policy == Duplicates::None ||
       (policy == Duplicates::OnPush && resolved.start_marked == StartMarked::No));
  if (reenterable && resolved.cycle_check != CycleCheck::ReverseMove) return std::nullopt;
  constexpr std::int64_t kShortestCycle = 12;
  std::vector<std::int64_t> deepest(tree.nodes.size(), 0);  // along this round's generations
  std::vector<std::size_t> round_of(tree.nodes.size(), 0);
  std::size_t round = 1;
  bool copy_possible = false;  // a board deep enough to close a cycle generated the start
  std::vector<std::pair<std::size_t, std::size_t>> rounds;
  std::size_t begin = 0;
  for (std::size_t k = 0; k < expansions.size(); ++k) {
    const ObservedExpansion& expansion = expansions[k];
    if (k > 0 && expansion.node == 0) {
      if (copy_possible) return std::nullopt;
      rounds.emplace_back(begin, k);
      begin = k;
      ++round;
    }
    round_of[0] = round;
    deepest[0] = 0;
    // A board expanded before the round generated it: its depth is not known.
    const bool known = round_of[expansion.node] == round;
    for (std::size_t i = 0; i < expansion.child_count; ++i) {
      const std::uint32_t child = tree.children[expansion.first_child + i].board;
      if (child == 0) {
        const bool deep = !known || deepest[expansion.node] + 1 >= kShortestCycle;
        copy_possible = copy_possible || (reenterable && deep);
        continue;
      }
      const std::int64_t depth = known ? deepest[expansion.node] + 1 : kShortestCycle;
      if (round_of[child] != round) {
        round_of[child] = round;
        deepest[child] = depth;
      } else {
        deepest[child] = std::max(deepest[child], depth);
      }
    }
  }
  rounds.emplace_back(begin, expansions.size());
  return rounds;
}

}  // namespace round_order_detail

std::optional<Diagnosis> round_order_broken(const Task& task, const ResolvedSemantics& resolved,
                                            const ObservedTree& tree) {
  if (task.algorithm != Algorithm::Iddfs && task.algorithm != Algorithm::Idastar) {
    return std::nullopt;
  }
  if (!ties_newest_first(resolved)) return std::nullopt;
  const bool by_f =
      task.algorithm == Algorithm::Idastar && resolved.round_bound == RoundBound::F;
  const auto rounds = round_order_detail::rounds_of(tree, resolved);
  if (!rounds) return std::nullopt;
  // Costs (the depth, or g) along this round's generations alone: each round starts from the
  // start at 0, whatever other rounds reached it by.
  std::vector<CostBounds> cost(tree.nodes.size());
  std::vector<std::size_t> round_of(tree.nodes.size(), 0);  // the round `cost` is of (1-based)
  auto key_of = [&](std::uint32_t node, std::int64_t value) -> std::optional<std::int64_t> {
    if (!by_f) return value;
    if (!tree.nodes[node].h) return std::nullopt;
    return value + *tree.nodes[node].h;
  };
  for (std::size_t r = 0; r < rounds->size(); ++r) {
    const auto [begin, end] = (*rounds)[r];
    const std::size_t round = r + 1;
    round_of[0] = round;
    cost[0] = {0, 0, true};
    // Each expansion's cost bounds and the boards new to the round each generated first.
    std::vector<CostBounds> popped(end - begin);
    std::optional<std::int64_t> floor;  // the greatest least key of a board the round expanded
    for (std::size_t k = begin; k < end; ++k) {
      const ObservedExpansion& expansion = tree.expansions[k];
      const CostBounds from =
          round_of[expansion.node] == round ? cost[expansion.node] : CostBounds{};
      popped[k - begin] = from;
      if (!from.known) continue;
      if (const auto key = key_of(expansion.node, from.least)) {
        floor = std::max(floor.value_or(*key), *key);
      }
      const Board& parent = tree.nodes[expansion.node].board;
      for (std::size_t i = 0; i < expansion.child_count; ++i) {
        const ObservedChild& child = tree.children[expansion.first_child + i];
        const std::int64_t step = by_f ? step_cost(parent, child.move, resolved.cost) : 1;
        CostBounds& bounds = cost[child.board];
        if (round_of[child.board] != round) {
          round_of[child.board] = round;
          bounds = {from.least + step, from.most + step, true};
        } else if (child.board != 0) {
          bounds.least = std::min(bounds.least, from.least + step);
          bounds.most = std::max(bounds.most, from.most + step);
        }
      }
    }
    if (!floor) continue;
    std::vector<char> seen(tree.nodes.size(), 0);  // generated earlier in this round
    seen[0] = 1;
    for (std::size_t k = begin; k + 1 < end; ++k) {
      const std::size_t step = k + 2;  // the expansion checked: the one after expansion k + 1
      if (tree.expanded_ungenerated && step >= *tree.expanded_ungenerated) return std::nullopt;
      const ObservedExpansion& previous = tree.expansions[k];
      const std::uint32_t taken = tree.expansions[k + 1].node;
      const CostBounds& from = popped[k - begin];
      const Board& parent = tree.nodes[previous.node].board;
      bool child_of_previous = false;
      std::optional<std::uint32_t> newest;  // new to the round and certainly within its bound
      for (std::size_t i = 0; i < previous.child_count; ++i) {
        const ObservedChild& child = tree.children[previous.first_child + i];
        child_of_previous = child_of_previous || child.board == taken;
        if (newest || seen[child.board] || !from.known) continue;
        const std::int64_t move_cost = by_f ? step_cost(parent, child.move, resolved.cost) : 1;
        const auto most = key_of(child.board, from.most + move_cost);
        if (most && *most <= *floor) newest = child.board;
      }
      for (std::size_t i = 0; i < previous.child_count; ++i) {
        seen[tree.children[previous.first_child + i].board] = 1;
      }
      // Two calls in a row on one board are one expansion asked twice.
      if (taken == previous.node || child_of_previous || !newest) continue;
      StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
      evidence.boards.push_back(evidence_board("you expanded", tree.nodes[taken]));
      evidence.boards.push_back(evidence_board("just after expanding", tree.nodes[previous.node]));
      evidence.boards.push_back(evidence_board("which generated this board", tree.nodes[*newest]));
      evidence.counts = {{"round", round}};
      Diagnosis diagnosis =
          named(DiagnosisId::RoundNotDepthFirst,
                {{"step", std::to_string(step)},
                 {"previous", std::to_string(k + 1)},
                 {"bound", by_f ? "f bound" : "depth limit"}});
      diagnosis.step = std::move(evidence);
      return diagnosis;
    }
  }
  return std::nullopt;
}

}  // namespace tile
