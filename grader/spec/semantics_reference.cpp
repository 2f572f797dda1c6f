#include "grader/spec/semantics_reference.h"

#include <algorithm>
#include <map>
#include <type_traits>
#include <vector>

#include "engine/semantics_fields.h"

namespace tile {

namespace {

// A value as a semantics file writes it, in backticks.
template <NamedEnum E>
std::string written(E value) {
  return "`" + std::string(value_name(value)) + "`";
}
std::string written(const std::vector<TieKey>& keys) {
  std::string out = "`[";
  for (std::size_t i = 0; i < keys.size(); ++i) {
    out += (i > 0 ? ", \"" : "\"") + std::string(value_name(keys[i])) + "\"";
  }
  return out + "]`";
}
std::string written(const std::array<Move, kMoveCount>& order) {
  return "`" + action_order_name(order) + "`";
}
std::string written(int number) { return "`" + std::to_string(number) + "`"; }

template <NamedEnum E>
std::string enum_values() {
  std::string out;
  for (const auto& entry : EnumValues<E>::all) {
    out += (out.empty() ? "`" : ", `") + std::string(entry.name) + "`";
  }
  return out;
}

// The values a field accepts.
template <class Member>
std::string values_of(const SemanticsField<Member>& field) {
  using Value = typename SemanticsField<Member>::Value;
  if constexpr (NamedEnum<Value>) {
    return enum_values<Value>();
  } else if constexpr (std::is_same_v<Value, std::vector<TieKey>>) {
    return "list of " + enum_values<TieKey>();
  } else if constexpr (std::is_same_v<Value, int>) {
    if (SemanticsField<Member>::kOptional) {
      return "whole number from " + std::to_string(field.min) + " to " +
             std::to_string(field.max) + ", or `null`";
    }
    std::string out;
    for (int number = field.min; number <= field.max; ++number) {
      out += (out.empty() ? "" : ", ") + written(number);
    }
    return out;
  } else {
    return "permutation of `UDLR`";
  }
}

// The default: one value, `null`, or a value per algorithm ("`reverse` for dfs/dls, `forward`
// otherwise", the most common one last).
template <class Member>
std::string default_of(const SemanticsField<Member>& field) {
  if constexpr (SemanticsField<Member>::kOptional) {
    if (!field.unset_default) return "`null`";
    std::vector<std::pair<std::string, std::string>> groups;  // value, algorithms
    std::map<std::string, int> size;
    for (Algorithm algorithm : kAllAlgorithms) {
      const std::string value = written(field.unset_default(algorithm));
      auto group = std::find_if(groups.begin(), groups.end(),
                                [&](const auto& g) { return g.first == value; });
      if (group == groups.end()) group = groups.insert(groups.end(), {value, ""});
      group->second += (group->second.empty() ? "" : "/") + std::string(algorithm_name(algorithm));
      ++size[value];
    }
    if (groups.size() == 1) return groups.front().first;
    std::string otherwise = groups.front().first;
    for (const auto& group : groups) {
      if (size[group.first] > size[otherwise]) otherwise = group.first;
    }
    std::string out;
    for (const auto& [value, algorithms] : groups) {
      if (value != otherwise) out += value + " for " + algorithms + ", ";
    }
    return out + otherwise + " otherwise";
  } else {
    return written(Semantics{}.*field.member);
  }
}

template <class Member>
std::string applies_of(const SemanticsField<Member>& field) {
  return field.applies_when.empty() ? "every search" : std::string(field.applies_when);
}

std::string without_backticks(std::string text) {
  std::erase(text, '`');
  return text;
}

}  // namespace

std::string semantics_field_table() {
  std::string out = "| field | values | default | applies to | meaning |\n|---|---|---|---|---|\n";
  for_each_semantics_field([&](const auto& field) {
    out += "| `" + std::string(field.name) + "` | " + values_of(field) + " | " +
           default_of(field) + " | " + applies_of(field) + " | " + std::string(field.meaning) +
           " |\n";
  });
  return out;
}

std::string semantics_field_help() {
  std::string out =
      "Semantics fields, for a --semantics file (unset fields take the default; "
      "docs/semantics.md):\n";
  for_each_semantics_field([&](const auto& field) {
    out += "  " + std::string(field.name) + ": " + without_backticks(values_of(field)) +
           "\n      default " + without_backticks(default_of(field));
    if (!field.applies_when.empty()) out += "; applies to " + without_backticks(applies_of(field));
    out += "\n";
  });
  return out;
}

}  // namespace tile
