#pragma once
// The error an assignment text is refused with; a text that parses fails the test that asked.

#include <doctest/doctest.h>

#include <string>

#include "grader/spec/assignment.h"

namespace tile::testing {

inline std::string error_of(const std::string& assignment_text) {
  auto parsed = parse_assignment(assignment_text, ".");
  REQUIRE_FALSE(parsed);
  return parsed.error();
}

}  // namespace tile::testing
