// Whether a search task's heuristic, which the assignment says is consistent ("consistent": true),
// is so on its tests: h(n) <= cost(n, n') + h(n') for every move from every board of an optimal
// path from each test's start (the boards a search near that path expands), under the task's cost
// model. `tilegrade validate` reports it, naming the board, the move and the amounts; the judge's
// equivalences that need a consistent h take an instructor's Lua heuristic as consistent when the
// assignment says so (grader/judge/equivalence.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/board.h"
#include "engine/result.h"
#include "grader/spec/assignment.h"

namespace tile {

struct InconsistentMove {
  std::string test;    // the test whose optimal path holds the board
  Board board;
  Move move = Move::Up;
  std::int64_t h = 0;       // h of the board
  std::int64_t cost = 0;    // what the move costs
  std::int64_t h_next = 0;  // h of the board the move makes
  std::int64_t excess() const { return h - cost - h_next; }
};

struct ConsistencyOnTests {
  std::size_t moves = 0;  // moves compared
  // The move where h drops by most beyond its cost (the first found among equals), if any.
  std::optional<InconsistentMove> worst;
};

// An error when the heuristic cannot be made, fails on a board, or an optimal path cannot be found
// within the task's engine_nodes.
Result<ConsistencyOnTests> heuristic_consistency_on_tests(const Task& task);

}  // namespace tile
