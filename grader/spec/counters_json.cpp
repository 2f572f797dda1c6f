#include "grader/spec/counters_json.h"

#include "grader/spec/json_input.h"

namespace tile {

using nlohmann::json;

json counters_to_json(const Counters& counters) {
  json out = json::object();
  for (const CounterField& field : kCounterFields) {
    out[std::string(field.name)] = counters.*field.member;
  }
  return out;
}

Result<Counters> counters_from_json(const json& value) {
  if (!value.is_object()) return Error{"counters: expected an object, got " + json_excerpt(value)};
  if (value.size() != std::size(kCounterFields)) {
    return Error{"counters: expected " + std::to_string(std::size(kCounterFields)) +
                 " counters, got " + std::to_string(value.size())};
  }
  Counters counters;
  for (const CounterField& field : kCounterFields) {
    const auto found = value.find(std::string(field.name));
    if (found == value.end() || !found->is_number_unsigned()) {
      return Error{"counters." + std::string(field.name) + ": missing, or not a whole number >= 0"};
    }
    counters.*field.member = found->get<std::uint64_t>();
  }
  return counters;
}

}  // namespace tile
