// Reading the "tasks" (and "tests") of assignment.json. Separate from assignment.cpp, which reads
// the whole file, so that each reads one level of the document.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/spec/assignment.h"
#include "grader/spec/json_fields.h"

namespace tile {

// `fields["visibility"]`, if present and valid (an error is recorded in `fields` otherwise).
std::optional<Visibility> parse_visibility(JsonFields& fields);

// A "tests" list: explicit boards and generated blocks, in order. A test's own "weights" overlay
// `default_weights` (its task's); `weighed` is false for tasks whose checks weights do not set.
// `room`: how many tests the list may add (kMaxTotalTests less the assignment's others); the entry
// that would pass it is refused before its boards are made.
Status parse_tests(const nlohmann::json& list, const std::string& path, const Board& goal,
                   Visibility default_visibility, const CheckWeights& default_weights,
                   bool weighed, std::size_t room, std::vector<TestCase>& out);

// One task; `default_tests` is the assignment's "tests" list, for tasks without their own.
Result<Task> parse_task(const nlohmann::json& object, const std::string& path,
                        const Assignment& assignment, const nlohmann::json* default_tests);

}  // namespace tile
