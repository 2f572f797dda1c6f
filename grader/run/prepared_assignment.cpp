#include "grader/run/prepared_assignment.h"

#include <algorithm>
#include <filesystem>
#include <utility>

#include "grader/spec/task_heuristic.h"
#include "grader/student/student_run.h"

namespace tile {

namespace {

// Exact distances we know without a complete table: along an optimal path of cost C, the board
// after a prefix of cost c is exactly C - c from the goal.
void add_path_distances(DistanceMap& distances, const Board& start, const std::vector<Move>& path,
                        std::int64_t total, CostModel cost, std::vector<Board>& boards) {
  Board board = start;
  std::int64_t spent = 0;
  for (std::size_t i = 0; i <= path.size(); ++i) {
    distances[pack(board)] = total - spent;
    boards.push_back(board);
    if (i == path.size()) break;
    spent += step_cost(board, path[i], cost);
    board = board.moved(path[i]);
  }
}

// Whether a run equal to the reference's passes every check of its test (Job::passing_run): it
// reached the goal, on a cheapest path where the path must be one, and its trace is kept (an
// expectation read back from expected.json keeps only the digest, not how many boards).
bool reference_run_passes(const Task& task, const Expectation& expected) {
  if (expected.status != SearchStatus::Solved || expected.trace.empty()) return false;
  return task.checks.path != PathCheck::Optimal ||
         expected.cost == expected.optimal_cost.value_or(expected.cost);
}

// Expectations for every test, checked against DIR/expected.json when that file exists.
Result<std::vector<Expectation>> checked_expectations(const Assignment& assignment,
                                                      StoredExpectations stored) {
  auto expectations = compute_all_expectations(assignment);
  if (!expectations || stored == StoredExpectations::Ignore) return expectations;
  const std::string stored_path = assignment.directory + "/expected.json";
  if (std::filesystem::exists(stored_path)) {
    auto read = read_expected_file(assignment.directory);
    if (!read) return read.failure();
    if (auto same = compare_with_stored(*read, assignment, *expectations); !same) {
      return Error{stored_path + " does not match the engine: " + same.error() +
                       " (rerun: tilegrade expect " + assignment.directory + ")",
                   same.error_kind()};
    }
  }
  return expectations;
}

}  // namespace

Result<PreparedAssignment> PreparedAssignment::prepare(Assignment assignment,
                                                       StoredExpectations stored) {
  auto expectations = checked_expectations(assignment, stored);
  if (!expectations) return expectations.failure();
  return PreparedAssignment(std::move(assignment), std::move(*expectations));
}

PreparedAssignment PreparedAssignment::from_expectations(Assignment assignment,
                                                         std::vector<Expectation> expectations) {
  return PreparedAssignment(std::move(assignment), std::move(expectations));
}

PreparedAssignment::PreparedAssignment(Assignment assignment,
                                       std::vector<Expectation> expectations)
    : assignment_(std::move(assignment)), expectations_(std::move(expectations)) {
  std::size_t next = 0;
  for (std::size_t t = 0; t < assignment_.tasks.size(); ++t) {
    const Task& task = assignment_.tasks[t];
    for (std::size_t i = 0; i < task.tests.size() && next < expectations_.size(); ++i) {
      const Expectation& expected = expectations_[next++];
      PreparedTest prepared{
          .task = &task,
          .test = &task.tests[i],
          .expected = &expected,
          .job = Job{t, i, {}, std::max(kMinKeptExpansions, expected.trace.size() + 1)}};
      Job& job = prepared.job;
      // The expected run of a search with the student's heuristic is known only after the run
      // (student_heuristic_replay.h): every expansion is kept, since none is known to be enough.
      if (uses_student_heuristic(task)) job.keep_expansions = SIZE_MAX;
      if (task.kind == TaskKind::Search && reference_run_passes(task, expected)) {
        job.passing_run = PassingRun{.known = true,
                                     .path = expected.path,
                                     .count = static_cast<std::int64_t>(expected.count),
                                     .expanded = expected.trace.size(),
                                     .expansion_digest = expected.trace_digest};
      }
      if (task.kind == TaskKind::Heuristic) {
        job.probes.push_back(task.goal);
        // Every test's optimal path adds known distances, the tests a run leaves out included:
        // a visible test is checked against the same distances in `check` as in the real run. A
        // student copy has no hidden paths (they would reveal the hidden boards), so on boards
        // above the complete tables' size its admissibility check knows fewer distances
        // (docs/student-copies.md).
        if (expected.optimal_cost) {
          add_path_distances(distances_, task.tests[i].start, expected.optimal_path,
                             *expected.optimal_cost, task.semantics.cost, job.probes);
        }
      }
      tests_.push_back(std::move(prepared));
    }
  }
}

}  // namespace tile
