// Mutation adequacy of a search task's tests: which of the catalogue's mistakes (each a variant the
// engine can run) some test tells apart from the reference, as the task's checks compare (path,
// cost, count, expansion order), which no test can see, and which no test could ever see (the
// variant is equivalent under those checks, for a stated reason). Boards for the ones no test
// sees: grader/judge/suggested_tests.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grader/judge/equivalence.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile {

enum class Detection { Detected, Equivalent, Undetected };
std::string_view detection_name(Detection detection);

struct VariantAdequacy {
  Variant variant;
  std::string name;   // the code, with its detail when one code has several variants: "x (61)"
  Detection status = Detection::Undetected;
  // Detected: each test that tells it apart, with what differs: "hidden-a (path, count)".
  std::vector<std::string> detected_by;
  // Detected: every check that tells it apart on some test, in differences()' order ("path",
  // "cost", "count", "order", "budget"). {"count"} alone: the count is all that shows it, so a
  // student with this mistake gets every path right.
  std::vector<std::string> detecting_checks;
  std::string reason;  // equivalent: why no test can tell it apart
};

struct TaskAdequacy {
  std::string task;
  std::vector<VariantAdequacy> variants;
  // A search that never tests its start (the catalogue's start-never-goal-tested) looks like one
  // testing on generate everywhere else: only a test that starts at the goal sees it.
  bool start_is_goal_tested = false;
  std::size_t count(Detection detection) const;
};

// What tells a variant's search apart from the reference's on one board, as the task's checks
// compare: "path", "cost", "count", "order", or "budget" (it does not finish within the task's
// expansion budget or the engine's node budget). Empty: the checks cannot tell them apart there.
std::vector<std::string> differences(const Task& task, const Variant& variant, const Board& start,
                                     const Expectation& reference, Heuristic* heuristic);

// Every board that can reach `goal`, the goal first, by breadth-first search from it.
std::vector<Board> every_board(const Board& goal);

// The adequacy of a search task's tests; `expectations` holds one per test, in order.
TaskAdequacy task_adequacy(const Task& task, const std::vector<const Expectation*>& expectations);

// The codes a search task's "equivalent" declares that none of its catalogue's mistakes has (a
// typo, or a mistake of another algorithm): such a declaration would silently apply to nothing.
std::vector<std::string> unknown_declared_equivalences(const Task& task);

// Every search task's adequacy, but a search with the student's own heuristic (no expected run
// before a submission's); `expectations` as compute_all_expectations() returns them (one per test
// of every task, in order).
std::vector<TaskAdequacy> assignment_adequacy(const Assignment& assignment,
                                              const std::vector<Expectation>& expectations);

}  // namespace tile
