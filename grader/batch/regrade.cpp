#include "grader/batch/regrade.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

#include "engine/files.h"
#include "grader/batch/attempts_folder.h"
#include "grader/batch/gradebook.h"
#include "grader/report/class_report.h"
#include "grader/spec/text.h"

namespace tile {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// One student's JSON report as the regrade reads it.
struct ReadReport {
  std::string student;
  bool readable = false;
  double score = 0;
  std::optional<ReportStamp> stamp;
  std::vector<TestResult> tests;
};

constexpr std::string_view kJsonSuffix = ".json";

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Deeper than any document a batch writes (a report's fields are a few levels deep): such a file
// was edited by hand, and is read as unreadable rather than parsed (bounded, whatever it holds).
constexpr std::size_t kMaxJsonDepth = 64;
// Scores a batch writes are points of an assignment; far past any, a value was edited, and the
// report is read as unreadable (so no sum or difference of two overflows to inf).
constexpr double kMaxScore = 1e9;

// `bytes` parsed, or a discarded value when they are not JSON or nest deeper than kMaxJsonDepth
// (counted outside strings before parsing, so no nesting reaches the parser or a recursive walk).
json parse_bounded(const std::string& bytes) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const char c = bytes[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return json(json::value_t::discarded);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return json::parse(bytes, nullptr, false);
}

// A file of a batch output, read only when it is a regular file itself: a symbolic link is never
// followed out of the folder (nor round a loop).
Result<std::string> read_own_file(const fs::path& path) {
  std::error_code error;
  const fs::file_status status = fs::symlink_status(path, error);
  if (error || !fs::is_regular_file(status)) {
    return Error{path.string() + " is not a regular file of the folder"};
  }
  return read_file(path.string());
}

// The student's name as their record gives it, else the report's file name without ".json".
std::string student_name(const fs::path& out, const std::string& key) {
  auto bytes = read_own_file(out / "records" / (key + ".json"));
  if (bytes) {
    const json record = parse_bounded(*bytes);
    if (record.is_object() && record.contains("student") && record["student"].is_string()) {
      return record["student"].get<std::string>();
    }
  }
  return key;
}

ReadReport read_report(const fs::path& out, const std::string& key) {
  ReadReport report;
  report.student = student_name(out, key);
  auto bytes = read_own_file(out / "reports" / (key + ".json"));
  if (!bytes) return report;
  const json value = parse_bounded(*bytes);
  if (!value.is_object() || !value.contains("score") || !value["score"].is_number() ||
      !value.contains("tests") || !value["tests"].is_array()) {
    return report;
  }
  const double score = value["score"].get<double>();
  if (!std::isfinite(score) || std::fabs(score) > kMaxScore) return report;
  report.readable = true;
  report.score = score;
  if (value.contains("extra_data") && value["extra_data"].is_object() &&
      value["extra_data"].contains("tilegrade")) {
    report.stamp = report_stamp_from_json(value["extra_data"]["tilegrade"]);
  }
  for (const json& test : value["tests"]) {
    if (!test.is_object() || !test.contains("extra_data")) continue;
    if (auto result = test_result_from_json(test["extra_data"])) {
      if (!(std::fabs(result->score) <= kMaxScore && std::fabs(result->max_score) <= kMaxScore)) {
        report.readable = false;
        report.tests.clear();
        return report;
      }
      report.tests.push_back(std::move(*result));
    }
  }
  return report;
}

// The reports of one batch output, by their file name's key (sorted).
Result<std::map<std::string, ReadReport>> read_reports(const std::string& dir) {
  const fs::path reports = fs::path(dir) / "reports";
  std::error_code error;
  if (fs::is_symlink(fs::symlink_status(reports, error))) {
    return Error{escaped_text(dir) + "/reports is a symbolic link, which is never followed: "
                 "give the batch output folder itself"};
  }
  if (!fs::is_directory(reports, error)) {
    return Error{escaped_text(dir) + " is not a batch output folder (it has no reports/ folder)"};
  }
  std::map<std::string, ReadReport> read;
  for (fs::directory_iterator it(reports, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    std::error_code kind_error;
    // A link is never followed (out of the folder, or round a loop).
    if (!ends_with(name, kJsonSuffix) || !fs::is_regular_file(it->symlink_status(kind_error))) {
      continue;
    }
    const std::string key = name.substr(0, name.size() - kJsonSuffix.size());
    // An earlier attempt's report (KEY~WHEN, attempts_folder.h) is not the student's grade.
    const std::size_t tilde = key.rfind('~');
    if (tilde != std::string::npos && is_attempt_time(std::string_view(key).substr(tilde + 1))) {
      continue;
    }
    read.emplace(key, read_report(dir, key));
  }
  if (error) return Error{"cannot list " + escaped_text(reports.string()) + ": " + error.message()};
  return read;
}

// The value most reports carry for one stamp field (ties: the smallest), "" when none has one.
std::string most_common(const std::map<std::string, ReadReport>& reports,
                        std::string ReportStamp::*field) {
  std::map<std::string, std::size_t> counts;
  for (const auto& [key, report] : reports) {
    if (report.stamp) ++counts[(*report.stamp).*field];
  }
  std::string best;
  std::size_t most = 0;
  for (const auto& [value, count] : counts) {
    if (count > most) best = value, most = count;
  }
  return best;
}

ReportStamp common_stamp(const std::map<std::string, ReadReport>& reports) {
  return {most_common(reports, &ReportStamp::version),
          most_common(reports, &ReportStamp::assignment_digest), ""};
}

std::string check_label(const CheckLine& check) {
  return check.key.empty() ? check.name : check.key;
}

std::string code_or_none(const std::string& code) { return code.empty() ? "none" : code; }

// Why one test's verdict differs between the two gradings, in the order a reader checks them.
std::vector<std::string> test_reasons(const TestResult& before, const TestResult& after) {
  std::vector<std::string> reasons;
  std::map<std::string, const CheckLine*> old_checks;
  for (const CheckLine& check : before.checks) old_checks.emplace(check_label(check), &check);
  std::set<std::string> seen;
  for (const CheckLine& check : after.checks) {
    const std::string label = check_label(check);
    seen.insert(label);
    const auto found = old_checks.find(label);
    if (found == old_checks.end()) {
      reasons.push_back(
          fmt::format("check {} added ({})", label, check.passed ? "passes" : "fails"));
      continue;
    }
    const CheckLine& old = *found->second;
    if (old.passed != check.passed) {
      reasons.push_back(fmt::format("check {}: {}", label,
                                    check.passed ? "failed, now passes" : "passed, now fails"));
    }
    if (old.name != check.name) {
      reasons.push_back(
          fmt::format("check {} changed: \"{}\" -> \"{}\"", label, old.name, check.name));
    }
  }
  for (const CheckLine& check : before.checks) {
    if (seen.count(check_label(check)) == 0) {
      reasons.push_back("check " + check_label(check) + " removed");
    }
  }
  if (before.diagnosis.code != after.diagnosis.code) {
    reasons.push_back(fmt::format("diagnosis {} -> {}", code_or_none(before.diagnosis.code),
                                  code_or_none(after.diagnosis.code)));
  }
  // No check and no diagnosis changed: the points did, because the test is worth another share
  // of its task's (a test added or removed beside it), or because of a weight.
  if (reasons.empty() && before.max_score != after.max_score) {
    reasons.push_back(fmt::format("worth {} -> {} points", score_text(before.max_score),
                                  score_text(after.max_score)));
  } else if (reasons.empty() && (before.score != after.score || before.passed != after.passed)) {
    reasons.push_back(
        fmt::format("score {} -> {}", score_text(before.score), score_text(after.score)));
  }
  return reasons;
}

std::vector<TestChange> test_changes(const ReadReport& before, const ReadReport& after) {
  std::vector<TestChange> changes;
  std::map<std::string, const TestResult*> old_tests;
  for (const TestResult& test : before.tests) old_tests.emplace(test.name, &test);
  std::set<std::string> seen;
  for (const TestResult& test : after.tests) {
    seen.insert(test.name);
    const auto found = old_tests.find(test.name);
    if (found == old_tests.end()) {
      changes.push_back({test.name, std::nullopt, test.score, {"test added"}});
      continue;
    }
    auto reasons = test_reasons(*found->second, test);
    if (!reasons.empty()) {
      changes.push_back({test.name, found->second->score, test.score, std::move(reasons)});
    }
  }
  for (const TestResult& test : before.tests) {
    if (seen.count(test.name) == 0) {
      changes.push_back({test.name, test.score, std::nullopt, {"test removed"}});
    }
  }
  return changes;
}

std::vector<std::string> submission_reasons(const ReadReport* before, const ReadReport* after) {
  if (before == nullptr) return {"not in the old grading"};
  if (after == nullptr) return {"not in the new grading"};
  if (!before->readable) return {"the old report cannot be read"};
  if (!after->readable) return {"the new report cannot be read"};
  if (!before->stamp || !after->stamp) {
    return {"a report carries no stamp (made by a tilegrade from before stamps)"};
  }
  std::vector<std::string> reasons;
  const ReportStamp& old = *before->stamp;
  const ReportStamp& now = *after->stamp;
  if (old.submission_digest != now.submission_digest) reasons.push_back("the script changed");
  if (old.version != now.version) {
    reasons.push_back(fmt::format("grader version {} -> {}", old.version, now.version));
  }
  if (old.assignment_digest != now.assignment_digest) {
    reasons.push_back(
        fmt::format("assignment digest {} -> {}", old.assignment_digest, now.assignment_digest));
  }
  return reasons;
}

std::string score_or_dash(const std::optional<double>& score) {
  return score ? score_text(*score) : "-";
}

std::string signed_text(double change) { return (change > 0 ? "+" : "") + score_text(change); }

std::string stamp_line(const char* side, const ReportStamp& stamp) {
  if (stamp.version.empty()) return fmt::format("{}: reports carry no stamp\n", side);
  return fmt::format("{}: tilegrade {}, assignment digest {}\n", side, stamp.version,
                     stamp.assignment_digest);
}

json optional_score(const std::optional<double>& score) {
  return score ? json(rounded_score(*score)) : json(nullptr);
}

}  // namespace

double StudentChange::change() const {
  return rounded_score(new_score.value_or(0) - old_score.value_or(0));
}

bool StudentChange::changed() const {
  return old_score != new_score || !tests.empty() || !old_score || !new_score || submission_changed;
}

std::size_t Regrade::changed_count() const {
  return static_cast<std::size_t>(std::count_if(
      students.begin(), students.end(), [](const StudentChange& s) { return s.changed(); }));
}

Result<Regrade> compare_outputs(const std::string& old_dir, const std::string& new_dir) {
  auto before = read_reports(old_dir);
  if (!before) return before.failure();
  auto after = read_reports(new_dir);
  if (!after) return after.failure();
  Regrade regrade;
  regrade.old_stamp = common_stamp(*before);
  regrade.new_stamp = common_stamp(*after);
  std::set<std::string> keys;
  for (const auto& [key, report] : *before) keys.insert(key);
  for (const auto& [key, report] : *after) keys.insert(key);
  for (const std::string& key : keys) {
    const auto old_found = before->find(key);
    const auto new_found = after->find(key);
    const ReadReport* old_report = old_found == before->end() ? nullptr : &old_found->second;
    const ReadReport* new_report = new_found == after->end() ? nullptr : &new_found->second;
    StudentChange student;
    student.student = (new_report ? new_report : old_report)->student;
    if (old_report && old_report->readable) student.old_score = rounded_score(old_report->score);
    if (new_report && new_report->readable) student.new_score = rounded_score(new_report->score);
    student.reasons = submission_reasons(old_report, new_report);
    student.submission_changed =
        std::any_of(student.reasons.begin(), student.reasons.end(), [](const std::string& reason) {
          return reason.rfind("grader version", 0) != 0 &&
                 reason.rfind("assignment digest", 0) != 0;
        });
    if (old_report && new_report) student.tests = test_changes(*old_report, *new_report);
    regrade.students.push_back(std::move(student));
  }
  std::stable_sort(regrade.students.begin(), regrade.students.end(),
                   [](const StudentChange& a, const StudentChange& b) {
                     const double size_a = std::fabs(a.change());
                     const double size_b = std::fabs(b.change());
                     if (size_a != size_b) return size_a > size_b;
                     if (a.changed() != b.changed()) return a.changed();
                     return a.student < b.student;
                   });
  return regrade;
}

std::string regrade_text(const Regrade& regrade) {
  std::string out = "Regrade\n" + stamp_line("before", regrade.old_stamp) +
                    stamp_line("after", regrade.new_stamp);
  const std::size_t changed = regrade.changed_count();
  out += fmt::format("{} of {} students changed\n", changed, regrade.students.size());
  for (const StudentChange& student : regrade.students) {
    if (!student.changed()) continue;
    out += fmt::format("\n{}: {} -> {} ({})\n", student.student, score_or_dash(student.old_score),
                       score_or_dash(student.new_score), signed_text(student.change()));
    for (const std::string& reason : student.reasons) out += "  " + reason + "\n";
    for (const TestChange& test : student.tests) {
      out += fmt::format("  {}: {} -> {}: ", test.test, score_or_dash(test.old_score),
                         score_or_dash(test.new_score));
      for (std::size_t i = 0; i < test.reasons.size(); ++i) {
        out += (i > 0 ? "; " : "") + test.reasons[i];
      }
      out += "\n";
    }
  }
  if (changed < regrade.students.size()) {
    out += fmt::format("\n{} students unchanged\n", regrade.students.size() - changed);
  }
  // Names, tests and checks come from the old reports, which may have been edited: no control
  // or bidi character reaches a terminal or an editor raw.
  return visible_text(out);
}

std::string regrade_csv(const Regrade& regrade) {
  std::string out = "student,old_score,new_score,change,reasons\n";
  for (const StudentChange& student : regrade.students) {
    std::vector<std::string> reasons = student.reasons;
    for (const TestChange& test : student.tests) {
      for (const std::string& reason : test.reasons) reasons.push_back(test.test + ": " + reason);
    }
    std::string joined;
    for (const std::string& reason : reasons) joined += (joined.empty() ? "" : "; ") + reason;
    out += fmt::format("{},{},{},{},{}\n", csv_field(student.student),
                       student.old_score ? fmt::format("{:g}", *student.old_score) : "",
                       student.new_score ? fmt::format("{:g}", *student.new_score) : "",
                       fmt::format("{:g}", student.change()), csv_field(joined));
  }
  return visible_text(out);
}

json regrade_json(const Regrade& regrade) {
  json students = json::array();
  for (const StudentChange& student : regrade.students) {
    json tests = json::array();
    for (const TestChange& test : student.tests) {
      tests.push_back({{"test", test.test},
                       {"old_score", optional_score(test.old_score)},
                       {"new_score", optional_score(test.new_score)},
                       {"reasons", test.reasons}});
    }
    students.push_back({{"student", student.student},
                        {"old_score", optional_score(student.old_score)},
                        {"new_score", optional_score(student.new_score)},
                        {"change", student.change()},
                        {"changed", student.changed()},
                        {"reasons", student.reasons},
                        {"tests", tests}});
  }
  return {{"format", 1},
          {"before", report_stamp_to_json(regrade.old_stamp)},
          {"after", report_stamp_to_json(regrade.new_stamp)},
          {"students", regrade.students.size()},
          {"changed", regrade.changed_count()},
          {"rows", students}};
}

Status write_regrade(const Regrade& regrade, const std::string& new_dir) {
  const json document = regrade_json(regrade);
  const std::string dumped = document.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
  for (const auto& [name, text] :
       {std::pair{"/regrade.txt", regrade_text(regrade)},
        std::pair{"/regrade.csv", regrade_csv(regrade)}, std::pair{"/regrade.json", dumped}}) {
    if (auto written = write_file_atomically(new_dir + name, text); !written) return written;
  }
  const std::string class_json = new_dir + "/class.json";
  auto bytes = read_own_file(class_json);
  if (!bytes) return success();  // --class-report off, or a shard: no class report to extend
  json summary = parse_bounded(*bytes);
  if (!summary.is_object()) return success();
  summary["regrade"] = document;
  if (auto written = write_file_atomically(
          class_json, summary.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
      !written) {
    return written;
  }
  return write_file_atomically(new_dir + "/class.html", class_report_html(summary));
}

}  // namespace tile
