// The result of grading one submission, and its renderings for students (text), Gradescope and
// any JSON consumer (results.json shape), and CI (JUnit XML). One model, several views: every
// format is computed from the same TestResults, so they can never disagree on a verdict.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/assignment.h"

namespace tile {

struct TestResult {
  std::string task;
  std::string name;          // "bfs: published-2"
  double score = 0;
  double max_score = 0;
  bool passed = false;
  std::string output;        // what the student reads: checks, counterexamples, diagnosis
  Visibility visibility = Visibility::Visible;
  std::string diagnosis;     // a stable code ("goal-test-on-generate"), empty when none
};

struct GradeReport {
  std::string assignment;
  std::string submission;    // file name as given
  std::vector<TestResult> tests;
  double execution_time = 0;  // seconds; the only field that differs between reruns

  double score() const;
  double max_score() const;
  bool all_passed() const;
};

enum class ReportFormat { Text, Json, Gradescope, Junit };
Result<ReportFormat> parse_report_format(std::string_view text);

std::string format_report(const GradeReport& report, ReportFormat format);
nlohmann::json gradescope_json(const GradeReport& report);

}  // namespace tile
