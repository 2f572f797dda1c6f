#include "grader/judge/frontier_invariants.h"

#include <algorithm>
#include <queue>
#include <set>
#include <string>
#include <unordered_set>

#include "engine/search.h"
#include "grader/judge/invariants.h"
#include "grader/judge/round_order.h"

namespace tile {

// Named, not anonymous: the unity build puts this file in one unit with the judge's others.
namespace frontier_order_detail {

// A board on the frontier for certain, with the most its entry's key can be.
struct WaitingBoard {
  std::int64_t key = 0;
  std::size_t generated_at = 0;
  std::uint32_t node = 0;
};

// Least key first; of equal keys the one generated first (the evidence's board).
struct LeastKeyOnTop {
  bool operator()(const WaitingBoard& a, const WaitingBoard& b) const {
    if (a.key != b.key) return a.key > b.key;
    return a.generated_at > b.generated_at;
  }
};

std::string bounded(std::int64_t value, bool exact, const char* bound) {
  return exact ? std::to_string(value) : std::string(bound) + " " + std::to_string(value);
}

// The board as evidence, its g and depth given only where the run fixes them.
EvidenceBoard keyed_board(std::string caption, const ObservedNode& node, const CostBounds& g,
                          const char* key_name, std::int64_t key, KeyBound bound) {
  EvidenceBoard out = evidence_board(std::move(caption), node);
  if (!g.exact()) {
    out.g = std::nullopt;
    out.depth = std::nullopt;
  } else {
    out.g = g.least;
  }
  out.key_name = key_name;
  out.key = key;
  out.key_bound = bound;
  return out;
}

// The boards waiting with a key the run fixes exactly (every generation of each gave it the same
// key), least key first and, of equal keys, the smallest tiles first: the order a frontier whose
// ties go by the state keeps. A board generated again with another key leaves it (which of its
// entries waits is then not certain).
class TiedByState {
 public:
  explicit TiedByState(const ObservedTree& tree) : tree_(tree), key_(tree.nodes.size()) {}

  void generated(std::uint32_t node, std::optional<std::int64_t> exact_key) {
    if (left_.contains(node)) return;
    if (!key_[node]) {
      if (!exact_key) {
        left_.insert(node);
        return;
      }
      key_[node] = *exact_key;
      waiting_.insert(node);
      return;
    }
    if (exact_key != key_[node]) {
      waiting_.erase(node);
      left_.insert(node);
    }
  }
  void expanded(std::uint32_t node) {
    waiting_.erase(node);
    left_.insert(node);
  }
  // The waiting board of key `key` whose tiles come first, if they come before `taken`'s.
  std::optional<std::uint32_t> earlier_tiles(std::int64_t key, std::uint32_t taken) const {
    for (std::uint32_t node : waiting_) {
      if (*key_[node] < key) continue;
      if (*key_[node] > key) break;
      if (tree_.nodes[node].board.tiles_less(tree_.nodes[taken].board)) return node;
      break;
    }
    return std::nullopt;
  }

 private:
  struct Order {
    const TiedByState* self;
    bool operator()(std::uint32_t a, std::uint32_t b) const {
      if (*self->key_[a] != *self->key_[b]) return *self->key_[a] < *self->key_[b];
      const Board& x = self->tree_.nodes[a].board;
      const Board& y = self->tree_.nodes[b].board;
      if (x.tiles_less(y)) return true;
      if (y.tiles_less(x)) return false;
      return a < b;
    }
  };
  const ObservedTree& tree_;
  std::vector<std::optional<std::int64_t>> key_;
  std::set<std::uint32_t, Order> waiting_{Order{this}};
  std::unordered_set<std::uint32_t> left_;
};

}  // namespace frontier_order_detail

using frontier_order_detail::LeastKeyOnTop;
using frontier_order_detail::WaitingBoard;

ObservedCosts observed_costs(const ObservedTree& tree, CostModel cost, bool unit) {
  ObservedCosts out;
  out.expansion.resize(tree.expansions.size());
  out.first_generation.resize(tree.nodes.size());
  if (tree.nodes.empty()) return out;
  // Every cost a generation of each board has given it so far, as least and most.
  std::vector<CostBounds> seen(tree.nodes.size());
  seen[0] = {0, 0, true};  // the start's own entry
  for (std::size_t k = 0; k < tree.expansions.size(); ++k) {
    const ObservedExpansion& expansion = tree.expansions[k];
    const CostBounds from = seen[expansion.node];
    out.expansion[k] = from;
    if (!from.known) continue;
    const Board& parent = tree.nodes[expansion.node].board;
    for (std::size_t i = 0; i < expansion.child_count; ++i) {
      const ObservedChild& child = tree.children[expansion.first_child + i];
      const std::int64_t step = unit ? 1 : step_cost(parent, child.move, cost);
      const CostBounds given{from.least + step, from.most + step, true};
      CostBounds& bounds = seen[child.board];
      if (!bounds.known) {
        bounds = given;
      } else {
        bounds.least = std::min(bounds.least, given.least);
        bounds.most = std::max(bounds.most, given.most);
      }
      if (tree.nodes[child.board].generated_at == k + 1 && child.board != 0 &&
          !out.first_generation[child.board].known) {
        out.first_generation[child.board] = given;
      }
    }
  }
  return out;
}

namespace frontier_order_detail {

// "ties-not-lexicographic": the evidence of TiedByState's finding at expansion `step`.
Diagnosis ties_not_by_state(const ObservedTree& tree, const ObservedCosts& costs,
                            const char* key_name, std::int64_t key, std::size_t step,
                            std::uint32_t taken, std::uint32_t smaller) {
  using frontier_order_detail::keyed_board;
  const ObservedNode& waited = tree.nodes[smaller];
  StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
  evidence.boards.push_back(keyed_board("you expanded", tree.nodes[taken],
                                        costs.expansion[step - 1], key_name, key,
                                        KeyBound::Exact));
  evidence.boards.push_back(keyed_board("while this board, of smaller tiles, waited", waited,
                                        costs.first_generation[smaller], key_name, key,
                                        KeyBound::Exact));
  Diagnosis diagnosis = named(DiagnosisId::TiesNotLexicographic,
                              {{"step", std::to_string(step)},
                               {"key", key_name},
                               {"value", std::to_string(key)},
                               {"early", std::to_string(waited.generated_at.value_or(0))}});
  diagnosis.step = std::move(evidence);
  return diagnosis;
}

}  // namespace frontier_order_detail

std::optional<Diagnosis> priority_order_broken(const Task& task, const ObservedTree& tree) {
  const Algorithm algorithm = task.algorithm;
  if (algorithm != Algorithm::Ucs && algorithm != Algorithm::Greedy &&
      algorithm != Algorithm::Astar) {
    return std::nullopt;
  }
  const ResolvedSemantics& resolved = task.semantics;
  if (resolved.depth_limit || tree.nodes.empty()) return std::nullopt;
  const bool uses_g = algorithm != Algorithm::Greedy;
  const bool uses_h = algorithm != Algorithm::Ucs;
  const char* key_name = !uses_h ? "g" : !uses_g ? "h" : "f";
  const ObservedCosts costs = observed_costs(tree, resolved.cost, false);
  // The key of a board with cost bounds `g`: the least or the most the run allows.
  auto key_of = [&](const ObservedNode& node, const CostBounds& g,
                    bool most) -> std::optional<std::int64_t> {
    if ((uses_h && !node.h) || (uses_g && !g.known)) return std::nullopt;
    std::int64_t key = 0;
    if (uses_g) key += most ? g.most : g.least;
    if (uses_h) key += *node.h;
    return key;
  };
  std::vector<char> expanded(tree.nodes.size(), 0);
  std::priority_queue<WaitingBoard, std::vector<WaitingBoard>, LeastKeyOnTop> waiting;
  // Ties broken by the state first: of two boards of one key, the smaller tiles come out first
  // from any frontier, whatever its kind (distinct boards never tie on their tiles).
  const bool ties_by_state =
      !resolved.tie_break.empty() && resolved.tie_break.front() == TieKey::State;
  frontier_order_detail::TiedByState tied(tree);
  // A key computed wrongly also breaks ties out of order where the true keys happen to be equal:
  // a tie is named only when the whole run never expands a board of certainly higher key.
  std::optional<Diagnosis> first_tie;
  tied.generated(0, key_of(tree.nodes[0], CostBounds{0, 0, true}, false));
  for (std::size_t k = 0; k < tree.expansions.size(); ++k) {
    const std::size_t step = k + 1;
    // A board the script changed in place or made itself has no place on any frontier.
    if (tree.expanded_ungenerated && step >= *tree.expanded_ungenerated) break;
    const ObservedExpansion& expansion = tree.expansions[k];
    const std::uint32_t taken = expansion.node;
    // Two calls in a row on one board are one expansion asked twice, not a second pop.
    const bool asked_again = k > 0 && tree.expansions[k - 1].node == taken;
    while (!waiting.empty() && expanded[waiting.top().node]) waiting.pop();  // stale entries
    const auto taken_key = key_of(tree.nodes[taken], costs.expansion[k], false);
    if (!asked_again && taken_key && !waiting.empty() && waiting.top().key < *taken_key) {
      using frontier_order_detail::bounded;
      using frontier_order_detail::keyed_board;
      const WaitingBoard& older = waiting.top();
      const bool taken_exact = !uses_g || costs.expansion[k].exact();
      const bool older_exact = !uses_g || costs.first_generation[older.node].exact();
      StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
      evidence.boards.push_back(keyed_board("you expanded", tree.nodes[taken],
                                            costs.expansion[k], key_name, *taken_key,
                                            taken_exact ? KeyBound::Exact : KeyBound::AtLeast));
      evidence.boards.push_back(
          keyed_board("while this board waited", tree.nodes[older.node],
                      costs.first_generation[older.node], key_name, older.key,
                      older_exact ? KeyBound::Exact : KeyBound::AtMost));
      Diagnosis diagnosis =
          named_by_key(std::string("frontier-not-least-") + key_name,
                {{"step", std::to_string(step)},
                 {"taken", bounded(*taken_key, taken_exact, "at least")},
                 {"waiting", bounded(older.key, older_exact, "at most")},
                 {"early", std::to_string(older.generated_at)}});
      diagnosis.step = std::move(evidence);
      return diagnosis;
    }
    const bool taken_exact = !uses_g || costs.expansion[k].exact();
    if (!first_tie && !asked_again && ties_by_state && taken_key && taken_exact) {
      if (auto smaller = tied.earlier_tiles(*taken_key, taken)) {
        first_tie = frontier_order_detail::ties_not_by_state(tree, costs, key_name, *taken_key,
                                                             step, taken, *smaller);
      }
    }
    expanded[taken] = 1;
    tied.expanded(taken);
    for (std::size_t i = 0; i < expansion.child_count; ++i) {
      const std::uint32_t child = tree.children[expansion.first_child + i].board;
      if (ties_by_state && child != 0) {
        const Board& parent = tree.nodes[taken].board;
        const std::int64_t step_g =
            step_cost(parent, tree.children[expansion.first_child + i].move, resolved.cost);
        const CostBounds& from = costs.expansion[k];
        const CostBounds given{from.least + step_g, from.most + step_g, from.known};
        tied.generated(child, !uses_g || given.exact()
                                  ? key_of(tree.nodes[child], given, false)
                                  : std::nullopt);
      }
      if (child == 0 || expanded[child] || tree.nodes[child].generated_at != step) continue;
      if (auto key = key_of(tree.nodes[child], costs.first_generation[child], true)) {
        waiting.push({*key, step, child});
      }
    }
  }
  return first_tie;
}

std::optional<Diagnosis> depth_first_order_broken(const Task& task, const ObservedTree& tree) {
  if (task.algorithm != Algorithm::Dfs && task.algorithm != Algorithm::Dls) return std::nullopt;
  const ResolvedSemantics resolved = task.semantics;
  const std::optional<int> limit = resolved.depth_limit;
  const bool cut_off = resolved.at_depth_limit == AtDepthLimit::CutOff;
  const ObservedCosts depths = observed_costs(tree, resolved.cost, true);
  for (std::size_t k = 0; k + 1 < tree.expansions.size(); ++k) {
    const std::size_t step = k + 2;  // the expansion checked: the one after expansion k + 1
    if (tree.expanded_ungenerated && step >= *tree.expanded_ungenerated) break;
    const ObservedExpansion& previous = tree.expansions[k];
    const std::uint32_t taken = tree.expansions[k + 1].node;
    if (taken == previous.node || !tree.nodes[taken].generated_at) continue;
    bool child_of_previous = false;
    std::optional<std::uint32_t> newest;  // a board first generated by the previous expansion
    for (std::size_t i = 0; i < previous.child_count; ++i) {
      const std::uint32_t child = tree.children[previous.first_child + i].board;
      child_of_previous = child_of_previous || child == taken;
      if (!newest && child != 0 && tree.nodes[child].generated_at == k + 1) newest = child;
    }
    if (child_of_previous || !newest) continue;
    // Under a depth limit, the new board is certainly pushed (and, cut off at the limit,
    // expanded when popped) only when even the deepest node the previous pop can have been
    // leaves room for it.
    if (limit) {
      const CostBounds& depth = depths.expansion[k];
      if (!depth.known) continue;
      const std::int64_t deepest_child = depth.most + 1;
      if (cut_off ? deepest_child >= *limit : deepest_child > *limit) continue;
    }
    const ObservedNode& chosen = tree.nodes[taken];
    StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
    evidence.boards.push_back(evidence_board("you expanded", chosen));
    evidence.boards.push_back(evidence_board("just after expanding", tree.nodes[previous.node]));
    evidence.boards.push_back(
        evidence_board("which generated this new board", tree.nodes[*newest]));
    Diagnosis diagnosis = named(DiagnosisId::FrontierNotNewestFirst,
                                {{"step", std::to_string(step)},
                                 {"early", std::to_string(*chosen.generated_at)},
                                 {"previous", std::to_string(k + 1)}});
    diagnosis.step = std::move(evidence);
    return diagnosis;
  }
  return std::nullopt;
}

bool ties_first_in_first_out(const ResolvedSemantics& resolved) {
  const std::vector<TieKey>& keys = resolved.tie_break;
  return keys.empty() ? resolved.queue == QueueKind::Stable : keys.front() == TieKey::Fifo;
}

bool ties_newest_first(const ResolvedSemantics& resolved) {
  const std::vector<TieKey>& keys = resolved.tie_break;
  return !keys.empty() && (keys.front() == TieKey::Lifo || keys.front() == TieKey::ParentLifo);
}

std::optional<Diagnosis> frontier_order_broken(const Task& task, const ObservedTree& tree) {
  const ResolvedSemantics resolved = task.semantics;
  switch (task.algorithm) {
    // A queue or a stack only while its ties go by insertion: a breadth-first frontier with
    // other tie keys is a priority queue by depth, a depth-first one ordered by its keys alone.
    case Algorithm::Bfs:
      return ties_first_in_first_out(resolved) ? bfs_order_broken(task, tree) : std::nullopt;
    case Algorithm::Dfs:
    case Algorithm::Dls:
      return ties_newest_first(resolved) ? depth_first_order_broken(task, tree) : std::nullopt;
    case Algorithm::Ucs:
    case Algorithm::Greedy:
    case Algorithm::Astar: return priority_order_broken(task, tree);
    case Algorithm::Iddfs:
    case Algorithm::Idastar: return round_order_broken(task, resolved, tree);
    default: return std::nullopt;
  }
}

}  // namespace tile
