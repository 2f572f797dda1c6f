// Runs a submission's jobs (one task on one test each) in sandboxed child processes.
//
// One child runs the jobs one after another, each in a fresh Lua state, each under its own
// processor-time limit and wall-clock backstop (ChildLimits::per_line, clocks.h), behind one
// address-space limit. A job the machine ended (the child killed from outside, or starved) is run
// again once; a second time, it is a grader fault (FailureKind::GraderFault), never a verdict. What
// no Lua hook can stop (a catastrophic pattern inside one C call) or any crash in the interpreter
// then costs exactly the job it happened in, which fails with a clear message, and a new child
// takes up the jobs after it. (A child per job cost a fifth of a correct solution's grading: fork,
// exit, and page faults on fresh memory.)
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "grader/sandbox/lua_sandbox.h"
#include "grader/spec/assignment.h"
#include "grader/student/observation.h"
#include "grader/student/passing_run.h"

namespace tile {

struct Job {
  std::size_t task_index = 0;
  std::size_t test_index = 0;
  // Heuristic tasks: boards whose values the checks need beyond those the search evaluates (the
  // goal, and the states along an optimal path, for admissibility against exact distances).
  std::vector<Board> probes;
  // Search tasks: how many of the student's expansions the child sends (it counts and digests
  // the rest). At least one more than the reference's trace, so where the two orders part is
  // always among them (grade.cpp sets it; docs/grading-a-class.md, memory).
  std::size_t keep_expansions = SIZE_MAX;
  // Search tasks: the reference's run, where it passes every check of the test (grade.cpp sets
  // it so). A run equal to it sends its observed record's counts only (passing_run.h).
  PassingRun passing_run{};
  // Search tasks: the reference's expansion order, where the run is to stop at its first
  // expansion that leaves it (the repair search's candidates, repair_search.h); null otherwise.
  // Points into the prepared assignment's expectations, which outlive every job.
  const std::vector<Board>* stop_at_divergence = nullptr;
};

// Runs one job in this process, in a fresh sandbox under the assignment's limits: what a grading
// child does for each of its jobs. `load_failure` carries a load failure's message
// (FailureKind::DidNotLoad) from one job to the next (a script loads the same way every time, so it
// is not loaded again). `loaded`, if set, is called once the script has loaded in this job (a
// grading child tells its parent). `script` was read beforehand (LuaSandbox::read_script): a
// confined grading child cannot open files. A call starved of the processor
// (LuaSandbox::call_starved) runs the job again, and a second time makes it a grader fault, as
// run_submission does for a child the machine ended. `lua_memory_bytes`: the script's memory
// limit, when the memory this process is given is below the assignment's (memory_room.h); 0: the
// assignment's lua_memory_mb.
JobObservation run_job(const Assignment& assignment, const Job& job, std::size_t job_index,
                       const ScriptSource& script, std::string& load_failure,
                       const std::function<void()>& loaded = {},
                       std::size_t lua_memory_bytes = 0);

// After job `stopped` met the memory limit of `memory_bytes` (JobObservation::out_of_memory), the
// same task's later jobs are not run, as run_submission skips them (unless the assignment says
// "after_timeout": "run-all"): marks them in `skipped` and writes their observations. For a host
// that runs the jobs itself (in_process_runner.h), so that it skips the same jobs.
void skip_rest_after_memory_limit(const Assignment& assignment, const std::vector<Job>& jobs,
                                  std::size_t stopped, std::size_t memory_bytes,
                                  std::vector<char>& skipped,
                                  std::vector<JobObservation>& observations);

std::vector<JobObservation> run_submission(const Assignment& assignment,
                                           const std::vector<Job>& jobs,
                                           const std::string& submission_path);
// The same for a script already read (a repair's edited script, repair_search.h).
std::vector<JobObservation> run_script(const Assignment& assignment, const std::vector<Job>& jobs,
                                       const ScriptSource& script);

}  // namespace tile
