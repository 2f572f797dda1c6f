// Small helpers for tests that read the text the grader writes for students.
#pragma once

#include <cstddef>
#include <string>

namespace tile::testing {

// How many times `part` stands in `text`, overlaps included: a sentence a student must not read
// twice shows as a count above 1.
inline std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

}  // namespace tile::testing
