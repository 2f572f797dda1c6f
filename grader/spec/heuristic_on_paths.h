// A search task's heuristic read on every board of an optimal path from each test's start, where
// the true distance is known exactly (what the rest of that path costs): the boards validate checks
// an instructor's "admissible" and "consistent" heuristic on (heuristic_admissibility.h,
// heuristic_consistency.h).
#pragma once

#include <cstdint>
#include <functional>

#include "engine/board.h"
#include "engine/result.h"
#include "grader/spec/assignment.h"

namespace tile {

// One board of a test's optimal path, from the start to the goal.
struct PathBoard {
  const TestCase& test;
  const Board& board;
  std::int64_t h = 0;          // the heuristic's value of it
  std::int64_t cost_left = 0;  // what the rest of the path costs: the board's true distance
};

// The heuristic on another board (a neighbour of the path), failing as the walk itself does.
using EstimateOf = std::function<Result<std::int64_t>(const Board&)>;

// Calls `visit` on every board of every test's optimal path, in order. An error when the heuristic
// cannot be made or fails on a board ("test T: the heuristic failed: ..."), when an optimal path
// cannot be found within the task's engine_nodes, or when `visit` returns one.
Status for_each_optimal_path_board(
    const Task& task, const std::function<Status(const PathBoard&, const EstimateOf&)>& visit);

}  // namespace tile
