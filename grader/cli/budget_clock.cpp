#include "grader/cli/budget_clock.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "grader/run/grade.h"
#include "grader/run/in_process_runner.h"

namespace tile::cli {

namespace {

using Clock = std::chrono::steady_clock;

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, seconds < 10 ? "%.2f s" : "%.0f s", seconds);
  return text;
}

}  // namespace

std::string BudgetProjection::sentence() const {
  if (!measurable()) {
    return "the reference's slowest test, " + test + ", took under " +
           seconds_text(kMinTimedSeconds) + " beyond loading the script: too little to scale to "
           "the budgets (a harder test would show whether the clock can come first)";
  }
  return "the reference's slowest test, " + test + " (" + std::to_string(expansions) +
         " expansions, " + std::to_string(api_calls) + " problem calls in " +
         seconds_text(seconds) + "), reaches " + budget + " in about " +
         seconds_text(budget_seconds) + "; " + seconds_text(budget_seconds * kClockSafety) +
         " with the safety factor of " + std::to_string(static_cast<int>(kClockSafety)) +
         (too_close() ? ", past" : ", within") + " the clock of " + seconds_text(clock_seconds);
}

TimedGrade grade_reference_timed(const Assignment& assignment,
                                 const std::vector<Expectation>& expectations,
                                 const std::string& solution) {
  std::vector<Job> ran;
  std::vector<JobObservation> observed;
  std::vector<double> seconds;
  GradeOptions options;
  options.run_jobs = [&](const Assignment& graded, const std::vector<Job>& jobs,
                         const std::string& path) {
    std::vector<Clock::time_point> started(jobs.size());
    seconds.assign(jobs.size(), 0);
    InProcessRun run;
    run.on_start = [&](std::size_t job, std::size_t) { started[job] = Clock::now(); };
    run.on_done = [&](std::size_t job, std::size_t, const std::string&) {
      seconds[job] = std::chrono::duration<double>(Clock::now() - started[job]).count();
    };
    ran = jobs;
    observed = run_submission_in_process(graded, jobs, path, run);
    return observed;
  };
  TimedGrade timed{grade_submission(assignment, expectations, solution, options), {}};
  for (std::size_t t = 0; t < assignment.tasks.size(); ++t) {
    const Task& task = assignment.tasks[t];
    if (task.kind != TaskKind::Search) continue;
    std::optional<std::size_t> slowest;
    double fastest = -1;
    for (std::size_t j = 0; j < ran.size() && j < observed.size(); ++j) {
      if (ran[j].task_index != t || !observed[j].search || !observed[j].search->completed) continue;
      if (fastest < 0 || seconds[j] < fastest) fastest = seconds[j];
      if (!slowest || seconds[j] > seconds[*slowest]) slowest = j;
    }
    if (!slowest) continue;
    const StudentSearchRun& run = *observed[*slowest].search;
    if (run.expanded == 0 || run.api_calls == 0) continue;  // nothing to scale
    BudgetProjection projection;
    projection.task = task.name;
    projection.test = task.tests[ran[*slowest].test_index].name;
    // The fastest test is mostly loading the script, which a budget does not multiply.
    projection.seconds = std::max(seconds[*slowest] - fastest, 1e-6);
    projection.expansions = run.expanded;
    projection.api_calls = run.api_calls;
    const double by_expansions = projection.seconds *
                                 static_cast<double>(task.limits.search.max_expansions) /
                                 static_cast<double>(run.expanded);
    const double by_calls = projection.seconds *
                            static_cast<double>(task.limits.search.max_api_calls) /
                            static_cast<double>(run.api_calls);
    projection.budget = by_expansions <= by_calls ? "max_expansions" : "max_api_calls";
    projection.budget_seconds = std::min(by_expansions, by_calls);
    projection.clock_seconds =
        assignment.limits.call_seconds > 0
            ? std::min(assignment.limits.call_seconds, assignment.limits.wall_seconds)
            : assignment.limits.wall_seconds;
    timed.projections.push_back(projection);
  }
  return timed;
}

}  // namespace tile::cli
