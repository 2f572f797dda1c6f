// Whether a search task's heuristic, which the assignment says is admissible ("admissible": true),
// overestimates on its tests: h against the true distance under the task's cost model, on every
// board of an optimal path from each test's start (where the true distance is known exactly: what
// the rest of that path costs). `tilegrade validate` reports it, with the board and by how much.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/board.h"
#include "engine/result.h"
#include "grader/spec/assignment.h"

namespace tile {

struct HeuristicOverestimate {
  std::string test;          // the test whose optimal path holds the board
  Board board;
  std::int64_t h = 0;
  std::int64_t distance = 0;  // the cheapest path's cost from the board to the goal
};

struct AdmissibilityOnTests {
  std::size_t boards = 0;  // boards compared
  // The overestimate by most (the first found among equals), if any.
  std::optional<HeuristicOverestimate> worst;
};

// An error when the heuristic cannot be made, fails on a board, or an optimal path cannot be found
// within the task's engine_nodes.
Result<AdmissibilityOnTests> heuristic_admissibility_on_tests(const Task& task);

}  // namespace tile
