#include "grader/run/in_process_runner.h"

#include <cstdio>

#include "grader/student/observation.h"

namespace tile {

namespace {

JobObservation decoded(const Assignment& assignment, const std::vector<Job>& jobs,
                       std::size_t index, const std::string& line) {
  JobObservation observation;
  auto result = observation_from_line(line, assignment.tasks[jobs[index].task_index].goal.shape);
  if (result && result->job != index) result = Error{"results out of order"};
  if (result) {
    observation = std::move(*result);
  } else {
    observation = failed_job(index, FailureKind::Internal,
                             "unreadable result from an earlier run: " + result.error());
  }
  observation.job = index;
  return observation;
}

std::string line_of(const JobObservation& observation) { return observation_line(observation); }

}  // namespace

std::vector<JobObservation> run_submission_in_process(const Assignment& assignment,
                                                      const std::vector<Job>& jobs,
                                                      const std::string& submission_path,
                                                      const InProcessRun& run) {
  // No deadline, hence no watchdog thread (none exists in the browser) and no exit when stuck.
  Assignment here = assignment;
  here.limits.call_seconds = 0;
  std::vector<JobObservation> observations(jobs.size());
  std::string load_failure = run.load_failure;
  const auto script = LuaSandbox::read_script(submission_path);
  if (!script && load_failure.empty()) {
    load_failure = script.error();
  }
  const ScriptSource unread;  // stands for a script that could not be read: load_failure says so
  // Jobs not run after one met the memory limit, as run_submission skips them (a time-out cannot
  // happen here: the page stops a job that runs too long itself).
  std::vector<char> skipped(jobs.size(), 0);
  const auto after = [&](std::size_t i) {
    if (observations[i].out_of_memory) {
      skip_rest_after_memory_limit(assignment, jobs, i, assignment.limits.lua_memory_bytes,
                                   skipped, observations);
    }
  };
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (i < run.done_lines.size()) {
      observations[i] = decoded(assignment, jobs, i, run.done_lines[i]);
      // A script that failed to load fails every job the same way: do not load it again.
      if (observations[i].failure == FailureKind::DidNotLoad) {
        load_failure = observations[i].failure_message;
      }
      after(i);
      continue;
    }
    if (skipped[i]) {
      // Its line too, so that a worker resumed after a later job has every line before it.
      if (run.on_done) run.on_done(i, jobs.size(), line_of(observations[i]));
      continue;
    }
    if (run.on_start) run.on_start(i, jobs.size());
    // Through the line codec, as a grading child's results are: the same observation either way.
    const std::string line = line_of(run_job(here, jobs[i], i, script ? *script : unread, load_failure));
    observations[i] = decoded(assignment, jobs, i, line);
    if (run.on_done) run.on_done(i, jobs.size(), line);
    after(i);
  }
  return observations;
}

std::string stopped_job_line(std::size_t job, double seconds) {
  char text[300];
  std::snprintf(text, sizeof text,
                "it was still running after %g s (an endless loop, or an endless search, ends "
                "like this)",
                seconds);
  return line_of(failed_job(job, FailureKind::StoppedByPage, text));
}

}  // namespace tile
