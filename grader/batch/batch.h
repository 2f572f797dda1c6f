// Grading a class: one submission per student in a folder, graded by parallel threads (each
// student's jobs still run in forked children, see child_process.h), with a gradebook CSV and every
// report format per student. Every file is written whole (temp file + rename), and each graded
// student gets a record naming what was graded, so an interrupted batch resumes without regrading
// finished students and a class splits across CI jobs by shard. Outputs depend on the inputs only:
// rows are sorted by student and reports carry no timing, so --jobs never changes a byte.
//
// OUT layout (README, "Grading a class"):
//   OUT/gradebook.csv                 (OUT/gradebook.shard-K-of-N.csv for a shard)
//   OUT/reports/STUDENT.txt           text report
//   OUT/reports/STUDENT.json          Gradescope results.json shape (same as --format json)
//   OUT/reports/STUDENT.junit.xml     JUnit XML
//   OUT/records/STUDENT.json          what was graded: hashes of the script, the assignment and
//                                     each report, and the gradebook row (the resume rule)
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile {

// One student of SUBMISSIONS_DIR. The layout rule:
//   NAME.lua  a file: student NAME, this script.
//   NAME/     a folder: student NAME; the script is NAME/submission.lua if present, else the one
//             *.lua file directly in the folder. No .lua file: error "no-script"; several and no
//             submission.lua: error "ambiguous-script".
// Entries whose name starts with '.', and files not ending in .lua, are not students. NAME.lua
// next to a folder NAME/ is the error "duplicate-student".
struct StudentEntry {
  std::string name;
  std::string script;   // relative to SUBMISSIONS_DIR ("alice.lua", "bob/submission.lua")
  std::string problem;  // empty, or the error code of a student with no gradable script
  std::string message;  // what the instructor reads about the problem
};

// Every student, sorted by name (byte order). Fails only when the folder cannot be listed.
Result<std::vector<StudentEntry>> find_students(const std::string& submissions_dir);

// --shard K/N: the student at 0-based position p of the sorted list belongs to shard K when
// p mod N == K - 1.
struct Shard {
  std::size_t index = 1;  // K, 1-based
  std::size_t count = 1;  // N
};
Result<Shard> parse_shard(std::string_view text);
bool in_shard(std::size_t position, const Shard& shard);
// "gradebook.csv", or "gradebook.shard-K-of-N.csv" when N > 1 (shards may share one OUT).
std::string gradebook_name(const Shard& shard);

struct GradebookRow {
  std::string student;
  double score = 0;
  double max_score = 0;
  std::vector<double> task_scores;     // one per assignment task, in assignment order
  std::string status;                  // "graded" or "error" (see status_of_report in batch.cpp)
  std::vector<std::string> diagnoses;  // distinct codes, sorted
  bool reused = false;                 // taken from a finished run (not in the CSV)
};

// Header "student,score,max_score,<task>...,status,diagnoses", then one line per row as given.
std::string gradebook_csv(const Assignment& assignment, const std::vector<GradebookRow>& rows);

struct BatchProgress {
  std::size_t done = 0;
  std::size_t total = 0;
  std::size_t reused = 0;
  std::size_t errors = 0;
};

struct BatchOptions {
  std::size_t jobs = 1;  // grading threads (one in AddressSanitizer builds: see batch.cpp)
  Shard shard;
  // Called after each student, never by two threads at once. It runs beside threads that fork:
  // it must not hold a lock a child could need (write(2) to a descriptor is fine).
  std::function<void(const BatchProgress&)> progress;
};

struct BatchResult {
  std::vector<GradebookRow> rows;  // this shard's students, sorted by name
  std::string gradebook_path;
  std::size_t reused = 0;
  std::size_t errors = 0;           // rows with status "error"
  std::size_t internal_errors = 0;  // students the grader itself failed on (a tilegrade bug)
};

// A fingerprint of what grading depends on besides the script: assignment.json as written and the
// engine's expectations. A record made under another fingerprint is never reused.
std::string assignment_fingerprint(const Assignment& assignment,
                                   const std::vector<Expectation>& expectations);

// Grades the students of `students` that belong to options.shard and writes OUT. Errors: OUT or a
// file in it cannot be written. One student's failure is that student's error row, never an error.
Result<BatchResult> run_batch(const Assignment& assignment,
                              const std::vector<Expectation>& expectations,
                              const std::string& submissions_dir,
                              const std::vector<StudentEntry>& students, const std::string& out_dir,
                              const BatchOptions& options);

}  // namespace tile
