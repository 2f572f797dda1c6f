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

// What the paragraph needs of one earlier test's extra_data: its task, name, visibility, verdict
// and mistake; nullopt when any is missing (another grader's document).
std::optional<TestResult> earlier_test(const nlohmann::json& value) {
  if (!value.is_object()) return std::nullopt;
  const auto text = [&](const char* key) -> std::optional<std::string> {
    const auto found = value.find(key);
    if (found == value.end() || !found->is_string()) return std::nullopt;
    return found->get<std::string>();
  };
  const auto task = text("task");
  const auto name = text("name");
  const auto visibility = text("visibility");
  const auto passed = value.find("passed");
  const auto diagnosis = value.find("diagnosis");
  if (!task || !name || !visibility || passed == value.end() || !passed->is_boolean() ||
      diagnosis == value.end() || !diagnosis->is_object()) {
    return std::nullopt;
  }
  const auto code = diagnosis->find("code");
  if (code == diagnosis->end() || !code->is_string()) return std::nullopt;
  TestResult test;
  test.task = *task;
  test.name = *name;
  test.test = text("test").value_or(*name);
  test.passed = passed->get<bool>();
  test.diagnosis.code = code->get<std::string>();
  bool known = false;
  for (Visibility v : {Visibility::Visible, Visibility::Hidden, Visibility::AfterDueDate,
                       Visibility::AfterPublished, Visibility::Diagnosis}) {
    if (visibility_name(v) == *visibility) {
      test.visibility = v;
      known = true;
    }
  }
  if (!known) return std::nullopt;
  return test;
}

}  // namespace

std::optional<ClassStudent> earlier_attempt(const nlohmann::json& results) {
  if (!results.is_object()) return std::nullopt;
  const auto tests = results.find("tests");
  if (tests == results.end() || !tests->is_array()) return std::nullopt;
  std::vector<TestResult> read;
  for (const nlohmann::json& entry : *tests) {
    if (!entry.is_object() || !entry.contains("extra_data")) continue;
    if (auto test = earlier_test(entry["extra_data"])) read.push_back(std::move(*test));
  }
  return attempt_of(std::move(read), true);
}

std::string own_attempts_paragraph(const std::vector<nlohmann::json>& earlier,
                                   const GradeReport& current, bool only_latest) {
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
  std::string out =
      fmt::format("Mistakes over your {}{} submissions (this one is attempt {}{}):",
                  only_latest ? "latest " : "", attempts.size(), attempts.size(),
                  only_latest ? " of them" : "");
  for (const std::string& line : timeline_lines(spans, attempts.size())) out += "\n" + line;
  return out;
}

}  // namespace tile
