// The instructor's view of a class: what the class got wrong and what to re-teach. Each student is
// reduced to a ClassStudent (what their report says, as a class tallies it); the class report is
// computed from those alone, so a student graded now, one a resumed run reuses from their record
// and one a merged shard brought give the same bytes.
//
// The summary is one JSON document, class.json, whose schema docs/grading-a-class.md documents
// ("Grading a class", the class report); class.html is drawn from that same document, so the two
// views can never disagree. Both depend on the students' summaries and the assignment only, in
// student order: any --jobs, resume or shard merge writes the same bytes.
#pragma once

#include <optional>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/report/report.h"
#include "grader/spec/assignment.h"

namespace tile {

struct ClassTest {
  std::string task;
  std::string test;  // its name within the task ("published-2", "informedness")
  bool passed = false;
  std::vector<std::string> failed_checks;  // TestResult::failed_checks
  std::string diagnosis;                   // the code, "" when none
  std::string explanation;                 // the sentence the student read, "" when none
  // A failed test's behaviour, for the similarity section (class_similarity.h): the boards its
  // search expanded as "DIGEST:COUNT" (16 hex digits, then how many; "" when it passed or expanded
  // none), and the count it returned when the count check failed.
  std::string trace = {};
  std::optional<std::int64_t> count = {};
};

// Why a student has no grade worth tallying (ClassStudent::cause), in the order the report lists
// them.
namespace class_causes {
inline constexpr const char* kNoSubmission = "no-submission";    // named by a roster, no entry
inline constexpr const char* kNoScript = "no-script";            // no gradable script in the entry
inline constexpr const char* kDidNotLoad = "did-not-load";       // the script did not load
inline constexpr const char* kStoppedByTime = "stopped-by-time";  // a clock ended its tests
inline constexpr const char* kInternalError = "internal-error";  // tilegrade failed (a bug)
inline constexpr const char* kNoResult = "no-result";  // no function, or an error in every test
}  // namespace class_causes

// A verified repair of one of the student's tasks, as the class tallies it: what kind of edit
// mended it (grader/edit/script_edits.h's names), for "what the class gets wrong, in code".
struct ClassRepair {
  std::string task;
  std::vector<std::string> kinds;  // one per change, in the script's order
  bool operator==(const ClassRepair&) const = default;
};

struct ClassStudent {
  std::string student;  // as the gradebook shows it (escaped)
  std::string report;   // their HTML report, relative to class.html ("reports/ana.html"), or ""
  std::string status;   // the gradebook's: "graded", "error", "no-submission"
  double score = 0;
  double max_score = 0;
  std::string cause;  // for a status other than "graded": one of class_causes
  std::vector<ClassTest> tests;
  std::vector<ClassRepair> repairs = {};  // GradeReport::repairs
};

// Whether a diagnosis code names a mistake (not "did-not-run", "error", "expansion-budget",
// "unrecognised" or a folder problem): what the class report tallies as a misconception.
bool is_misconception(std::string_view code);

// A graded (or refused) student's summary from their report; `status` is their gradebook row's.
ClassStudent class_student(const GradeReport& report, const std::string& student,
                           const std::string& report_link, const std::string& status);

// A student a roster names who submitted nothing.
ClassStudent class_student_without_submission(const std::string& student, double max_score);

// As stored in a student's batch record; nullopt for anything class_student_to_json did not write.
nlohmann::json class_student_to_json(const ClassStudent& student);
std::optional<ClassStudent> class_student_from_json(const nlohmann::json& value);

// class.json: the summary of `students` (in student order) for `assignment`.
nlohmann::json class_report_json(const Assignment& assignment,
                                 const std::vector<ClassStudent>& students);

// class.html: the same summary as one self-contained page (class_report_html.cpp).
std::string class_report_html(const nlohmann::json& summary);

}  // namespace tile
