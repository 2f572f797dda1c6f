// IDA* tuned for speed, for the optimal solver and the distance oracle.
//
// It computes exactly what the generic engine's idastar computes (search.cpp's iterative
// deepening over search_loop.cpp, semantics: goal test on pop, duplicates none, the reverse of the
// previous move never generated, children pushed in reverse so they pop in action order, unit
// cost): the same path and, counting Generic, the same counters. What makes it fast: one board
// changed in place and changed back, a move table per blank cell and previous move (the reverse
// move is simply absent from it), the heuristic updated incrementally from the one tile that moved,
// and the heuristic chosen at compile time (no virtual call on the hot path).
//
// Two ways of counting, chosen at compile time like the heuristic (FastIdaSpec::counting):
//
// Generic: the generic engine's stack loop, node for node. A popped node is goal-tested, then ALL
// its children are generated and valued (pushed when within the bound), then each pushed child is
// searched. Every counter equals the generic engine's (discovered too, with count_discovered), so
// `tilegrade solve` routes here (fast_path.h) and the differential tests compare everything.
//
// Korf (the default): Korf's 1985 loop, the fastest. Each child is generated, valued and, within
// the bound, searched before its next sibling is generated, so along the final path the later
// siblings are never generated. It visits the same nodes in the same order, finds the same path,
// and rebuilds the generic expanded, popped, generated, pushed and max_depth afterwards (from the
// final path's later siblings); max_frontier and discovered stay 0. The node budget counts popped
// nodes and, like the clock, is looked at every 65536 of them.
//
// korf_generated, in both modes, is Korf's own count: every generated child, plus the root once
// (not once per round), later siblings of the final path excluded:
//   korf_generated = 1 + generic generated - (moves after the taken one, at each path node)
// With action order ULRD and the Manhattan distance it reproduces the per-instance node counts of
// Korf's Table 1 (bench/bench_solver.cpp prints both).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "engine/additive_pdb.h"
#include "engine/board.h"
#include "engine/result.h"
#include "engine/search.h"

namespace tile {

enum class FastCounting { Korf, Generic };

struct FastIdaSpec {
  std::array<Move, kMoveCount> action_order = {Move::Up, Move::Down, Move::Left, Move::Right};
  const AdditivePdb* pdb = nullptr;  // the heuristic; nullptr: Manhattan distance
  FastCounting counting = FastCounting::Korf;
  // The generic engine's `discovered` (distinct states per round, the largest round) needs a hash
  // set of every generated state, several times slower; implies counting Generic.
  bool count_discovered = false;
  // As Limits::max_nodes: nodes created (the start and every pushed child) over all rounds.
  std::uint64_t max_nodes = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t max_memory_bytes = 4ULL << 30;  // only the discovered set uses memory
  int max_iterations = 1000;
  double seconds_budget = 0;  // 0: no time limit
};

enum class FastIdaStatus {
  Solved,
  NoSolution,
  NodeBudgetExceeded,
  MemoryBudgetExceeded,
  TimeBudgetExceeded
};
std::string_view fast_status_name(FastIdaStatus status);

struct FastIdaResult {
  FastIdaStatus status = FastIdaStatus::NoSolution;
  std::string message;     // why it stopped, when it did not simply finish
  std::vector<Move> path;  // when solved
  Counters counters;       // as the generic engine's idastar reports them
  int iterations = 0;
  std::uint64_t korf_generated = 0;  // Korf's convention, see above
  std::int64_t initial_h = 0;
  // The last round's f bound. Solved: the path length. Stopped early: no path is shorter, so it
  // is a lower bound on the distance.
  std::int64_t bound = 0;
  double seconds = 0;
};

// Errors when start and goal differ in shape or the pattern databases are for another goal. Does
// not check solvability: an unsolvable pair runs until a budget or max_iterations stops it.
Result<FastIdaResult> fast_idastar(const Board& start, const Board& goal, const FastIdaSpec& spec);

}  // namespace tile
