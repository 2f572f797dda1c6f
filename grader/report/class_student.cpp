// A student as the class report sees them, and how their batch record keeps it (class_report.h).
#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "grader/report/class_report.h"
#include "grader/spec/diagnosis_codes.h"

namespace tile {

using nlohmann::json;

namespace {

// The codes a batch gives a student entry it could not read a script from (students.h).
bool is_folder_problem(std::string_view code) {
  for (std::string_view problem :
       {codes::kNoScript, codes::kAmbiguousScript, codes::kDuplicateStudent, codes::kSymlink,
        codes::kNotARegularFile, codes::kUnreadable, codes::kTooLarge, codes::kNotText}) {
    if (code == problem) return true;
  }
  return false;
}

// Why no test of the report gave a result, most specific first.
std::string cause_of(const GradeReport& report) {
  const auto any_test = [&](auto predicate) {
    return std::any_of(report.tests.begin(), report.tests.end(), predicate);
  };
  if (any_test([](const TestResult& test) { return test.diagnosis.code == codes::kInternalError; })) {
    return class_causes::kInternalError;
  }
  if (any_test([](const TestResult& test) { return is_folder_problem(test.diagnosis.code); })) {
    return class_causes::kNoScript;
  }
  if (!report.script_error.empty()) return class_causes::kDidNotLoad;
  if (any_test([](const TestResult& test) { return test.out_of_time; })) {
    return class_causes::kStoppedByTime;
  }
  return class_causes::kNoResult;
}

bool strings_of(const json& value, std::vector<std::string>& out) {
  if (!value.is_array()) return false;
  for (const json& item : value) {
    if (!item.is_string()) return false;
    out.push_back(item.get<std::string>());
  }
  return true;
}

bool has_strings(const json& value, std::initializer_list<const char*> keys) {
  return std::all_of(keys.begin(), keys.end(), [&](const char* key) {
    return value.contains(key) && value[key].is_string();
  });
}

// "DIGEST:COUNT": the digest as 16 hex digits (as records write hashes), then the count.
std::string trace_text(std::uint64_t digest, std::uint64_t expanded) {
  return fmt::format("{:016x}:{}", digest, expanded);
}

// What trace_text writes, or "": a record is outside input, and the similarity section reads the
// count after the colon as a number.
bool is_trace_text(const std::string& text) {
  if (text.empty()) return true;
  if (text.size() < 18 || text.size() > 36 || text[16] != ':') return false;  // 19 digits
  const auto hex = [](char ch) { return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'); };
  const auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };
  return std::all_of(text.begin(), text.begin() + 16, hex) &&
         std::all_of(text.begin() + 17, text.end(), digit);
}

}  // namespace

ClassStudent class_student(const GradeReport& report, const std::string& student,
                           const std::string& report_link, const std::string& status) {
  ClassStudent out;
  out.student = student;
  out.report = report_link;
  out.status = status;
  out.score = rounded_score(report.score());
  out.max_score = rounded_score(report.max_score());
  if (status != "graded") out.cause = cause_of(report);
  for (const TestResult& test : report.tests) {
    ClassTest summary{test.task, test.test, test.passed, test.failed_checks(),
                      test.diagnosis.code, test.diagnosis.sentence};
    // Only a failed run's behaviour says anything about the student: a passing run is the
    // reference's, the same for everyone who passes.
    if (!test.passed) {
      if (test.expanded > 0) summary.trace = trace_text(test.expansion_digest, test.expanded);
      const auto& failed = summary.failed_checks;
      if (std::find(failed.begin(), failed.end(), "count") != failed.end()) {
        summary.count = test.figures.student_count;
      }
    }
    out.tests.push_back(std::move(summary));
  }
  for (const TaskRepair& repair : report.repairs) {
    ClassRepair tallied{repair.task, {}};
    for (const RepairChange& change : repair.changes) tallied.kinds.push_back(change.kind);
    out.repairs.push_back(std::move(tallied));
  }
  return out;
}

ClassStudent class_student_without_submission(const std::string& student, double max_score) {
  ClassStudent out;
  out.student = student;
  out.status = "no-submission";
  out.max_score = rounded_score(max_score);
  out.cause = class_causes::kNoSubmission;
  return out;
}

json class_student_to_json(const ClassStudent& student) {
  json repairs = json::array();
  for (const ClassRepair& repair : student.repairs) {
    repairs.push_back({{"task", repair.task}, {"kinds", repair.kinds}});
  }
  json tests = json::array();
  for (const ClassTest& test : student.tests) {
    tests.push_back({{"task", test.task},
                     {"test", test.test},
                     {"passed", test.passed},
                     {"failed_checks", test.failed_checks},
                     {"diagnosis", test.diagnosis},
                     {"explanation", test.explanation},
                     {"trace", test.trace},
                     {"count", test.count ? json(*test.count) : json(nullptr)}});
  }
  return {{"student", student.student}, {"report", student.report},
          {"status", student.status},   {"score", student.score},
          {"max_score", student.max_score}, {"cause", student.cause},
          {"tests", tests}, {"repairs", repairs}};
}

std::optional<ClassStudent> class_student_from_json(const json& value) {
  if (!value.is_object() || !has_strings(value, {"student", "report", "status", "cause"})) {
    return std::nullopt;
  }
  if (!value.contains("score") || !value["score"].is_number() || !value.contains("max_score") ||
      !value["max_score"].is_number() || !value.contains("tests") || !value["tests"].is_array()) {
    return std::nullopt;
  }
  ClassStudent out;
  out.student = value["student"].get<std::string>();
  out.report = value["report"].get<std::string>();
  out.status = value["status"].get<std::string>();
  out.cause = value["cause"].get<std::string>();
  out.score = value["score"].get<double>();
  out.max_score = value["max_score"].get<double>();
  for (const json& item : value["tests"]) {
    if (!item.is_object() ||
        !has_strings(item, {"task", "test", "diagnosis", "explanation", "trace"}) ||
        !item.contains("passed") || !item["passed"].is_boolean() ||
        !item.contains("failed_checks") || !item.contains("count") ||
        !(item["count"].is_null() || item["count"].is_number_integer())) {
      return std::nullopt;
    }
    ClassTest test;
    test.task = item["task"].get<std::string>();
    test.test = item["test"].get<std::string>();
    test.passed = item["passed"].get<bool>();
    test.diagnosis = item["diagnosis"].get<std::string>();
    test.explanation = item["explanation"].get<std::string>();
    test.trace = item["trace"].get<std::string>();
    if (!is_trace_text(test.trace)) return std::nullopt;
    if (item["count"].is_number_integer()) test.count = item["count"].get<std::int64_t>();
    if (!strings_of(item["failed_checks"], test.failed_checks)) return std::nullopt;
    out.tests.push_back(std::move(test));
  }
  // A record written before repairs has none.
  if (value.contains("repairs")) {
    if (!value["repairs"].is_array()) return std::nullopt;
    for (const json& item : value["repairs"]) {
      if (!item.is_object() || !has_strings(item, {"task"}) || !item.contains("kinds")) {
        return std::nullopt;
      }
      ClassRepair repair{item["task"].get<std::string>(), {}};
      if (!strings_of(item["kinds"], repair.kinds)) return std::nullopt;
      out.repairs.push_back(std::move(repair));
    }
  }
  return out;
}

}  // namespace tile
