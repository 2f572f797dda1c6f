#include "grader/spec/declared_diagnosis.h"

#include "grader/spec/diagnosis_codes.h"

namespace tile {

namespace {

// The row of a declared code when it is said under another row's code; nullptr for a code a
// test carries itself, a joined code ("a+b", each part a search or counting mistake, which are
// all carried themselves) and a code not in the table.
const DiagnosisCode* reading_row(std::string_view declared) {
  if (declared.find('+') != std::string_view::npos) return nullptr;
  const DiagnosisCode* row = diagnosis_row_of(declared);
  if (row == nullptr || row->reported_as == ReportedAs::Itself) return nullptr;
  return row;
}

}  // namespace

std::optional<std::string> undeclarable_reason(std::string_view declared) {
  if (!is_known_diagnosis(declared)) {
    return std::string("is not a diagnosis code (docs/diagnosis-codes.md)");
  }
  // What `batch` says of a class folder's entry that graded nothing (no script, a link): the
  // grading of one mutant script never gives it, so a mutant declaring it could never pass.
  if (const DiagnosisCode* row = diagnosis_row_of(declared);
      row != nullptr && row->family == DiagnosisFamily::Batch) {
    return std::string("is what batch says of a student's folder that graded nothing, never the "
                       "grading of one script");
  }
  const DiagnosisCode* row = reading_row(declared);
  if (row != nullptr && row->reported_as == ReportedAs::SentenceOf) {
    const std::string under(code_of(row->reported_under));
    return "is said only as the sentence of " + under +
           ", which no field of a report records: declare " + under;
  }
  return std::nullopt;
}

bool names_declared(std::string_view declared, std::string_view code,
                    std::string_view heuristic_source) {
  const DiagnosisCode* row = reading_row(declared);
  if (row == nullptr) return code == declared;
  return row->reported_as == ReportedAs::HeuristicSourceOf &&
         code == code_of(row->reported_under) && heuristic_source == declared;
}

std::string expected_for_declared(std::string_view declared) {
  const DiagnosisCode* row = reading_row(declared);
  if (row == nullptr || row->reported_as != ReportedAs::HeuristicSourceOf) {
    return std::string(declared);
  }
  return std::string(code_of(row->reported_under)) + " with heuristic_source " +
         std::string(declared);
}

}  // namespace tile
