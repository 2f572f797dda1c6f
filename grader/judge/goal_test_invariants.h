// Where the student's run called problem:is_goal (issue 33 part 2, goal tests), against where the
// task's goal test belongs: on generate, each new child before the next board is expanded; on
// pop, each board before the search expands another. Read only where the run itself shows that
// it tests boards in that place with problem:is_goal (a script that compares keys makes no such
// call; one that tests its pops where children are tested is a variant's to name), in one search
// with no depth limit or round bound (which leave children untested by design), and only up to
// the run's problem:is_goal call on the goal (after it, successors calls may rebuild the path).
// A correct run of every style the vocabulary names, recorded where the engine tests the goal,
// trips neither (tests/grader/judge/search_invariants_correct_runs_test.cpp).
#pragma once

#include <optional>

#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/observed_tree.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// "child-not-goal-tested": under a goal test on generate, a board first generated at one
// expansion (not the start) and not tested by problem:is_goal before the search expanded another
// board. Named at that next expansion, with the child as evidence, where the run tests some new
// child before the next expansion that is not the board expanded next (a search testing its
// pops tests only that one there). A child tested at any time before counts as tested.
// "expanded-not-goal-tested": under a goal test on pop, a board expanded with no problem:is_goal
// call on it since the search's previous expansion of another board, nor before its next. Named
// at that expansion, where the run tests some board there (not the start) that the previous
// expansion did not generate (a search testing children as generated tests only those there).
// Two successors calls in a row on one board are one expansion.
std::optional<Diagnosis> goal_test_misplaced(const Task& task, const StudentSearchRun& run,
                                             const ObservedTree& tree);

}  // namespace tile
