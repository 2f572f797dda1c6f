// How much each check of a search test weighs, as an assignment, a task or a test sets it
// ("weights": {"path": 2, "cost": 1, "count": 1, "order": 1, "wrong_path": "strict"}). The
// nearest level wins, key by key: a test's "weights" overlays its task's, which overlays the
// assignment's. The scoring rule that uses them is grader/judge/check_weights.h.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/result.h"

namespace tile {

// What a test whose path check fails earns for its count and order checks.
enum class WrongPath {
  Strict,   // nothing: a count or an order is only worth points for the search that was asked for
  Partial,  // each check earns its own weight, whatever the path
};
std::string_view wrong_path_name(WrongPath rule);

struct CheckWeights {
  double path = 1;
  double cost = 1;
  double count = 1;
  double order = 1;
  WrongPath wrong_path = WrongPath::Strict;

  // The weight of a check by its key ("path", "cost", "count", "order"); 1 for any other check
  // (a heuristic's or a function's), which weights do not set.
  double of(std::string_view key) const;
  bool operator==(const CheckWeights&) const = default;
};

// `base` with a "weights" object at `path` overlaid key by key. Unknown keys, weights that are not
// finite numbers from 0 to 1,000,000 and an unknown wrong_path are refused, naming their path.
Result<CheckWeights> merge_weights_json(const CheckWeights& base, const nlohmann::json& object,
                                        const std::string& path);

// The weight of the checks a search task enables (path always; cost, count and order when on).
struct TaskChecks;
double enabled_weight(const TaskChecks& checks, const CheckWeights& weights);

// Every field, as "weights" reads it back.
nlohmann::json weights_to_json(const CheckWeights& weights);

}  // namespace tile
