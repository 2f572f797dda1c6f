// The frontier loop's instances for boards of 11 to 16 cells (the 15-puzzle among them): compact
// hashed state records, one instance per duplicate policy (search_loop.cpp says why).
#include "engine/loop_instances.h"

namespace tile::detail {

LoopOutcome run_16cells_loop(const LoopInput& input) {
  return run_fixed_rule<CompactRecords>(input);
}

}  // namespace tile::detail
