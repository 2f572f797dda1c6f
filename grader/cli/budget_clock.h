// Budgets decide before clocks (DESIGN.md): `validate` grades the reference solution as a student
// is graded (in the sandboxed children, under the assignment's clocks), and each search call
// reports its processor time. A search task's tests together give the reference's pace: time per
// expansion and per problem call. Scaled to the task's budgets (max_expansions, max_api_calls),
// that pace says when a search spending like it would meet the first of them. A wandering search
// stopped by that budget must still be far inside the processor-time limit (call_seconds,
// test_seconds) on a slower machine; kClockSafety says how far. Timings vary by machine, so this
// only warns.
#pragma once

#include <string>
#include <vector>

#include "grader/report/report.h"
#include "grader/spec/assignment.h"
#include "grader/run/prepared_assignment.h"
#include "grader/spec/expectation.h"

namespace tile::cli {

// How many times slower than the reference measured here a search may run before its budget
// ends it: a student's search may spend twice the reference's time per call, and a grading
// machine may be twice as slow as this one per unit of processor time (an older processor, or
// caches shared with busy neighbours). Load alone no longer counts: the limits are processor time.
inline constexpr double kClockSafety = 4;
// Tests that took less processor time than this together are too little to scale: a clock's
// jitter would decide the projection.
inline constexpr double kMinTimedSeconds = 0.005;

struct BudgetProjection {
  std::string task;
  std::size_t tests = 0;        // the task's tests the reference solved, timed together
  double seconds = 0;           // their processor time inside the search calls
  std::uint64_t expansions = 0;
  std::uint64_t api_calls = 0;
  double budget_seconds = 0;    // the time a search spending like it takes to reach its budget
  std::string budget;           // "max_expansions" or "max_api_calls": the one met first
  double clock_seconds = 0;     // the limit that would stop it: min(call_seconds, test_seconds)
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

// Grades `solution` as a submission (sandboxed children, per-call and per-test clocks, so a
// reference that never returns costs its clocks, not validate's life) and projects each search
// task's budgets from the processor time its calls report.
TimedGrade grade_reference_timed(const PreparedAssignment& prepared,
                                 const std::string& solution);

}  // namespace tile::cli
