// Invariants of each expansion of the student's observed run that are not about the frontier's
// order (issue 33 part 2): a board expanded again where the task's duplicate policy expands each
// board once, and the goal reached without the search stopping. Each is read from the kept calls
// alone and claims only what they show.
#pragma once

#include <optional>

#include "engine/board.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/observed_tree.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// "visited-child-pushed": under visited-on-pop, one search (no rounds), a board expanded more
// often than the entries it could have had: the start's own, and one per generation before its
// first expansion (a visited child is never pushed, and every pop expands). The copy expanded
// beyond them was pushed after the board was visited. A search that pushes every child and skips
// visited pops (lazy deletion), or recurses only into unvisited children, expands each board once
// and never trips it.
// "board-expanded-again": under on-push (the start twice at most with start_marked no),
// closed-on-pop, replace-if-cheaper and closed-on-expand, no board is expanded twice in one
// search (one round of iterative deepening or IDA*, a round beginning at each expansion of the
// start). Two successors calls in a row on one board are one expansion asked twice and are not
// named. Policies that expand a board again (reopen-if-cheaper, tree search) are never checked;
// visited-on-pop is checked by the rule above.
std::optional<Diagnosis> expanded_again(const Task& task, const ObservedTree& tree);

// "goal-expanded-untested" / "goal-tested-not-stopped": the goal board expanded and more
// expansions after it, which no placement of the goal test allows (a search that tests children
// stops when it generates the goal; one that tests pops, when it pops it), except a start that is
// the goal under on-generate-not-start. "goal-generated-not-stopped": under on-generate, the goal
// first generated and more expansions after it, where no depth limit or round bound keeps it
// from the goal test.
std::optional<Diagnosis> goal_not_stopped(const Task& task, const Board& start,
                                          const StudentSearchRun& run, const ObservedTree& tree);

// "expanded-more-than-generated": a search that gave up without reaching the goal (nil, no depth
// limit, no rounds), and before it expanded a board more often than it generated it. Every entry
// of a frontier comes from one generation (the start aside), so no correct run pops a board more
// often. The code and the sentence state that fact and what to check (a new node per child,
// pushed once): the record shows no pushes, so which of the two the script got wrong (one node
// record changed and pushed again, or a child pushed twice) is not confirmed. Expansions
// are counted as pops: a second successors call on the board just expanded counts only after a
// problem:is_goal call on it (a pop tests what it pops), so one expansion asked twice is one.
std::optional<Diagnosis> popped_more_than_generated(const Task& task, const StudentSearchRun& run,
                                                    const ObservedTree& tree);

}  // namespace tile
