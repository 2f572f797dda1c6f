// Each round of iterative deepening or IDA* under a check of the path alone (issue 33 part 2),
// rebuilt as the depth-first search it is: the record holds no stack, but each expansion is a
// child of one board on the current path, so the path is rebuilt expansion by expansion (a board
// that is a child of two boards on it is not read further). When the search leaves a board for
// good (the next expansion is a child of a board below it on the path), every child of that board
// that is not on the path and is within the round's bound was to be searched; the bound is not
// recorded, but it admits at least the greatest depth or f the round expanded a board at. A child
// skipped there, though the round had reached it before in another branch, is a path check that
// keeps boards after the search returns from them: a visited set for the whole round.
#pragma once

#include <optional>

#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/observed_tree.h"
#include "grader/spec/assignment.h"

namespace tile {

// "cycle-check-visited", at the first expansion that shows a skipped child, with the boards as
// evidence. Nothing for other algorithms, other cycle checks or duplicate policies, or where the
// task's ties are not newest first.
std::optional<Diagnosis> round_skipped_other_branch(const Task& task, const ObservedTree& tree);

}  // namespace tile
