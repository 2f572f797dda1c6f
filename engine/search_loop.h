// The one frontier loop behind every algorithm (internal to the engine; callers use search()).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "engine/search.h"

namespace tile::detail {

struct LoopInput {
  const Problem* problem = nullptr;
  Algorithm algorithm = Algorithm::Bfs;
  const ResolvedSemantics* semantics = nullptr;
  Heuristic* heuristic = nullptr;
  Weight weight;
  Limits limits;
  bool record_trace = false;
  bool record_counters = true;  // false: only popped and expanded are counted
  // With a reference trace (implies record_trace): the search stops at the first expansion whose
  // board differs from the reference's at the same place, or that goes past its end.
  const std::vector<Board>* reference_trace = nullptr;
  std::size_t reference_offset = 0;  // where this loop's first expansion falls in the reference
  std::optional<DetailWindow> detail;  // the expansions to describe (SearchResult::details)
  bool allow_bucket_queue = true;
  std::optional<int> depth_limit;          // children deeper than this are not pushed
  std::optional<std::int64_t> f_bound;     // children with g + h above this are not pushed
  bool depth_cut_f = false;                // track the smallest g + h the depth limit cuts off
};

struct LoopOutcome {
  SearchResult result;
  bool cut_off = false;  // some child was not pushed because of a bound
  std::int64_t smallest_pruned_f = std::numeric_limits<std::int64_t>::max();
  // With depth_cut_f: the smallest g + h of a child dropped for its depth, or of a node at the
  // limit left unexpanded (at_depth_limit: cut-off).
  std::int64_t smallest_cut_f = std::numeric_limits<std::int64_t>::max();
  std::uint64_t nodes_created = 0;
  // With a reference trace: the index in this loop's own trace where it left the reference.
  std::optional<std::size_t> diverged_at;
};

LoopOutcome run_frontier_loop(const LoopInput& input);

// The loop's instances for the boards searched most, one per duplicate policy, each in its own
// file so that the build compiles them side by side: the 8-puzzle (search_loop_8puzzle.cpp) and
// boards of 11 to 16 cells, the 15-puzzle among them (search_loop_16cells.cpp).
LoopOutcome run_8puzzle_loop(const LoopInput& input);
LoopOutcome run_16cells_loop(const LoopInput& input);

}  // namespace tile::detail
