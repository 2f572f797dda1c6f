#include "grader/cli/validation_record.h"

#include <nlohmann/json.hpp>

#include "grader/spec/json_input.h"

namespace tile::cli {

std::string validation_record_text(const ValidationRecord& record) {
  nlohmann::ordered_json doc;
  doc["assignment_digest"] = record.assignment_digest;
  doc["tilegrade_version"] = record.tilegrade_version;
  doc["mutants"] = record.mutants;
  return doc.dump(2) + "\n";
}

Result<ValidationRecord> parse_validation_record(std::string_view text, const std::string& file) {
  auto parsed = parse_json_input(text, file);
  if (!parsed) return parsed.failure();
  const nlohmann::json& doc = *parsed;
  const auto digest = doc.is_object() ? doc.find("assignment_digest") : doc.end();
  const auto version = doc.is_object() ? doc.find("tilegrade_version") : doc.end();
  const auto mutants = doc.is_object() ? doc.find("mutants") : doc.end();
  if (!doc.is_object() || digest == doc.end() || !digest->is_string() || version == doc.end() ||
      !version->is_string() || mutants == doc.end() || !mutants->is_number_unsigned()) {
    return Error{file + ": not a validation record (\"assignment_digest\", \"tilegrade_version\" "
                 "and \"mutants\", as tilegrade bundle writes it)"};
  }
  return ValidationRecord{digest->get<std::string>(), version->get<std::string>(),
                          mutants->get<std::size_t>()};
}

}  // namespace tile::cli
