// The frontier loop's instances for the 8-puzzle: its states ranked densely, with the rank
// unrolled for 9 cells, one instance per duplicate policy (search_loop.cpp says why).
#include "engine/loop_instances.h"

namespace tile::detail {

LoopOutcome run_8puzzle_loop(const LoopInput& input) {
  return run_fixed_rule<DenseRecords<9>>(input);
}

}  // namespace tile::detail
