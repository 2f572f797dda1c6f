#include "grader/report/own_attempts.h"

#include <algorithm>
#include <fmt/format.h>

#include "grader/report/class_attempts.h"
#include "grader/spec/diagnosis_codes.h"

namespace tile {

namespace {

// The summary of the tests the student saw; an attempt where none of them ran (the script did
// not load, or defines none of the functions) is not "graded", so it neither shows a mistake nor
// counts as fixing one.
std::optional<ClassStudent> attempt_of(std::vector<TestResult> tests, bool loaded) {
  std::erase_if(tests, [](const TestResult& test) { return !shown_at_once(test.visibility); });
  if (tests.empty()) return std::nullopt;
  const bool ran = loaded && std::any_of(tests.begin(), tests.end(), [](const TestResult& test) {
                     return test.diagnosis.code != codes::kDidNotRun;
                   });
  GradeReport shown;
  shown.tests = std::move(tests);
  return class_student(shown, "", "", ran ? "graded" : "error");
}

}  // namespace

std::optional<ClassStudent> earlier_attempt(const nlohmann::json& results) {
  if (!results.is_object()) return std::nullopt;
  const auto tests = results.find("tests");
  if (tests == results.end() || !tests->is_array()) return std::nullopt;
  std::vector<TestResult> read;
  for (const nlohmann::json& entry : *tests) {
    if (!entry.is_object() || !entry.contains("extra_data")) continue;
    if (auto test = test_result_from_json(entry["extra_data"])) read.push_back(std::move(*test));
  }
  return attempt_of(std::move(read), true);
}

std::string own_attempts_paragraph(const std::vector<nlohmann::json>& earlier,
                                   const GradeReport& current) {
  std::vector<ClassStudent> attempts;
  for (const nlohmann::json& results : earlier) {
    if (auto attempt = earlier_attempt(results)) attempts.push_back(std::move(*attempt));
  }
  if (attempts.empty()) return "";
  const auto now = attempt_of(current.tests, current.script_error.empty());
  if (!now) return "";
  attempts.push_back(*now);
  const std::vector<MistakeSpan> spans = mistake_spans(attempts);
  if (spans.empty()) return "";
  std::string out = fmt::format("Mistakes over your {} submissions (this one is attempt {}):",
                                attempts.size(), attempts.size());
  for (const std::string& line : timeline_lines(spans, attempts.size())) out += "\n" + line;
  return out;
}

}  // namespace tile
