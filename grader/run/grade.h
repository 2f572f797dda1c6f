// Grading one submission against an assignment: expectations from the engine, the student's runs
// in sandboxed children, checks and diagnosis in this process, one GradeReport out.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"
#include "grader/report/report.h"
#include "grader/run/prepared_assignment.h"
#include "grader/run/submission_runner.h"

namespace tile {

// Runs a submission's jobs and returns one observation per job, in job order.
using JobRunner = std::function<std::vector<JobObservation>(const Assignment& assignment,
                                                            const std::vector<Job>& jobs,
                                                            const std::string& submission_path)>;

// Where the grader's processor time goes (bench/bench_batch.cpp), in nanoseconds, added by every
// grading that is given it.
struct GradeTimes {
  std::atomic<std::int64_t> judging_ns{0};    // checks and diagnosis, after the runs (this thread)
  std::atomic<std::int64_t> diagnosis_ns{0};  // of which the engine's search for the mistake
  // The sandboxed children running the script (the students' Lua, the sandbox and the problem
  // API): every child this process reaped meanwhile, so exact when one thread grades at a time,
  // as in each batch worker.
  std::atomic<std::int64_t> children_ns{0};
};

struct GradeOptions {
  bool visible_only = false;  // students' local runs: the visible tests, with their real verdicts
  // Regrading one part (--task/--test): only that task's tests, or only the tests of that name
  // (in every task, or in the one task named); empty selects all. Tests keep their points.
  std::string only_task;
  std::string only_test;
  // Empty: run_submission, in sandboxed child processes. A host that cannot fork (the browser
  // page, built for WebAssembly) runs the jobs its own way (in_process_runner.h).
  JobRunner run_jobs;
  GradeTimes* times = nullptr;  // measured only when set; reports are the same either way
  // Search each failing task for a verified repair (repair_search.h), as the assignment's
  // "repair" allows: what `grade`, `check` and `batch` ask for unless given `--no-repair`. Off
  // for the instructor's own runs (validate, tests, the corpus), whose reports name mutants, and
  // for hosts that run jobs their own way (run_jobs set), which cannot fork the candidates' child.
  bool repair = false;
};

// An error naming the choices when --task or --test names nothing in the assignment.
Status check_selection(const Assignment& assignment, const GradeOptions& options);

// Grades one submission against an assignment prepared once (prepared_assignment.h): selects the
// tests the options include, runs them, judges each task's runs.
GradeReport grade_submission(const PreparedAssignment& prepared,
                             const std::string& submission_path, const GradeOptions& options);

}  // namespace tile
