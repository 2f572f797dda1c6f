// Turning one job's observation into a scored TestResult. Checks compare the student's behaviour
// with the engine's expectation; each enabled check earns its weight's share of the test's points
// (grader/judge/weighted_score.h), and the output lists every check so a student sees what passed as well as what failed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"
#include "grader/student/observation.h"
#include "grader/report/report.h"
#include "grader/judge/diagnosis.h"
#include "grader/judge/function_patterns.h"

namespace tile {

// Exact distance to the goal for boards whose distance is known, nullopt for the others.
using ExactDistance = std::function<std::optional<std::int64_t>(const Board&)>;

// Names the mistake of a failing search test; by default diagnose_search() on that test alone, or
// a TaskDiagnoser's answer when the caller has all of the task's runs (grade.cpp).
using SearchDiagnose =
    std::function<std::optional<Diagnosis>(const TestCase&, const StudentSearchRun&)>;

TestResult check_search_test(const Task& task, const TestCase& test, const Expectation& expected,
                             const JobObservation& observation, double max_score,
                             const SearchDiagnose& diagnose = {});

TestResult check_heuristic_test(const Task& task, const TestCase& test,
                                const Expectation& expected,
                                const JobObservation& observation, const ExactDistance& exact,
                                double max_score);

// Names a function task's wrong answer; by default from that test's answer alone, or from all of
// the task's answers read together when the caller has them (grade.cpp, function_patterns.h).
using FunctionDiagnose = std::function<std::optional<FunctionFinding>(const TestCase&)>;

// A function task: the value returned for the test's board against the engine's answer.
TestResult check_function_test(const Task& task, const TestCase& test, const Expectation& expected,
                               const JobObservation& observation, double max_score,
                               const FunctionDiagnose& diagnose = {});

// Whether a heuristic test's code is a correctness check's claim, confirmed by a counterexample
// or by the values themselves (inadmissible, inconsistent, goal-not-zero, nondeterministic,
// heuristic-constant-{value}), not a run that failed (did-not-run, error).
bool heuristic_check_claim(std::string_view code);

// CS188-style informedness: points for every threshold the total count over the task's tests
// stays within; nothing unless every test of the task passed its correctness checks. Then
// `failed_check`, the diagnosis of the task's first test that failed with a check's claim (when
// one did), names the row too: that is why it has no points. Its code and source only: its
// sentence was said on that test.
TestResult check_informedness(const Task& task, const std::vector<const JobObservation*>& runs,
                              const std::vector<const Expectation*>& expected,
                              bool all_tests_correct,
                              const TestDiagnosis* failed_check = nullptr);

// Accumulates check lines and the share of points they earn.
class CheckList {
 public:
  CheckList() = default;
  // A search test's checks weigh what its "weights" say (grader/judge/weighted_score.h).
  explicit CheckList(const CheckWeights& weights) : weights_(weights) {}
  // `key` is the check's short name ("path", "count"), recorded in TestResult::failed_checks.
  void add(const std::string& name, bool passed, const std::string& detail = "",
           std::string_view key = "");
  TestResult finish(TestResult result, double max_score) const;
  bool all_passed() const;

 private:
  struct Line {
    std::string name;
    bool passed;
    std::string detail;
    std::string key;
  };
  std::vector<Line> lines_;
  CheckWeights weights_;
};

}  // namespace tile
