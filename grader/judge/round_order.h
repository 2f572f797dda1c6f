// The frontier's order within each round of iterative deepening and IDA* (issue 33 part 2:
// "within the round's bound for IDDFS/IDA*"). The record holds no bound, but each round shows a
// floor of its own: every board it expanded was within the bound, so the bound admits at least
// the greatest depth (IDDFS, IDA* by depth) or f (IDA* by f) the round expanded a board at. Each
// round is a depth-first search, so after an expansion that generated a board new to the round
// and certainly under that floor, the next expansion is a child of the board just expanded
// (recursion goes into a child first; a stack pops one). Rounds begin at the start's expansions;
// a run where the start may also have been reached inside a round is not read.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "engine/semantics.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/observed_tree.h"
#include "grader/spec/assignment.h"

namespace tile {

namespace round_order_detail {

// The rounds as ranges [begin, end) of expansions (0-based), each beginning at an expansion of
// the start; nullopt where an expansion of the start may be a copy's inside a round.
std::optional<std::vector<std::pair<std::size_t, std::size_t>>> rounds_of(
    const ObservedTree& tree, const ResolvedSemantics& resolved);

}  // namespace round_order_detail

// "round-not-depth-first", at the first expansion that breaks it, with the three boards as
// evidence. `resolved`: the task's semantics, resolved. Nothing for other algorithms, or where
// the task's ties are not newest first.
std::optional<Diagnosis> round_order_broken(const Task& task, const ResolvedSemantics& resolved,
                                            const ObservedTree& tree);

}  // namespace tile
