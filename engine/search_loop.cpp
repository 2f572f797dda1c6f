// Picks the instance of the frontier loop (frontier_loop.h) a search runs: its state records'
// layout by the board's size, its duplicate policy, and whether the caller records the trace and
// the counters, each chosen here once so that the loop never tests it per node. The boards
// searched most (the 8-puzzle, and 11 to 16 cells: the 15-puzzle) get an instance per duplicate
// policy (search_loop_8puzzle.cpp, search_loop_16cells.cpp); the others (2x2 to 2x5, and boards
// of more than 16 cells) read the policy's rule at run time, which spares the build 56 instances.
#include "engine/search_loop.h"

#include "engine/loop_instances.h"

namespace tile::detail {

LoopOutcome run_frontier_loop(const LoopInput& input) {
  const int cells = input.problem->start.cells();
  if (cells == 9) return run_8puzzle_loop(input);
  if (cells <= kDenseCells) return run_recording<DenseRecords<0>, RuleAtRunTime>(input);
  if (cells <= kNibbleCells) return run_16cells_loop(input);
  return run_recording<HashedRecords, RuleAtRunTime>(input);
}

}  // namespace tile::detail
