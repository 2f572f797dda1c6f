// Budgets decide before clocks (DESIGN.md): `validate` grades the reference solution with each
// test timed, takes each search task's slowest test, and scales its time to the task's budgets
// (the time per expansion times max_expansions, the time per problem call times max_api_calls,
// whichever budget a search spending like it would meet first). A wandering search stopped by
// that budget must still be far inside the clock (call_seconds, wall_seconds) on a loaded 2-core
// machine; kClockSafety says how far. Timings vary by machine, so this only warns.
#pragma once

#include <string>
#include <vector>

#include "grader/report/report.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile::cli {

// How many times slower than the reference measured here a search may run before its budget
// ends it: a student's search may spend twice the reference's time per call, and a 2-core
// machine with two grading jobs and other work beside them runs each at about half speed.
inline constexpr double kClockSafety = 4;
// A slowest test quicker than this (after loading the script) is too little to scale: a clock's
// jitter would decide the projection.
inline constexpr double kMinTimedSeconds = 0.005;

struct BudgetProjection {
  std::string task;
  std::string test;             // the slowest test
  double seconds = 0;           // its time, less the fastest test's (loading the script)
  std::uint64_t expansions = 0;
  std::uint64_t api_calls = 0;
  double budget_seconds = 0;    // the time a search spending like it takes to reach its budget
  std::string budget;           // "max_expansions" or "max_api_calls": the one met first
  double clock_seconds = 0;     // the clock that would stop it: min(call_seconds, wall_seconds)
  bool measurable() const { return seconds >= kMinTimedSeconds; }
  bool too_close() const {
    return measurable() && budget_seconds * kClockSafety > clock_seconds;
  }
  std::string sentence() const;  // for validate's output
};

struct TimedGrade {
  GradeReport report;
  std::vector<BudgetProjection> projections;  // one per search task the reference solved
};

// Grades `solution` in this process (it is the instructor's own script: no sandbox child, so
// each test can be timed alone) and projects each search task's budgets.
TimedGrade grade_reference_timed(const Assignment& assignment,
                                 const std::vector<Expectation>& expectations,
                                 const std::string& solution);

}  // namespace tile::cli
