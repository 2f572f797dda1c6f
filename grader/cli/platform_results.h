// `grade --format gradescope|prairielearn|classroom --results FILE`: the results document a
// platform reads is always written, whatever stops grading, so the platforms' adapters
// (scripts/gradescope/run_autograder, PrairieLearn's run.sh, scripts/ci/classroom-check.sh) only
// call tilegrade. A report is written whole (write_file_atomically) or not at all; when there is
// no verdict (the course's assignment refused, a grader fault) or no room for the report, the
// document says the course's side failed (report_not_graded.h), and when not even that can be
// written, FILE is removed, so that no older document passes for this submission's.
#pragma once

#include <string>

#include "grader/cli/commands.h"
#include "grader/report/report.h"

namespace tile::cli {

// Writes REPORT's document to PATH and its text report on stdout (the platform's log), and
// returns the verdict's exit code; or writes the course-side document and returns the error:
// REPORT's own (exit 2 or 3), or the write's (exit 3, one line naming PATH and why).
Outcome deliver_results(const std::string& path, ReportFormat format,
                        const Result<GradeReport>& report);

}  // namespace tile::cli
