// The class's gradebook: one row per student, and the CSV made of the rows. A row comes from a
// student's report, or says why a student could not be graded.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/batch/people.h"
#include "grader/batch/students.h"
#include "grader/report/report.h"
#include "grader/spec/assignment.h"

namespace tile {

struct GradebookRow {
  std::string student;      // as shown (escaped_text of the name)
  std::string raw_student;  // the name's own bytes, matched against People; empty: `student`
  double score = 0;
  double max_score = 0;
  std::vector<double> task_scores;     // one per assignment task, in assignment order
  std::string status;                  // "graded", "error" (see row_of_report), "no-submission"
  std::vector<std::string> diagnoses;  // distinct codes, sorted
  bool reused = false;                 // taken from a finished run (not in the CSV)
};

// Header "student,score,max_score,<task>...,status,diagnoses", then one line per row as given.
// With `people` (a roster or a Gradescope export), "student,sid,email,name,score,..." and one line
// per submitter: what an LMS import matches on.
// One CSV text cell: quoted when it must be, and a cell a spreadsheet would run as a formula
// (starting with = + - @, tab, CR, or ') gets a leading ' (OWASP's advice against CSV injection).
std::string csv_field(const std::string& raw);

std::string gradebook_csv(const Assignment& assignment, const std::vector<GradebookRow>& rows,
                          const People* people = nullptr);

// "gradebook.csv", or "gradebook.shard-K-of-N.csv" when N > 1 (shards may share one OUT).
std::string gradebook_name(const Shard& shard);

// The row of a graded student. Status "error" when no test of the script produced a result: it
// did not load, defines none of the functions, or crashed, hung or raised an error in every test
// (each such test carries the code did-not-run or error, and the report says why); otherwise
// "graded", whatever the score.
GradebookRow row_of_report(const Assignment& assignment, const std::string& student,
                           const GradeReport& report);

// A student the roster (or an export's metadata) names who submitted nothing: 0 points of the
// assignment's, status "no-submission", no diagnosis. An LMS import then records a 0 where it
// would otherwise leave the grade unset, and the status says why the 0.
GradebookRow missing_row(const Assignment& assignment, const std::string& student);

// A student with no gradable script: an error row, and a report whose message says why.
GradebookRow problem_row(const Assignment& assignment, const StudentEntry& entry);
GradeReport problem_report(const Assignment& assignment, const StudentEntry& entry);

// Rows as stored in records; nullopt for anything not written by row_to_json.
nlohmann::json row_to_json(const GradebookRow& row);
std::optional<GradebookRow> row_from_json(const nlohmann::json& value, std::size_t task_count);

}  // namespace tile
