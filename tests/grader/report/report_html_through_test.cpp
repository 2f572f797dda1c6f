// The HTML step-through block: present only with a step-through, its data unable to close the
// element it sits in, the diagnosis beside it, and its text fallback.
#include <doctest/doctest.h>

#include <string>

#include "grader/report/report_html.h"
#include "grader/report/report_html_through.h"

#include "tests/grader/report/board_3x3.h"

using namespace tile;
using tile::testing::board;

namespace {

TestResult failing() {
  TestResult test;
  test.name = "astar: t</pre><script>alert(1)</script>";
  test.figures.start = board("1 2 5 3 4 0 6 7 8");
  test.diagnosis.code = "tie-break";
  test.diagnosis.sentence = "Your search took <the newest> entry.";
  StepThrough through;
  through.key_name = std::string("f");  // GCC 12 -Wrestrict misfires on assigning "f"
  through.order_words = "lowest f first, then </pre> oldest first";
  through.focus = 2;
  through.focus_is = StepThrough::Focus::JudgeStep;
  through.divergence = 2;
  through.steps.push_back({2, {}, {}});
  through.steps[0].student.expanded = StepBoard{board("1 2 5 3 4 8 6 0 7")};
  through.student_path = "DL";
  through.reference_path = "ULL";
  through.path_leaves_at = 1;
  test.figures.step_through = through;
  return test;
}

}  // namespace

TEST_CASE("no step-through, no block") {
  TestResult test = failing();
  test.figures.step_through.reset();
  CHECK(step_through_block(test, 0).empty());
}

TEST_CASE("the block holds its data, the diagnosis, keyboard help and the text, all escaped") {
  const std::string html = step_through_block(failing(), 3);
  CHECK(html.find("id=\"through-3\" tabindex=\"0\" data-cols=\"3\"") != std::string::npos);
  CHECK(html.find("<pre class=\"through-data\" hidden>") != std::string::npos);
  CHECK(html.find("then &lt;/pre&gt; oldest first") != std::string::npos);
  CHECK(html.find("</pre><script>") == std::string::npos);
  CHECK(html.find("At step 2: Your search took &lt;the newest&gt; entry.") != std::string::npos);
  CHECK(html.find("right arrow or n") != std::string::npos);
  CHECK(html.find("Step 2 (the first that differs): you expanded") != std::string::npos);
  CHECK(html.find("leaves the reference's <code>ULL</code> at move 1") != std::string::npos);
}

TEST_CASE("the whole page says what a student's copy did not check") {
  GradeReport report;
  report.assignment = "a";
  report.submission = "s.lua";
  report.tests.push_back(failing());
  report.not_checked.hidden_tests = 12;
  report.not_checked.hidden_points = 50;
  const std::string html = format_html(report);
  CHECK(html.find("Not checked here: 12 hidden tests (50 points).") != std::string::npos);
}

TEST_CASE("informedness: the total drawn against each threshold, met or not") {
  GradeReport report;
  report.assignment = "h";
  report.submission = "s.lua";
  TestResult line;
  line.name = std::string("3x3: informedness");
  line.figures.count_name = std::string("expanded");
  line.figures.informedness_total = 600;
  line.figures.thresholds = {{1000, 1, true}, {500, 2.5, false}};
  report.tests.push_back(line);
  const std::string html = format_html(report);
  CHECK(html.find("Informedness: your total against the thresholds") != std::string::npos);
  CHECK(html.find("your total: 600") != std::string::npos);
  CHECK(html.find("at most 1000: 1 point (met)") != std::string::npos);
  CHECK(html.find("at most 500: 2.5 points (not met)") != std::string::npos);
  line.figures.informedness_total.reset();
  report.tests = {line};
  CHECK(format_html(report).find("no total: a search did not finish") != std::string::npos);
}
