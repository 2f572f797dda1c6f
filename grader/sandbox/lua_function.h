// Calling a student's board function (board_function.h) in the sandbox: the board goes in as the
// read-only board object heuristics get, and what comes back is read as a board (a flat list of
// tiles row by row, or a list of rows, as the notebook's 2-D puzzles are), a boolean or nil.
#pragma once

#include <string>

#include "grader/sandbox/lua_sandbox.h"
#include "grader/student/student_run.h"

namespace tile {

StudentFunctionRun run_student_function(LuaSandbox& sandbox, const std::string& function_name,
                                        const Board& board, const Board& goal);

}  // namespace tile
