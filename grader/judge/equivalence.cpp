#include "grader/judge/equivalence.h"

#include <algorithm>
#include <array>
#include <string>

#include "grader/judge/tie_equivalence.h"

namespace tile {

namespace {

// The built-in heuristics that count moves never drop by more than one per move and are 0 at the
// goal, so they are consistent under unit and tile costs alike (every move costs at least 1).
// manhattan-tile-cost changes by exactly k when tile k moves (one tile's distance, by one), which
// is that move's cost under tile costs: consistent there, and only there.
bool consistent_heuristic(const Task& task) {
  if (!task.heuristic) return false;
  const std::string& name = *task.heuristic;
  // The instructor's own Lua heuristic: consistent where the assignment says so (validate checks
  // it on the tests, grader/spec/heuristic_consistency.h).
  if (name.ends_with(".lua")) return task.heuristic_consistent;
  if (name == "manhattan-tile-cost") return task.semantics.cost == CostModel::Tile;
  return name == "manhattan" || name == "misplaced" || name == "zero" || name == "linear-conflict";
}

// A consistent built-in that is at least 1 on every board but the goal (a board off the goal has a
// tile out of place): not zero, and not a Lua heuristic, of which only consistency is declared.
bool consistent_and_positive_off_goal(const Task& task) {
  return consistent_heuristic(task) && *task.heuristic != "zero" &&
         !task.heuristic->ends_with(".lua");
}

// The variant runs the task's algorithm, with the task's weight where the algorithm has one: a
// weighted A* with another weight (weight-on-g) is another search whatever its semantics.
bool same_algorithm(const Task& task, const Variant& variant) {
  if (variant.algorithm != task.algorithm) return false;
  if (task.algorithm != Algorithm::WeightedAstar) return true;
  return variant.weight.numerator * task.weight.denominator ==
         task.weight.numerator * variant.weight.denominator;
}

bool reads_g(const Variant& variant) {
  const Algorithm algorithm = variant.algorithm;
  if (algorithm == Algorithm::Ucs || algorithm == Algorithm::Astar ||
      algorithm == Algorithm::WeightedAstar || algorithm == Algorithm::Idastar) {
    return true;
  }
  if (variant.semantics.duplicates == Duplicates::ReopenIfCheaper) return true;
  for (TieKey key : variant.semantics.tie_break) {
    if (key == TieKey::GHigh || key == TieKey::GLow) return true;
  }
  return false;
}

// A* (or UCS) with a consistent heuristic, the goal tested when popped and no state closed before
// it is popped, returns optimal paths whatever its order among equal priorities.
bool keeps_optimal_paths(const Task& task, const Variant& variant) {
  const ResolvedSemantics& s = variant.semantics;
  const bool best_first = variant.algorithm == Algorithm::Ucs ||
                          (variant.algorithm == Algorithm::Astar && consistent_heuristic(task));
  return best_first && s.goal_test == GoalTest::OnPop && s.duplicates != Duplicates::OnPush &&
         s.cost == task.semantics.cost && !s.depth_limit;
}

// Unit-cost A* with a consistent heuristic that is at least 1 on every board but the goal (the
// built-in ones but zero: a board off the goal has a tile out of place), whose reference keeps
// optimal paths, with the goal tested when a child is generated instead of when it is popped.
// Every node it pops has g + h <= C*, the optimal cost (until the goal is reached a node of an
// optimal path with f <= C* is on the frontier), so a goal child of a popped node n costs
// g(n) + 1 <= g(n) + h(n) <= C*: optimal too. It pops a prefix of the reference's pops, so it
// never needs more expansions either. The start is tested under both.
bool goal_on_generate_stays_optimal(const Task& task, const Variant& variant) {
  const ResolvedSemantics& base = task.semantics;
  ResolvedSemantics on_pop = variant.semantics;
  on_pop.goal_test = GoalTest::OnPop;
  const bool positive_off_goal = consistent_and_positive_off_goal(task);
  return task.algorithm == Algorithm::Astar && variant.algorithm == Algorithm::Astar &&
         base.goal_test == GoalTest::OnPop &&
         variant.semantics.goal_test == GoalTest::OnGenerate && on_pop == base &&
         base.cost == CostModel::Unit && positive_off_goal &&
         keeps_optimal_paths(task, reference_variant(task));
}

// Whether any node of the task's search can be at a depth limit: a depth-limited search, each
// round of iddfs, each round of idastar by depth, or any search with a depth_limit. idastar by f
// bounds g + h instead, and without a depth_limit no node is ever at a depth limit.
bool has_depth_limit(const Task& task, const ResolvedSemantics& base) {
  return base.depth_limit || task.algorithm == Algorithm::Dls ||
         task.algorithm == Algorithm::Iddfs ||
         (task.algorithm == Algorithm::Idastar && base.round_bound == RoundBound::Depth);
}

// The variant is the task's own search (same algorithm, same semantics) but for the goal tested
// when a child is generated instead of when it is popped, and the checks see the expansions at
// most: the count, where checked, counts expansions, not the pops or goal tests that differ.
bool goal_test_moved_to_generate(const Task& task, const ResolvedSemantics& base,
                                 const Variant& variant) {
  ResolvedSemantics on_pop = variant.semantics;
  on_pop.goal_test = GoalTest::OnPop;
  const bool counts_expansions = !task.checks.count || base.count == CountKind::Expanded ||
                                 base.count == CountKind::ExpandedBelowLimit;
  return same_algorithm(task, variant) && base.goal_test == GoalTest::OnPop &&
         variant.semantics.goal_test == GoalTest::OnGenerate && on_pop == base &&
         counts_expansions;
}

// iddfs, a tree search (duplicates none) cutting off the nodes at each round's limit, tested for
// the goal when a child is generated instead of when it is popped. The goal is first reached in
// the round whose limit is its depth d, and there at depth d exactly: no shallower path exists.
// Until a node p generates it, both searches expand the same nodes in the same order. Tested on
// generation, the search stops as p is expanded; tested on pop, it pops p's children first in the
// same order, and every child popped before the goal is at the limit: goal-tested, cut off, never
// expanded. So both expand the same nodes in the same order and return the same path; only pops
// and goal tests differ, which an expansion count does not see. (In one depth-limited search the
// goal may lie above the limit, where a sibling popped before it is expanded: not equivalent.)
bool iddfs_goal_on_generate_same(const Task& task, const Variant& variant) {
  const ResolvedSemantics& base = task.semantics;
  return task.algorithm == Algorithm::Iddfs && goal_test_moved_to_generate(task, base, variant) &&
         base.at_depth_limit == AtDepthLimit::CutOff && base.duplicates == Duplicates::None;
}

// idastar by f, a tree search with unit costs and a consistent h of at least 1 off the goal, tested
// for the goal when a child is generated instead of when it is popped. A node next to the goal has
// h = 1, so f >= C* (the optimal cost): no round with a bound below C* expands one, and the goal is
// first generated in the round bounded by C*. There, a node p generating it has g = C* - 1, and its
// other children have f = C* + h > C*: pruned, never pushed. Tested on pop, the goal child is the
// only child pushed and is popped next. Both expand the same nodes in the same order and return
// the same path; only pops and goal tests differ.
bool idastar_goal_on_generate_same(const Task& task, const Variant& variant) {
  const ResolvedSemantics& base = task.semantics;
  return task.algorithm == Algorithm::Idastar && goal_test_moved_to_generate(task, base, variant) &&
         base.round_bound == RoundBound::F && !base.depth_limit &&
         base.cost == CostModel::Unit && base.duplicates == Duplicates::None &&
         consistent_and_positive_off_goal(task);
}

// idastar by f with Manhattan distance and unit costs, its bound raised by two each round instead
// of to the smallest f the round cut off (or the other way round). Every move changes g by one and
// h by exactly one, so every f has the parity of h(start), and so has every bound. A node cut off
// has f above the bound; its parent, not cut off, has f at most the bound, of the same parity, and
// at most 2 below its child's: the parent's f is the bound and the child's the bound plus two.
// The smallest f cut off is always the bound plus two, so both raise the bound alike.
bool idastar_plus_two_is_next_f(const Task& task, const Variant& variant) {
  const ResolvedSemantics& base = task.semantics;
  const RoundGrowth mine = base.round_growth;
  const RoundGrowth theirs = variant.semantics.round_growth;
  const bool the_pair = (mine == RoundGrowth::NextF && theirs == RoundGrowth::PlusTwo) ||
                        (mine == RoundGrowth::PlusTwo && theirs == RoundGrowth::NextF);
  ResolvedSemantics same = variant.semantics;
  same.round_growth = mine;
  return task.algorithm == Algorithm::Idastar && same_algorithm(task, variant) && the_pair &&
         same == base && base.round_bound == RoundBound::F && !base.depth_limit &&
         base.cost == CostModel::Unit && task.heuristic && *task.heuristic == "manhattan";
}

// Whether the two action orders put the legal moves of every blank cell in the same order (on a
// board of two rows, Up and Down are never both legal, so UDLR and DULR are the same search).
bool same_successor_order(const Board& goal, const std::array<Move, kMoveCount>& a,
                          const std::array<Move, kMoveCount>& b) {
  for (int cell = 0; cell < goal.cells(); ++cell) {
    const int row = cell / goal.shape.cols;
    const int col = cell % goal.shape.cols;
    auto legal = [&](Move move) {
      switch (move) {
        case Move::Up: return row > 0;
        case Move::Down: return row < goal.shape.rows - 1;
        case Move::Left: return col > 0;
        case Move::Right: return col < goal.shape.cols - 1;
      }
      return false;
    };
    std::vector<Move> in_a;
    std::vector<Move> in_b;
    for (Move move : a) {
      if (legal(move)) in_a.push_back(move);
    }
    for (Move move : b) {
      if (legal(move)) in_b.push_back(move);
    }
    if (in_a != in_b) return false;
  }
  return true;
}

// The semantics with what cannot matter under a total order of the frontier set aside: the order
// children are made and pushed in, the queue's kind, and the tie keys after "state".
ResolvedSemantics without_arrival_order(ResolvedSemantics semantics) {
  semantics.action_order = {Move::Up, Move::Down, Move::Left, Move::Right};
  semantics.push_order = PushOrder::Forward;
  semantics.queue = QueueKind::Stable;
  std::vector<TieKey>& keys = semantics.tie_break;
  const auto state = std::find(keys.begin(), keys.end(), TieKey::State);
  if (state != keys.end()) keys.erase(state + 1, keys.end());
  return semantics;
}

// A frontier ordered by priority then by the board itself (keys before "state" that read only g
// or h), where no two entries ever hold the same board at the same priority (each board pushed
// once, or again only when cheaper), pops in one order whatever the order of arrival.
bool frontier_totally_ordered(const ResolvedSemantics& semantics) {
  if (semantics.goal_test != GoalTest::OnPop) return false;  // on generate, child order counts
  if (semantics.duplicates != Duplicates::OnPush &&
      semantics.duplicates != Duplicates::ReopenIfCheaper) {
    return false;
  }
  for (TieKey key : semantics.tie_break) {
    if (key == TieKey::State) return true;
    if (key != TieKey::HLow && key != TieKey::GHigh && key != TieKey::GLow) return false;
  }
  return false;
}

// Breadth-first search by depth with a FIFO queue, the goal tested when popped: marking states
// on push, skipping closed ones on pop, or reopening cheaper ones (never, at unit cost in depth
// order) expand the same boards in the same order and keep the same parents; only the number of
// pops and pushes differs.
bool same_breadth_first(const Task& task, const ResolvedSemantics& base,
                        const ResolvedSemantics& variant) {
  auto plain = [](Duplicates policy) {
    return policy == Duplicates::OnPush || policy == Duplicates::ClosedOnPop ||
           policy == Duplicates::ReopenIfCheaper;
  };
  ResolvedSemantics same = variant;
  same.duplicates = base.duplicates;
  const bool pops_differ = base.duplicates == Duplicates::ClosedOnPop ||
                           variant.duplicates == Duplicates::ClosedOnPop;
  const bool counts_pops = task.checks.count && (base.count == CountKind::Popped ||
                                                 base.count == CountKind::Pushed);
  return task.algorithm == Algorithm::Bfs && same == base && base.cost == CostModel::Unit &&
         base.goal_test == GoalTest::OnPop && base.queue == QueueKind::Stable &&
         !base.tie_break.empty() && base.tie_break.front() == TieKey::Fifo &&
         plain(base.duplicates) && plain(variant.duplicates) && !(pops_differ && counts_pops);
}

// Children pushed in reverse, generated in the reverse order: the frontier receives every node's
// children in the same order, so the two are one search. Not when a tie key reads the action order
// (the move's rank, the paths' moves), nor with the goal tested on generate (the siblings made
// before a goal child, and so the counts, depend on the order).
bool same_arrival_order(const ResolvedSemantics& base, const ResolvedSemantics& variant) {
  std::array<Move, kMoveCount> reversed = base.action_order;
  std::reverse(reversed.begin(), reversed.end());
  ResolvedSemantics same = variant;
  same.push_order = base.push_order;
  same.action_order = base.action_order;
  const std::vector<TieKey>& keys = base.tie_break;
  const bool reads_order = std::find(keys.begin(), keys.end(), TieKey::Action) != keys.end() ||
                           std::find(keys.begin(), keys.end(), TieKey::Path) != keys.end();
  return same == base && variant.push_order != base.push_order &&
         variant.action_order == reversed && !reads_order && base.goal_test == GoalTest::OnPop;
}


// Another counter returned where no test can see it: the count is not checked, or the two
// counters are one under the task's semantics.
std::optional<std::string> same_count(const Task& task, const ResolvedSemantics& base,
                                      const Variant& variant) {
  // A count one too high (count_offset) is a counting mistake too: no test sees it where the
  // count is not checked.
  if (!variant.counter_only && !variant.count_offset) return std::nullopt;
  if (!task.checks.count) return "this task does not check the count";
  auto is_pair = [&](CountKind a, CountKind b) {
    return (base.count == a && variant.semantics.count == b) ||
           (base.count == b && variant.semantics.count == a);
  };
  if (!has_depth_limit(task, base) && is_pair(CountKind::Expanded, CountKind::ExpandedBelowLimit)) {
    return "without a depth limit every expansion is above it: the same count";
  }
  if (task.algorithm == Algorithm::Bibfs) {
    // bibfs has its own loop: its goal tests are meeting tests, and it builds no child twice.
    if (is_pair(CountKind::Generated, CountKind::Built)) {
      return "bibfs builds each successor once, as it generates it: the same count";
    }
    if (base.meet_test == MeetTest::OnGenerate && is_pair(CountKind::Expanded, CountKind::Popped)) {
      return "meeting on generate, bibfs expands every node it pops: the same count";
    }
    return std::nullopt;
  }
  if (base.at_depth_limit == AtDepthLimit::CutOff &&
      is_pair(CountKind::Expanded, CountKind::ExpandedBelowLimit)) {
    return "a node at the depth limit is cut off, never expanded: every expansion is above it, "
           "the same count";
  }
  // The loop tests every pop it does not skip, and only closed-on-pop skips any.
  if (base.goal_test == GoalTest::OnPop && base.duplicates != Duplicates::ClosedOnPop &&
      is_pair(CountKind::Popped, CountKind::GoalTests)) {
    return "the goal is tested at every pop and no pop is skipped: the same count";
  }
  if (base.goal_test == GoalTest::OnPop && is_pair(CountKind::Generated, CountKind::Built)) {
    return "the goal is tested when popped, so every successor built is generated: the same count";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> equivalence_reason(const Task& task, const Variant& variant) {
  const ResolvedSemantics& base = task.semantics;
  if (auto reason = same_count(task, base, variant)) return reason;
  if (variant.semantics.cost != base.cost && same_algorithm(task, variant) &&
      !reads_g(variant)) {
    return std::string(algorithm_name(task.algorithm)) +
           " never reads step costs here, and the checks count a path's cost with the task's "
           "cost model: the same path, count and order under either cost";
  }
  if (same_algorithm(task, variant) && !has_depth_limit(task, base)) {
    ResolvedSemantics same = variant.semantics;
    same.at_depth_limit = base.at_depth_limit;
    if (same == base && variant.semantics.at_depth_limit != base.at_depth_limit) {
      return std::string(algorithm_name(task.algorithm)) +
             " has no depth limit here (no depth_limit, and no rounds by depth), so no node is "
             "ever at one for at_depth_limit to act on: the same search";
    }
  }
  if (idastar_goal_on_generate_same(task, variant)) {
    return "with unit costs and a consistent h of at least 1 off the goal, the goal is first "
           "generated in the round bounded by the optimal cost, and there every other child of "
           "its parent has f above the bound and is never pushed: testing a child when it is "
           "generated expands the same nodes in the same order and returns the same path; only "
           "pops and goal tests differ";
  }
  if (idastar_plus_two_is_next_f(task, variant)) {
    return "with Manhattan distance and unit costs every move changes f = g + h by 0 or 2, so the "
           "smallest f a round cuts off is always its bound plus two: raising the bound by two is "
           "raising it to the next f. A heuristic that can change by other than one per move (or "
           "step costs) would tell them apart";
  }
  if (iddfs_goal_on_generate_same(task, variant)) {
    return "each round cuts off the nodes at its limit, and the goal is first reached at the "
           "limit of its round: children popped before it are cut off, never expanded, so "
           "testing a child when it is generated expands the same nodes in the same order and "
           "returns the same path; only pops and goal tests differ";
  }
  if (same_algorithm(task, variant)) {
    ResolvedSemantics same = variant.semantics;
    same.action_order = base.action_order;
    if (same == base && same_successor_order(task.goal, variant.semantics.action_order,
                                             base.action_order)) {
      return "on this board's shape the two orders list the legal moves of every blank cell "
             "alike (moves along an axis of length 2 are never both legal)";
    }
    if (frontier_totally_ordered(base) && frontier_totally_ordered(variant.semantics) &&
        without_arrival_order(variant.semantics) == without_arrival_order(base)) {
      return "ties are broken by the board itself and no board is ever twice in the frontier at "
             "one priority, so the frontier pops in one order whatever order children arrive in";
    }
    if (same_arrival_order(base, variant.semantics)) {
      return "pushing the children in reverse is generating them in the reverse order: the "
             "frontier receives them in the same order either way";
    }
    if (same_breadth_first(task, base, variant.semantics)) {
      return "breadth-first by depth with a FIFO queue expands the same boards in the same order "
             "under either duplicate policy; only pops and pushes differ, which this task does "
             "not count";
    }
  }
  if (auto reason = tie_equivalence_reason(task, base, variant)) return reason;
  if (task.checks.path == PathCheck::Optimal && !task.checks.count && !task.checks.order &&
      keeps_optimal_paths(task, variant)) {
    return "only the path's optimality is checked, and this variant still returns optimal "
           "paths (best-first by g or by g + a consistent h, the goal tested when popped, no "
           "state closed before it is popped)";
  }
  if (task.checks.path == PathCheck::Optimal && !task.checks.count && !task.checks.order &&
      goal_on_generate_stays_optimal(task, variant)) {
    return "only the path's optimality is checked, and with unit costs and a consistent h of at "
           "least 1 off the goal, every node A* pops has g + h at most the optimal cost, so a goal "
           "found among its children is reached optimally too";
  }
  return std::nullopt;
}

bool same_search(const Task& task, const Variant& named, const Variant& other) {
  Task as_named = task;
  as_named.semantics = named.semantics;
  as_named.algorithm = named.algorithm;
  as_named.weight = named.weight;
  return equivalence_reason(as_named, other).has_value();
}

}  // namespace tile
