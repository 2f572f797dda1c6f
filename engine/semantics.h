// Semantics: every choice that changes a path or a count, as one value type.
//
// This is the single documented options block of the engine (as RE2's Options): the same field
// names and value spellings are used in code, in assignment JSON, in `--semantics` files, in reports
// and in the README. Fields left unset take the per-algorithm default from resolve(), so a file only
// names what differs from the modern textbook choice.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"

namespace tile {

enum class Algorithm {
  Bfs, Dfs, Dls, Iddfs, Ucs, Greedy, Astar, WeightedAstar, Idastar,
};
inline constexpr std::array<Algorithm, 9> kAllAlgorithms = {
    Algorithm::Bfs,   Algorithm::Dfs,    Algorithm::Dls,   Algorithm::Iddfs,        Algorithm::Ucs,
    Algorithm::Greedy, Algorithm::Astar, Algorithm::WeightedAstar, Algorithm::Idastar};

// Algorithms whose frontier is a stack (deepest node first); the others are priority queues.
bool is_depth_first(Algorithm algorithm);
bool uses_heuristic(Algorithm algorithm);

// OnGenerateNotStart: children are tested when generated and the start never is (students who
// test only the children: a search started at the goal wanders off).
enum class GoalTest { OnPop, OnGenerate, OnGenerateNotStart };

enum class Duplicates {
  OnPush,           // marked when first pushed; marked children never pushed; every pop expands
  ClosedOnPop,      // popped state already closed is skipped; closed children are not pushed
  VisitedOnPop,     // recorded after its goal test, never skipped; visited children not pushed
  ReopenIfCheaper,  // best g per state; pushed when unseen or cheaper; pops expand with best g
  None,             // tree search
  // AIMA's graph search for uniform-cost and A*: closed on pop, and each state on the frontier at
  // most once; a child of lower priority replaces its state's frontier entry (decrease-key).
  ReplaceIfCheaper,
};

// What happens to a node that sits exactly at the depth limit when it is popped.
enum class AtDepthLimit {
  Expand,  // expanded as any other node; its children, too deep, are generated and dropped
  CutOff,  // goal-tested (on pop) and nothing more: AIMA's recursive depth-limited search
};

// What bounds the rounds of idastar. f: Korf's IDA*, a child with g + h above the bound is not
// pushed, and the next bound is the smallest such f. depth: rounds of depth-limited search (f
// never prunes) whose limit starts at h(start) and jumps to the smallest g + h the limit cut off.
enum class RoundBound { F, Depth };

// Which children are dropped for repeating a state of their own path.
enum class CycleCheck {
  None,
  ReverseMove,  // the move that undoes the previous one is never generated (Korf's IDA*)
  Path,         // a child whose state is on the path from the root is generated, then dropped
};

enum class PushOrder { Forward, Reverse };

enum class TieKey { Fifo, Lifo, Action, State, Path, ParentLifo, HLow, GHigh, GLow };

// BinaryHeap: the textbook binary heap (CLRS's MIN-HEAP-INSERT and HEAP-EXTRACT-MIN with
// MIN-HEAPIFY), comparing only the priority and the listed keys, as a student writes it by hand.
enum class QueueKind { Stable, PythonHeapq, BinaryHeap };

enum class CostModel { Unit, Tile };

enum class CountKind {
  Expanded, Popped, Generated, Discovered, Pushed, GoalTests, Built, ExpandedBelowLimit,
};

struct Semantics {
  std::array<Move, kMoveCount> action_order = {Move::Up, Move::Down, Move::Left, Move::Right};
  GoalTest goal_test = GoalTest::OnPop;
  std::optional<Duplicates> duplicates;  // unset: on-push for bfs/dfs/dls/iddfs, none for
                                         // idastar, closed-on-pop for the others
  std::optional<PushOrder> push_order;   // unset: reverse for stack algorithms, forward otherwise
  std::optional<int> depth_limit;        // nodes deeper than this are not pushed
  AtDepthLimit at_depth_limit = AtDepthLimit::Expand;
  RoundBound round_bound = RoundBound::F;  // idastar only
  // Unset: ["lifo"] for stack algorithms, ["fifo"] otherwise. An empty list is meaningful with
  // python-heapq: the heap compares the priority alone (seed 001's A*).
  std::optional<std::vector<TieKey>> tie_break;
  QueueKind queue = QueueKind::Stable;
  CostModel cost = CostModel::Unit;
  CountKind count = CountKind::Expanded;
  // Unset: reverse-move for idastar (Korf's IDA* never generates the move that undoes the one that
  // led to a node), none for every other algorithm (the seeds all regenerate the parent).
  std::optional<CycleCheck> cycle_check;

  bool operator==(const Semantics&) const = default;
};

// Semantics with every optional field filled in with the default for this algorithm.
Semantics resolve(Semantics semantics, Algorithm algorithm);

// Names as used in JSON, CLI flags and reports.
std::string_view algorithm_name(Algorithm value);
std::string_view goal_test_name(GoalTest value);
std::string_view duplicates_name(Duplicates value);
std::string_view push_order_name(PushOrder value);
std::string_view tie_key_name(TieKey value);
std::string_view queue_name(QueueKind value);
std::string_view cost_name(CostModel value);
std::string_view count_name(CountKind value);
std::string_view at_depth_limit_name(AtDepthLimit value);
std::string_view cycle_check_name(CycleCheck value);
std::string_view round_bound_name(RoundBound value);
std::string action_order_name(const std::array<Move, kMoveCount>& order);

// Parsers return an error that names the field, the bad value and the accepted values.
Result<Algorithm> parse_algorithm(std::string_view text);
Result<GoalTest> parse_goal_test(std::string_view text);
Result<Duplicates> parse_duplicates(std::string_view text);
Result<PushOrder> parse_push_order(std::string_view text);
Result<TieKey> parse_tie_key(std::string_view text);
Result<QueueKind> parse_queue(std::string_view text);
Result<CostModel> parse_cost(std::string_view text);
Result<CountKind> parse_count(std::string_view text);
Result<AtDepthLimit> parse_at_depth_limit(std::string_view text);
Result<CycleCheck> parse_cycle_check(std::string_view text);
Result<RoundBound> parse_round_bound(std::string_view text);
Result<std::array<Move, kMoveCount>> parse_action_order(std::string_view text);

// One line per field, `name: value`, for reports and `solve` output.
std::string describe(const Semantics& semantics);

}  // namespace tile
