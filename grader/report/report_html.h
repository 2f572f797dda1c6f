// The grading report as one self-contained HTML page: inline CSS, SVG and a small script, nothing
// fetched (a Content-Security-Policy forbids it). It draws what the text report describes: the
// start and goal boards, the first divergence side by side, the student's path replayable step
// by step, and a chart of each test's count against the reference and the baseline.
//
// Every string that came from a submission (outputs, error messages, even names) is escaped, and
// the script is pinned by its hash in the policy, so a hostile message can neither inject markup
// nor run code in the reader's browser.
#pragma once

#include <string>
#include <string_view>

#include "grader/report/report.h"

namespace tile {

std::string format_html(const GradeReport& report);

// Text made safe for HTML element content and quoted attribute values: markup characters become
// entities, invalid UTF-8 becomes U+FFFD, control characters other than tab and newline and the
// bidi controls become visible escapes (\\xHH, \\u{HHHH}: see visible_text in spec/text.h).
std::string html_escape(std::string_view text);

}  // namespace tile
