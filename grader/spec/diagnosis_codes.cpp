#include "grader/spec/diagnosis_codes.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace tile {

namespace {

constexpr const auto& kCodes = diagnosis_table::kRows;

// Whether `code` is an instance of `pattern`, each {placeholder} standing for a non-empty word.
bool matches(std::string_view pattern, std::string_view code) {
  const std::size_t open = pattern.find('{');
  if (open == std::string_view::npos) return pattern == code;
  const std::size_t close = pattern.find('}', open);
  const std::string_view prefix = pattern.substr(0, open);
  const std::string_view suffix = pattern.substr(close + 1);
  // The value may hold hyphens ("counts-goal-tests", "ties-ignore-h-low").
  return code.size() > prefix.size() + suffix.size() && code.starts_with(prefix) &&
         code.ends_with(suffix);
}

// A search or counting mistake, which "+" may join: its row says so.
bool joinable(std::string_view code) {
  const DiagnosisCode* row = diagnosis_row_of(code);
  return row != nullptr && row->joinability == Joinability::Joinable;
}

}  // namespace

std::span<const DiagnosisCode> diagnosis_codes() { return kCodes; }

std::string_view family_name(DiagnosisFamily family) {
  switch (family) {
    case DiagnosisFamily::Run: return "run";
    case DiagnosisFamily::Search: return "search";
    case DiagnosisFamily::Count: return "count";
    case DiagnosisFamily::Path: return "path";
    case DiagnosisFamily::Invariant: return "invariant";
    case DiagnosisFamily::Function: return "function";
    case DiagnosisFamily::Heuristic: return "heuristic";
    case DiagnosisFamily::HeuristicSource: return "heuristic-source";
    case DiagnosisFamily::Batch: return "batch";
  }
  return "";
}

const DiagnosisCode* find_diagnosis_code(std::string_view key) {
  for (const DiagnosisCode& entry : kCodes) {
    if (entry.code == key) return &entry;
  }
  return nullptr;
}

const DiagnosisCode* diagnosis_row_of(std::string_view code) {
  const auto row = std::find_if(kCodes.begin(), kCodes.end(), [&](const DiagnosisCode& entry) {
    return matches(entry.code, code);
  });
  return row == kCodes.end() ? nullptr : &*row;
}

const DiagnosisCode& diagnosis_code(std::string_view key) {
  for (const DiagnosisCode& entry : kCodes) {
    if (entry.code == key) return entry;
  }
  throw std::out_of_range("no diagnosis code " + std::string(key) + " in the catalogue");
}

std::string fill(std::string_view text, const Placeholders& values) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t open = text.find('{', at);
    if (open == std::string_view::npos) break;
    const std::size_t close = text.find('}', open);
    if (close == std::string_view::npos) break;
    out += text.substr(at, open - at);
    const std::string_view name = text.substr(open + 1, close - open - 1);
    const auto value = std::find_if(values.begin(), values.end(),
                                    [&](const auto& pair) { return pair.first == name; });
    if (value == values.end()) {
      throw std::invalid_argument("no value for {" + std::string(name) + "} in: " +
                                  std::string(text));
    }
    out += value->second;
    at = close + 1;
  }
  out += text.substr(std::min(at, text.size()));
  return out;
}

bool is_known_diagnosis(std::string_view code) {
  // Two mistakes joined with "+": two search mistakes (two-mistakes), or a search mistake and
  // another counter ("goal-test-on-generate+counts-popped").
  const std::size_t plus = code.find('+');
  if (plus == std::string_view::npos) return diagnosis_row_of(code) != nullptr;
  const std::string_view rest = code.substr(plus + 1);
  return joinable(code.substr(0, plus)) &&
         (rest.find('+') == std::string_view::npos ? joinable(rest) : is_known_diagnosis(rest));
}

std::vector<std::string_view> diagnosis_code_parts(std::string_view code) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t plus = code.find('+', start);
    parts.push_back(code.substr(start, plus == std::string_view::npos ? plus : plus - start));
    if (plus == std::string_view::npos) return parts;
    start = plus + 1;
  }
}

}  // namespace tile
