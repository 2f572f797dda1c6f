#include "grader/spec/json_fields.h"

#include <cmath>

#include "grader/spec/json_input.h"
#include "grader/spec/text.h"

namespace tile {

using nlohmann::json;

JsonFields::JsonFields(const json& object, std::string path)
    : object_(object), path_(std::move(path)) {
  if (!object_.is_object()) fail(path_ + ": expected an object, got " + json_excerpt(object_));
}

void JsonFields::fail(const std::string& message) {
  if (status_) status_ = Error{message};
}

const json* JsonFields::get(const std::string& key) {
  known_.insert(key);
  if (!status_ || !object_.contains(key)) return nullptr;
  return &object_.at(key);
}

std::optional<std::string> JsonFields::string(const std::string& key, bool required) {
  const json* value = get(key);
  if (!value) {
    if (required) fail(path_of(key) + ": required");
    return std::nullopt;
  }
  if (!value->is_string()) {
    fail(path_of(key) + ": expected a string, got " + json_excerpt(*value));
    return std::nullopt;
  }
  return value->get<std::string>();
}

std::optional<double> JsonFields::number(const std::string& key, double min, double max) {
  const json* value = get(key);
  if (!value) return std::nullopt;
  if (!value->is_number() || !std::isfinite(value->get<double>()) || value->get<double>() < min ||
      value->get<double>() > max) {
    fail(path_of(key) + ": expected a number from " + json(min).dump() + " to " + json(max).dump() +
         ", got " + json_excerpt(*value));
    return std::nullopt;
  }
  return value->get<double>();
}

std::optional<std::uint64_t> JsonFields::count(const std::string& key, std::uint64_t min,
                                               std::uint64_t max) {
  const json* value = get(key);
  if (!value) return std::nullopt;
  if (!value->is_number_unsigned() || value->get<std::uint64_t>() < min ||
      value->get<std::uint64_t>() > max) {
    fail(path_of(key) + ": expected a whole number from " + std::to_string(min) + " to " +
         std::to_string(max) + ", got " + json_excerpt(*value));
    return std::nullopt;
  }
  return value->get<std::uint64_t>();
}

std::optional<bool> JsonFields::boolean(const std::string& key) {
  const json* value = get(key);
  if (!value) return std::nullopt;
  if (!value->is_boolean()) {
    fail(path_of(key) + ": expected true or false, got " + json_excerpt(*value));
    return std::nullopt;
  }
  return value->get<bool>();
}

Status JsonFields::finish() {
  if (!status_) return status_;
  for (const auto& [key, value] : object_.items()) {
    if (!known_.count(key)) {
      std::string accepted;
      for (const auto& name : known_) accepted += (accepted.empty() ? "" : ", ") + name;
      return Error{path_ + "." + quoted_prefix(key) + ": unknown key (known here: " + accepted + ")"};
    }
  }
  return success();
}

}  // namespace tile
