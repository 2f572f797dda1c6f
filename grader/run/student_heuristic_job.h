// One test of a search task whose h is the student's own function ("heuristic":
// "student:FUNCTION"), as the grading child runs it. Two things are observed, in two Lua states
// of the same script, so neither run can leave anything for the other to find:
//   - the engine's search with the student's function as its heuristic, every value it gave
//     recorded (the observation's HeuristicRun): the parent replays that search from the values
//     to get the run the student's search must match (student_heuristic_replay.h), never trusting
//     the child's own account of it;
//   - the student's search, whose problem:h is the same function (its values recorded too, so
//     the judge's reproductions of nearby mistakes find them).
#pragma once

#include <cstddef>

#include "grader/sandbox/lua_sandbox.h"
#include "grader/spec/assignment.h"
#include "grader/student/observation.h"

namespace tile {

// `sandbox` holds the script loaded already and defines the task's search function; `script`
// and `limits` make the second state, for the heuristic. `twice`: call the search a second time
// in its state (second_call.h).
JobObservation run_student_heuristic_search_job(LuaSandbox& sandbox, const ScriptSource& script,
                                                const SandboxLimits& limits, const Task& task,
                                                const TestCase& test,
                                                std::size_t keep_expansions, bool twice);

}  // namespace tile
