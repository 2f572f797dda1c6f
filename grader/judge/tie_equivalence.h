// Equivalences that rest on which frontier entries can tie (grader/judge/equivalence.h calls
// them): under tile costs two children of one node never tie on the priority when it is g (UCS),
// or g + w h with tile-cost Manhattan and w > 1 (moving tile k changes g by k and h by k or -k,
// so a child's priority moves by k(1 + w) or k(1 - w): distinct for distinct tiles), and so the
// order in which one node's children arrive decides nothing (and in that weighted A* the goal,
// once generated, pops next); a tie chain ending in the order of
// arrival leaves no two entries equal, so every correct priority queue pops alike; a tie key on
// what the priority already orders by (h in greedy best-first, g or h in UCS) never decides a
// pop; and so on.
// Each is a small proof over the engine's loop (engine/frontier_loop.h), checked against the engine
// on every 2x3 board and on 3x4 boards near the goal (tests/grader/judge/tie_equivalence_test.cpp).
#pragma once

#include <optional>
#include <string>

#include "grader/judge/mistake_catalogue.h"
#include "grader/spec/assignment.h"

namespace tile {

// Why no board can tell this variant apart from the task's search, for the rules above;
// nullopt when none of them applies. `base`: the task's (resolved) semantics.
std::optional<std::string> tie_equivalence_reason(const Task& task, const ResolvedSemantics& base,
                                                  const Variant& variant);

}  // namespace tile
