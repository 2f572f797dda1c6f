#include "grader/judge/adequacy.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <memory>
#include <set>

#include "engine/named_heuristic.h"
#include "engine/random_boards.h"
#include "engine/state_table.h"
#include "grader/judge/comparison.h"

namespace tile {

namespace {

// The built-in heuristics never drop by more than one per move and are 0 at the goal, so they are
// consistent under unit and tile costs alike (every move costs at least 1).
bool consistent_heuristic(const Task& task) {
  if (!task.heuristic) return false;
  const std::string& name = *task.heuristic;
  return name == "manhattan" || name == "misplaced" || name == "zero" || name == "linear-conflict";
}

bool reads_g(const Variant& variant) {
  const Algorithm algorithm = variant.algorithm;
  if (algorithm == Algorithm::Ucs || algorithm == Algorithm::Astar ||
      algorithm == Algorithm::WeightedAstar || algorithm == Algorithm::Idastar) {
    return true;
  }
  if (variant.semantics.duplicates == Duplicates::ReopenIfCheaper) return true;
  for (TieKey key : *variant.semantics.tie_break) {
    if (key == TieKey::GHigh || key == TieKey::GLow) return true;
  }
  return false;
}

// A* (or UCS) with a consistent heuristic, the goal tested when popped and no state closed before
// it is popped, returns optimal paths whatever its order among equal priorities.
bool keeps_optimal_paths(const Task& task, const Variant& variant) {
  const Semantics& s = variant.semantics;
  const bool best_first = variant.algorithm == Algorithm::Ucs ||
                          (variant.algorithm == Algorithm::Astar && consistent_heuristic(task));
  return best_first && s.goal_test == GoalTest::OnPop && s.duplicates != Duplicates::OnPush &&
         s.cost == resolve(task.semantics, task.algorithm).cost && !s.depth_limit;
}

// Unit-cost A* with a consistent heuristic that is at least 1 on every board but the goal (the
// built-in ones but zero: a board off the goal has a tile out of place), whose reference keeps
// optimal paths, with the goal tested when a child is generated instead of when it is popped.
// Every node it pops has g + h <= C*, the optimal cost (until the goal is reached a node of an
// optimal path with f <= C* is on the frontier), so a goal child of a popped node n costs
// g(n) + 1 <= g(n) + h(n) <= C*: optimal too. It pops a prefix of the reference's pops, so it
// never needs more expansions either. The start is tested under both.
bool goal_on_generate_stays_optimal(const Task& task, const Variant& variant) {
  const Semantics base = resolve(task.semantics, task.algorithm);
  Semantics on_pop = variant.semantics;
  on_pop.goal_test = GoalTest::OnPop;
  const bool positive_off_goal = consistent_heuristic(task) && *task.heuristic != "zero";
  return task.algorithm == Algorithm::Astar && variant.algorithm == Algorithm::Astar &&
         base.goal_test == GoalTest::OnPop &&
         variant.semantics.goal_test == GoalTest::OnGenerate && on_pop == base &&
         base.cost == CostModel::Unit && positive_off_goal &&
         keeps_optimal_paths(task, reference_variant(task));
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
Semantics without_arrival_order(Semantics semantics) {
  semantics.action_order = {Move::Up, Move::Down, Move::Left, Move::Right};
  semantics.push_order = PushOrder::Forward;
  semantics.queue = QueueKind::Stable;
  std::vector<TieKey>& keys = *semantics.tie_break;
  const auto state = std::find(keys.begin(), keys.end(), TieKey::State);
  if (state != keys.end()) keys.erase(state + 1, keys.end());
  return semantics;
}

// A frontier ordered by priority then by the board itself (keys before "state" that read only g
// or h), where no two entries ever hold the same board at the same priority (each board pushed
// once, or again only when cheaper), pops in one order whatever the order of arrival.
bool frontier_totally_ordered(const Semantics& semantics) {
  if (semantics.goal_test != GoalTest::OnPop) return false;  // on generate, child order counts
  if (semantics.duplicates != Duplicates::OnPush &&
      semantics.duplicates != Duplicates::ReopenIfCheaper) {
    return false;
  }
  for (TieKey key : *semantics.tie_break) {
    if (key == TieKey::State) return true;
    if (key != TieKey::HLow && key != TieKey::GHigh && key != TieKey::GLow) return false;
  }
  return false;
}

// Breadth-first search by depth with a FIFO queue, the goal tested when popped: marking states
// on push, skipping closed ones on pop, or reopening cheaper ones (never, at unit cost in depth
// order) expand the same boards in the same order and keep the same parents; only the number of
// pops and pushes differs.
bool same_breadth_first(const Task& task, const Semantics& base, const Semantics& variant) {
  auto plain = [](Duplicates policy) {
    return policy == Duplicates::OnPush || policy == Duplicates::ClosedOnPop ||
           policy == Duplicates::ReopenIfCheaper;
  };
  Semantics same = variant;
  same.duplicates = base.duplicates;
  const bool pops_differ = base.duplicates == Duplicates::ClosedOnPop ||
                           variant.duplicates == Duplicates::ClosedOnPop;
  const bool counts_pops = task.checks.count && (base.count == CountKind::Popped ||
                                                 base.count == CountKind::Pushed);
  return task.algorithm == Algorithm::Bfs && same == base && base.cost == CostModel::Unit &&
         base.goal_test == GoalTest::OnPop && base.queue == QueueKind::Stable &&
         !base.tie_break->empty() && base.tie_break->front() == TieKey::Fifo &&
         plain(*base.duplicates) && plain(*variant.duplicates) && !(pops_differ && counts_pops);
}

// Children pushed in reverse, generated in the reverse order: the frontier receives every node's
// children in the same order, so the two are one search. Not when a tie key reads the action order
// (the move's rank, the paths' moves), nor with the goal tested on generate (the siblings made
// before a goal child, and so the counts, depend on the order).
bool same_arrival_order(const Semantics& base, const Semantics& variant) {
  std::array<Move, kMoveCount> reversed = base.action_order;
  std::reverse(reversed.begin(), reversed.end());
  Semantics same = variant;
  same.push_order = base.push_order;
  same.action_order = base.action_order;
  const std::vector<TieKey>& keys = *base.tie_break;
  const bool reads_order = std::find(keys.begin(), keys.end(), TieKey::Action) != keys.end() ||
                           std::find(keys.begin(), keys.end(), TieKey::Path) != keys.end();
  return same == base && variant.push_order != base.push_order &&
         variant.action_order == reversed && !reads_order && base.goal_test == GoalTest::OnPop;
}

// Boards this small are few (360 on 2x3): a variant no test detects is tried on every one, and
// when none tells it apart it is equivalent by exhaustion.
constexpr int kExhaustiveCells = 6;

// Marks equivalent every undetected variant no board of the task's (small) size tells apart.
void settle_by_exhaustion(const Task& task, Heuristic* heuristic, TaskAdequacy& adequacy) {
  if (task.goal.cells() > kExhaustiveCells || adequacy.count(Detection::Undetected) == 0) return;
  std::vector<VariantAdequacy*> left;
  for (VariantAdequacy& one : adequacy.variants) {
    if (one.status == Detection::Undetected) left.push_back(&one);
  }
  const std::vector<Board> boards = every_board(task.goal);
  for (const Board& start : boards) {
    if (left.empty()) return;
    auto reference = compute_expectation(task, {"exhaustive", start, Visibility::Hidden});
    if (!reference) return;  // a board the engine cannot solve: no proof either way
    std::erase_if(left, [&](const VariantAdequacy* one) {
      return !differences(task, one->variant, start, *reference, heuristic).empty();
    });
  }
  for (VariantAdequacy* one : left) {
    one->status = Detection::Equivalent;
    one->reason = "no board of this size tells it apart: all " + std::to_string(boards.size()) +
                  " boards that can reach the goal were tried";
  }
}

}  // namespace

std::vector<Board> every_board(const Board& goal) {
  std::vector<Board> boards = {goal};
  std::set<PackedState> seen = {pack(goal)};
  for (std::size_t i = 0; i < boards.size(); ++i) {
    for (Move move : kAllMoves) {
      if (!boards[i].can_move(move)) continue;
      Board next = boards[i].moved(move);
      if (seen.insert(pack(next)).second) boards.push_back(std::move(next));
    }
  }
  return boards;
}

std::string_view detection_name(Detection detection) {
  switch (detection) {
    case Detection::Detected: return "detected";
    case Detection::Equivalent: return "equivalent";
    case Detection::Undetected: return "undetected";
  }
  return "";
}

std::size_t TaskAdequacy::count(Detection detection) const {
  return static_cast<std::size_t>(std::count_if(
      variants.begin(), variants.end(),
      [&](const VariantAdequacy& one) { return one.status == detection; }));
}

std::vector<std::string> differences(const Task& task, const Variant& variant, const Board& start,
                                     const Expectation& reference, Heuristic* heuristic) {
  const Semantics base = resolve(task.semantics, task.algorithm);
  SearchSpec spec = variant_spec(task, variant, heuristic, task.checks.order);
  // A variant that expands more than the student's budget fails the test by running out: no
  // need to follow it further.
  spec.limits.max_nodes =
      std::min<std::uint64_t>(spec.limits.max_nodes, node_cap(task.limits.search.max_expansions));
  const SearchResult result = search({start, task.goal}, spec);
  // The path's cost under the task's model; the count the variant's own counter gives.
  const Comparison differs = compare_run(Compared::by_checks(task.checks), reference,
                                         summary_of(result, start, base.cost, variant.semantics.count));
  std::vector<std::string> out;
  for (Difference difference : differs.differences) {
    out.emplace_back(difference_name(difference));
  }
  return out;
}

namespace {

// Another counter returned where no test can see it: the count is not checked, or the two
// counters are one under the task's semantics.
std::optional<std::string> same_count(const Task& task, const Semantics& base,
                                      const Variant& variant) {
  // A count one too high (count_offset) is a counting mistake too: no test sees it where the
  // count is not checked.
  if (!variant.counter_only && !variant.count_offset) return std::nullopt;
  if (!task.checks.count) return "this task does not check the count";
  auto is_pair = [&](CountKind a, CountKind b) {
    return (base.count == a && variant.semantics.count == b) ||
           (base.count == b && variant.semantics.count == a);
  };
  const bool round_limits = task.algorithm == Algorithm::Dls ||
                            task.algorithm == Algorithm::Iddfs ||
                            task.algorithm == Algorithm::Idastar;
  if (!base.depth_limit && !round_limits &&
      is_pair(CountKind::Expanded, CountKind::ExpandedBelowLimit)) {
    return "without a depth limit every expansion is above it: the same count";
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
  const Semantics base = resolve(task.semantics, task.algorithm);
  if (auto reason = same_count(task, base, variant)) return reason;
  if (variant.semantics.cost != base.cost && variant.algorithm == task.algorithm &&
      !reads_g(variant)) {
    return std::string(algorithm_name(task.algorithm)) +
           " never reads step costs here, and the checks count a path's cost with the task's "
           "cost model: the same path, count and order under either cost";
  }
  if (variant.algorithm == task.algorithm) {
    Semantics same = variant.semantics;
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

TaskAdequacy task_adequacy(const Task& task, const std::vector<const Expectation*>& expectations) {
  TaskAdequacy out;
  out.task = task.name;
  for (const TestCase& test : task.tests) {
    out.start_is_goal_tested = out.start_is_goal_tested || test.start == task.goal;
  }
  std::unique_ptr<Heuristic> heuristic;
  if (task.heuristic) {
    if (auto made = make_named_heuristic(*task.heuristic, task.goal)) heuristic = std::move(*made);
  }
  for (Variant& variant : mistake_catalogue(task)) {
    VariantAdequacy one;
    one.name = variant.code + (variant.detail.empty() ? "" : " (" + variant.detail + ")");
    one.variant = std::move(variant);
    if (auto reason = equivalence_reason(task, one.variant)) {
      one.status = Detection::Equivalent;
      one.reason = *reason;
    } else {
      for (std::size_t i = 0; i < task.tests.size() && i < expectations.size(); ++i) {
        const auto differ = differences(task, one.variant, task.tests[i].start, *expectations[i],
                                        heuristic.get());
        if (differ.empty()) continue;
        std::string what;
        for (const std::string& d : differ) what += (what.empty() ? "" : ", ") + d;
        one.detected_by.push_back(task.tests[i].name + " (" + what + ")");
      }
      one.status = one.detected_by.empty() ? Detection::Undetected : Detection::Detected;
    }
    out.variants.push_back(std::move(one));
  }
  settle_by_exhaustion(task, heuristic.get(), out);
  return out;
}

std::vector<TaskAdequacy> assignment_adequacy(const Assignment& assignment,
                                              const std::vector<Expectation>& expectations) {
  std::vector<TaskAdequacy> out;
  std::size_t next = 0;
  for (const Task& task : assignment.tasks) {
    std::vector<const Expectation*> mine;
    for (std::size_t i = 0; i < task.tests.size() && next < expectations.size(); ++i) {
      mine.push_back(&expectations[next++]);
    }
    if (task.kind == TaskKind::Search) out.push_back(task_adequacy(task, mine));
  }
  return out;
}

Suggestions suggest_tests(const Task& task, const TaskAdequacy& adequacy, std::uint64_t seed,
                          const SuggestLimits& limits) {
  const auto started = std::chrono::steady_clock::now();
  const std::size_t max_boards = limits.max_boards;
  Suggestions out;
  if (!adequacy.start_is_goal_tested) {
    out.tests.push_back({"start-is-goal", task.goal, "the goal itself", {}});
  }
  std::vector<const VariantAdequacy*> left;
  for (const VariantAdequacy& one : adequacy.variants) {
    if (one.status == Detection::Undetected) left.push_back(&one);
  }
  std::unique_ptr<Heuristic> heuristic;
  if (task.heuristic) {
    if (auto made = make_named_heuristic(*task.heuristic, task.goal)) heuristic = std::move(*made);
  }
  // Scrambles of growing depth first (small boards keep hidden tests quick), then random boards.
  constexpr int kDepths[] = {2, 4, 6, 8, 10, 12, 14, 16, 18, 20};
  constexpr std::size_t kPerDepth = 8;
  for (std::size_t tried = 0; !left.empty() && tried < max_boards; ++tried) {
    if (limits.progress) limits.progress(tried, left.size());
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() >
        limits.max_seconds) {
      out.out_of_time = true;
      break;
    }
    const std::size_t round = tried / kPerDepth;
    const std::uint64_t board_seed = seed * 1'000'003 + tried;
    Board start = task.goal;
    std::string origin;
    if (round < std::size(kDepths)) {
      start = scrambled_board(task.goal, kDepths[round], board_seed);
      origin = "scramble of " + std::to_string(kDepths[round]) + " moves, seed " +
               std::to_string(board_seed);
    } else {
      start = random_solvable_board(task.goal, board_seed);
      origin = "random board, seed " + std::to_string(board_seed);
    }
    ++out.boards_tried;
    if (start == task.goal) continue;
    TestCase test{"suggested", start, Visibility::AfterDueDate};
    auto reference = compute_expectation(task, test);
    // A board the engine cannot solve, or one whose reference search needs more than half the
    // students' expansion budget: no correct submission should come near its budget on a test.
    if (!reference || reference->counters.expanded > task.limits.search.max_expansions / 2) continue;
    SuggestedTest found{"", start, origin, {}};
    std::erase_if(left, [&](const VariantAdequacy* one) {
      if (differences(task, one->variant, start, *reference, heuristic.get()).empty()) return false;
      found.detects.push_back(one->name);
      return true;
    });
    if (found.detects.empty()) continue;
    found.name = "detects-" + found.detects.front().substr(0, found.detects.front().find(' '));
    out.tests.push_back(std::move(found));
  }
  for (const VariantAdequacy* one : left) out.still_undetected.push_back(one->name);
  return out;
}

}  // namespace tile
