// A path built from one list of moves shared by the whole search (issue 33 part 2, path
// integrity): each board the search expands adds the move that made it, whatever its branch, so
// the path returned is the moves of every expansion in order and no route at all. Read from the
// student's observed run alone.
#pragma once

#include <optional>

#include "engine/board.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/observed_tree.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// "path-moves-of-every-expansion": a path that is not a legal route from the start to the goal,
// and whose moves are, one for one, a move that made each board the run expanded, from its
// second expansion to its last (the goal's own move may follow). A move "made" a board when a
// problem:successors call before that expansion returned it under that move. A path of fewer
// than three moves is never named (too few to tell from chance), nor a bidirectional search's,
// nor a run whose record is incomplete.
std::optional<Diagnosis> path_of_every_expansion(const Task& task, const Board& start,
                                                 const StudentSearchRun& run,
                                                 const ObservedTree& tree);

}  // namespace tile
