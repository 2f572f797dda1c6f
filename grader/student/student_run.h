// What the grader observes when it runs a student's search function: the contract between the
// Lua side (lua_problem.cpp, which runs the script) and the checks (which compare with the engine).
// Plain data, so it can cross the pipe from the sandboxed child process as JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/semantics.h"
#include "grader/spec/board_function.h"
#include "grader/spec/limits.h"

namespace tile {

struct StudentSearchRun {
  bool completed = false;           // the function returned a well-formed answer
  std::string error;                // when not completed: "file.lua:12: message" or a budget text
  std::vector<Move> path;           // the returned path (names or letters, normalised)
  std::optional<std::int64_t> reported_count;  // the count the script returned, if any
  std::vector<Board> expansions;    // boards passed to problem:successors(), in call order
  std::uint64_t api_calls = 0;
  // Stopped by max_expansions (not completed): `expansions` holds the first max_expansions boards
  // the search expanded, enough to compare its order with the reference's and diagnose it.
  bool out_of_expansions = false;
  // Returned nil where a path was expected (not completed): the search ended without reaching the
  // goal, after exactly `expansions`. A search that never tests its start does so on the goal.
  bool returned_no_path = false;
};

// A function task: what the student's board function returned for one board.
struct StudentFunctionRun {
  bool completed = false;  // it returned, leaving its argument alone, something readable
  std::string error;       // when not completed: "file.lua:12: message"
  FunctionValue value;
};

}  // namespace tile
