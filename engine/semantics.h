// Semantics: every choice that changes a path or a count, as one value type.
//
// This is the single documented options block of the engine (as RE2's Options): the same field
// names and value spellings are used in code, in assignment JSON, in `--semantics` files, in
// reports and in docs/semantics.md. Fields left unset take the per-algorithm default from
// resolve(), so a file only names what differs from the modern textbook choice.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"

namespace tile {

enum class Algorithm {
  Bfs, Dfs, Dls, Iddfs, Ucs, Greedy, Astar, WeightedAstar, Idastar,
  Bibfs,  // bidirectional breadth-first search (engine/bidirectional.h), not the frontier loop
};
inline constexpr std::array<Algorithm, 10> kAllAlgorithms = {
    Algorithm::Bfs,   Algorithm::Dfs,    Algorithm::Dls,   Algorithm::Iddfs,        Algorithm::Ucs,
    Algorithm::Greedy, Algorithm::Astar, Algorithm::WeightedAstar, Algorithm::Idastar,
    Algorithm::Bibfs};

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
  // closed-on-pop, except that a state is closed when it is expanded, not when it is popped: a node
  // cut off at the depth limit (at_depth_limit: cut-off) stays open, so the same state reached
  // again at a shallower depth is pushed and expanded (public IDDFS code's `visited.add` after its
  // `if depth == limit` test). Without a cut-off it is closed-on-pop.
  ClosedOnExpand,
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

// How idastar's bound grows between rounds (iddfs always grows by one level). next-f: to the
// smallest f the last round cut off (round_bound depth: at least one level deeper); plus-one: by
// one each round, as students who write `bound += 1` do; plus-two: by two, as students who know
// that on the 8-puzzle with Manhattan distance every f has the parity of h(start) write. There the
// two are one search; with another heuristic or step costs, plus-two can skip the optimal bound.
enum class RoundGrowth { NextF, PlusOne, PlusTwo };

// What iddfs and idastar report: the counters added up over every round, or the last round's
// only (a counter reset at the start of each round). The trace lists every round either way.
enum class RoundsCounted { All, Last };

// on-push only: whether the start is marked when the search begins. no: it is marked only if a
// child reaches it, so it is pushed and expanded once more (public BFS code whose visited set
// starts empty).
enum class StartMarked { Yes, No };

// Which parent a path follows when a state is pushed more than once. first: each node keeps the
// parent that generated it. last: one parent per state, overwritten by every push (a `parent`
// dictionary written at each push); the path is rebuilt from the goal through each state's last
// parent until the start. Tree search (duplicates: none) keeps no table, so there it is first.
enum class ParentLink { First, Last };

// Which children are dropped for repeating a state of their own path.
enum class CycleCheck {
  None,
  ReverseMove,  // the move that undoes the previous one is never generated (Korf's IDA*)
  Path,         // a child whose state is on the path from the root is generated, then dropped
};

enum class PushOrder { Forward, Reverse };

// bibfs only: when the forward and the backward search meet. on-generate: a child just admitted
// whose state the other side has reached (AIMA's BIBF-SEARCH); on-pop: a popped node whose state
// the other side has reached, found before it is expanded.
enum class MeetTest { OnGenerate, OnPop };

// bibfs only: what the search does at its first meeting. first: stops and joins the path there;
// end-of-layer: the side that met expands (on-pop: pops and tests) the rest of its layer without
// switching sides, and the shortest joined path wins, the first found on a tie.
enum class MeetStop { First, EndOfLayer };

// bibfs only: which side expands next. alternate-node: one node each, forward first;
// alternate-layer: one whole layer each, forward first; smaller-frontier: one whole layer of the
// side whose frontier holds fewer nodes, forward on a tie.
enum class NextSide { AlternateNode, AlternateLayer, SmallerFrontier };

enum class TieKey { Fifo, Lifo, Action, State, Path, ParentLifo, HLow, GHigh, GLow };

// BinaryHeap: the textbook binary heap (CLRS's MIN-HEAP-INSERT and HEAP-EXTRACT-MIN with
// MIN-HEAPIFY), comparing only the priority and the listed keys, as a student writes it by hand.
enum class QueueKind { Stable, PythonHeapq, BinaryHeap };

// Unit and Tile are what assignments ask for. BlankCell and DestinationCell are mistakes the judge
// reproduces (a student who computes a move's cost from a cell's number instead of the tile's):
// the 1-based, row-major number of the cell the blank leaves, or of the cell it moves into.
enum class CostModel { Unit, Tile, BlankCell, DestinationCell };

// What one move costs: `tile` slides from cell `to` into the blank's cell `from` (0-based cells).
// Inline: every search loop's child asks it.
inline int cell_step_cost(CostModel cost, int tile, int from, int to) {
  switch (cost) {
    case CostModel::Unit: return 1;
    case CostModel::Tile: return tile;
    case CostModel::BlankCell: return from + 1;
    case CostModel::DestinationCell: return to + 1;
  }
  return 1;
}

enum class CountKind {
  Expanded, Popped, Generated, Discovered, Pushed, GoalTests, Built, ExpandedBelowLimit,
};

// One declaration for two types, so a field is declared once for both. Semantics is the options
// block as written (an assignment, a `--semantics` file): a field whose default depends on the
// algorithm may be left unset. ResolvedSemantics is what a search runs: the same fields with every
// default filled in by resolve(), no "unset" left, and the only semantics the engine's loop
// accepts. depth_limit stays optional in both: there it is a value ("no limit"),
// not a default still to be chosen, and resolve() never fills it.
template <bool Resolved>
struct BasicSemantics {
  // A field whose default depends on the algorithm: optional as written, plain once resolved.
  template <class T>
  using PerAlgorithm = std::conditional_t<Resolved, T, std::optional<T>>;

  std::array<Move, kMoveCount> action_order = {Move::Up, Move::Down, Move::Left, Move::Right};
  GoalTest goal_test = GoalTest::OnPop;
  // Unset: on-push for bfs/dfs/dls/iddfs, none for idastar, closed-on-pop for the others.
  PerAlgorithm<Duplicates> duplicates{};
  PerAlgorithm<PushOrder> push_order{};  // unset: reverse for stack algorithms, forward otherwise
  std::optional<int> depth_limit;        // nodes deeper than this are not pushed; none: no limit
  AtDepthLimit at_depth_limit = AtDepthLimit::Expand;
  RoundBound round_bound = RoundBound::F;  // idastar only
  // Unset: ["lifo"] for stack algorithms, ["fifo"] otherwise. An empty list is meaningful with
  // python-heapq: the heap compares the priority alone (seed 001's A*).
  PerAlgorithm<std::vector<TieKey>> tie_break{};
  QueueKind queue = QueueKind::Stable;
  CostModel cost = CostModel::Unit;
  CountKind count = CountKind::Expanded;
  // Unset: reverse-move for idastar (Korf's IDA* never generates the move that undoes the one that
  // led to a node), none for every other algorithm (the seeds all regenerate the parent).
  PerAlgorithm<CycleCheck> cycle_check{};
  RoundGrowth round_growth = RoundGrowth::NextF;        // idastar only
  RoundsCounted rounds_counted = RoundsCounted::All;    // iddfs and idastar
  StartMarked start_marked = StartMarked::Yes;          // duplicates: on-push only
  ParentLink parent_link = ParentLink::First;
  // Added to the count the assignment checks (counted()): 1 for a counter that starts at 1,
  // -1 for one that leaves out the start or the goal. -1, 0 or 1.
  int count_offset = 0;
  MeetTest meet_test = MeetTest::OnGenerate;        // bibfs only
  MeetStop meet_stop = MeetStop::First;             // bibfs only
  NextSide next_side = NextSide::AlternateNode;     // bibfs only

  bool operator==(const BasicSemantics&) const = default;
};
using Semantics = BasicSemantics<false>;
using ResolvedSemantics = BasicSemantics<true>;

// Semantics with every unset field filled in with the default for this algorithm.
ResolvedSemantics resolve(const Semantics& semantics, Algorithm algorithm);
// BFS's defaults, as resolve(Semantics{}, Algorithm::Bfs) gives them (semantics_test checks they
// agree): the default of a Task and of a SearchSpec, a constant rather than a call into resolve.
inline const ResolvedSemantics kBfsDefaults = [] {
  ResolvedSemantics bfs;  // on-push, push_order forward, cycle_check none: each enum's first value
  bfs.tie_break = {TieKey::Fifo};
  return bfs;
}();
// Every default of `algorithm`, as resolve(Semantics{}, algorithm) gives them, read from the
// fields' table without resolving anything written: the base of a search built from an
// algorithm's defaults (the judge's catalogue: IDA* written as A*, BFS written as bibfs).
ResolvedSemantics defaults_of(Algorithm algorithm);
// The same values as written, every field set (for the JSON writer and describe()).
Semantics as_written(const ResolvedSemantics& resolved);

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
std::string_view round_growth_name(RoundGrowth value);
std::string_view rounds_counted_name(RoundsCounted value);
std::string_view start_marked_name(StartMarked value);
std::string_view parent_link_name(ParentLink value);
std::string_view meet_test_name(MeetTest value);
std::string_view meet_stop_name(MeetStop value);
std::string_view next_side_name(NextSide value);
std::string count_offset_name(int value);
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
Result<RoundGrowth> parse_round_growth(std::string_view text);
Result<RoundsCounted> parse_rounds_counted(std::string_view text);
Result<StartMarked> parse_start_marked(std::string_view text);
Result<ParentLink> parse_parent_link(std::string_view text);
Result<MeetTest> parse_meet_test(std::string_view text);
Result<MeetStop> parse_meet_stop(std::string_view text);
Result<NextSide> parse_next_side(std::string_view text);
Result<int> parse_count_offset(std::string_view text);  // "-1", "0" or "1"
inline constexpr std::array<int, 3> kCountOffsets = {0, 1, -1};
Result<std::array<Move, kMoveCount>> parse_action_order(std::string_view text);

// One line per field, `name: value`, for reports and `solve` output.
std::string describe(const Semantics& semantics);
std::string describe(const ResolvedSemantics& semantics);

}  // namespace tile
