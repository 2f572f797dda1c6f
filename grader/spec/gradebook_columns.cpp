#include "grader/spec/gradebook_columns.h"

#include <vector>

namespace tile::gradebook_columns {

namespace {

std::vector<std::string_view> fixed_columns() {
  std::vector<std::string_view> columns = {kStudent};
  columns.insert(columns.end(), kIdentity.begin(), kIdentity.end());
  columns.insert(columns.end(), kTotals.begin(), kTotals.end());
  columns.insert(columns.end(), kTrailing.begin(), kTrailing.end());
  return columns;
}

char ascii_lower(char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; }

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string_view> repeated_column(std::string_view name) {
  for (const std::string_view column : fixed_columns()) {
    if (same_ignoring_case(name, column)) return column;
  }
  return std::nullopt;
}

std::string all_fixed_columns() {
  std::string text;
  for (const std::string_view column : fixed_columns()) {
    if (!text.empty()) text += ", ";
    text += column;
  }
  return text;
}

}  // namespace tile::gradebook_columns
