// The search entry point. Every algorithm is the one frontier loop (search_loop.cpp) with a
// priority function and a bound; iterative deepening (iddfs, idastar) repeats that loop with a
// growing bound. What a search does at every point where textbooks differ is read from Semantics.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/expansion_detail.h"
#include "engine/heuristic.h"
#include "engine/semantics.h"

namespace tile {

struct Problem {
  Board start;
  Board goal;
};

// Weighted A* orders by g + w*h. The weight is kept as a fraction so that priorities stay exact
// integers (1.5 is 3/2): float rounding must never decide which node pops first.
struct Weight {
  std::int64_t numerator = 1;
  std::int64_t denominator = 1;
};
Result<Weight> parse_weight(std::string_view text);

// Budgets turn a runaway search into a status, never a crash.
struct Limits {
  std::uint64_t max_nodes = 50'000'000;              // nodes created, over all iterations
  std::uint64_t max_memory_bytes = 4ULL << 30;       // node store + tables + frontier, estimated
  int max_iterations = 1000;                         // iddfs / idastar rounds
};

struct SearchSpec {
  Algorithm algorithm = Algorithm::Bfs;
  // What the search runs, every default already filled in: search() resolves nothing. A spec is
  // built with of(), so that its defaults are its algorithm's.
  ResolvedSemantics semantics = kBfsDefaults;
  Heuristic* heuristic = nullptr;  // required when uses_heuristic(algorithm); not owned
  Weight weight;                   // weighted-astar only
  Limits limits;
  bool record_trace = false;       // keep the expanded boards, in expansion order
  // false: only `expanded` and `popped` are counted (a caller that compares paths or traces
  // alone); the loop is compiled without the other counters, not branching on them per node.
  bool record_counters = true;
  // With a reference trace (implies record_trace): the search stops at the first expansion that
  // differs from the reference's at the same place (or goes past its end), and says where in
  // SearchResult::diverged_at. Not owned; must outlive the call.
  const std::vector<Board>* reference_trace = nullptr;
  bool allow_bucket_queue = true;  // false: always the general heap (for differential tests)
  // With record_trace: the expansions to describe in SearchResult::details (step-through views).
  std::optional<DetailWindow> detail = std::nullopt;

  // A search of `algorithm` running `written` with that algorithm's defaults filled in. The one
  // place outside engine/semantics.* that calls resolve(): semantics as written (a --semantics
  // file, a test) are resolved here once, before search().
  static SearchSpec of(Algorithm algorithm, const Semantics& written = {});
  // A search of `algorithm` running semantics already resolved (a task's, a judge's variant).
  static SearchSpec of(Algorithm algorithm, const ResolvedSemantics& resolved);

 private:
  // Only of() makes a spec, so that the algorithm and its semantics are chosen together: a spec
  // made empty and given another algorithm would have kept BFS's defaults without a word.
  SearchSpec() = default;
};

enum class SearchStatus { Solved, NoSolution, NodeBudgetExceeded, MemoryBudgetExceeded,
                          HeuristicFailed };
std::string_view status_name(SearchStatus status);

struct Counters {
  std::uint64_t expanded = 0;    // popped nodes whose successors were generated
  std::uint64_t popped = 0;      // every pop, skipped ones and the goal pop included
  std::uint64_t generated = 0;   // successors produced, before any duplicate filtering
  std::uint64_t pushed = 0;      // frontier insertions, the start included
  std::uint64_t discovered = 0;  // distinct states reached, the start included
  std::uint64_t max_frontier = 0;
  std::uint64_t max_depth = 0;   // deepest node pushed
  std::uint64_t goal_tests = 0;  // comparisons of a state with the goal
  // Successors built when all of a node's children are built before any is tested (AIMA's
  // expand): generated, plus the siblings after a goal child found on generate.
  std::uint64_t built = 0;
  std::uint64_t expanded_below_limit = 0;  // expansions of nodes shallower than the depth limit
  std::uint64_t selected(CountKind kind) const;
  // Adds one round of an iterative deepening search: work is summed over rounds; discovered
  // (distinct states, which every round meets again) and the maxima are the largest of any round.
  void add_round(const Counters& round);
};

// Every counter with its name, in the order reports list them: the one place that says which
// counters exist, so every codec and printout (JSON, observations, solve's text) follows it.
struct CounterField {
  std::string_view name;
  std::uint64_t Counters::*member;
};
inline constexpr CounterField kCounterFields[] = {
    {"expanded", &Counters::expanded},         {"popped", &Counters::popped},
    {"generated", &Counters::generated},       {"pushed", &Counters::pushed},
    {"discovered", &Counters::discovered},     {"max_frontier", &Counters::max_frontier},
    {"max_depth", &Counters::max_depth},       {"goal_tests", &Counters::goal_tests},
    {"built", &Counters::built},               {"expanded_below_limit", &Counters::expanded_below_limit},
};

struct SearchResult {
  SearchStatus status = SearchStatus::NoSolution;
  std::string message;      // why the search stopped, when it did not simply finish
  std::vector<Move> path;   // when solved
  std::int64_t cost = 0;    // path cost under the semantics' cost model
  Counters counters;
  std::vector<Board> trace; // expanded boards in order, with record_trace
  std::vector<ExpansionDetail> details;  // with SearchSpec::detail: its window's expansions
  int iterations = 1;       // rounds of iddfs / idastar
  // With SearchSpec::reference_trace: the index of the first expansion that differs from it (the
  // trace then ends with that expansion), or nothing when every expansion agreed with it.
  std::optional<std::size_t> diverged_at;
  ResolvedSemantics semantics;  // what actually ran

  bool solved() const { return status == SearchStatus::Solved; }
  std::string moves() const;  // "ULL"
  // The count the assignment checks: the counter semantics.count selects, plus count_offset
  // (never below 0).
  std::uint64_t count() const;
};

// Runs one search. Does not check solvability (see check_reachable): an unsolvable pair simply
// exhausts the reachable half of the state space, which is what the exhaustive benchmarks want.
SearchResult search(const Problem& problem, const SearchSpec& spec);

// Step cost of a move under a cost model (cell_step_cost): 1, the number on the tile that slides,
// or (mistakes the judge reproduces) the number of a cell.
std::int64_t step_cost(const Board& board, Move move, CostModel cost);
std::int64_t path_cost(const Board& start, const std::vector<Move>& path, CostModel cost);

}  // namespace tile
