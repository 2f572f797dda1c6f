// Grading a class: one submission per student in a folder, graded side by side by worker processes
// (worker_processes.h; each student's jobs still run in sandboxed children of the process grading
// the student, see child_process.h), with a gradebook CSV and every report format per student.
// Every file is written whole (temp file + rename), and each graded student gets a record naming
// what was graded, so an interrupted batch resumes without regrading finished students and a class
// splits across CI jobs by shard. Outputs depend on the inputs only:
// rows are sorted by student and reports carry no timing, so --jobs never changes a byte.
//
// OUT layout (docs/grading-a-class.md):
//   OUT/gradebook.csv                 (OUT/gradebook.shard-K-of-N.csv for a shard)
//   OUT/reports/STUDENT.txt           text report
//   OUT/reports/STUDENT.json          Gradescope results.json shape (same as --format json)
//   OUT/reports/STUDENT.junit.xml     JUnit XML
//   OUT/reports/STUDENT.html          the HTML page (boards, divergence, replay)
//   OUT/class.json, OUT/class.html    the class report (class_report.h), unsharded runs only
//   OUT/records/STUDENT.json          what was graded: hashes of the script, the assignment and
//                                     each report, and the gradebook row, sealed by a digest of
//                                     it all (the resume rule, records.h)
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "grader/batch/gradebook.h"
#include "grader/batch/students.h"
#include "grader/run/grade.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile {

struct BatchProgress {
  std::size_t done = 0;
  std::size_t total = 0;
  std::size_t reused = 0;
  std::size_t errors = 0;
  std::string student;  // the one just finished, for the progress line
};

struct BatchOptions {
  // Students graded at once. 1: in this process; more: in that many worker processes, each
  // single-threaded (worker_processes.h says why not threads).
  std::size_t jobs = 1;
  Shard shard;
  GradeOptions grade;    // --task/--test: regrade one part (records made so are kept apart)
  // Who submitted what (a Gradescope export's metadata, a roster): the gradebook then carries
  // student id, email and name columns.
  std::optional<People> people;
  // Called after each student, in this process, one student at a time. With jobs = 1 this process
  // then forks the next student's children: it must not leave a lock held that a child could
  // need (write(2) to a descriptor is fine).
  std::function<void(const BatchProgress&)> progress;
  // OUT/class.json and OUT/class.html (not for a shard: the merge writes them); --class-report off.
  bool class_report = true;
};

// A student whose record did not verify, and so was regraded: what the batch tells the instructor.
struct DamagedRecord {
  std::string student;  // as shown
  std::string why;      // "does not match its digest (it was edited or damaged)"
};

struct BatchResult {
  // This shard's students, sorted by name; with people, also those they name who submitted nothing.
  std::vector<GradebookRow> rows;
  std::string gradebook_path;
  std::vector<std::string> class_report_paths;  // class.json, class.html; empty when not written
  std::size_t reused = 0;
  std::size_t errors = 0;           // rows with status "error"
  std::size_t missing = 0;          // rows with status "no-submission" (named, nothing submitted)
  std::size_t internal_errors = 0;  // students the grader itself failed on (a tilegrade bug)
  std::vector<DamagedRecord> damaged_records;  // in student order
  std::size_t older_records = 0;  // records of another tilegrade, without a digest: regraded
};

// Grades the students of `students` that belong to options.shard and writes OUT. Errors
// (ErrorKind::Io): OUT or a file in it cannot be written. One student's failure is that student's
// error row, never an error.
Result<BatchResult> run_batch(const PreparedAssignment& prepared,
                              const std::string& submissions_dir,
                              const std::vector<StudentEntry>& students, const std::string& out_dir,
                              const BatchOptions& options);

}  // namespace tile
