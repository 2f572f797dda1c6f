// A Python heapq frontier replayed on the observed tree (issue 33 part 3: "a diagnosis is only
// ever a claim the evidence confirms"). Under the duplicate policy on-push the pushes are known
// without being recorded: the start, then each child a problem:successors call returned that no
// earlier call had, in the order returned, with its priority and the rank of its move. heapq's
// own sift (grader/sandbox/lua_heapq.cpp, Lib/heapq.py) is replayed on them twice: comparing
// with a strict order, as the assignment's frontier does, and with one that is also true for two
// equal entries (a <= where a < belongs), which moves equal entries past each other. Named only
// when the second gives every expansion the run made and the first does not: the step where they
// part is a tie (the same priority, the same move) that the assignment's heapq breaks the other
// way.
#pragma once

#include <cstddef>
#include <optional>

#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/observed_tree.h"
#include "grader/spec/assignment.h"

namespace tile {

namespace heap_replay_detail {

// The first expansion (0-based) heapq's replay under a strict comparison (`strict`) or a
// non-strict one does not give; nullopt when it gives every one or the run cannot be replayed.
std::optional<std::size_t> first_parting(const Task& task, const ObservedTree& tree, bool strict);

}  // namespace heap_replay_detail

// "ties-comparator-not-strict", at the first expansion where the two replays part, with the two
// boards. Nothing unless the task's frontier is heapq by priority, then move, pushed on-push and
// tested on pop, and the record is whole.
std::optional<Diagnosis> heap_comparator_not_strict(const Task& task, const ObservedTree& tree);

}  // namespace tile
