// Invariants of the assignment's algorithm, checked on the student's own observed run (issue 33
// parts 2 and 3): when no variant of a correct search reproduces a run, the judge points at the
// first place where the run itself broke a rule every correct search keeps, with the step and the
// boards as evidence (StepEvidence). Each check claims only what the record shows for certain:
// a record cut short (ObservedTree::complete false) or a rule the task's semantics leave open
// says nothing.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/observed_tree.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// A board of the tree as evidence, with everything the tree knows of it.
EvidenceBoard evidence_board(std::string caption, const ObservedNode& node);

// Points a diagnosis's evidence at the student's code (issue 47): evidence of an expansion that
// names no call yet gets that expansion's problem:successors call and its line. Nothing changes
// where the line is not known, or for a count's or a path's evidence.
void point_at_expansion_call(Diagnosis& diagnosis, const ObservedTree& tree);

// The tree of `run` under the task's cost model; `heuristic` (the task's, may be null) gives h.
ObservedTree observed_tree_of(const Task& task, const StudentSearchRun& run, Heuristic* heuristic);

// The returned path against the tree, for the mistakes no transformation of the path mends:
// "path-empty-after-goal" (the goal was generated, the path is empty), "path-longer-than-search"
// (more moves than expansions, so no route the search followed), and at the first move that
// shows it, "path-move-never-generated" (the move starts from a board the search never expanded)
// or "path-revisits-board" (it comes back to a board the path passed through, which no branch of
// a search that marks states, nor a shortest path, does). An illegal move ends the replay: the
// path check says so itself.
std::optional<Diagnosis> broken_path_integrity(const Task& task, const Board& start,
                                               const StudentSearchRun& run,
                                               const ObservedTree& tree);

// "frontier-not-oldest-first": a breadth-first search (any duplicate policy: FIFO takes the first
// copy of a board first) expands boards in the order it first generated them. Named at the first
// expansion of a board generated after another that the run expanded only later, both boards as
// evidence; children of one expansion are never compared (the push order is another field). Read
// from the kept calls alone: what they show happened, cut or not.
std::optional<Diagnosis> bfs_order_broken(const Task& task, const ObservedTree& tree);

// The first invariant of the task's algorithm the run breaks, of the goal tests
// (expansion_invariants.h), the duplicate policy (idem) and the frontier's order
// (frontier_invariants.h): the one at the earliest expansion, and of two at one expansion the
// goal's, then the duplicate's. Nothing when the run breaks none the record shows.
std::optional<Diagnosis> search_invariant_broken(const Task& task, const Board& start,
                                                 const StudentSearchRun& run,
                                                 const ObservedTree& tree);

// "count-equals-{what}": a task counting expanded nodes (iterative deepening and IDA*: summed over
// every round), whose count is not the run's number of problem:successors calls but exactly one
// other number the run defines (children returned, goal tests, key calls, h calls, distinct
// boards expanded or generated, the moves of the returned path; for iterative deepening and IDA*,
// the rounds that expanded a board; for IDA*, the h calls less the one its first bound asks for; for
// BFS, the expansions of boards at the depth of its last expansion's board: a count kept per
// layer).
// Where two numbers equal the count, nothing, unless one is `confirmed` (its word, as in the
// code: "distinct-generated"): the one every other failing run of the task is named by alone.
// Said to a student only as an identity (TaskDiagnoser::count_identity): the same number equals
// the count on every test of the task, the passing ones too.
std::optional<Diagnosis> count_equals_other(const Task& task, const StudentSearchRun& run,
                                            const ObservedTree& tree,
                                            std::string_view confirmed = {});

// Whether the run's count is its number named `what` (a count-equals word: "goal-tests"), on a
// run count_equals_other reads (a completed run of a task counting expanded nodes, whole record).
bool count_equals_number(const Task& task, const StudentSearchRun& run, const ObservedTree& tree,
                         std::string_view what);

}  // namespace tile
