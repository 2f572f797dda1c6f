#include "grader/batch/records.h"

#include <fmt/core.h>

#include "engine/fnv1a.h"
#include "engine/files.h"
#include "grader/spec/json_input.h"

namespace tile {

using nlohmann::json;

namespace {

// Bump when the grader's reports or rows change for the same script and assignment, so that
// records written by an older tilegrade are never reused.
constexpr int kRecordFormat = 3;  // 2: an HTML report per student; 3: the class summary

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

std::string content_hash(std::string_view bytes) {
  Fnv1a hash;
  hash.add(bytes);
  return fmt::format("{:016x}", hash.value());
}

std::optional<RecordedStudent> reusable_row(const Assignment& assignment, const Places& places,
                                            const StudentEntry& entry,
                                            const std::string& script_hash) {
  auto bytes = read_file(places.records_dir + "/" + entry.key + ".json");
  if (!bytes) return std::nullopt;
  const auto parsed = parse_json_input(*bytes, "record");
  if (!parsed || !parsed->is_object()) return std::nullopt;
  const json& record = *parsed;
  const json expected_fields = {{"format", kRecordFormat},
                                {"student", entry.name},
                                {"script", entry.script},
                                {"script_hash", script_hash},
                                {"assignment", places.fingerprint}};
  for (const auto& [key, value] : expected_fields.items()) {
    if (!record.contains(key) || record[key] != value) return std::nullopt;
  }
  if (!record.contains("reports") || !record["reports"].is_object()) return std::nullopt;
  for (const ReportFile& file : kReportFiles) {
    const std::string name = entry.key + file.suffix;
    const auto listed = record["reports"].find(name);
    if (listed == record["reports"].end() || !listed->is_string()) return std::nullopt;
    auto report = read_file(places.reports_dir + "/" + name);
    if (!report || content_hash(*report) != listed->get<std::string>()) return std::nullopt;
  }
  if (!record.contains("row") || !record.contains("class")) return std::nullopt;
  auto row = row_from_json(record["row"], assignment.tasks.size());
  if (!row || row->student != entry.name) return std::nullopt;
  auto summary = class_student_from_json(record["class"]);
  if (!summary || summary->student != row->student) return std::nullopt;
  row->reused = true;
  return RecordedStudent{std::move(*row), std::move(*summary)};
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
      return Error{written.error()};
    }
    hashes[name] = content_hash(text);
  }
  return hashes;
}

Status write_record(const Places& places, const StudentEntry& entry,
                    const std::string& script_hash, const json& report_hashes,
                    const GradebookRow& row, const ClassStudent& summary) {
  const json record = {{"format", kRecordFormat},          {"student", entry.name},
                       {"script", entry.script},           {"script_hash", script_hash},
                       {"assignment", places.fingerprint}, {"reports", report_hashes},
                       {"row", row_to_json(row)},          {"class", class_student_to_json(summary)}};
  // Unsynced: a record a crash cut does not parse, and its student is graded again.
  return write_file_atomically(places.records_dir + "/" + entry.key + ".json",
                               record.dump(2, ' ', false, json::error_handler_t::replace) + "\n",
                               FileSync::Unsynced);
}

std::string assignment_fingerprint(const Assignment& assignment,
                                   const std::vector<Expectation>& expectations) {
  auto spec = read_file(assignment.directory + "/assignment.json");
  const std::string expected = expectations_to_json(assignment, expectations)
                                   .dump(-1, ' ', false, json::error_handler_t::replace);
  return content_hash((spec ? *spec : std::string("(unreadable)")) + "\n" + expected);
}

}  // namespace tile
