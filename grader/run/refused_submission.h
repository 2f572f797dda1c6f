// The report of a submission that cannot be graded at all because of what the student uploaded
// (a symbolic link, no script, several, a folder named x.lua: batch/submission_folder.h): every
// test scores 0 and points to the reason, which is said once, for the whole submission, where a
// script that did not load says its error. Every format then tells the student what to fix.
#pragma once

#include <string>
#include <vector>

#include "grader/report/report.h"
#include "grader/run/grade.h"

namespace tile {

// Each test says kNotRunRefused (report.h): the reason itself stands once above the tests.
GradeReport refused_submission_report(const PreparedAssignment& prepared,
                                      const GradeOptions& options, const std::string& shown_name,
                                      const std::string& refusal);

}  // namespace tile
