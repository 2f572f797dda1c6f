#include "grader/report/diagnosis_parts.h"

#include <optional>

namespace tile {

namespace {

// The value of one placeholder of a part, when it has one.
std::optional<std::string> part_value(const DiagnosisPart& part, std::string_view name) {
  for (const auto& [key, value] : part.values) {
    if (key == name) return value;
  }
  return std::nullopt;
}

Placeholders part_placeholders(const DiagnosisPart& part) {
  Placeholders out;
  for (const auto& [name, value] : part.values) out.emplace_back(name, value);
  return out;
}

}  // namespace

std::string part_code(const DiagnosisPart& part) {
  return fill(diagnosis_code(part.key).code, part_placeholders(part));
}

std::string part_sentence(const DiagnosisPart& part) {
  return fill(diagnosis_code(part.key).sentence, part_placeholders(part));
}

std::string two_mistakes_sentence(const DiagnosisPart& first, const DiagnosisPart& second) {
  const DiagnosisCode& second_row = diagnosis_code(second.key);
  const auto first_assignment = part_value(first, "assignment");
  const bool repeats = first_assignment && first_assignment == part_value(second, "assignment") &&
                       !second_row.yours.empty();
  const std::string shown =
      repeats ? fill(second_row.yours, part_placeholders(second)) : part_sentence(second);
  return fill(diagnosis_code("two-mistakes").sentence,
              {{"first", part_sentence(first)}, {"second", shown}});
}

}  // namespace tile
