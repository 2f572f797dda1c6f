// What the frontier loop (frontier_loop.h) reads of its input, worked out once per search: the
// choices fixed before the first pop, in the form the loop tests them (an absent depth limit or
// f bound is one that no node reaches), and the small functions of the algorithm it calls.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "engine/frontier_key.h"
#include "engine/node.h"
#include "engine/search_loop.h"
#include "engine/state_records.h"

namespace tile::detail {

inline std::int64_t priority_of(Algorithm algorithm, const Node& node, std::int64_t h,
                                Weight weight) {
  return frontier_key(algorithm, weight, node.depth, node.g, h);
}

inline bool needs_heuristic(Algorithm algorithm, const ResolvedSemantics& semantics) {
  const auto& keys = semantics.tie_break;
  return uses_heuristic(algorithm) ||
         std::find(keys.begin(), keys.end(), TieKey::HLow) != keys.end();
}

inline NodeColumns columns_for(const LoopInput& input) {
  const auto& keys = input.semantics->tie_break;
  return {.h = needs_heuristic(input.algorithm, *input.semantics),
          .parent_expansion =
              std::find(keys.begin(), keys.end(), TieKey::ParentLifo) != keys.end()};
}

// The cells of the boards a records layout is made for, when it is made for one size (else 0).
template <class Records>
struct FixedCells : std::integral_constant<int, 0> {};
template <int Cells>
struct FixedCells<DenseRecords<Cells>> : std::integral_constant<int, Cells> {};

inline const TileTerms* tile_terms_for(const LoopInput& input) {
  const TileTerms* terms = input.heuristic ? input.heuristic->tile_terms() : nullptr;
  return terms && terms->shape == input.problem->start.shape ? terms : nullptr;
}

struct LoopTerms {
  explicit LoopTerms(const LoopInput& input)
      : goal_key(input.problem->goal.shape == input.problem->start.shape
                     ? pack(input.problem->goal)
                     : PackedState{~std::uint64_t{0}, ~std::uint64_t{0}}),
        cells(input.problem->start.cells()),
        depth_limit(input.depth_limit.value_or(std::numeric_limits<std::int32_t>::max())),
        f_bound(input.f_bound.value_or(std::numeric_limits<std::int64_t>::max())),
        goal_on_pop(input.semantics->goal_test == GoalTest::OnPop),
        wants_h(needs_heuristic(input.algorithm, *input.semantics)),
        tile_terms(wants_h ? tile_terms_for(input) : nullptr),
        wants_board((wants_h || input.depth_cut_f) && !tile_terms),
        cost(input.semantics->cost),
        path_check(input.semantics->cycle_check == CycleCheck::Path),
        reverse_push(input.semantics->push_order == PushOrder::Reverse),
        cut_off_at_limit(input.semantics->at_depth_limit == AtDepthLimit::CutOff &&
                         input.depth_limit),
        children_only_counted(input.depth_limit && !input.depth_cut_f && !path_check) {}

  // Boards of one shape are equal exactly when their keys are; a goal of another shape is never
  // reached, and no board packs to all ones.
  const PackedState goal_key;
  const int cells;
  const std::int32_t depth_limit;  // children deeper than this are not pushed
  const std::int64_t f_bound;      // children with g + h above this are not pushed
  const bool goal_on_pop;
  const bool wants_h;      // the nodes carry h (the algorithm or a tie key reads it)
  // The heuristic's tile terms, when it has them for the search's boards: a child's h is then
  // its parent's updated by the tile that moved, on keys.
  const TileTerms* tile_terms;
  const bool wants_board;  // an expansion unpacks its board: an estimator reads boards
  const CostModel cost;
  const bool path_check;  // cycle_check path
  const bool reverse_push;
  const bool cut_off_at_limit;  // at_depth_limit cut-off, under a depth limit
  // Whether a node at the depth limit has children that nothing but the counts asks about: no
  // cut-off f to track, no path to check first (a child on the path is dropped before its depth
  // is looked at).
  const bool children_only_counted;
};

}  // namespace tile::detail
