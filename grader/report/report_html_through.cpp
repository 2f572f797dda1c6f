#include "grader/report/report_html_through.h"

#include <fmt/core.h>

#include "grader/report/report_html.h"

namespace tile {

namespace {

// JSON as the text of a hidden element: only what markup reads is escaped (its quotes stay as
// they are, half the size of an attribute's), and the script reads it back as textContent.
std::string embedded_json(const nlohmann::json& value) {
  const std::string dumped =
      value.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(dumped.size());
  for (const char ch : dumped) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string path_line(const StepThrough& through) {
  if (through.path_illegal_at) {
    return fmt::format("<p>Your path's move {} is not a legal move on the board it reaches "
                       "(the replay above stops there).</p>",
                       *through.path_illegal_at);
  }
  if (!through.path_leaves_at) return "";
  return "<p>Your path <code>" + html_escape(through.student_path.empty() ? "(empty)"
                                                                          : through.student_path) +
         "</code> leaves the reference's <code>" +
         html_escape(through.reference_path.empty() ? "(empty)" : through.reference_path) +
         "</code> at move " + std::to_string(*through.path_leaves_at) + ".</p>";
}

}  // namespace

std::string step_through_block(const TestResult& test, std::size_t index) {
  if (!test.figures.step_through || !test.figures.start) return "";
  const StepThrough& through = *test.figures.step_through;
  std::string out;
  if (!through.steps.empty()) {
    out += fmt::format(
        "<section class=\"through\" id=\"through-{}\" tabindex=\"0\" data-cols=\"{}\" "
        "aria-label=\"step through your run beside the reference: {}\">",
        index, test.figures.start->shape.cols, html_escape(test.name));
    out += "<h3>Step through your run beside the reference</h3>"
           "<p class=\"muted\">Keys, with this box selected: right arrow or n for the next step, "
           "left arrow or p for the previous one, d for the highlighted step, Home and End for "
           "the first and last steps shown.</p>";
    out += "<div class=\"controls\">"
           "<button type=\"button\" data-step-action=\"first\">first</button>"
           "<button type=\"button\" data-step-action=\"prev\">&#x25C0; previous</button>"
           "<button type=\"button\" data-step-action=\"focus\">the highlighted step</button>"
           "<button type=\"button\" data-step-action=\"next\">next &#x25B6;</button>"
           "<button type=\"button\" data-step-action=\"last\">last</button></div>";
    out += fmt::format("<p class=\"through-status\" aria-live=\"polite\">step {} (drawing the "
                       "steps needs scripts; the same facts are below as text)</p>",
                       through.focus);
    out += "<div class=\"through-sides\"><div class=\"side you\"></div>"
           "<div class=\"side ref\"></div></div>";
    if (!test.diagnosis.sentence.empty()) {
      out += "<p class=\"through-diagnosis\">" +
             html_escape(focus_note(through, test.diagnosis.sentence)) + "</p>";
    }
    out += "<details class=\"through-text\"><summary>the same steps as text</summary>"
           "<pre class=\"output\">" + html_escape(step_through_text(through)) + "</pre></details>";
    out += "<pre class=\"through-data\" hidden>" +
           embedded_json(step_through_to_json(through)) + "</pre></section>";
  }
  return out + path_line(through);
}

}  // namespace tile
