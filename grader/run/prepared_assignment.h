// An assignment made ready to grade, once, before any submission: its tasks (each with the
// ResolvedSemantics it was read with), the engine's expectations (computed once, and checked once
// against DIR/expected.json where that file exists), and one record per test saying what the
// sandbox runs for it. `grade`, `check`, `batch` (once for the whole class), `validate`, `tests`,
// `export` and the browser page all start from one; grade_submission only selects from it.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "engine/board.h"
#include "engine/state_table.h"
#include "engine/result.h"
#include "grader/run/submission_runner.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile {

// Exact distances to the goal that the tests' optimal paths prove (heuristic tasks).
using DistanceMap = std::map<PackedState, std::int64_t>;

// One test of one task, with its expectation and the job the sandbox runs for it.
struct PreparedTest {
  const Task* task = nullptr;
  const TestCase* test = nullptr;
  const Expectation* expected = nullptr;
  Job job;  // task and test index, probes, expansions kept, the reference's passing run
};

// Whether DIR/expected.json, where it exists, is read and compared with the engine's answers.
enum class StoredExpectations { Verify, Ignore };

class PreparedAssignment {
 public:
  // Computes every expectation (and, with Verify, checks DIR/expected.json against them: a stale
  // file is an error telling the instructor to rerun `tilegrade expect`).
  static Result<PreparedAssignment> prepare(Assignment assignment,
                                            StoredExpectations stored = StoredExpectations::Verify);
  // From expectations the caller has computed already (in task and test order, as
  // compute_all_expectations gives them): `validate` and `tests` compare them first.
  static PreparedAssignment from_expectations(Assignment assignment,
                                              std::vector<Expectation> expectations);

  // The records point into the assignment and the expectations: moved, never copied.
  PreparedAssignment(PreparedAssignment&&) = default;
  PreparedAssignment& operator=(PreparedAssignment&&) = default;
  PreparedAssignment(const PreparedAssignment&) = delete;
  PreparedAssignment& operator=(const PreparedAssignment&) = delete;
  ~PreparedAssignment() = default;

  const Assignment& assignment() const { return assignment_; }
  // In task and test order, one per test (what expected.json, adequacy and student copies read).
  const std::vector<Expectation>& expectations() const { return expectations_; }
  // One per test, in the same order.
  const std::vector<PreparedTest>& tests() const { return tests_; }
  const DistanceMap& distances() const { return distances_; }

 private:
  PreparedAssignment(Assignment assignment, std::vector<Expectation> expectations);

  Assignment assignment_;
  std::vector<Expectation> expectations_;
  std::vector<PreparedTest> tests_;
  DistanceMap distances_;
};

}  // namespace tile
