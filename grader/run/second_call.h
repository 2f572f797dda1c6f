// "twice_in_one_state" (a search task's field): the task's first test calls the search a second
// time in the Lua state its first call left, so that state a search keeps at file level (a closed
// set, a counter never reset) shows as a different answer (judge/second_call.h names it). Every
// other call runs in a fresh state, as always.
#pragma once

#include <cstdint>

#include "engine/heuristic.h"
#include "grader/sandbox/lua_sandbox.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// Whether the job of this task's test `test_index` makes the second call.
bool calls_twice(const Task& task, std::size_t test_index);

// The second call, on the same board, with math.random reseeded to `random_seed` (the first
// call's seed), so that only what the first call left in the state can make it differ. Its
// expansions are counted and digested, none kept: only its answer is compared.
StudentSearchRun call_search_again(LuaSandbox& sandbox, const Task& task, const TestCase& test,
                                   Heuristic* heuristic, std::uint64_t random_seed);

}  // namespace tile
