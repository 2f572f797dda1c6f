// The frontier's order, checked expansion by expansion on the student's observed tree (issue 33
// part 2), for each algorithm whose frontier a correct run of any style keeps visibly: the
// breadth-first queue (invariants.h), the priority queues of uniform-cost, greedy and A*, and the
// depth-first stack. A violation is claimed only where no tie order, no duplicate policy, no
// lazy deletion of stale entries and no recursion explains the step: every bound below is the
// loosest any correct run allows, so a correct run in another style is never named.
//
// Iterative deepening and IDA* are read round by round under a floor of each round's bound
// (round_order.h): the bound is not in the record, and a board cut off at it looks the same as
// one skipped by mistake.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/observed_tree.h"
#include "grader/spec/assignment.h"

namespace tile {

// What the run allows of one cost (g, or the depth) of the node an expansion popped. A board
// generated several times may have been pushed with each of those costs (which ones depends on
// the duplicate policy and on which entry a heap pops first), so the least and the most of them;
// the start's own entry costs 0. `known` is false when no generation of it starts from a known
// cost (a board the script made itself).
struct CostBounds {
  std::int64_t least = 0;
  std::int64_t most = 0;
  bool known = false;

  bool exact() const { return known && least == most; }
};

struct ObservedCosts {
  std::vector<CostBounds> expansion;         // per expansion, 0-based: the popped node's cost
  std::vector<CostBounds> first_generation;  // per node: the cost its first generation gave it
};

// `unit`: every move costs 1 (the depth); otherwise the step costs of `cost`.
ObservedCosts observed_costs(const ObservedTree& tree, CostModel cost, bool unit);

// "frontier-not-least-g" (uniform-cost), "frontier-not-least-h" (greedy), "frontier-not-least-f"
// (A*): at the first expansion of a board whose key is certainly above that of a board first
// generated earlier and never expanded since. A board never expanded is on the frontier under
// every duplicate policy (its first generation was pushed, and no pop removed it: a pop that is
// not an expansion is only a closed board's, or the goal's, which ends the search), and its
// waiting key is at most its first generation's; the expanded board's is at least the least
// of its generations'. Nothing under a depth limit, which keeps deep children off the frontier.
std::optional<Diagnosis> priority_order_broken(const Task& task, const ObservedTree& tree);

// "frontier-not-newest-first": depth-first search (and depth-limited search) expands next a
// child of the board it has just expanded whenever that expansion generated a board never seen
// before (any policy pushes it, and it is on top of every older entry; recursion goes into a
// child before it returns). Named at the first expansion that is no child of the previous one
// although the previous one generated such a board within the depth limit.
std::optional<Diagnosis> depth_first_order_broken(const Task& task, const ObservedTree& tree);

// Whether the frontier's ties (resolved semantics) go first in, first out, or newest first
// (lifo, or parent-lifo: the children of the board expanded last come out first).
bool ties_first_in_first_out(const ResolvedSemantics& resolved);
bool ties_newest_first(const ResolvedSemantics& resolved);

// The frontier-order check of the task's algorithm (the breadth-first one of invariants.h
// included), or nothing for one it cannot check: a breadth-first frontier whose ties are not
// first in, first out, a depth-first one (or a round's) whose ties are not newest first.
std::optional<Diagnosis> frontier_order_broken(const Task& task, const ObservedTree& tree);

}  // namespace tile
