#include "grader/report/report_not_checked.h"

#include <fmt/core.h>

namespace tile {

std::string not_checked_sentence(const GradeReport& report) {
  const NotChecked& left = report.not_checked;
  if (!left.any()) return "";
  std::string parts;
  if (left.hidden_tests > 0) {
    parts = fmt::format("{} hidden test{} ({:g} point{})", left.hidden_tests,
                        left.hidden_tests == 1 ? "" : "s", rounded_score(left.hidden_points),
                        rounded_score(left.hidden_points) == 1 ? "" : "s");
  }
  if (left.unselected_tests > 0) {
    parts += fmt::format("{}{} test{} not selected ({:g} point{})", parts.empty() ? "" : ", ",
                         left.unselected_tests, left.unselected_tests == 1 ? "" : "s",
                         rounded_score(left.unselected_points),
                         rounded_score(left.unselected_points) == 1 ? "" : "s");
  }
  if (left.informedness_points > 0) {
    // Informedness counts the expansions over every test, hidden ones included.
    parts += fmt::format("{}informedness ({:g} point{}), measured over all the tests",
                         parts.empty() ? "" : " and ", rounded_score(left.informedness_points),
                         rounded_score(left.informedness_points) == 1 ? "" : "s");
  }
  const double full =
      report.max_score() + left.hidden_points + left.unselected_points + left.informedness_points;
  return fmt::format("Not checked here: {}. The full grade is out of {:g}.", parts,
                     rounded_score(full));
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
