// The resume rule of a batch. Each graded student gets a record, written after their reports,
// naming what was graded (hashes of the script, the assignment and each report) and their row,
// sealed by a digest of all of it; a later run reuses the row only when the digest verifies and
// all of it still holds.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/batch/gradebook.h"
#include "grader/report/class_report.h"
#include "grader/report/report.h"
#include "grader/spec/assignment_digest.h"
#include "grader/spec/expectation.h"

namespace tile {

// Where one batch's files go, and the fingerprint its records carry.
struct Places {
  std::string submissions_dir;
  std::string reports_dir;
  std::string records_dir;
  std::string fingerprint;
  // What each report is stamped with (ReportStamp): the assignment's digest, whatever the
  // selection (--task/--test) adds to the fingerprint.
  std::string assignment_digest = {};
};

// A fingerprint of what grading depends on besides the script: the assignment's digest
// (assignment_digest.h). A record made under another fingerprint is never reused.
std::string assignment_fingerprint(const Assignment& assignment,
                                   const std::vector<Expectation>& expectations);

// What a record keeps of a student: their gradebook row and their class-report summary.
struct RecordedStudent {
  GradebookRow row;
  ClassStudent summary;
};

// Why a record on disk was not reused, when the instructor should hear of it: a record damaged
// or edited by hand (a score changed from 75 to 15 in valid JSON) would otherwise put a score in
// the gradebook that the student's reports contradict.
enum class RecordTrouble {
  None,     // reused, or stale for an ordinary reason (no record yet, another script or assignment)
  Older,    // written by a tilegrade whose records carry no digest (another record format)
  Damaged,  // unreadable, not a record, or its content does not match its digest
};

struct RecordReading {
  std::optional<RecordedStudent> reused;
  RecordTrouble trouble = RecordTrouble::None;
  std::string why;  // Damaged: what did not verify, a clause for "alice's record ...: regraded"
};

// The student's row and summary from their record, if its digest verifies and it names the same
// record format, student, script path, script hash and assignment fingerprint, and every report
// file it lists is on disk with the recorded hash. Anything else (a deleted or edited report, a
// changed script, a record that does not verify) leaves `reused` empty: the student is regraded.
RecordReading read_record(const Assignment& assignment, const Places& places,
                          const StudentEntry& entry, const std::string& script_hash);

// Whether a record's row agrees with itself and its report: the score is the sum of its task
// scores, within the assignment's points, and the score of the JSON report (`json_report`, the
// bytes the record lists). A record whose row does not is damaged (read_record): a digest
// recomputed after raising a score does not make it reused.
bool row_adds_up(const Assignment& assignment, const GradebookRow& row,
                 const std::string& json_report);

// The digest a record carries in "digest": content_hash of the record's other fields as compact
// JSON (keys sorted, invalid UTF-8 replaced, so parsing and dumping again gives the same bytes).
// It catches damage and edits by hand, not a forger, who can recompute it (engine/fnv1a.h).
std::string record_digest(const nlohmann::json& record);

// Writes the student's reports (KEY.txt, KEY.json, KEY.junit.xml: StudentEntry::key), each whole;
// returns their hashes by file name.
Result<nlohmann::json> write_reports(const Places& places, const std::string& key,
                                     const GradeReport& report);

// Writes the record, last: a record on disk means its reports were complete.
Status write_record(const Places& places, const StudentEntry& entry,
                    const std::string& script_hash, const nlohmann::json& report_hashes,
                    const GradebookRow& row, const ClassStudent& summary);

}  // namespace tile
