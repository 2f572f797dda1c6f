// PrairieLearn's external-grader results.json: the score as a fraction of full marks, "gradable",
// and one entry per test (name, points, max_points, message, output). PrairieLearn shows every
// field to the student at once and has no per-test visibility, so tests that are not visible
// keep their points but not their details (boards and paths would give the hidden tests away).
#pragma once

#include <nlohmann/json.hpp>

#include "grader/report/report.h"

namespace tile {

nlohmann::json prairielearn_json(const GradeReport& report);

}  // namespace tile
