// Builds a failing search test's step-through (grader/report/step_through.h) from what the judge
// has: the student's run and its observed search tree, the reference's trace, and one more engine
// search of the test that describes the reference's expansions around the step the view centres
// on (SearchSpec::detail). Only a visible test's is built: a hidden test's boards stay unshown.
#pragma once

#include <optional>

#include "grader/report/report.h"
#include "grader/report/step_through.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"
#include "grader/student/student_run.h"

namespace tile {

// nullopt for a test that is not a visible search test, or for a run with no expansions and no
// path to show.
std::optional<StepThrough> build_step_through(const Task& task, const TestCase& test,
                                              const Expectation& expected,
                                              const StudentSearchRun& run,
                                              const TestDiagnosis& diagnosis);

}  // namespace tile
