// The numbers a handout states about grading (how many tests, how many points, the limits),
// checked against assignment.json: `tilegrade validate` warns where a handout says a number the
// assignment does not have, naming the file, the line and the true number, so a handout written
// by hand stays true when a test is added or a limit changed.
//
// Read in the phrases the bundled handouts use (docs/writing-assignments.md lists them):
//   "# Title (100 points)"                     the assignment's points
//   "Each task is worth 25 points"             every task's points
//   "8 tests (4 visible, 4 hidden)"            a task's tests, or all of them
//   "12.5 points each"                         a task's points per test
//   "| `bfs` | 30 | 2 + 3 |"                   a task's points, visible + hidden tests
//   "10 s per call", "256 MiB of Lua memory"   call_seconds, lua_memory_mb
//   "40,000 `problem:successors` calls per test", "10,000 expansions"   a task's max_expansions
// A sentence in other words is not read: the check never claims more than it reads.
#pragma once

#include <string>
#include <vector>

#include "grader/spec/assignment.h"

namespace tile::cli {

std::vector<std::string> handout_number_warnings(const Assignment& assignment,
                                                 const std::string& text,
                                                 const std::string& handout);

}  // namespace tile::cli
