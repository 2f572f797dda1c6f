// What the sandboxed child observed for one job (one task on one test), as plain data that
// crosses the pipe to the parent as one line. The parent never trusts the child for verdicts:
// it only reports what the script did, and the checks run in the parent.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/search.h"
#include "grader/student/student_run.h"

namespace tile {

// A heuristic task: the engine's search with the student's heuristic plugged in, and every value
// the heuristic gave (first value per board, in first-evaluation order).
struct HeuristicRun {
  SearchStatus status = SearchStatus::NoSolution;
  std::string message;  // the heuristic's failure, with file:line, when status is heuristic-failed
  std::vector<Move> path;
  std::int64_t cost = 0;
  Counters counters;
  std::vector<std::pair<Board, std::int64_t>> values;
  std::string nondeterminism;  // empty, or which board got two different values
  std::uint64_t calls = 0;
};

// Why a job produced no run to check. The kind is what code tests; the message is only shown
// (judge/check_support.h words each kind for the student). Crosses the pipe by failure_kind_name.
enum class FailureKind {
  None,
  DidNotLoad,       // message: why ("s.lua:3: '=' expected", or how it stopped while loading)
  MissingFunction,  // message: the function the task calls, which the script does not define
  CouldNotStart,    // the task's search could not be set up; message: why
  StoppedProcess,   // the job stopped the grading child; message: how (a signal, a limit)
  StoppedByPage,    // the browser page stopped the job (web/); message: how
  SkippedAfterTimeout,     // an earlier test of the task ran out of time; message: the sentence
  SkippedAfterMemoryLimit,  // an earlier test of the task met the memory limit; message: the sentence
  SameAsEarlierTest,       // not run for the reason an earlier test states; message: its name
  Refused,          // the submission was refused before anything ran (run/refused_submission.h)
  Internal,         // the grader itself failed; message: what
  // The machine, not the script, ended the job, twice (submission_runner.cpp runs it again once):
  // its grading child was killed from outside or starved of the processor. No verdict: the
  // submission must be graded again. message: what happened.
  GraderFault,
};
inline constexpr FailureKind kAllFailureKinds[] = {
    FailureKind::None,          FailureKind::DidNotLoad,        FailureKind::MissingFunction,
    FailureKind::CouldNotStart, FailureKind::StoppedProcess,    FailureKind::StoppedByPage,
    FailureKind::SkippedAfterTimeout, FailureKind::SkippedAfterMemoryLimit,
    FailureKind::SameAsEarlierTest, FailureKind::Refused,
    FailureKind::Internal,      FailureKind::GraderFault};

// "did-not-load", "missing-function", ...: stable names, for the pipe and for tests.
std::string_view failure_kind_name(FailureKind kind);
std::optional<FailureKind> failure_kind_from_name(std::string_view name);

struct JobObservation {
  std::size_t job = 0;
  FailureKind failure = FailureKind::None;  // the job could not run, and why
  std::string failure_message;              // what the kind's sentence says, without its words
  // A processor-time limit ended it (the per-call limit, or the test's), not a budget.
  bool out_of_time = false;
  // It ended in an error after the sandbox refused it memory: it met lua_memory_mb (as the
  // grading child fitted it), so the task's later tests are not run (submission_runner.cpp).
  bool out_of_memory = false;
  std::optional<StudentSearchRun> search;
  // A task that asks for it ("twice_in_one_state"): the same search called a second time on its
  // first test, in the Lua state the first call left (its expansions counted, none kept).
  std::optional<StudentSearchRun> search_again;
  std::optional<HeuristicRun> heuristic;
  std::optional<StudentFunctionRun> function;

  bool failed() const { return failure != FailureKind::None; }
};

// An observation of a job that could not run.
inline JobObservation failed_job(std::size_t job, FailureKind kind, std::string message) {
  JobObservation observation;
  observation.job = job;
  observation.failure = kind;
  observation.failure_message = std::move(message);
  return observation;
}

// One observation as one line without a newline: a JSON object, then, when the observation holds
// boards (expansions, a returned path of boards, a heuristic's boards) or an observed search, a
// tab and those parts as digits (line_tail.h says why and how). A line that is not whole, or whose
// parts are not what a grading child writes, is refused with why.
std::string observation_line(const JobObservation& observation);
Result<JobObservation> observation_from_line(std::string_view line, Shape shape);

}  // namespace tile
