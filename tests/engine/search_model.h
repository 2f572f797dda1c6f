// The differential tests' model search: a deliberately plain search written from docs/semantics.md
// and the textbooks' pseudocode, sharing no code with engine/ beyond the
// public enums that name the semantics (see differential_test.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/search.h"
#include "engine/semantics.h"
#include "tests/engine/model_puzzle.h"

namespace model {

using tile::Algorithm;
using tile::SearchStatus;
using tile::Semantics;


struct ModelCounters {
  std::uint64_t expanded = 0, popped = 0, generated = 0, pushed = 0, discovered = 0,
                max_frontier = 0, max_depth = 0, goal_tests = 0, built = 0,
                expanded_below_limit = 0;
};

struct ModelResult {
  SearchStatus status = SearchStatus::NoSolution;
  std::string moves;
  std::int64_t cost = 0;
  ModelCounters counters;
  std::vector<Tiles> trace;
  int iterations = 1;
  std::uint64_t count = 0;  // the checked count: semantics.count plus count_offset
};

struct ModelSpec {
  Grid grid;
  Tiles start;
  Tiles goal;
  Algorithm algorithm = Algorithm::Bfs;
  Semantics semantics;  // unresolved: the model applies the documented defaults itself
  ModelHeuristic heuristic;
  std::int64_t weight_numerator = 1;
  std::int64_t weight_denominator = 1;
  std::uint64_t max_nodes = 0;
};

inline bool model_stack_algorithm(Algorithm algorithm) {
  return algorithm == Algorithm::Dfs || algorithm == Algorithm::Dls ||
         algorithm == Algorithm::Iddfs || algorithm == Algorithm::Idastar;
}

inline bool model_heuristic_algorithm(Algorithm algorithm) {
  return algorithm == Algorithm::Greedy || algorithm == Algorithm::Astar ||
         algorithm == Algorithm::WeightedAstar || algorithm == Algorithm::Idastar;
}


// The count an assignment checks: the chosen counter plus count_offset, never below 0.
std::uint64_t model_count(const ModelCounters& counters, const Semantics& semantics);

// One round for most algorithms; iddfs and idastar repeat fresh rounds under a growing bound.
// Fills in the checked count as well.
ModelResult model_search(const ModelSpec& spec);

}  // namespace model
