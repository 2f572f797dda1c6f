// The resume rule of a batch. Each graded student gets a record, written after their reports,
// naming what was graded (hashes of the script, the assignment and each report) and their row; a
// later run reuses the row only when all of it still holds.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/batch/gradebook.h"
#include "grader/report/class_report.h"
#include "grader/report/report.h"
#include "grader/spec/expectation.h"

namespace tile {

// Where one batch's files go, and the fingerprint its records carry.
struct Places {
  std::string submissions_dir;
  std::string reports_dir;
  std::string records_dir;
  std::string fingerprint;
};

// A fingerprint of what grading depends on besides the script: assignment.json as written and the
// engine's expectations. A record made under another fingerprint is never reused.
std::string assignment_fingerprint(const Assignment& assignment,
                                   const std::vector<Expectation>& expectations);

// Hex FNV-1a of the bytes: how records name a script's or a report's content.
std::string content_hash(std::string_view bytes);

// What a record keeps of a student: their gradebook row and their class-report summary.
struct RecordedStudent {
  GradebookRow row;
  ClassStudent summary;
};

// The student's row and summary from their record, if the record names the same record format, student,
// script path, script hash and assignment fingerprint, and every report file it lists is on disk
// with the recorded hash. Anything else (a deleted or edited report, a changed script) is nullopt.
std::optional<RecordedStudent> reusable_row(const Assignment& assignment, const Places& places,
                                            const StudentEntry& entry,
                                            const std::string& script_hash);

// Writes the student's reports (KEY.txt, KEY.json, KEY.junit.xml: StudentEntry::key), each whole;
// returns their hashes by file name.
Result<nlohmann::json> write_reports(const Places& places, const std::string& key,
                                     const GradeReport& report);

// Writes the record, last: a record on disk means its reports were complete.
Status write_record(const Places& places, const StudentEntry& entry,
                    const std::string& script_hash, const nlohmann::json& report_hashes,
                    const GradebookRow& row, const ClassStudent& summary);

}  // namespace tile
