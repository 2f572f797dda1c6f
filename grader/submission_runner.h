// Runs a submission's jobs (one task on one test each) in sandboxed child processes.
//
// Each job gets its own child: a fresh Lua state, hard CPU/address-space limits and a wall-clock
// deadline. What no Lua hook can stop (a catastrophic pattern inside one C call) or any crash in
// the interpreter then costs exactly that job, which fails with a clear message, and the next job
// starts in a new child. A fork and a script load cost about a millisecond, far below a search.
#pragma once

#include <string>
#include <vector>

#include "grader/assignment.h"
#include "grader/observation.h"

namespace tile {

struct Job {
  std::size_t task_index = 0;
  std::size_t test_index = 0;
  // Heuristic tasks: boards whose values the checks need beyond those the search evaluates (the
  // goal, and the states along an optimal path, for admissibility against exact distances).
  std::vector<Board> probes;
};

std::vector<JobObservation> run_submission(const Assignment& assignment,
                                           const std::vector<Job>& jobs,
                                           const std::string& submission_path);

}  // namespace tile
