// The HTML report's step-through view of a failing search test (issue 35): the student's
// expansions beside the reference's, drawn as tiles by report_html_through_assets.h's script from
// a JSON block, with keyboard controls, the diagnosis beside the step it names, and the same
// facts as plain text for readers without scripts or sight.
#pragma once

#include <cstddef>
#include <string>

#include "grader/report/report.h"

namespace tile {

// "" when the test has no step-through.
std::string step_through_block(const TestResult& test, std::size_t index);

}  // namespace tile
