#include "grader/report/report_html.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "grader/report/diagnosis_only.h"
#include "grader/report/report_html_assets.h"
#include "grader/report/report_html_through.h"
#include "grader/report/report_html_through_assets.h"
#include "grader/report/step_evidence.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

// One cell of a drawn board: kCell wide, kCellPitch apart. The script's STEP is kCellPitch.
constexpr int kCell = 40;
constexpr int kCellPitch = 42;

std::string tiles_text(const Board& board) {
  std::string out;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (cell > 0) out += ' ';
    out += std::to_string(board.at(cell));
  }
  return out;
}

std::string counted_points(double points) {
  return tile::score_text(points) + (tile::score_text(points) == "1" ? " point" : " points");
}

std::string score_out_of(double score, double max_score) {
  return tile::score_text(score) + " / " + tile::score_text(max_score);
}

// Where a cell of a drawn board starts, in the board's SVG coordinates.
std::string cell_offset(Shape shape, int cell) {
  return fmt::format("translate({} {})", (cell % shape.cols) * kCellPitch,
                     (cell / shape.cols) * kCellPitch);
}

std::string svg_open(Shape shape, const std::string& label) {
  const int width = shape.cols * kCellPitch + 2;
  const int height = shape.rows * kCellPitch + 2;
  return fmt::format(
      "<svg class=\"board\" width=\"{0}\" height=\"{1}\" viewBox=\"-1 -1 {0} {1}\" role=\"img\" "
      "aria-label=\"{2}\">",
      width, height, html_escape(label));
}

std::string tile_shape(int tile, const std::string& rect_class) {
  return fmt::format(
      "<rect class=\"{0}\" width=\"{1}\" height=\"{1}\" rx=\"5\"/>"
      "<text x=\"{2}\" y=\"{2}\">{3}</text>",
      rect_class, kCell, kCell / 2, tile);
}

// A static board; cells listed in marked are drawn as differing.
std::string board_svg(const Board& board, const std::string& label,
                      const std::vector<bool>& marked = {}) {
  std::string out = svg_open(board.shape, label + ": " + tiles_text(board));
  for (int cell = 0; cell < board.cells(); ++cell) {
    const bool mark = static_cast<std::size_t>(cell) < marked.size() &&
                      marked[static_cast<std::size_t>(cell)];
    out += "<g transform=\"" + cell_offset(board.shape, cell) + "\">";
    if (board.at(cell) == 0) {
      out += fmt::format("<rect class=\"blank{}\" width=\"{}\" height=\"{}\" rx=\"5\"/>",
                         mark ? " diff" : "", kCell, kCell);
    } else {
      out += tile_shape(board.at(cell), mark ? "face diff" : "face");
    }
    out += "</g>";
  }
  return out + "</svg>";
}

std::string figure(const std::string& svg, const std::string& caption) {
  return "<figure>" + svg + "<figcaption>" + html_escape(caption) + "</figcaption></figure>";
}

// A path over its start board (the student's, or an optimal one beside a counterexample): empty
// slots, and one group per tile that the script moves (the tile's number is its data-tile).
// Without the script, the start board stays drawn. `whose`: "your path"; `ends`: what the first
// and last buttons say (a card with two replays labels them apart, so no line reads twice).
struct ReplayEnds {
  std::string first = "start";
  std::string last = "end";
};
// A path may be as long as the search budget allows (a million moves): the replay plays its first
// kReplayMoves, from the one copy in data-path, and the page writes out its first kShownMoves,
// each saying how long the whole path is, so the page stays within its bound for any path.
constexpr std::size_t kReplayMoves = 10'000;
constexpr std::size_t kShownMoves = 2'000;

std::string replay_widget(const Board& start, const Board& goal, const std::string& whole_path,
                          const std::string& whose = "your path", const ReplayEnds& ends = {}) {
  const std::string path = whole_path.substr(0, kReplayMoves);
  const std::string cut =
      path.size() < whole_path.size()
          ? fmt::format(" (its first {} of {} moves)", path.size(), whole_path.size())
          : "";
  std::string out = fmt::format(
      "<div class=\"replay\" data-rows=\"{}\" data-cols=\"{}\" data-start=\"{}\" "
      "data-goal=\"{}\" data-path=\"{}\">",
      start.shape.rows, start.shape.cols, tiles_text(start), tiles_text(goal), html_escape(path));
  out += "<p class=\"caption\">replay of " + html_escape(whose) + html_escape(cut) + "</p>" +
         svg_open(start.shape, "replay of " + whose);
  for (int cell = 0; cell < start.cells(); ++cell) {
    out += fmt::format("<rect class=\"slot\" transform=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\"/>",
                       cell_offset(start.shape, cell), kCell, kCell);
  }
  for (int cell = 0; cell < start.cells(); ++cell) {
    if (start.at(cell) == 0) continue;
    out += fmt::format("<g class=\"tile\" data-tile=\"{}\" transform=\"{}\">", start.at(cell),
                       cell_offset(start.shape, cell)) +
           tile_shape(start.at(cell), "") + "</g>";
  }
  out += "</svg>";
  out += "<div class=\"controls\">"
         "<button type=\"button\" data-action=\"first\">" + html_escape(ends.first) +
         "</button>"
         "<button type=\"button\" data-action=\"prev\" title=\"one move back\">&#x25C0;</button>"
         "<button type=\"button\" data-action=\"play\">play</button>"
         "<button type=\"button\" data-action=\"next\" title=\"one move on\">&#x25B6;</button>"
         "<button type=\"button\" data-action=\"last\">" + html_escape(ends.last) +
         "</button></div>";
  out += fmt::format(
      "<input type=\"range\" min=\"0\" max=\"{}\" value=\"0\" aria-label=\"step\">"
      "<p class=\"replay-status\" aria-live=\"polite\">{}{} (the replay needs scripts "
      "enabled)</p>",
      path.size(), counted(path.size(), "move"), whose == "your path" ? "" : ", " + whose);
  out += "<p class=\"path\">" + html_escape(whose) + ": <code>" +
         html_escape(cut_moves(whole_path, kShownMoves)) + "</code></p>";
  return out + "</div>";
}

std::string divergence_block(const TestFigures& figures) {
  if (!figures.divergence_step) return "";
  const std::size_t step = *figures.divergence_step;
  const std::string agree = step == 1   ? ""
                           : step == 2 ? " (the first agrees)"
                                       : " (the first " + std::to_string(step - 1) + " agree)";
  std::string out = "<h3>First divergence: expansion " + std::to_string(step) + agree +
                    "</h3><div class=\"divergence\">";
  std::vector<bool> marked;
  if (figures.divergence_student && figures.divergence_reference &&
      figures.divergence_student->shape == figures.divergence_reference->shape) {
    for (int cell = 0; cell < figures.divergence_student->cells(); ++cell) {
      marked.push_back(figures.divergence_student->at(cell) !=
                       figures.divergence_reference->at(cell));
    }
  }
  out += figures.divergence_student
             ? figure(board_svg(*figures.divergence_student, "you expanded", marked),
                      "you expanded")
             : "<p>You stopped after " + counted(step - 1, "expansion") + ".</p>";
  out += figures.divergence_reference
             ? figure(board_svg(*figures.divergence_reference, "the reference expanded", marked),
                      "the reference expanded")
             : "<p>The reference stops after " + counted(step - 1, "expansion") +
                   ": your expansion " + std::to_string(step) + " is extra.</p>";
  return out + "</div>";
}

// A heuristic's counterexamples, drawn as the text report draws them: each board with its h.
std::string counterexamples_block(const TestFigures& figures) {
  std::string out;
  for (const TestFigures::Counterexample& example : figures.counterexamples) {
    out += "<h3>" + html_escape(example.title) + "</h3><div class=\"divergence\">";
    for (const auto& [board, caption] : example.boards) {
      out += figure(board_svg(board, caption), caption);
    }
    // An overestimate's optimal path, replayed from its board: the moves the true distance counts.
    if (!example.path.empty() && !example.boards.empty() && figures.goal &&
        figures.goal->shape == example.boards.front().first.shape) {
      out += replay_widget(example.boards.front().first, *figures.goal, example.path,
                           "an optimal path to the goal", {.first = "this board", .last = "goal"});
    }
    out += "</div>";
  }
  return out;
}

// A heuristic's informedness: its total count as a bar on a linear scale, each threshold a line
// at its count with its points, so a student sees how far the total is from the next threshold.
std::string informedness_chart(const TestFigures& figures) {
  if (figures.thresholds.empty()) return "";
  constexpr int kLeft = 10;
  constexpr int kWidth = 600;
  double largest = static_cast<double>(figures.informedness_total.value_or(0));
  for (const TestFigures::Threshold& threshold : figures.thresholds) {
    largest = std::max(largest, static_cast<double>(threshold.at_most));
  }
  const double scale = kWidth / std::max(1.0, largest * 1.1);
  const int height = 46 + 18 * static_cast<int>(figures.thresholds.size());
  std::string out = fmt::format(
      "<h3>Informedness: your total against the thresholds</h3><svg class=\"chart\" "
      "width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" aria-label=\"total "
      "{2} against the thresholds\">",
      kLeft + kWidth + 170, height, html_escape(figures.count_name));
  if (figures.informedness_total) {
    const double end = static_cast<double>(*figures.informedness_total) * scale;
    out += fmt::format("<rect class=\"you\" x=\"{}\" y=\"8\" width=\"{:.1f}\" height=\"14\"/>"
                       "<text x=\"{:.1f}\" y=\"19\">your total: {}</text>",
                       kLeft, std::max(1.0, end), kLeft + end + 4, *figures.informedness_total);
  } else {
    out += fmt::format("<text x=\"{}\" y=\"19\">no total: a search did not finish</text>", kLeft);
  }
  int y = 44;
  for (const TestFigures::Threshold& threshold : figures.thresholds) {
    const double x = kLeft + static_cast<double>(threshold.at_most) * scale;
    // The label reads away from the line, toward the side with room.
    const bool left_half = x < kLeft + kWidth / 2.0;
    out += fmt::format(
        "<line class=\"{0}\" x1=\"{1:.1f}\" x2=\"{1:.1f}\" y1=\"4\" y2=\"{2}\"/>"
        "<text x=\"{3:.1f}\" y=\"{2}\" text-anchor=\"{4}\">at most {5}: {6} ({7})</text>",
        threshold.met ? "met" : "unmet", x, y, left_half ? x + 4 : x - 4,
        left_half ? "start" : "end", threshold.at_most, counted_points(threshold.points),
        threshold.met ? "met" : "not met");
    y += 18;
  }
  return out + "</svg>";
}

// The mistake named in words a student can act on, with its code for reference; the text below
// is written without its paragraph (test_output_text), so that it is read once.
std::string diagnosis_block(const TestResult& test) {
  if (test.diagnosis.code.empty()) return "";
  std::string out = "<p class=\"diagnosis\">diagnosis <code>" +
                    html_escape(test.diagnosis.code) + "</code>";
  if (!test.diagnosis.sentence.empty()) out += ": " + html_escape(test.diagnosis.sentence);
  // Where in the student's file the call it is about was made: beside the sentence, since the
  // evidence below is folded away.
  if (test.diagnosis.step) {
    const std::string line = step_call_sentence(*test.diagnosis.step);
    if (!line.empty()) out += " <span class=\"call-line\">" + html_escape(line) + "</span>";
  }
  if (const std::string returned = returned_path_sentence(test.diagnosis); !returned.empty()) {
    out += " <span class=\"call-line\">" + html_escape(returned) + "</span>";
  }
  return out + "</p>";
}

// Where to look, when a verified repair was found (repair_text.h): the sentence, then the line as
// the student wrote it, numbered as in their file, and with "edit" the line as it becomes.
std::string repair_block(const TestResult& test, const GradeReport& report) {
  if (test.repair.empty()) return "";
  const auto repair = std::find_if(report.repairs.begin(), report.repairs.end(),
                                   [&](const TaskRepair& r) { return r.task == test.task; });
  std::string sentence = test.repair;
  while (!sentence.empty() && (sentence.front() == '\n' || sentence.back() == '\n')) {
    sentence.erase(sentence.front() == '\n' ? 0 : sentence.size() - 1, 1);
  }
  std::string out = "<div class=\"repair\"><p>" + html_escape(sentence) + "</p>";
  if (repair != report.repairs.end()) {
    out += "<pre class=\"repair-lines\">";
    for (const RepairChange& change : repair->changes) {
      out += fmt::format("<span class=\"line-number\">{:>4}</span> {}\n", change.line,
                         html_escape(change.line_before));
      if (report.repair_shown == RepairShown::Edit) {
        out += "<span class=\"line-number\">   \xE2\x86\x92</span> <ins>" +
               html_escape(change.line_after) + "</ins>\n";
      }
    }
    out += "</pre>";
  }
  return out + "</div>";
}

std::string test_section(const TestResult& test, std::size_t index, const GradeReport& report) {
  const std::string verdict = test.passed ? "pass" : "fail";
  std::string out = fmt::format(
      "<section class=\"card test {0}\" id=\"test-{1}\"><header><span class=\"verdict {0}\">{2}"
      "</span><h2>{3}</h2><span class=\"points\">{4}</span></header>",
      verdict, index, test.passed ? "PASS" : "FAIL", html_escape(test.name),
      score_out_of(test.score, test.max_score));
  out += "<p class=\"muted\">visibility: " + html_escape(visibility_name(test.visibility)) +
         "</p>" + diagnosis_block(test) + repair_block(test, report);
  const TestFigures& figures = test.figures;
  if (figures.start) {
    out += "<div class=\"figures\">" + figure(board_svg(*figures.start, "start"), "start");
    if (figures.goal) out += figure(board_svg(*figures.goal, "goal"), "goal");
    if (!figures.path.empty() && figures.goal && figures.goal->shape == figures.start->shape) {
      out += replay_widget(*figures.start, *figures.goal, figures.path);
    }
    out += "</div>";
  }
  out += divergence_block(figures) + step_through_block(test, index) +
         counterexamples_block(figures) + informedness_chart(figures);
  out += std::string("<details") + (test.passed ? "" : " open") +
         "><summary>checks and explanation</summary><pre class=\"output\">" +
         html_escape(test_output_text(test, false)) + "</pre></details>";
  return out + "</section>";
}

struct ChartBar {
  std::string kind;  // css class: you, ref, base
  std::string label;
  double value;
};

// Each test's count next to the reference's and the baseline's, on one log scale (counts of one
// assignment span orders of magnitude: BFS 10, DFS 400).
std::string counts_chart(const GradeReport& report) {
  std::vector<std::pair<const TestResult*, std::vector<ChartBar>>> rows;
  double largest = 1;
  for (const TestResult& test : report.tests) {
    const TestFigures& f = test.figures;
    std::vector<ChartBar> bars;
    if (f.student_count) {
      const bool off = f.reference_count &&
                       *f.student_count != static_cast<std::int64_t>(*f.reference_count);
      bars.push_back({off ? "you off" : "you", "you",
                      static_cast<double>(std::max<std::int64_t>(0, *f.student_count))});
    }
    if (f.reference_count) {
      bars.push_back({"ref", "reference", static_cast<double>(*f.reference_count)});
    }
    if (f.baseline_count) {
      bars.push_back({"base", f.baseline_name.empty() ? "baseline" : f.baseline_name,
                      static_cast<double>(*f.baseline_count)});
    }
    if (bars.empty()) continue;
    for (const ChartBar& bar : bars) largest = std::max(largest, bar.value);
    rows.emplace_back(&test, std::move(bars));
  }
  if (rows.empty()) return "";

  constexpr int kLabelWidth = 250;
  constexpr int kPlotWidth = 560;
  constexpr int kBar = 12;
  constexpr int kTop = 30;
  const double top_tick = std::pow(10.0, std::ceil(std::log10(largest)));
  const auto x_of = [&](double value) {
    return kLabelWidth + kPlotWidth * std::log10(1 + value) / std::log10(1 + top_tick);
  };
  int height = kTop;
  for (const auto& row : rows) height += static_cast<int>(row.second.size()) * (kBar + 2) + 12;
  const int width = kLabelWidth + kPlotWidth + 80;

  std::string out = fmt::format(
      "<svg class=\"chart\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" role=\"img\" "
      "aria-label=\"counts per test\">",
      width, height + 24);
  // Legend: the kinds of bar the chart shows.
  int legend_x = kLabelWidth;
  for (const auto& legend : {std::pair{"you", "you"}, std::pair{"you off", "you (differs)"},
                              std::pair{"ref", "reference"}, std::pair{"base", "baseline"}}) {
    // Named copies, not structured bindings: the web build's clang 14 cannot capture those.
    const std::string_view kind = legend.first;
    const char* const text = legend.second;
    const bool shown = std::any_of(rows.begin(), rows.end(), [&](const auto& row) {
      return std::any_of(row.second.begin(), row.second.end(),
                         [&](const ChartBar& bar) { return bar.kind == kind; });
    });
    if (!shown) continue;
    out += fmt::format("<rect class=\"{}\" x=\"{}\" y=\"6\" width=\"12\" height=\"12\"/>"
                       "<text x=\"{}\" y=\"16\">{}</text>",
                       kind, legend_x, legend_x + 16, text);
    legend_x += 110;
  }
  for (double tick = 1; tick <= top_tick; tick *= 10) {
    const double x = x_of(tick);
    out += fmt::format("<line class=\"axis\" x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\"/>"
                       "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">{4:g}</text>",
                       x, kTop - 4, height, height + 16, tick);
  }
  int y = kTop;
  for (const auto& [test, bars] : rows) {
    std::string name = test->name;
    if (name.size() > 34) name = name.substr(0, 32) + "...";
    out += fmt::format("<text x=\"0\" y=\"{}\"><title>{}</title>{} ({})</text>", y + kBar,
                       html_escape(test->name), html_escape(name),
                       html_escape(test->figures.count_name));
    for (const ChartBar& bar : bars) {
      const double end = x_of(bar.value);
      out += fmt::format(
          "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\"><title>{}: {:g}"
          "</title></rect><text x=\"{:.1f}\" y=\"{}\">{:g}</text>",
          bar.kind, kLabelWidth, y, std::max(1.0, end - kLabelWidth), kBar,
          html_escape(bar.label), bar.value, end + 4, y + kBar - 1, bar.value);
      y += kBar + 2;
    }
    y += 12;
  }
  return out + "</svg>";
}

std::string summary_table(const GradeReport& report) {
  std::string out =
      "<table><thead><tr><th>test</th><th>result</th><th class=\"num\">points</th>"
      "<th>diagnosis</th></tr></thead><tbody>";
  for (std::size_t i = 0; i < report.tests.size(); ++i) {
    const TestResult& test = report.tests[i];
    out += fmt::format(
        "<tr><td><a href=\"#test-{}\">{}</a></td><td><span class=\"verdict {}\">{}</span></td>"
        "<td class=\"num\">{}</td><td><code>{}</code></td></tr>",
        i, html_escape(test.name), test.passed ? "pass" : "fail", test.passed ? "PASS" : "FAIL",
        score_out_of(test.score, test.max_score), html_escape(test.diagnosis.code));
  }
  return out + "</tbody></table>";
}

std::string score_bar(const GradeReport& report) {
  const double fraction =
      report.max_score() > 0 ? std::clamp(report.score() / report.max_score(), 0.0, 1.0) : 0.0;
  return fmt::format(
      "<svg width=\"100%\" height=\"10\" role=\"img\" aria-label=\"score bar\">"
      "<rect width=\"100%\" height=\"10\" rx=\"5\" fill=\"#e8eaed\"/>"
      "<rect width=\"{:.2f}%\" height=\"10\" rx=\"5\" fill=\"{}\"/></svg>",
      fraction * 100, report.all_passed() ? "#1f7a45" : "#2f62c9");
}

}  // namespace

std::string html_escape(std::string_view text) {
  // visible_text first: invalid UTF-8 becomes U+FFFD, and what would be invisible or reorder the
  // text around it (control characters, bidi overrides and isolates) is shown as \xHH or \u{HHHH}.
  const std::string visible = visible_text(text);
  std::string out;
  out.reserve(visible.size());
  for (const char ch : visible) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string format_html(const GradeReport& given) {
  const std::optional<GradeReport> views = with_diagnosis_only_views(given);
  const GradeReport& report = views ? *views : given;
  const std::string title = report.assignment + " \xE2\x80\x94 " + report.submission;
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">";
  out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
         "style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; "
         "script-src '" + std::string(html_assets::kScriptHash) + "'\">";
  out += "<title>" + html_escape(title) + "</title><style>" + std::string(html_assets::kStyle) +
         std::string(html_assets::kThroughStyle) + "</style></head>\n<body><main>";
  out += "<section class=\"card\"><h1>" + html_escape(report.assignment) + "</h1>";
  out += "<p class=\"muted\">submission <code>" + html_escape(report.submission) + "</code></p>";
  out += "<p class=\"score\">" + score_out_of(report.score(), report.max_score()) + " points</p>" +
         score_bar(report);
  // A student's copy runs only some tests: the page says what it left out, as every report does.
  if (report.not_checked.any()) {
    out += "<p class=\"not-checked\">" + html_escape(not_checked_sentence(report)) + "</p>";
  }
  out += "</section>";
  if (!report.submission_notice.empty()) {
    out += "<section class=\"card notice\">";
    std::size_t start = 0;
    while (start < report.submission_notice.size()) {  // a paragraph a line
      const std::size_t end = report.submission_notice.find('\n', start);
      const std::string line = report.submission_notice.substr(start, end - start);
      if (!line.empty()) out += "<p>" + html_escape(line) + "</p>";
      if (end == std::string::npos) break;
      start = end + 1;
    }
    out += "</section>";
  }
  if (!report.script_error.empty()) {
    out += "<section class=\"card script-error\"><pre class=\"output\">" +
           html_escape(report.script_error) + "</pre></section>";
  }
  out += "<section class=\"card\"><h2>Tests</h2>" + summary_table(report) + "</section>";
  if (const std::string chart = counts_chart(report); !chart.empty()) {
    // The heading names the baseline only when the chart draws one.
    const bool baseline =
        std::any_of(report.tests.begin(), report.tests.end(),
                    [](const TestResult& test) { return test.figures.baseline_count.has_value(); });
    out += std::string("<section class=\"card\"><h2>Counts against the reference") +
           (baseline ? " and the baseline" : "") + "</h2>"
           "<p class=\"muted\">log scale; each test's count is the counter its task checks</p>" +
           chart + "</section>";
  }
  for (std::size_t i = 0; i < report.tests.size(); ++i) {
    out += test_section(report.tests[i], i, report) + "\n";
  }
  out += "</main><script>" + std::string(html_assets::kScript) +
         std::string(html_assets::kThroughScript) + "</script></body></html>\n";
  return out;
}

}  // namespace tile
