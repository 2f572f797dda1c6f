#include "grader/spec/semantics_json.h"

#include <sstream>
#include <type_traits>

#include "engine/files.h"
#include "engine/semantics_fields.h"
#include "grader/spec/json_input.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

using nlohmann::json;

Result<std::string> string_field(const json& value, const std::string& path) {
  if (!value.is_string()) return Error{path + ": expected a string, got " + json_excerpt(value)};
  return value.get<std::string>();
}

// One value of a field, by its type: a name, a list of tie-break keys, the four moves or a whole
// number in the row's range.
template <NamedEnum E, class Row>
Result<E> read_value(const json& value, const std::string& path, const Row&, E*) {
  auto text = string_field(value, path);
  if (!text) return text.failure();
  auto parsed = parse_value<E>(*text);
  if (!parsed) return parsed.failure_in(path + ": ");
  return *parsed;
}

template <class Row>
Result<std::array<Move, kMoveCount>> read_value(const json& value, const std::string& path,
                                                const Row&, std::array<Move, kMoveCount>*) {
  auto text = string_field(value, path);
  if (!text) return text.failure();
  auto parsed = parse_action_order(*text);
  if (!parsed) return parsed.failure_in(path + ": ");
  return *parsed;
}

template <class Row>
Result<std::vector<TieKey>> read_value(const json& value, const std::string& path, const Row& row,
                                       std::vector<TieKey>*) {
  if (!value.is_array()) {
    return Error{path + ": expected a list of keys such as [\"action\", \"fifo\"], got " +
                 json_excerpt(value)};
  }
  std::vector<TieKey> keys;
  for (std::size_t i = 0; i < value.size(); ++i) {
    auto key = read_value(value[i], path + "[" + std::to_string(i) + "]", row,
                          static_cast<TieKey*>(nullptr));
    if (!key) return key.failure();
    keys.push_back(*key);
  }
  return keys;
}

template <class Row>
Result<int> read_value(const json& value, const std::string& path, const Row& row, int*) {
  if (value.is_number_integer() && value.get<long long>() >= row.min &&
      value.get<long long>() <= row.max) {
    return value.get<int>();
  }
  std::string expected = Row::kOptional ? "null or " : "";
  if (row.max - row.min <= 2) {
    for (int number = row.min; number <= row.max; ++number) {
      expected += std::to_string(number) +
                  (number + 1 == row.max ? " or " : number < row.max ? ", " : "");
    }
  } else {
    expected += "a whole number from " + std::to_string(row.min) + " to " +
                std::to_string(row.max);
  }
  return Error{path + ": expected " + expected + ", got " + json_excerpt(value)};
}

// The field's JSON: its value as written, or null for an unset optional.
template <NamedEnum E>
json value_json(E value) {
  return value_name(value);
}
json value_json(const std::array<Move, kMoveCount>& order) { return action_order_name(order); }
json value_json(int number) { return number; }
json value_json(const std::vector<TieKey>& keys) {
  json out = json::array();
  for (TieKey key : keys) out.push_back(value_name(key));
  return out;
}

std::string known_keys() {
  std::string out;
  for_each_semantics_field([&](const auto& field) {
    out += (out.empty() ? "" : ", ") + std::string(field.name);
  });
  return out;
}

}  // namespace

Result<Semantics> merge_semantics_json(Semantics semantics, const json& object,
                                       const std::string& where) {
  if (!object.is_object()) return Error{where + ": expected an object, got " + json_excerpt(object)};
  // Named, not a structured binding: clang 14 (Debian 12's) cannot capture bindings in lambdas.
  for (const auto& item : object.items()) {
    const std::string& key = item.key();
    const json& value = item.value();
    const std::string path = where + "." + key;
    Status status = success();
    const bool known = any_semantics_field([&](const auto& field) {
      if (key != field.name) return false;
      using Row = std::decay_t<decltype(field)>;
      auto& member = semantics.*field.member;
      if constexpr (Row::kOptional) {
        if (value.is_null()) {
          member.reset();
          return true;
        }
      }
      auto read = read_value(value, path, field, static_cast<typename Row::Value*>(nullptr));
      if (read) {
        member = *read;
      } else {
        status = read.failure();
      }
      return true;
    });
    if (!known) {
      status = Error{path + ": unknown semantics key '" + quoted_prefix(key) + "' (known: " +
                     known_keys() + ")"};
    }
    if (!status) return status.failure();
  }
  return semantics;
}

Result<Semantics> semantics_from_json(const json& object, const std::string& where) {
  return merge_semantics_json(Semantics{}, object, where);
}

json semantics_to_json(const Semantics& semantics) {
  json out;
  for_each_semantics_field([&](const auto& field) {
    const auto& member = semantics.*field.member;
    if constexpr (std::decay_t<decltype(field)>::kOptional) {
      out[std::string(field.name)] = member ? value_json(*member) : json(nullptr);
    } else {
      out[std::string(field.name)] = value_json(member);
    }
  });
  return out;
}

Result<Semantics> load_semantics_file(const std::string& path) {
  // read_file: a folder, a FIFO or a device in its place is refused at once, never waited on.
  auto text = read_file_as(path, "semantics file");
  if (!text) return text.failure();
  auto object = parse_json_input(*text, path);
  if (!object) return object.failure();
  return semantics_from_json(*object, path);
}

}  // namespace tile
