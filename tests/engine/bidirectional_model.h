// The differential model of bibfs: a plain bidirectional breadth-first search written from the
// docs/semantics.md (bibfs) alone, in the model's own puzzle (boards as strings of tiles,
// its own moves, std::deque and std::map), sharing nothing with engine/bidirectional.cpp. Slow and
// obviously right: the engine must agree with it on the status, path, cost, every counter and the
// whole expansion trace.
#pragma once

#include "tests/engine/search_model.h"

namespace model {

// bibfs from spec.start to spec.goal under spec.semantics (unresolved: bibfs's defaults are the
// docs'). No budget: callers give cases that finish.
ModelResult model_bibfs(const ModelSpec& spec);

}  // namespace model
