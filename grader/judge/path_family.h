// A task whose tests read only the path (astar-manhattan: any optimal path passes) cannot ask a
// student's search to expand in the reference's order, so a wrong priority is seldom reproduced
// exactly: the student's frontier handles repeats and ties in its own way. Each algorithm swap of
// the space (A* ordered by h, by g, by g + 2h) is therefore run in every common style of frontier
// (each duplicate policy, ties by heapq, by a hand-written heap, oldest or newest first), and named when one style returns
// the student's path, or, for a run stopped early, begins with its expansions. The reference
// algorithm is tried in the same styles first: a path one of them returns names no swap.
#pragma once

#include <optional>
#include <vector>

#include "engine/search.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// What the styles say of one run: `readable` when the run can be read this way at all (a
// path-only task, the student's own path, some expansions or a finished search); then whether
// the reference algorithm returns it in some style, and otherwise the first swap that does.
struct PathSwapReading {
  bool readable = false;
  bool reference = false;
  std::optional<Diagnosis> swap = {};
};
PathSwapReading read_path_swap(const Task& task, const std::vector<Variant>& candidates,
                               Heuristic* heuristic, const Problem& problem,
                               const StudentSearchRun& run);

}  // namespace tile
