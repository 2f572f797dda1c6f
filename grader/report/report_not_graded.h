// The results document a platform reads when a submission could not be graded because of the
// course's side, not the student's: an assignment tilegrade refuses, an upload folder the platform
// did not provide, a test the machine stopped twice (GradeReport::grader_fault), a report with no
// room to be written. There is no verdict, so nothing is scored as the student's: Gradescope gets
// score 0 and the sentence as its output, PrairieLearn "gradable": false (the student keeps the
// attempt), Classroom an "error" result. The student reads whose problem it is and what to do;
// the reason, which may quote a hidden test, is for the instructors' log only, except in
// Classroom's result, which is the student's own run of the visible tests (`check`).
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/result.h"
#include "grader/report/report.h"

namespace tile {

// Whether FORMAT is a platform's results document, which --results writes and which has a
// course-side document below: gradescope (and json, the same shape), prairielearn, classroom.
bool is_results_document(ReportFormat format);

// For the student: whose problem it is, and what to do. `kind` says which: an input the course
// gave (ErrorKind::BadInput: an instructor must fix it) or a run that failed (submit again).
std::string not_graded_sentence(ErrorKind kind);

// The document for FORMAT (is_results_document), as one JSON value; `reason` is the error line the
// instructors read (shown only in Classroom's result).
nlohmann::json not_graded_json(ReportFormat format, ErrorKind kind, std::string_view reason);

}  // namespace tile
