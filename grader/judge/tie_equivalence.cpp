#include "grader/judge/tie_equivalence.h"

#include <algorithm>

namespace tile {

namespace {

bool is_arrival_key(TieKey key) { return key == TieKey::Fifo || key == TieKey::Lifo; }

// Keys that compare two entries by their g, their h or their board only: never by the move that
// made them, their path or their parent's place.
bool reads_node_only(TieKey key) {
  return key == TieKey::HLow || key == TieKey::GHigh || key == TieKey::GLow ||
         key == TieKey::State;
}

// The first key of the chain that is neither g, h nor the board, under a stable queue (which
// ends every chain in fifo): fifo, lifo, or another key (action, path, parent-lifo).
std::optional<TieKey> first_order_key(const ResolvedSemantics& semantics) {
  for (TieKey key : semantics.tie_break) {
    if (!reads_node_only(key)) return key;
  }
  if (semantics.queue == QueueKind::Stable) return TieKey::Fifo;
  return std::nullopt;
}

bool is_best_first_by_g(Algorithm algorithm) {
  return algorithm == Algorithm::Ucs || algorithm == Algorithm::Astar ||
         algorithm == Algorithm::WeightedAstar;
}

// Two children of one node never tie on the priority: under tile costs their moves cost the
// numbers of two different tiles. UCS: g differs by them. Weighted A* (w > 1) with tile-cost
// Manhattan: moving tile k changes h by exactly k, up or down, so the priority g + w h moves by
// k(1 + w) or k(1 - w), the first positive and the second negative: equal only for equal k.
bool siblings_never_tie(const Task& task, const ResolvedSemantics& base) {
  if (base.cost != CostModel::Tile) return false;
  if (task.algorithm == Algorithm::Ucs) return true;
  return task.algorithm == Algorithm::WeightedAstar && task.heuristic &&
         *task.heuristic == "manhattan-tile-cost" &&
         task.weight.numerator > task.weight.denominator;
}

// The variant differs from `base` only where `same` says it may: the fields `same` resets to
// base's are the only ones that differ.
template <class Reset>
bool differs_only_in(const ResolvedSemantics& base, const Variant& variant, Reset reset) {
  ResolvedSemantics same = variant.semantics;
  reset(same);
  return same == base && !(variant.semantics == base);
}

// The action order or the push order changed. Children of one node arrive together, after every
// entry pushed before their parent was expanded and before every entry pushed after: reordering
// them changes only how they compare with each other, and they never tie on the priority, so the
// chain's keys on g, h and the board, then the order of arrival, give every pop as before.
bool arrival_order_is_free(const Task& task, const ResolvedSemantics& base,
                           const Variant& variant) {
  const bool only_order = differs_only_in(base, variant, [&](ResolvedSemantics& same) {
    same.action_order = base.action_order;
    same.push_order = base.push_order;
  });
  const auto order_key = first_order_key(base);
  return only_order && siblings_never_tie(task, base) && base.goal_test == GoalTest::OnPop &&
         base.queue == QueueKind::Stable && order_key && is_arrival_key(*order_key);
}

// Another kind of priority queue, where the chain ends in the order of arrival: no two entries
// ever compare equal, so every correct priority queue pops the same entry.
bool queue_is_free(const ResolvedSemantics& base, const Variant& variant) {
  const bool only_queue = differs_only_in(base, variant, [&](ResolvedSemantics& same) {
    same.queue = base.queue;
  });
  const std::vector<TieKey>& keys = base.tie_break;
  const bool total = std::any_of(keys.begin(), keys.end(), is_arrival_key);
  return only_queue && total && base.queue == QueueKind::Stable;
}

// closed-on-pop and replace-if-cheaper, in a best-first search by g + w h (w >= 0) with the goal
// tested when popped, ties broken by g, h or the board, then first in, first out, and the
// expansions counted. Two entries of one board have one h, so the first of them to pop is the
// cheapest, the first pushed among the cheapest; replace-if-cheaper keeps exactly that entry (it
// replaces only on a strictly lower priority), pushed at the same moment. Both close the board
// when it pops and push no child onto a closed board. The entries closed-on-pop keeps besides are
// skipped when they pop, which changes pops and pushes, not expansions, their order or the path.
bool same_duplicate_policy(const Task& task, const ResolvedSemantics& base,
                           const Variant& variant) {
  const auto pair = [&](Duplicates a, Duplicates b) {
    return (base.duplicates == a && variant.semantics.duplicates == b) ||
           (base.duplicates == b && variant.semantics.duplicates == a);
  };
  const bool only_duplicates = differs_only_in(base, variant, [&](ResolvedSemantics& same) {
    same.duplicates = base.duplicates;
  });
  const auto order_key = first_order_key(base);
  const bool counts_expansions = !task.checks.count || base.count == CountKind::Expanded;
  return only_duplicates && pair(Duplicates::ClosedOnPop, Duplicates::ReplaceIfCheaper) &&
         is_best_first_by_g(task.algorithm) && base.goal_test == GoalTest::OnPop &&
         base.queue == QueueKind::Stable && order_key == TieKey::Fifo && counts_expansions &&
         !base.depth_limit;
}

// Weighted A* (w > 1) with tile-cost Manhattan, the goal tested when a child is generated instead
// of when it is popped, the expansions counted. Both expand alike until a node p first generates
// the goal. p is one move (of tile k, cost k) from the goal, so only tile k is off its cell, by
// one: h(p) = k, and p popped with priority g + w k, at most every other entry's. The
// goal child has g + k, strictly less (w > 1); each sibling moves another tile j off its cell,
// g + j + w (k + j), more. So the goal pops next: the same expansions, order and path.
bool goal_found_next(const Task& task, const ResolvedSemantics& base, const Variant& variant) {
  const bool only_goal_test = differs_only_in(base, variant, [&](ResolvedSemantics& same) {
    same.goal_test = base.goal_test;
  });
  const bool counts_expansions = !task.checks.count || base.count == CountKind::Expanded;
  return only_goal_test && base.goal_test == GoalTest::OnPop &&
         variant.semantics.goal_test == GoalTest::OnGenerate &&
         task.algorithm == Algorithm::WeightedAstar && siblings_never_tie(task, base) &&
         counts_expansions && !base.depth_limit;
}

// What the priority is, where it is one value the tie keys also read: g (UCS, and A* with the
// zero heuristic, where every h is 0), or h (greedy best-first).
enum class PriorityIs { Other, G, H };

PriorityIs priority_of(const Task& task) {
  if (task.algorithm == Algorithm::Ucs) return PriorityIs::G;
  if (task.algorithm == Algorithm::Greedy) return PriorityIs::H;
  const bool zero_h = task.heuristic && *task.heuristic == "zero";
  if (zero_h && (task.algorithm == Algorithm::Astar ||
                 task.algorithm == Algorithm::WeightedAstar)) {
    return PriorityIs::G;
  }
  return PriorityIs::Other;
}

// A tie key on what the priority already orders by: entries tied on the priority are equal on
// it too. Where the priority is g there is no h apart from 0, so a key on h is one as well.
bool orders_like_priority(PriorityIs priority, TieKey key) {
  if (priority == PriorityIs::G) {
    return key == TieKey::GHigh || key == TieKey::GLow || key == TieKey::HLow;
  }
  return priority == PriorityIs::H && key == TieKey::HLow;
}

// Such keys added to the chain or taken out of it, anywhere: the frontier compares two entries by
// the priority first, and where that ties, the key ties too and hands the comparison on to the
// next key, so every comparison gives what it gave without the key, in every kind of queue (a
// binary heap compares the same pairs with the same outcomes), and every pop is as before.
bool inert_tie_key(const Task& task, const ResolvedSemantics& base, const Variant& variant) {
  const PriorityIs priority = priority_of(task);
  if (priority == PriorityIs::Other) return false;
  const auto without_inert = [&](std::vector<TieKey> keys) {
    std::erase_if(keys, [&](TieKey key) { return orders_like_priority(priority, key); });
    return keys;
  };
  const bool only_keys = differs_only_in(base, variant, [&](ResolvedSemantics& same) {
    same.tie_break = base.tie_break;
  });
  return only_keys && without_inert(variant.semantics.tie_break) == without_inert(base.tie_break);
}

}  // namespace

std::optional<std::string> tie_equivalence_reason(const Task& task, const ResolvedSemantics& base,
                                                  const Variant& variant) {
  if (variant.algorithm != task.algorithm || variant.counter_only || variant.count_offset) {
    return std::nullopt;
  }
  if (task.algorithm == Algorithm::WeightedAstar &&
      variant.weight.numerator * task.weight.denominator !=
          task.weight.numerator * variant.weight.denominator) {
    return std::nullopt;
  }
  if (arrival_order_is_free(task, base, variant)) {
    return task.algorithm == Algorithm::Ucs
               ? "under tile costs two children of one node cost two different tiles, so they "
                 "never tie on g: the order they are made or pushed in decides no pop"
               : "with tile-cost Manhattan and w > 1, moving tile k changes g + w h by k(1 + w) "
                 "or k(1 - w), so two children of one node never tie on the priority: the order "
                 "they are made or pushed in decides no pop";
  }
  if (queue_is_free(base, variant)) {
    return "ties end in the order of arrival, so no two entries are ever equal and every correct "
           "priority queue pops the same entry";
  }
  if (same_duplicate_policy(task, base, variant)) {
    return "two entries of one board share h, so the first to pop is the cheapest, the first "
           "pushed among equals: the very entry replace-if-cheaper keeps; the others are skipped "
           "as closed, which changes pops, not expansions, their order or the path";
  }
  if (goal_found_next(task, base, variant)) {
    return "with tile-cost Manhattan and w > 1, the node that first generates the goal is one "
           "move of tile k from it, so its priority is g + w k while the goal child's is g + k, "
           "below every entry on the frontier: it pops next, whether tested then or when made";
  }
  if (inert_tie_key(task, base, variant)) {
    const std::string name(algorithm_name(task.algorithm));
    if (priority_of(task) == PriorityIs::H) {
      return name + " orders by h, so entries tied on the priority are tied on h too: a tie "
                    "broken by h decides no pop";
    }
    if (task.algorithm == Algorithm::Ucs) {
      return "ucs orders by g and has no h, so entries tied on the priority tie on this key too";
    }
    return name + " with the zero heuristic orders by g and every h is 0, so entries tied on the "
                  "priority tie on this key too";
  }
  return std::nullopt;
}

}  // namespace tile
