// A student's record made from an engine run or an expectation, for the judge's tests: what a
// student whose code searched exactly so would send (completed, every expansion kept).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.h"
#include "grader/student/student_run.h"

namespace tile::testing {

// `count`: the count the student reports (the task's counter, or another the test chooses).
StudentSearchRun student_run_of(const std::vector<Move>& path, const std::vector<Board>& trace,
                                std::uint64_t count);

}  // namespace tile::testing
