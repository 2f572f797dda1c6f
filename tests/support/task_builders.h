// Tasks built by hand for the judge's and the grader's unit tests, in one place: the same few
// shapes (a textbook BFS over some starts, a task under its algorithm's own defaults) were written
// out again in each test file. Linked into the test binaries that use them (CMakeLists.txt).
#pragma once

#include <string>
#include <vector>

#include "engine/board.h"
#include "grader/spec/assignment.h"

namespace tile::testing {

// A 3x3 board from its tiles in reading order ("1 2 3 4 5 6 7 8 0").
Board board_3x3(const std::string& tiles);

// A 3x3 search task named `name` for `algorithm`, its semantics what a Task starts with
// (bfs's defaults, whatever the algorithm: callers set the fields they test), no tests.
Task hand_task(const std::string& name, Algorithm algorithm, GoalLayout goal);

// A 3x3 search task whose semantics are `algorithm`'s own defaults, towards `goal`, no tests.
Task defaults_task(Algorithm algorithm, const Board& goal);

// The textbook BFS (duplicates on-push) towards the blank-first goal, named "bfs", no tests.
Task on_push_bfs_task();

// Adds a visible test starting at `start` (3x3 tiles), named `name`, or by its tiles when empty.
void add_test(Task& task, const std::string& start, const std::string& name = "");

// on_push_bfs_task() with one visible test per start, each named by its tiles.
Task on_push_bfs_task(const std::vector<std::string>& starts);

// astar-manhattan's task, named "astar", towards the blank-last goal of `shape`: A* with
// `duplicates`, heapq comparing f alone, only the path's optimality checked (neither the count nor
// the order), no tests.
Task optimal_only_astar(Shape shape, Duplicates duplicates);

}  // namespace tile::testing
