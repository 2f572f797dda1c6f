#include "grader/report/report_not_checked.h"

#include <fmt/core.h>

namespace tile {

std::string not_checked_sentence(const GradeReport& report) {
  const NotChecked& left = report.not_checked;
  if (!left.any()) return "";
  std::string parts;
  if (left.hidden_tests > 0) {
    parts = fmt::format("{} hidden test{} ({} point{})", left.hidden_tests,
                        left.hidden_tests == 1 ? "" : "s", score_text(left.hidden_points),
                        score_text(left.hidden_points) == "1" ? "" : "s");
  }
  if (left.unselected_tests > 0) {
    parts += fmt::format("{}{} test{} not selected ({} point{})", parts.empty() ? "" : ", ",
                         left.unselected_tests, left.unselected_tests == 1 ? "" : "s",
                         score_text(left.unselected_points),
                         score_text(left.unselected_points) == "1" ? "" : "s");
  }
  if (left.informedness_points > 0) {
    // Informedness counts the expansions over every test, hidden ones included.
    parts += fmt::format("{}informedness ({} point{}), measured over all the tests",
                         parts.empty() ? "" : " and ", score_text(left.informedness_points),
                         score_text(left.informedness_points) == "1" ? "" : "s");
  }
  const double full =
      report.max_score() + left.hidden_points + left.unselected_points + left.informedness_points;
  return fmt::format("Not checked here: {}. The full grade is out of {}.", parts,
                     score_text(full));
}

void add_not_checked(nlohmann::json& results, const GradeReport& report) {
  const NotChecked& left = report.not_checked;
  if (!left.any()) return;
  results["not_checked"] = {
      {"hidden_tests", left.hidden_tests},
      {"hidden_points", rounded_score(left.hidden_points)},
      {"informedness_points", rounded_score(left.informedness_points)},
      {"unselected_tests", left.unselected_tests},
      {"unselected_points", rounded_score(left.unselected_points)},
      {"full_max_score", rounded_score(report.max_score() + left.hidden_points +
                                       left.unselected_points + left.informedness_points)}};
  results["output"] = results.value("output", std::string()) + "\n" + not_checked_sentence(report);
}

}  // namespace tile
