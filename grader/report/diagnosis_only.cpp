#include "grader/report/diagnosis_only.h"

#include <algorithm>
#include <array>
#include <string>

#include "grader/spec/diagnosis_codes.h"

namespace tile {

namespace {

// Placeholders filled from the assignment or from what the student chose to write, never from
// the test's boards, counts or steps.
constexpr std::array<std::string_view, 6> kEvidenceFree = {"assignment", "yours",   "phrase",
                                                           "order",      "counter", "function"};

bool single_is_evidence_free(std::string_view code) {
  const DiagnosisCode* row = diagnosis_row_of(code);
  if (row == nullptr) return false;
  for (std::string_view text : {row->sentence, row->yours}) {
    for (std::size_t open = text.find('{'); open != std::string_view::npos;
         open = text.find('{', open + 1)) {
      const std::size_t close = text.find('}', open);
      if (close == std::string_view::npos) return false;
      const std::string_view name = text.substr(open + 1, close - open - 1);
      if (std::find(kEvidenceFree.begin(), kEvidenceFree.end(), name) == kEvidenceFree.end()) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace

bool sentence_is_evidence_free(std::string_view code) {
  if (code.empty()) return false;
  std::size_t start = 0;
  while (true) {
    const std::size_t plus = code.find('+', start);
    if (!single_is_evidence_free(code.substr(start, plus - start))) return false;
    if (plus == std::string_view::npos) return true;
    start = plus + 1;
  }
}

TestResult diagnosis_only_view(const TestResult& test) {
  TestResult view;
  view.task = test.task;
  view.name = test.name;
  view.test = test.test;
  view.score = test.score;
  view.max_score = test.max_score;
  view.passed = test.passed;
  view.visibility = test.visibility;
  view.out_of_time = test.out_of_time;
  // One verdict for the test, none per check: each check's verdict is a bit a script could
  // choose from the hidden board, so per-check verdicts would tell it the board faster.
  view.notes = {kDiagnosisOnlyNote};
  view.diagnosis.code = test.diagnosis.code;
  view.diagnosis.heuristic_source = test.diagnosis.heuristic_source;
  if (!test.diagnosis.sentence.empty()) {
    view.diagnosis.sentence = sentence_is_evidence_free(test.diagnosis.code)
                                  ? test.diagnosis.sentence
                                  : std::string(kDiagnosisOnlyWithheld);
  }
  return view;
}

std::optional<GradeReport> with_diagnosis_only_views(const GradeReport& report) {
  const bool any = std::any_of(report.tests.begin(), report.tests.end(), [](const TestResult& t) {
    return t.visibility == Visibility::Diagnosis;
  });
  if (!any) return std::nullopt;
  GradeReport shown = report;
  for (TestResult& test : shown.tests) {
    if (test.visibility == Visibility::Diagnosis) test = diagnosis_only_view(test);
  }
  return shown;
}

}  // namespace tile
