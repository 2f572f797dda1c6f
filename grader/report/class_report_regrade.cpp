#include "grader/report/class_report_regrade.h"

#include <fmt/core.h>

#include "grader/report/report.h"
#include "grader/report/report_html.h"

namespace tile {

using nlohmann::json;

namespace {

std::string score_cell(const json& score) {
  return score.is_number() ? score_text(score.get<double>()) : "&ndash;";
}

std::string stamp_text(const json& stamp) {
  const std::string version = stamp.value("version", "");
  if (version.empty()) return "no stamp";
  return "tilegrade " + html_escape(version) + ", assignment " +
         html_escape(stamp.value("assignment_digest", ""));
}

std::string reasons_list(const json& row) {
  std::string out = "<ul>";
  for (const json& reason : row["reasons"]) {
    out += "<li>" + html_escape(reason.get<std::string>()) + "</li>";
  }
  for (const json& test : row["tests"]) {
    std::string reasons;
    for (const json& reason : test["reasons"]) {
      reasons += (reasons.empty() ? "" : "; ") + html_escape(reason.get<std::string>());
    }
    out += "<li>" + html_escape(test["test"].get<std::string>()) + ": " +
           score_cell(test["old_score"]) + " &rarr; " + score_cell(test["new_score"]) + ": " +
           reasons + "</li>";
  }
  return out + "</ul>";
}

}  // namespace

std::string regrade_section_html(const json& regrade) {
  std::string out = "<section class=\"card\"><h2>Regrade</h2>";
  out += "<p>Before: " + stamp_text(regrade["before"]) + ". After: " +
         stamp_text(regrade["after"]) + ".</p>";
  const std::size_t changed = regrade["changed"].get<std::size_t>();
  out += fmt::format("<p>{} of {} students changed, largest change first.</p>", changed,
                     regrade["students"].get<std::size_t>());
  if (changed == 0) return out + "</section>";
  out += "<table class=\"class\"><tr><th>Student</th><th>Before</th><th>After</th>"
         "<th>Change</th><th>Why</th></tr>";
  for (const json& row : regrade["rows"]) {
    if (!row["changed"].get<bool>()) continue;
    const double change = row["change"].get<double>();
    out += "<tr><td>" + html_escape(row["student"].get<std::string>()) +
           "</td><td class=\"number\">" + score_cell(row["old_score"]) +
           "</td><td class=\"number\">" + score_cell(row["new_score"]) +
           "</td><td class=\"number\">" + (change > 0 ? "+" : "") + score_text(change) +
           "</td><td>" + reasons_list(row) + "</td></tr>";
  }
  return out + "</table></section>";
}

}  // namespace tile
