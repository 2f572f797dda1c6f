// class.html: class.json drawn as one self-contained page. The same policy as a student's page
// (report_html.cpp) forbids fetching anything; this page has no script at all, so it allows none.
// Every string is escaped with html_escape: student names, sentences and codes alike.
#include <fmt/core.h>

#include <algorithm>
#include <cstdint>

#include "grader/report/class_report.h"
#include "grader/report/class_report_regrade.h"
#include "grader/report/report_html.h"
#include "grader/report/report_html_assets.h"

namespace tile {

using nlohmann::json;

namespace {

constexpr int kChartWidth = 600;
constexpr int kChartHeight = 180;
constexpr int kAxis = 24;  // room under the bars for the bins' labels

constexpr std::string_view kClassStyle = R"CSS(
table.class td, table.class th { text-align: left; vertical-align: top; padding: 4px 8px; }
table.class td.number { text-align: right; white-space: nowrap; }
.hist rect.bar { fill: #5b8def; }
.hist line.mean { stroke: #c0392b; stroke-width: 2; }
.hist line.median { stroke: #27ae60; stroke-width: 2; stroke-dasharray: 6 3; }
.hist text { font: 11px sans-serif; fill: #333; }
.legend .mean { color: #c0392b; } .legend .median { color: #27ae60; }
ol.reteach li { margin-bottom: 6px; }
)CSS";

// A relative link to a student's report: every byte outside the URL's unreserved set and "/" is
// percent-encoded, so a name with "#", "?" or spaces still opens its own report.
std::string href(const std::string& path) {
  std::string out;
  for (unsigned char ch : path) {
    const bool plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                       (ch >= '0' && ch <= '9') || ch == '-' || ch == '.' || ch == '_' ||
                       ch == '~' || ch == '/';
    out += plain ? std::string(1, static_cast<char>(ch)) : fmt::format("%{:02X}", ch);
  }
  return out;
}

std::string students_text(std::size_t count) {
  return std::to_string(count) + (count == 1 ? " student" : " students");
}

std::string number_text(const json& value) { return score_text(value.get<double>()); }

std::string percent(const json& share) {
  return fmt::format("{}%", score_text(share.get<double>() * 100));
}

std::string linked_name(const std::string& name, const std::string& report) {
  if (report.empty()) return html_escape(name);
  return "<a href=\"" + html_escape(href(report)) + "\">" + html_escape(name) + "</a>";
}

std::string histogram(const json& scores, double max_score) {
  const json& bins = scores["histogram"];
  std::size_t tallest = 1;
  for (const json& bin : bins) tallest = std::max(tallest, bin["students"].get<std::size_t>());
  const double bar_width = double(kChartWidth) / double(bins.size());
  std::string out = fmt::format(
      "<svg class=\"hist\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" "
      "aria-label=\"score distribution\">",
      kChartWidth, kChartHeight + kAxis);
  for (std::size_t i = 0; i < bins.size(); ++i) {
    const std::size_t count = bins[i]["students"].get<std::size_t>();
    const double height = double(kChartHeight - 14) * double(count) / double(tallest);
    const double x = bar_width * double(i);
    out += fmt::format(
        "<rect class=\"bar\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\">"
        "<title>{}\xE2\x80\x93{}: {}</title></rect>",
        x + 1, double(kChartHeight) - height, bar_width - 2, height,
        number_text(bins[i]["from"]), number_text(bins[i]["to"]), students_text(count));
    if (count > 0) {
      out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>",
                         x + bar_width / 2, double(kChartHeight) - height - 3, count);
    }
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                       x + bar_width / 2, kChartHeight + 16, number_text(bins[i]["from"]));
  }
  for (const char* line : {"mean", "median"}) {
    const double value = scores[line].get<double>();
    const double x = max_score > 0 ? double(kChartWidth) * value / max_score : 0;
    out += fmt::format(
        "<line class=\"{0}\" x1=\"{1:.1f}\" y1=\"0\" x2=\"{1:.1f}\" y2=\"{2}\">"
        "<title>{0} {3}</title></line>",
        line, std::clamp(x, 1.0, double(kChartWidth) - 1), kChartHeight, score_text(value));
  }
  return out + "</svg>";
}

std::string overview(const json& summary) {
  const json& scores = summary["scores"];
  const double max_score = summary["max_score"].get<double>();
  std::string out = "<section class=\"card\"><h1>" +
                    html_escape(summary["assignment"].get<std::string>()) + "</h1>";
  out += fmt::format("<p class=\"muted\">{}, {} graded; out of {} points</p>",
                     students_text(summary["students"].get<std::size_t>()),
                     summary["graded"].get<std::size_t>(), score_text(max_score));
  if (summary["students"].get<std::size_t>() == 0) return out + "</section>";
  out += "<h2>Scores</h2>" + histogram(scores, max_score);
  // The legend names exactly the two lines the chart draws.
  out += "<p class=\"legend\"><span class=\"mean\">\xE2\x94\x81 mean " +
         number_text(scores["mean"]) + "</span> &nbsp; <span class=\"median\">\xE2\x94\x85 median " +
         number_text(scores["median"]) + "</span> &nbsp; <span class=\"muted\">lowest " +
         number_text(scores["min"]) + ", highest " + number_text(scores["max"]) + "</span></p>";
  return out + "</section>";
}

std::string reteach(const json& summary) {
  std::string out = "<section class=\"card\"><h2>What to re-teach</h2>";
  if (summary["reteach"].empty()) {
    return out + "<p>No mistake the grader names is shared by the graded students.</p></section>";
  }
  out += "<ol class=\"reteach\">";
  for (const json& line : summary["reteach"]) {
    out += "<li><strong>" + html_escape(line["task"].get<std::string>()) + "</strong>, " +
           fmt::format("{} ({}): ", students_text(line["students"].get<std::size_t>()),
                       percent(line["share"])) +
           html_escape(line["sentence"].get<std::string>()) + " <code>" +
           html_escape(line["code"].get<std::string>()) + "</code></li>";
  }
  return out + "</ol></section>";
}

// What a failed check's key means, as an instructor reads it in "Check failed most".
std::string check_phrase(const std::string& key) {
  if (key == "path") return "the path";
  if (key == "cost") return "the path's cost";
  if (key == "count") return "the returned count";
  if (key == "order") return "the expansion order";
  if (key == "admissible") return "admissible (never more than the true distance)";
  if (key == "consistent") return "consistent (h drops by at most a move's cost)";
  if (key == "goal_zero") return "h(goal) = 0";
  if (key == "deterministic") return "the same value for the same board";
  if (key == "answer") return "the answer";
  if (key == "informedness") return "an informedness threshold";
  return key;
}

std::string linked_names(const json& item) {
  std::string links;
  for (std::size_t i = 0; i < item["examples"].size(); ++i) {
    if (!links.empty()) links += ", ";
    links += linked_name(item["examples"][i].get<std::string>(),
                         item["reports"][i].get<std::string>());
  }
  return links;
}

// "count, order (7 students each)": every check tied for most, or an em dash when none failed.
std::string most_failed_text(const json& test) {
  const json& most = test["most_failed_checks"];
  if (most.empty()) return "\xE2\x80\x94";
  std::string names;
  for (const json& key : most) {
    if (!names.empty()) names += most.size() > 1 && &key == &most.back() ? " and " : ", ";
    names += html_escape(check_phrase(key.get<std::string>()));
  }
  const std::size_t count = test["failed_checks"][most[0].get<std::string>()].get<std::size_t>();
  return names + " (" + students_text(count) + (most.size() > 1 ? " each)" : ")");
}

// "Verified repairs: 7 of the 12 students who failed a test of this task; the edits that mended
// them: relational-operator (4 students), offset-dropped (2 students)." Nothing when no student
// failed, or for a class.json written before repairs.
std::string repairs_paragraph(const json& task) {
  if (!task.contains("repairs")) return "";
  const json& repairs = task["repairs"];
  const std::size_t failing = repairs["failing_students"].get<std::size_t>();
  if (failing == 0) return "";
  std::string out = fmt::format(
      "<p class=\"repairs\">Verified repairs (the smallest edit of the student's own script that "
      "passes every test of this task): {} of the {} who failed a test of it",
      repairs["repaired_students"].get<std::size_t>(), students_text(failing));
  std::string kinds;
  for (const json& kind : repairs["kinds"]) {
    kinds += (kinds.empty() ? "" : ", ") + std::string("<code>") +
             html_escape(kind["kind"].get<std::string>()) + "</code> (" +
             students_text(kind["students"].get<std::size_t>()) + ")";
  }
  if (!kinds.empty()) out += "; the edits that mended them: " + kinds;
  return out + ".</p>";
}

std::string task_section(const json& task, std::size_t graded) {
  std::string out = "<section class=\"card\"><h2>Task " +
                    html_escape(task["name"].get<std::string>()) + "</h2>";
  const json& undiagnosed = task["undiagnosed"];
  const std::size_t unnamed = undiagnosed["students"].get<std::size_t>();
  if (task["misconceptions"].empty() && unnamed == 0) {
    out += "<p>No graded student failed a test of this task.</p>";
  } else {
    out += fmt::format("<h3>Mistakes, by how many of the {} graded students make them</h3>",
                       graded);
    out += "<table class=\"class\"><tr><th>Mistake</th><th>Students</th><th>Reports</th></tr>";
    for (const json& item : task["misconceptions"]) {
      out += "<tr><td><code>" + html_escape(item["code"].get<std::string>()) + "</code><br>" +
             html_escape(item["sentence"].get<std::string>()) + "</td><td class=\"number\">" +
             fmt::format("{} ({})", item["students"].get<std::size_t>(), percent(item["share"])) +
             "</td><td>" + linked_names(item) + "</td></tr>";
    }
    // Everyone who failed is counted: those the grader named no mistake for, in a row of their
    // own (their reports say what their runs show).
    if (unnamed > 0) {
      out += "<tr><td><em>undiagnosed</em><br>failed a test of this task, no mistake named "
             "(read their reports)</td><td class=\"number\">" +
             fmt::format("{} ({})", unnamed, percent(undiagnosed["share"])) + "</td><td>" +
             linked_names(undiagnosed) + "</td></tr>";
    }
    out += "</table>";
  }
  out += repairs_paragraph(task);
  out += "<h3>Tests</h3><table class=\"class\"><tr><th>Test</th><th>Passed</th>"
         "<th>Check failed most</th></tr>";
  for (const json& test : task["tests"]) {
    out += "<tr><td>" + html_escape(test["name"].get<std::string>()) +
           "</td><td class=\"number\">" +
           fmt::format("{} of {} ({})", test["passed"].get<std::size_t>(),
                       test["students"].get<std::size_t>(), percent(test["pass_rate"])) +
           "</td><td>" + most_failed_text(test) + "</td></tr>";
  }
  return out + "</table></section>";
}

std::string cause_text(const std::string& cause) {
  if (cause == class_causes::kNoSubmission) return "submitted nothing (named by the roster)";
  if (cause == class_causes::kNoScript) return "no gradable script in their submission";
  if (cause == class_causes::kDidNotLoad) return "the script did not load";
  if (cause == class_causes::kStoppedByTime) return "stopped by the time limit";
  if (cause == class_causes::kInternalError) return "tilegrade failed (a bug: please report it)";
  return "no test gave a result (a function missing, or an error in every test)";
}

std::string ungradable(const json& summary) {
  if (summary["ungradable"].empty()) return "";
  std::string out = "<section class=\"card\"><h2>Students who could not be graded</h2>"
                    "<table class=\"class\"><tr><th>Why</th><th>Students</th></tr>";
  for (const json& group : summary["ungradable"]) {
    std::string names;
    for (std::size_t i = 0; i < group["students"].size(); ++i) {
      if (!names.empty()) names += ", ";
      names += linked_name(group["students"][i].get<std::string>(),
                           group["reports"][i].get<std::string>());
    }
    out += "<tr><td>" + html_escape(cause_text(group["cause"].get<std::string>())) +
           fmt::format(" ({})", group["students"].size()) + "</td><td>" + names + "</td></tr>";
  }
  return out + "</table></section>";
}

// The attempts section (class_attempts.h): per misconception, who had it and who fixed it.
std::string attempts(const json& summary) {
  std::string out = "<section class=\"card\"><h2>Attempts</h2>";
  out += fmt::format("<p>{} students with dated attempts, {} attempts in all.</p>",
                     summary["students"].get<std::size_t>(),
                     summary["attempts"].get<std::size_t>());
  if (summary["misconceptions"].empty()) return out + "</section>";
  out += "<table class=\"class\"><tr><th>Task</th><th>Mistake</th><th>Had it</th>"
         "<th>Fixed it</th><th>Median attempts to fix</th></tr>";
  for (const json& row : summary["misconceptions"]) {
    const json& median = row["median_attempts_to_fix"];
    out += "<tr><td>" + html_escape(row["task"].get<std::string>()) + "</td><td>" +
           html_escape(row["code"].get<std::string>()) + "</td><td class=\"number\">" +
           std::to_string(row["had"].get<std::size_t>()) + "</td><td class=\"number\">" +
           std::to_string(row["fixed"].get<std::size_t>()) + "</td><td class=\"number\">" +
           (median.is_null() ? std::string("&ndash;") : number_text(median)) + "</td></tr>";
  }
  return out + "</table></section>";
}

// The similarity section (class_similarity.h): each group's students and what they share.
std::string similarity(const json& summary) {
  std::string out = "<section class=\"card\"><h2>Similar behaviour</h2>";
  out += "<p>" + html_escape(summary["note"].get<std::string>()) + "</p>";
  const json& groups = summary["groups"];
  if (groups.empty()) return out + "<p>No group of students shares rare behaviour.</p></section>";
  out += "<table class=\"class\"><tr><th>Students</th><th>What they share</th></tr>";
  for (const json& group : groups) {
    std::string names;
    for (std::size_t i = 0; i < group["students"].size(); ++i) {
      names += (i == 0 ? "" : ", ") + linked_name(group["students"][i].get<std::string>(),
                                                  group["reports"][i].get<std::string>());
    }
    std::string shared;
    // Each item says who shares it: the group's students, all of them, every one with each other.
    for (const json& item : group["evidence"]) {
      std::string who;
      for (std::size_t i = 0; i < item["students"].size(); ++i) {
        who += (i == 0 ? "" : i + 1 == item["students"].size() ? " and " : ", ") +
               html_escape(item["students"][i].get<std::string>());
      }
      shared += "<li>" + who + ": " + html_escape(item["sentence"].get<std::string>()) + "</li>";
    }
    out += "<tr><td>" + names + "</td><td><ul>" + shared + "</ul></td></tr>";
  }
  return out + "</table></section>";
}

}  // namespace

std::string class_report_html(const json& summary) {
  const std::string title = summary["assignment"].get<std::string>() + " \xE2\x80\x94 class";
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
         "style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; "
         "script-src 'none'\">";
  out += "<title>" + html_escape(title) + "</title><style>" + std::string(html_assets::kStyle) +
         std::string(kClassStyle) + "</style></head>\n<body><main>";
  out += overview(summary) + "\n" + reteach(summary) + "\n";
  const std::size_t graded = summary["graded"].get<std::size_t>();
  for (const json& task : summary["tasks"]) out += task_section(task, graded) + "\n";
  out += ungradable(summary);
  if (summary.contains("attempts")) out += "\n" + attempts(summary["attempts"]);
  if (summary.contains("similarity")) out += "\n" + similarity(summary["similarity"]);
  if (summary.contains("regrade")) out += "\n" + regrade_section_html(summary["regrade"]);
  out += "</main></body></html>\n";
  return out;
}

}  // namespace tile
