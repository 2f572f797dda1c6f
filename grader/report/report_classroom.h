// GitHub Classroom's autograding result, as its reporter action
// (classroom-resources/autograding-grading-reporter) reads it from a step output: {"version": 1,
// "status": "pass"|"fail", "max_score", "tests": [{"name", "status", "score", "max_score",
// "message"}]}. The reporter adds up the tests' scores against max_score and posts
// "Points X/Y" on the "Autograding Tests" check run, which is what Classroom records.
#pragma once

#include <nlohmann/json.hpp>

#include "grader/report/report.h"

namespace tile {

nlohmann::json classroom_json(const GradeReport& report);

}  // namespace tile
