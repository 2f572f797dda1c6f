#include "grader/run/student_heuristic_replay.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "engine/state_table.h"
#include "grader/spec/recorded_heuristic.h"
#include "grader/spec/task_heuristic.h"

namespace tile {

namespace {

// Every value each test's run recorded, the first for each board. A board two tests gave
// different values (each test runs in a fresh Lua state) marks both tests' runs: neither value is
// the heuristic's.
struct MergedValues {
  std::shared_ptr<RecordedValues> values = std::make_shared<RecordedValues>();
  std::map<PackedState, std::size_t> first_test;  // which run gave each board its value
  std::vector<std::string> conflict;              // per run: a board it disagreed on, drawn
};

MergedValues merge_values(const std::vector<JobObservation*>& observations) {
  MergedValues merged;
  merged.conflict.resize(observations.size());
  for (std::size_t i = 0; i < observations.size(); ++i) {
    if (!observations[i]->heuristic) continue;
    for (const auto& [board, value] : observations[i]->heuristic->values) {
      const PackedState key = pack(board);
      const auto [at, inserted] = merged.values->emplace(key, value);
      if (inserted) {
        merged.first_test[key] = i;
        continue;
      }
      if (at->second == value) continue;
      const std::string said = "your heuristic gave " + std::to_string(at->second) + " and, in "
                               "another test, " + std::to_string(value) + " for this board:\n" +
                               draw_board(board);
      const std::size_t other = merged.first_test[key];
      if (merged.conflict[i].empty()) merged.conflict[i] = said;
      if (merged.conflict[other].empty()) merged.conflict[other] = said;
    }
  }
  return merged;
}

// Why a test's run has no expected run, in the heuristic's terms; empty when it has one.
std::string why_unchecked(const std::string& function, const HeuristicRun& run,
                          const std::string& conflict, const Task& task) {
  const std::string lead = "Your search cannot be checked on this test: ";
  if (run.status == SearchStatus::HeuristicFailed) {
    return lead + "your " + function + " failed when the reference " +
           std::string(algorithm_name(task.algorithm)) + " used it: " + run.message;
  }
  if (!run.nondeterminism.empty()) return lead + run.nondeterminism;
  if (!conflict.empty()) return lead + conflict;
  if (run.status != SearchStatus::Solved) {
    // A weak heuristic can make the reference search outgrow the grader's budget: said as the
    // budget, since a search of this board that runs out of room has no run to compare with.
    const std::string why =
        run.status == SearchStatus::NodeBudgetExceeded
            ? "within the grader's limit of " + std::to_string(task.limits.engine_nodes) +
                  " nodes"
        : run.status == SearchStatus::MemoryBudgetExceeded
            ? "within the grader's memory"
            : "at all";
    return lead + "with your " + function + " the reference " +
           std::string(algorithm_name(task.algorithm)) + " did not reach the goal " + why;
  }
  return {};
}

}  // namespace

StudentHeuristicReplay replay_student_heuristic(const Task& task,
                                                const std::vector<const TestCase*>& tests,
                                                const std::vector<JobObservation*>& observations) {
  const std::string function = student_heuristic_function(*task.heuristic);
  MergedValues merged = merge_values(observations);
  StudentHeuristicReplay out{task, {}};
  out.task.student_heuristic_values = merged.values;
  out.expected.resize(observations.size());
  for (std::size_t i = 0; i < observations.size(); ++i) {
    JobObservation& observation = *observations[i];
    if (observation.failed() || !observation.search) continue;
    const std::size_t job = observation.job;
    if (!observation.heuristic) {
      observation = failed_job(job, FailureKind::Internal,
                               "the grading child sent no values of your " + function);
      continue;
    }
    const HeuristicRun& run = *observation.heuristic;
    if (const std::string why = why_unchecked(function, run, merged.conflict[i], task);
        !why.empty()) {
      observation = failed_job(job, FailureKind::CouldNotStart, why);
      continue;
    }
    auto expected = compute_expectation(out.task, *tests[i]);
    if (!expected) {
      observation = failed_job(job, FailureKind::Internal,
                               "the reference search with your " + function +
                                   " could not be replayed from its recorded values: " +
                                   expected.error());
      continue;
    }
    if (expected->path != run.path || expected->cost != run.cost) {
      observation = failed_job(job, FailureKind::Internal,
                               "the reference search replayed with your " + function +
                                   " is not the one the grading child reported");
      continue;
    }
    out.expected[i] = std::move(*expected);
  }
  return out;
}

}  // namespace tile
