// Judging one task of a submission: each of its tests' runs checked against the engine's
// expectation, its mistake named from all of its runs together (TaskDiagnoser, function
// patterns), and for a heuristic task the informedness line that closes it. grader/run/ plans
// which tests run and runs them; this is what it hands each task's runs to.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>

#include "grader/judge/checks.h"
#include "grader/report/report.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"
#include "grader/student/observation.h"

namespace tile {

// One test of the task as this run graded it: the test, what the engine expects of it, and what
// the student's script did.
struct JudgedRun {
  const TestCase* test = nullptr;
  const Expectation* expected = nullptr;
  const JobObservation* observation = nullptr;
};

struct TaskJudging {
  double points_per_test = 0;
  ExactDistance exact;  // a heuristic task's exact distances (checks.h)
  // Whether the run holds every test of the task, so that the informedness line, which totals
  // them all, can be judged; otherwise its points are left unchecked.
  bool every_test_ran = false;
  std::atomic<std::int64_t>* diagnosis_ns = nullptr;  // the diagnosis's processor time, when set
};

// Adds to `report` the results of one task's runs, in their order, closed by its informedness
// line (heuristic tasks with informedness thresholds, runs with every test only; otherwise its
// points go to report.not_checked).
void judge_task(const Task& task, std::span<const JudgedRun> runs, const TaskJudging& judging,
                GradeReport& report);

}  // namespace tile
