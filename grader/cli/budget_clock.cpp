#include "grader/cli/budget_clock.h"

#include <algorithm>
#include <cstdio>

#include "grader/run/grade.h"
#include "grader/run/submission_runner.h"

namespace tile::cli {

namespace {

std::string seconds_text(double seconds) {
  char text[32];
  if (seconds < 0.1) {  // milliseconds read better than "0.00 s"
    std::snprintf(text, sizeof text, seconds < 0.001 ? "%.2f ms" : "%.0f ms", seconds * 1000);
  } else {
    std::snprintf(text, sizeof text, seconds < 10 ? "%.2f s" : "%.0f s", seconds);
  }
  return text;
}

}  // namespace

std::string BudgetProjection::sentence() const {
  const std::string timed = "the reference's " + std::to_string(tests) +
                            (tests == 1 ? " test of " : " tests of ") + task;
  if (!measurable()) {
    return timed + " took under " + seconds_text(kMinTimedSeconds) +
           " of processor time: too little to scale to the budgets (a harder test would show "
           "whether the processor-time limit can come first)";
  }
  return timed + " (" + std::to_string(expansions) + " expansions, " +
         std::to_string(api_calls) + " problem calls in " + seconds_text(seconds) +
         " of processor time) reach, at that pace, " + budget + " in about " +
         seconds_text(budget_seconds) + "; " + seconds_text(budget_seconds * kClockSafety) +
         " with the safety factor of " + std::to_string(static_cast<int>(kClockSafety)) +
         (too_close() ? ", past" : ", within") + " the processor-time limit of " +
         seconds_text(clock_seconds);
}

TimedGrade grade_reference_timed(const PreparedAssignment& prepared,
                                 const std::string& solution) {
  std::vector<Job> ran;
  std::vector<JobObservation> observed;
  GradeOptions options;
  options.run_jobs = [&](const Assignment& graded, const std::vector<Job>& jobs,
                         const std::string& path) {
    ran = jobs;
    observed = run_submission(graded, jobs, path);
    return observed;
  };
  TimedGrade timed{grade_submission(prepared, solution, options), {}};
  const Assignment& assignment = prepared.assignment();
  for (std::size_t t = 0; t < assignment.tasks.size(); ++t) {
    const Task& task = assignment.tasks[t];
    if (task.kind != TaskKind::Search) continue;
    BudgetProjection projection;
    projection.task = task.name;
    for (std::size_t j = 0; j < ran.size() && j < observed.size(); ++j) {
      if (ran[j].task_index != t || !observed[j].search || !observed[j].search->completed) continue;
      const StudentSearchRun& run = *observed[j].search;
      ++projection.tests;
      projection.seconds += run.cpu_seconds;
      projection.expansions += run.expanded;
      projection.api_calls += run.api_calls;
    }
    if (projection.expansions == 0 || projection.api_calls == 0) continue;  // nothing to scale
    const double by_expansions = projection.seconds *
                                 static_cast<double>(task.limits.search.max_expansions) /
                                 static_cast<double>(projection.expansions);
    const double by_calls = projection.seconds *
                            static_cast<double>(task.limits.search.max_api_calls) /
                            static_cast<double>(projection.api_calls);
    projection.budget = by_expansions <= by_calls ? "max_expansions" : "max_api_calls";
    projection.budget_seconds = std::min(by_expansions, by_calls);
    projection.clock_seconds =
        assignment.limits.call_seconds > 0
            ? std::min(assignment.limits.call_seconds, assignment.limits.test_seconds)
            : assignment.limits.test_seconds;
    timed.projections.push_back(projection);
  }
  return timed;
}

}  // namespace tile::cli
