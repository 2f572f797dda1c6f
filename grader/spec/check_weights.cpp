#include "grader/spec/check_weights.h"

#include "grader/spec/assignment.h"
#include "grader/spec/json_fields.h"
#include "grader/spec/text.h"

namespace tile {

using nlohmann::json;

namespace {
constexpr double kMaxWeight = 1e6;
}

std::string_view wrong_path_name(WrongPath rule) {
  return rule == WrongPath::Partial ? "partial" : "strict";
}

double CheckWeights::of(std::string_view key) const {
  if (key == "path") return path;
  if (key == "cost") return cost;
  if (key == "count") return count;
  if (key == "order") return order;
  return 1;
}

Result<CheckWeights> merge_weights_json(const CheckWeights& base, const json& object,
                                        const std::string& path) {
  CheckWeights merged = base;
  JsonFields fields(object, path);
  merged.path = fields.number("path", 0, kMaxWeight).value_or(merged.path);
  merged.cost = fields.number("cost", 0, kMaxWeight).value_or(merged.cost);
  merged.count = fields.number("count", 0, kMaxWeight).value_or(merged.count);
  merged.order = fields.number("order", 0, kMaxWeight).value_or(merged.order);
  if (const auto rule = fields.string("wrong_path")) {
    if (*rule == "strict") {
      merged.wrong_path = WrongPath::Strict;
    } else if (*rule == "partial") {
      merged.wrong_path = WrongPath::Partial;
    } else {
      fields.fail(fields.path_of("wrong_path") + ": expected \"strict\" or \"partial\", not \"" +
                  quoted_prefix(*rule) + "\"");
    }
  }
  if (auto status = fields.finish(); !status) return status.failure();
  return merged;
}

double enabled_weight(const TaskChecks& checks, const CheckWeights& weights) {
  return weights.path + (checks.cost ? weights.cost : 0) + (checks.count ? weights.count : 0) +
         (checks.order ? weights.order : 0);
}

json weights_to_json(const CheckWeights& weights) {
  return {{"path", weights.path},
          {"cost", weights.cost},
          {"count", weights.count},
          {"order", weights.order},
          {"wrong_path", std::string(wrong_path_name(weights.wrong_path))}};
}

}  // namespace tile
