// The key a search's frontier orders its nodes by, of the node's depth, g and h: the one
// definition the search loop (loop_terms.h) and any view of the frontier (the grader's
// step-through) both use, so that a view never states an order the engine does not follow.
#pragma once

#include <cstdint>

#include "engine/search.h"
#include "engine/semantics.h"

namespace tile {

// Which of depth, g and h the key reads: a view that knows only some of them can say whether it
// knows the key. None for a stack (depth-first searches), which orders by arrival alone.
struct FrontierKeyTerms {
  bool depth = false;
  bool g = false;
  bool h = false;

  bool any() const { return depth || g || h; }
};

constexpr FrontierKeyTerms frontier_key_terms(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Bfs:
    case Algorithm::Bibfs: return {.depth = true, .g = false, .h = false};
    case Algorithm::Ucs: return {.depth = false, .g = true, .h = false};
    case Algorithm::Greedy: return {.depth = false, .g = false, .h = true};
    case Algorithm::Astar:
    case Algorithm::WeightedAstar: return {.depth = false, .g = true, .h = true};
    case Algorithm::Dfs:
    case Algorithm::Dls:
    case Algorithm::Iddfs:
    case Algorithm::Idastar: return {};
  }
  return {};
}

// Lower keys pop first. Weighted A* keeps its weight as a fraction, so that g + w h stays an exact
// integer scaled by the denominator. 0 for a stack: the tie-break (lifo) alone decides.
constexpr std::int64_t frontier_key(Algorithm algorithm, Weight weight, int depth, std::int64_t g,
                                    std::int64_t h) {
  switch (algorithm) {
    case Algorithm::Bfs:
    case Algorithm::Bibfs: return depth;  // bibfs runs its own loop (bidirectional.cpp)
    case Algorithm::Ucs: return g;
    case Algorithm::Greedy: return h;
    case Algorithm::Astar: return g + h;
    case Algorithm::WeightedAstar: return g * weight.denominator + weight.numerator * h;
    case Algorithm::Dfs:
    case Algorithm::Dls:
    case Algorithm::Iddfs:
    case Algorithm::Idastar: return 0;
  }
  return 0;
}

}  // namespace tile
