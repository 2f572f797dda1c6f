// Semantics <-> JSON, with the same field names as engine/semantics.h. Lives in grader/ because the
// engine has no JSON dependency. Unknown keys and bad values are errors naming the JSON path.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "engine/result.h"
#include "engine/semantics.h"

namespace tile {

// `where` is the JSON path of the object, used in messages ("semantics", "tasks[1].semantics").
Result<Semantics> semantics_from_json(const nlohmann::json& object, const std::string& where);
// Overlays the fields present in `object` onto `base` (assignment-level, then per-task overrides).
Result<Semantics> merge_semantics_json(Semantics base, const nlohmann::json& object,
                                       const std::string& where);
// Every field, unresolved optionals written as null, so the output reads back to the same value.
nlohmann::json semantics_to_json(const Semantics& semantics);

Result<Semantics> load_semantics_file(const std::string& path);

}  // namespace tile
