// Counters as JSON: an object keyed by the counter names of engine/search.h's kCounterFields, the
// one codec for expected.json, observations from the sandbox and `solve --json`.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/result.h"
#include "engine/search.h"

namespace tile {

nlohmann::json counters_to_json(const Counters& counters);
// Every counter must be present as a whole number >= 0; unknown keys are refused.
Result<Counters> counters_from_json(const nlohmann::json& value);

}  // namespace tile
