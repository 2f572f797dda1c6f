#include "grader/judge/task_judging.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "grader/judge/function_patterns.h"
#include "grader/judge/second_call.h"
#include "grader/judge/step_through_builder.h"
#include "grader/judge/thread_cpu_timer.h"

namespace tile {

namespace {

TestResult check_test(const Task& task, const TestCase& test, const Expectation& expected,
                      const JobObservation& observation, const ExactDistance& exact,
                      double max_score) {
  switch (task.kind) {
    case TaskKind::Search:
      return check_search_test(task, test, expected, observation, max_score);
    case TaskKind::Heuristic:
      return check_heuristic_test(task, test, expected, observation, exact, max_score);
    case TaskKind::Function:
      return check_function_test(task, test, expected, observation, max_score);
  }
  return {};
}

}  // namespace

void judge_task(const Task& task, std::span<const JudgedRun> runs, const TaskJudging& judging,
                GradeReport& report) {
  const double per_test = judging.points_per_test;
  std::vector<const JobObservation*> observed;
  std::vector<const Expectation*> expected_runs;
  // A search task's mistake is named from all of its runs together (TaskDiagnoser).
  std::vector<const TestCase*> searched;
  std::vector<const StudentSearchRun*> search_runs;
  std::vector<std::optional<std::int64_t>> optimal_costs;
  for (const JudgedRun& run : runs) {
    if (!run.observation->search) continue;
    searched.push_back(run.test);
    search_runs.push_back(&*run.observation->search);
    optimal_costs.push_back(run.expected->optimal_cost);
  }
  std::atomic<std::int64_t>* diagnosis_ns = judging.diagnosis_ns;
  std::optional<TaskDiagnoser> diagnoser;
  {
    const ThreadCpuTimer timer(diagnosis_ns);
    diagnoser.emplace(task, searched, search_runs);
    diagnoser->know_optimal_costs(std::move(optimal_costs));
  }
  const SearchDiagnose diagnose = [&](const TestCase& test, const StudentSearchRun&) {
    const ThreadCpuTimer timer(diagnosis_ns);
    const auto at = std::find(searched.begin(), searched.end(), &test);
    return diagnoser->diagnose(static_cast<std::size_t>(at - searched.begin()));
  };
  // A function task's answers are read together too (function_patterns.h).
  std::vector<AnswerOnBoard> answers;
  for (const JudgedRun& run : runs) {
    const auto& function = run.observation->function;
    if (!function || !function->completed) continue;
    answers.push_back({run.test, function->value});
  }
  std::optional<std::vector<std::optional<FunctionFinding>>> findings;
  const FunctionDiagnose name_answer = [&](const TestCase& test) -> std::optional<FunctionFinding> {
    const ThreadCpuTimer timer(diagnosis_ns);
    if (!findings) {
      findings = diagnose_function_task(task.computes, task.function, task.goal, answers);
    }
    for (std::size_t i = 0; i < answers.size(); ++i) {
      if (answers[i].test == &test) return (*findings)[i];
    }
    return std::nullopt;
  };
  bool all_correct = true;
  std::optional<TestDiagnosis> failed_check;  // the first test failing a heuristic's check
  for (const JudgedRun& run : runs) {
    const TestCase& test = *run.test;
    const JobObservation& observation = *run.observation;
    TestResult result =
        task.kind == TaskKind::Search
            ? check_search_test(task, test, *run.expected, observation, per_test, diagnose)
        : task.kind == TaskKind::Function
            ? check_function_test(task, test, *run.expected, observation, per_test, name_answer)
            : check_test(task, test, *run.expected, observation, judging.exact, per_test);
    result.out_of_time = observation.out_of_time;
    if (!result.passed && observation.search) {
      result.figures.step_through =
          build_step_through(task, test, *run.expected, *observation.search, result.diagnosis);
    }
    // After the step-through, which walks the first call's run: a second call that alone fails
    // the test has no step of the first call to show.
    if (observation.search && observation.search_again) {
      judge_second_call(task, *observation.search, *observation.search_again, result);
    }
    all_correct = all_correct && result.passed;
    if (!result.passed && !failed_check && task.kind == TaskKind::Heuristic &&
        heuristic_check_claim(result.diagnosis.code)) {
      failed_check = result.diagnosis;
    }
    observed.push_back(&observation);
    expected_runs.push_back(run.expected);
    report.tests.push_back(std::move(result));
  }
  if (task.kind == TaskKind::Heuristic && !task.checks.informedness.empty()) {
    // Informedness totals every test's expansions: a run without some of them cannot judge it.
    if (!judging.every_test_ran) {
      for (const auto& threshold : task.checks.informedness) {
        report.not_checked.informedness_points += threshold.points;
      }
    } else {
      report.tests.push_back(check_informedness(task, observed, expected_runs, all_correct,
                                                failed_check ? &*failed_check : nullptr));
    }
  }
}

}  // namespace tile
