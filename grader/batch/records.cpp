#include "grader/batch/records.h"

#include <cmath>

#include <filesystem>

#include <fmt/core.h>

#include "engine/files.h"
#include "grader/spec/json_input.h"

namespace tile {

using nlohmann::json;

namespace {

// Bump when the grader's reports or rows change for the same script and assignment, so that
// records written by an older tilegrade are never reused.
// 2: an HTML report per student; 3: the class summary; 4: the digest; 5: each failed test's
// trace and count in the class summary (the similarity section). A record of another format is
// never reused, and one of an older format has no digest to verify or lacks what the class
// report now reads.
constexpr int kRecordFormat = 5;

struct ReportFile {
  ReportFormat format;
  const char* suffix;
};
constexpr ReportFile kReportFiles[] = {
    {ReportFormat::Text, ".txt"},
    {ReportFormat::Json, ".json"},
    {ReportFormat::Junit, ".junit.xml"},
    {ReportFormat::Html, ".html"}};

}  // namespace

std::string record_digest(const json& record) {
  json sealed = record;
  sealed.erase("digest");
  return content_hash(sealed.dump(-1, ' ', false, json::error_handler_t::replace));
}

namespace {

RecordReading damaged(std::string why) {
  RecordReading reading;
  reading.trouble = RecordTrouble::Damaged;
  reading.why = std::move(why);
  return reading;
}

// The record at `path` once its digest verifies; otherwise nullopt, and `reading` says why when
// the instructor should hear it (a missing record is a student not graded here yet).
std::optional<json> verified_record(const std::string& path, RecordReading& reading) {
  std::error_code error;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, error))) return std::nullopt;
  auto bytes = read_file(path);
  if (!bytes) {
    reading = damaged("cannot be read");
    return std::nullopt;
  }
  auto parsed = parse_json_input(*bytes, "record");
  if (!parsed || !parsed->is_object() || !parsed->contains("format") ||
      !(*parsed)["format"].is_number_integer()) {
    reading = damaged("is not a record");
    return std::nullopt;
  }
  const json& record = *parsed;
  if (record["format"] != kRecordFormat) {
    reading.trouble = RecordTrouble::Older;
    return std::nullopt;
  }
  if (!record.contains("digest") || !record["digest"].is_string()) {
    reading = damaged("has no digest");
    return std::nullopt;
  }
  if (record["digest"] != record_digest(record)) {
    reading = damaged("does not match its digest (it was edited or damaged)");
    return std::nullopt;
  }
  return std::move(*parsed);
}

}  // namespace

bool row_adds_up(const Assignment& assignment, const GradebookRow& row,
                 const std::string& json_report) {
  constexpr double kSlack = 1e-4;  // scores are kept to 1e-6 (rounded_score), each task's alike
  double tasks = 0;
  for (double task : row.task_scores) {
    if (!std::isfinite(task) || task < -kSlack) return false;
    tasks += task;
  }
  if (!std::isfinite(row.score) || std::fabs(row.score - tasks) > kSlack) return false;
  if (row.score < -kSlack || row.score > row.max_score + kSlack ||
      row.max_score > rounded_score(assignment.max_score()) + kSlack) {
    return false;
  }
  const json report = json::parse(json_report, nullptr, false);
  if (!report.is_object() || !report.contains("score") || !report["score"].is_number()) {
    return false;
  }
  return std::fabs(report["score"].get<double>() - row.score) <= kSlack;
}

RecordReading read_record(const Assignment& assignment, const Places& places,
                          const StudentEntry& entry, const std::string& script_hash) {
  RecordReading reading;
  const auto verified = verified_record(places.records_dir + "/" + entry.key + ".json", reading);
  if (!verified) return reading;
  const json& record = *verified;
  const json expected_fields = {{"format", kRecordFormat},
                                {"student", entry.name},
                                {"script", entry.script},
                                {"script_hash", script_hash},
                                {"assignment", places.fingerprint}};
  for (const auto& [key, value] : expected_fields.items()) {
    if (!record.contains(key) || record[key] != value) return reading;
  }
  if (!record.contains("reports") || !record["reports"].is_object()) return reading;
  std::string json_report;
  for (const ReportFile& file : kReportFiles) {
    const std::string name = entry.key + file.suffix;
    const auto listed = record["reports"].find(name);
    if (listed == record["reports"].end() || !listed->is_string()) return reading;
    auto report = read_file(places.reports_dir + "/" + name);
    if (!report || content_hash(*report) != listed->get<std::string>()) return reading;
    if (file.format == ReportFormat::Json) json_report = std::move(*report);
  }
  if (!record.contains("row") || !record.contains("class")) return reading;
  auto row = row_from_json(record["row"], assignment.tasks.size());
  if (!row || row->student != entry.name) return reading;
  // The digest catches damage and edits by hand, not one who recomputes it: the row's score must
  // also be its own task scores' sum, within the assignment's points, and the score of the JSON
  // report the record lists, or the record is not reused.
  if (!row_adds_up(assignment, *row, json_report)) {
    return damaged("does not add up (its score is not the sum of its task scores, or not its "
                   "report's)");
  }
  auto summary = class_student_from_json(record["class"]);
  if (!summary || summary->student != row->student) return reading;
  row->reused = true;
  reading.reused = RecordedStudent{std::move(*row), std::move(*summary)};
  return reading;
}

Result<json> write_reports(const Places& places, const std::string& key,
                           const GradeReport& report) {
  json hashes = json::object();
  for (const ReportFile& file : kReportFiles) {
    const std::string text = format_report(report, file.format);
    const std::string name = key + file.suffix;
    // Unsynced: the record lists each report's hash, and a resume regrades on a mismatch.
    if (auto written = write_file_atomically(places.reports_dir + "/" + name, text,
                                             FileSync::Unsynced);
        !written) {
      return written.failure();
    }
    hashes[name] = content_hash(text);
  }
  return hashes;
}

Status write_record(const Places& places, const StudentEntry& entry,
                    const std::string& script_hash, const json& report_hashes,
                    const GradebookRow& row, const ClassStudent& summary) {
  json record = {{"format", kRecordFormat},          {"student", entry.name},
                 {"script", entry.script},           {"script_hash", script_hash},
                 {"assignment", places.fingerprint}, {"reports", report_hashes},
                 {"row", row_to_json(row)},          {"class", class_student_to_json(summary)}};
  record["digest"] = record_digest(record);
  // Unsynced: a record a crash cut does not parse or verify, and its student is graded again.
  return write_file_atomically(places.records_dir + "/" + entry.key + ".json",
                               record.dump(2, ' ', false, json::error_handler_t::replace) + "\n",
                               FileSync::Unsynced);
}

std::string assignment_fingerprint(const Assignment& assignment,
                                   const std::vector<Expectation>& expectations) {
  return assignment_digest(assignment, expectations);
}

}  // namespace tile
