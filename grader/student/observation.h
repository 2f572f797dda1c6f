// What the sandboxed child observed for one job (one task on one test), as plain data that
// crosses the pipe to the parent as one JSON line. The parent never trusts the child for verdicts:
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

struct JobObservation {
  std::size_t job = 0;
  std::string failure;  // the job could not run: script did not load, function missing, crash
  // A clock ended it (the per-call limit, or the test's wall-clock or CPU limit), not a budget.
  bool out_of_time = false;
  std::optional<StudentSearchRun> search;
  std::optional<HeuristicRun> heuristic;
  std::optional<StudentFunctionRun> function;
};

// How every job's failure begins when the script did not load (the runners write it, and grading
// says that error once for the whole submission instead of once per test).
inline constexpr std::string_view kLoadFailurePrefix = "your script did not load: ";
inline bool is_load_failure(const JobObservation& observation) {
  return observation.failure.starts_with(kLoadFailurePrefix);
}

// How a job's failure begins when the script lacks the task's function: it never ran, for the
// same reason in every test of the task, so grading says it on the task's first test only.
inline constexpr std::string_view kMissingFunctionPrefix = "Your script defines no function named ";

nlohmann::json observation_to_json(const JobObservation& observation);
Result<JobObservation> observation_from_json(const nlohmann::json& line, Shape shape);

}  // namespace tile
