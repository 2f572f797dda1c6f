// The expected runs of a search task whose h is the student's own function ("heuristic":
// "student:FUNCTION"), computed in the parent from what the grading children recorded
// (student_heuristic_job.h): every value the student's function gave on the task's tests, as one
// table (spec/recorded_heuristic.h), and the engine's search replayed with it, test by test. The
// child's own account of that search is only compared with the replay, never used.
//
// A test without an expected run cannot be checked, and its observation says why instead, in the
// heuristic's terms (never as a search mistake): the heuristic failed or gave one board two
// values, or the search it gives did not finish within the engine's budget. A board the replay
// needs that the record lacks, or a replay that is not the child's run, is the grader's failure
// (FailureKind::Internal), never a pass.
#pragma once

#include <optional>
#include <vector>

#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"
#include "grader/student/observation.h"

namespace tile {

struct StudentHeuristicReplay {
  // The task with the recorded values: what the checks, the judge's reproductions and the
  // step-through read in place of the task as loaded.
  Task task;
  // One per observation given, in order: the replayed expectation, or nothing where the
  // observation was replaced by a failure saying why there is none.
  std::vector<std::optional<Expectation>> expected;
};

// `tests[i]` is the test `observations[i]` ran (all of `task`). Observations whose run cannot be
// checked are replaced in place by failures saying why.
StudentHeuristicReplay replay_student_heuristic(const Task& task,
                                                const std::vector<const TestCase*>& tests,
                                                const std::vector<JobObservation*>& observations);

}  // namespace tile
