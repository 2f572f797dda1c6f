// Naming a submission's mistake: a search's, or a function task's wrong answer.
//
// When a student's path, count or expansion order differs from the engine's, the engine is re-run
// under a catalogue of common wrong semantics (goal test on generate, no duplicate detection, ...)
// and the first variant whose path, count and expansion order all equal the student's names the
// mistake (for a run the expansion budget stopped: whose expansions begin as the student's did).
// Every variant is a Semantics value: no mistake is special-cased in code.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

struct Diagnosis {
  std::string code;         // stable, for reports and mutant files: "goal-test-on-generate"
  std::string explanation;  // one or two sentences for the student
};

struct Variant {
  std::string code;
  std::string explanation;
  Semantics semantics;  // the task's resolved semantics with the mistake applied
};

// The catalogue for a task: each common mistake that makes a difference under its semantics.
std::vector<Variant> mistake_catalogue(const Task& task);

// A completed run is matched on path, count and expansion order; a run the expansion budget
// stopped, on its expansions being the start of the variant's. Nullopt: nothing wrong under this
// test, or no variant reproduces the run.
std::optional<Diagnosis> diagnose_search(const Task& task, const TestCase& test,
                                         const StudentSearchRun& run);

// Names a function task's wrong answer (never called with an accepted one). "tile-centred-move":
// the board of the opposite slide (the tile moved that way, not the blank); "wrong-direction":
// another slide's board; "allowed-an-impossible-move", "refused-a-possible-move", "wrong-board",
// "wrong-goal-test".
Diagnosis diagnose_answer(BoardFunction function, const Board& board, const Board& goal,
                          const FunctionValue& got);

// "Expansion 4 differs: ..." with both boards drawn side by side; nullopt when equal.
std::optional<std::string> first_divergence(const std::vector<Board>& student,
                                            const std::vector<Board>& reference);

// Two boards next to each other under their captions, for reports.
std::string draw_side_by_side(const Board& left, const std::string& left_caption,
                              const Board& right, const std::string& right_caption);

}  // namespace tile
