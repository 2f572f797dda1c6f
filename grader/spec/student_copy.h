// The student copy of an assignment (`tilegrade export`): what `check` needs for the visible tests
// and nothing that reveals a hidden one. Generated tests are written out as the boards they expand
// to (a seed would let anyone regenerate the hidden boards beside the visible ones), hidden tests
// are dropped and only counted ("withheld"), and expected.json keeps the visible tests' answers.
#pragma once

#include <cstddef>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/result.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile {

struct StudentCopy {
  nlohmann::json assignment;  // the copy's assignment.json
  nlohmann::json expected;    // the copy's expected.json
  std::size_t visible_tests = 0;
  std::size_t withheld_tests = 0;
};

// `written` is the full assignment.json as the instructor wrote it, `full` the same parsed, and
// `expectations` its expectations (in task and test order, as compute_all_expectations gives).
Result<StudentCopy> make_student_copy(const nlohmann::json& written, const Assignment& full,
                                      const std::vector<Expectation>& expectations);

}  // namespace tile
