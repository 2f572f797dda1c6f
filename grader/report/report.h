// The result of grading one submission, and its renderings for students (text), Gradescope and
// any JSON consumer (results.json shape), and CI (JUnit XML). One model, several views: every
// format is computed from the same TestResults, so they can never disagree on a verdict.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/spec/assignment.h"

namespace tile {

// The boards and numbers behind a test's output, for reports that draw (html). Text formats ignore
// them; a test that never ran leaves what it could not know empty.
struct TestFigures {
  std::optional<Board> start;
  std::optional<Board> goal;
  std::string path;                           // the student's moves as letters ("ULL")
  std::string count_name;                     // what the counts below count ("expanded")
  std::optional<std::int64_t> student_count;  // returned by the student's search, or counted by
                                              // the engine's search with the student's heuristic
  std::optional<std::uint64_t> reference_count;
  std::optional<std::uint64_t> baseline_count;
  std::string baseline_name;                  // the built-in heuristic behind baseline_count
  // The first expansion (1-based) where the student's order leaves the engine's, and what each
  // side expanded there; a side that had already stopped has no board.
  std::optional<std::size_t> divergence_step;
  std::optional<Board> divergence_student;
  std::optional<Board> divergence_reference;
  // Heuristic tasks: what a check found wrong, each with its boards and their captions (an
  // overestimate: one board, "h = 10, true distance 9"; an inconsistent move: the two boards).
  struct Counterexample {
    std::string title;  // "Your heuristic overestimates"
    std::vector<std::pair<Board, std::string>> boards;
  };
  std::vector<Counterexample> counterexamples;
};

struct TestResult {
  std::string task;
  std::string name;          // "bfs: published-2"
  double score = 0;
  double max_score = 0;
  bool passed = false;
  std::string output;        // what the student reads: checks, counterexamples, diagnosis
  Visibility visibility = Visibility::Visible;
  std::string diagnosis;     // a stable code ("goal-test-on-generate"), empty when none
  // The diagnosis's sentence for the student, when it has one: the output ends with it, in
  // diagnosis_paragraph(), and the HTML card shows it on its own.
  std::string explanation = {};
  TestFigures figures = {};
  // The checks that failed, by their short names ("path", "cost", "count", "order", ...), in the
  // order they were checked: what the class report tallies per test.
  std::vector<std::string> failed_checks = {};
  // The test was ended by a clock (the per-call limit or the test's wall-clock limit), not by a
  // budget: the class report groups such students apart.
  bool out_of_time = false;
};

// What a run left out (`check`, or any run of a student copy): tests it does not have or does not
// show, and informedness, which is measured over every test. The student sees that the full grade
// is out of more than the score printed.
struct NotChecked {
  std::size_t hidden_tests = 0;
  double hidden_points = 0;
  double informedness_points = 0;
  std::size_t unselected_tests = 0;  // left out by --task/--test
  double unselected_points = 0;

  bool any() const {
    return hidden_tests > 0 || informedness_points > 0 || unselected_tests > 0;
  }
};

struct GradeReport {
  std::string assignment;
  std::string submission;    // file name as given
  std::vector<TestResult> tests;
  // Why the script could not run at all (it did not load), said once for the whole submission,
  // above the tests: a test it stopped only points to it (kNotRunScriptError). Empty otherwise.
  std::string script_error;
  NotChecked not_checked;
  double execution_time = 0;  // seconds; the only field that differs between reruns

  double score() const;
  double max_score() const;
  bool all_passed() const;
};

// What a test says when the script did not load: one line pointing to GradeReport::script_error.
inline constexpr const char* kNotRunScriptError =
    "Not run: your script did not load (its error is shown once, for the whole submission).";

enum class ReportFormat { Text, Json, Gradescope, Junit, PrairieLearn, Html, Classroom };
Result<ReportFormat> parse_report_format(std::string_view text);

std::string format_report(const GradeReport& report, ReportFormat format);
nlohmann::json gradescope_json(const GradeReport& report);

// "Not checked here: 8 hidden tests (30 points) and informedness (40 points). The full grade is
// out of 100.", or "" when the run checked everything.
std::string not_checked_sentence(const GradeReport& report);

// How a test's output ends when a mistake is named: "\nDiagnosis (code): sentence\n".
std::string diagnosis_paragraph(std::string_view code, std::string_view explanation);

// Scores rounded for machines (to 1e-6), so reruns give the same numbers in every format.
double rounded_score(double value);
// A score as people read it: at most two decimals, no trailing zeros ("4.17", "16.67", "75"),
// never "8.33333".
std::string score_text(double value);

}  // namespace tile
