// Verified repair (issue 49): the smallest edit of the student's own script after which every test
// of a failing task passes, found by running edited scripts and proved by grading the edited one.
//
// Why search instead of a catalogue: most mistakes students really make (a key that collides, a
// `break` that drops the rest of the children, a count taken at the wrong place) are no variant of
// a correct search, so no rule names them; but one small edit of their own line undoes them, and
// an edit the run proves is true by construction. The candidates are the edits of the mutation
// corpus (grader/edit/script_edits.h), which are their own inverses: a `<` for a `<=`, a number
// one off, two statements swapped back, a negated condition, the other end of a table.
//
// How: the candidates run in one sandboxed child (student code never runs in the grading process),
// each in a fresh sandbox as a grading child runs a test, the task's failing tests first. A search
// task that checks the expansion order stops each run at its first expansion that leaves the
// reference's (lua_problem.h), so a wrong candidate costs only the expansions it gets right; how
// many it gets right ranks the single edits, and the best of them are tried in pairs. A candidate
// also gets only a few times the reference's expansions on each test (and its API calls in
// proportion), so one that leaves a never-ending search in place is cut off early. The child
// answers with the first edit set under which every test passed; the grading process then grades
// the edited script on every test of the task exactly as it grades a submission, and only a
// script that passes them all is a repair. The whole search has the assignment's processor-time
// budget (spec/repair_setting.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/edit/script_edits.h"
#include "grader/report/report.h"
#include "grader/run/prepared_assignment.h"
#include "grader/sandbox/lua_sandbox.h"

namespace tile {

// One graded test of the task to repair, and whether the student's script passed it.
struct RepairTest {
  const PreparedTest* test = nullptr;
  bool passed = false;
  // Processor time the student's own run took (search tasks), for the candidates' per-call
  // limit: a candidate that runs far longer than the script did is not the repair.
  double cpu_seconds = 0;
};

struct RepairBudget {
  double cpu_seconds = 10;  // for this task's search, the candidates' child's processor time
};

// What the child found, before the proof: the edits, in the script's order, and how many
// candidate scripts it ran.
struct RepairCandidate {
  std::vector<ScriptEdit> edits;  // empty: none made every test pass within the budget
  std::size_t scripts_run = 0;
  double cpu_seconds = 0;  // the child's processor time
};

// Runs the candidates of `script` against the task's tests (at least one failing) in a sandboxed
// child, within `budget`.
RepairCandidate search_repair(const PreparedAssignment& prepared, std::size_t task_index,
                              const std::vector<RepairTest>& tests, const ScriptSource& script,
                              const RepairBudget& budget);

// Grades `edits` applied to `script` on every one of `tests` as a submission is graded, and
// returns the repair when all of them pass.
std::optional<TaskRepair> prove_repair(const PreparedAssignment& prepared, std::size_t task_index,
                                       const std::vector<RepairTest>& tests,
                                       const ScriptSource& script,
                                       const std::vector<ScriptEdit>& edits);

// What an edit of that kind at that line does, in words a student was taught, to begin a
// sentence: "a change to the comparison in line 23", "swapping lines 23 and 24"; of a line the
// sentence has named already, "a change to the comparison in this line".
std::string repair_words(EditKind kind, int line, bool named_already);

}  // namespace tile
