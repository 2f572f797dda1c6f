// Saying what a run did not check (GradeReport::not_checked), in words and in results.json.
#pragma once

#include <nlohmann/json.hpp>

#include "grader/report/report.h"

namespace tile {

// Adds "not_checked" {hidden_tests, hidden_points, informedness_points, full_max_score} to a
// results.json document and the sentence to its "output"; leaves it alone when nothing was left
// out.
void add_not_checked(nlohmann::json& results, const GradeReport& report);

}  // namespace tile
