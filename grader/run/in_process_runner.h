// Runs a submission's jobs in this process, one after another, each in a fresh sandbox: for a host
// that cannot fork (the browser page, where the student's own tab is the sandbox).
//
// No child process and no watchdog thread: the jobs run with no per-call deadline
// (call_seconds 0), so the deterministic budgets (expansions, API calls, heuristic calls, Lua
// memory) are all that stop a script here. A script that loops without calling the API, or a call
// stuck in one library function, is the host's to stop: the page runs this in a Web Worker, ends
// the worker when a job outlives its wall-clock limit, and starts a new one that resumes after
// that job, passing the observations it already has (as a grading child's lines cross its pipe).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "grader/run/submission_runner.h"

namespace tile {

struct InProcessRun {
  // Observations already made for the first jobs (lines of observation_line, in job
  // order), by an earlier run that was stopped; those jobs are not run again.
  std::vector<std::string> done_lines;
  // Set when the host already knows the script does not load (it stopped a load that ran too
  // long): every job fails with it (FailureKind::DidNotLoad, this its message), as a grading
  // child's jobs do after a failed load.
  std::string load_failure;
  // Called before each job runs, and after it with its observation as one line (observation.h).
  std::function<void(std::size_t job, std::size_t total)> on_start;
  std::function<void(std::size_t job, std::size_t total, const std::string& line)> on_done;
};

std::vector<JobObservation> run_submission_in_process(const Assignment& assignment,
                                                      const std::vector<Job>& jobs,
                                                      const std::string& submission_path,
                                                      const InProcessRun& run);

// The failure a job gets when its host stopped it for outliving its wall-clock limit, as one
// observation line (what the page records before resuming after that job).
std::string stopped_job_line(std::size_t job, double seconds);

}  // namespace tile
