// "twice_in_one_state": the verdict on a search task's first test called a second time in the
// Lua state its first call left (run/second_call.h). The two answers are compared as the checks
// see an answer (the path, and the count the search returned): where they differ, the test fails
// and earns nothing, since neither answer is the one the search gives on its own, and it is named
// state-kept-between-calls with what differed. The proof is the observation itself: the same
// function on the same board, math.random reseeded, a fresh problem; only the state differs.
#pragma once

#include <optional>
#include <string>

#include "grader/report/report.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// What differed between the two answers, as the sentence's {what}: "the path DR and the count 7,
// where the first call returned the path URDL and the count 12"; nothing when they agree.
std::optional<std::string> second_answer_difference(const StudentSearchRun& first,
                                                    const StudentSearchRun& again);

// Adds the check line "a second call in the same Lua state returns the same answer" to the
// first test's result, and where the answers differ fails the test and names the mistake (unless
// the first call's run is already named by another).
void judge_second_call(const Task& task, const StudentSearchRun& first,
                       const StudentSearchRun& again, TestResult& result);

}  // namespace tile
