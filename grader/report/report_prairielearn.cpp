#include "grader/report/report_prairielearn.h"

#include <fmt/core.h>

#include "grader/spec/diagnosis_codes.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tile {

using nlohmann::json;

namespace {

// PrairieLearn refuses results.json files over 1 MB; outputs share a budget below that.
constexpr std::size_t kResultsBudget = 900'000;
constexpr std::size_t kOutputCap = 32'768;

// "Not gradable" is PrairieLearn's word for a submission that never ran (a syntax error): no
// points and no attempt used. Here: no test produced a result because the script did not load,
// or defines none of the functions, or could not start.
bool never_ran(const GradeReport& report) {
  if (!report.script_error.empty()) return true;  // even where informedness has a line
  if (report.tests.empty()) return false;
  return std::all_of(report.tests.begin(), report.tests.end(),
                     [](const TestResult& test) { return test.diagnosis.code == codes::kDidNotRun; });
}

std::string capped(const std::string& text, std::size_t limit) {
  if (text.size() <= limit) return text;
  std::size_t cut = limit;
  // Do not split a UTF-8 sequence: back up to the start of the character.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + fmt::format("\n... ({} more bytes not shown)\n", text.size() - cut);
}

std::string message_of(const TestResult& test) {
  std::string message = test.passed ? "passed" : "failed";
  if (!test.diagnosis.code.empty()) message += " (" + test.diagnosis.code + ")";
  return message;
}

// Why a submission that never ran did not: its load error, or each task's reason (the first
// visible test of a task that did not run says it; its other tests point back to that one). So a
// script missing three functions hears of all three, and never of a hidden test's board.
std::vector<std::string> reasons_not_run(const GradeReport& report) {
  const auto trimmed = [](std::string text) {
    text.erase(0, text.find_first_not_of('\n'));
    text.erase(text.find_last_not_of('\n') + 1);
    return text;
  };
  if (!report.script_error.empty()) return {trimmed(report.script_error)};
  std::vector<std::string> reasons;
  std::vector<std::string> tasks_said;
  for (const TestResult& test : report.tests) {
    if (test.visibility != Visibility::Visible || test.notes.empty()) continue;
    if (std::find(tasks_said.begin(), tasks_said.end(), test.task) != tasks_said.end()) continue;
    tasks_said.push_back(test.task);
    std::string reason;
    for (const std::string& note : test.notes) reason += trimmed(note) + "\n";
    reason = trimmed(reason);
    if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) {
      reasons.push_back(reason);
    }
  }
  if (reasons.empty()) reasons.push_back("Your script could not be run.");
  return reasons;
}

}  // namespace

json prairielearn_json(const GradeReport& report) {
  const double max_score = report.max_score();
  const double fraction = max_score > 0 ? report.score() / max_score
                                        : (report.all_passed() ? 1.0 : 0.0);
  const std::size_t output_limit =
      std::min(kOutputCap, kResultsBudget / std::max<std::size_t>(1, report.tests.size()));

  json out;
  out["gradable"] = !never_ran(report);
  out["score"] = rounded_score(std::clamp(fraction, 0.0, 1.0));
  out["message"] = fmt::format("{}: {}/{}", report.assignment, score_text(report.score()),
                               score_text(max_score));
  // A run of some tests only (--task, --test) says what it left out, as every format does.
  if (report.not_checked.any()) out["message"] = out["message"].get<std::string>() + "\n" +
                                                 not_checked_sentence(report);
  if (!report.submission_notice.empty()) {
    out["message"] = out["message"].get<std::string>() + "\n" + report.submission_notice;
  }
  if (never_ran(report)) {
    // PrairieLearn lists format_errors as lines of prose, so a reason of one line goes there and
    // a reason of several (a board, a traceback) goes whole, its lines kept, in `output`, with
    // one line in format_errors pointing to it: each said once.
    json lines = json::array();
    std::string whole;
    for (const std::string& reason : reasons_not_run(report)) {
      if (reason.find('\n') == std::string::npos) {
        lines.push_back(capped(reason, kOutputCap));  // a script's error() can be megabytes
      } else {
        whole += reason + "\n";
      }
    }
    if (!whole.empty()) {
      lines.push_back("Your script could not be run: why is shown below, line by line.");
      out["output"] = capped(whole, kOutputCap);
    }
    out["format_errors"] = lines;
  }
  json tests = json::array();
  for (const TestResult& test : report.tests) {
    const bool shown = shown_at_once(test.visibility);  // a diagnosis-only test: its view
    json entry;
    entry["name"] = test.name;
    entry["points"] = rounded_score(test.score);
    entry["max_points"] = rounded_score(test.max_score);
    entry["message"] = shown ? message_of(test) : "hidden test: " + message_of(test);
    entry["output"] = shown ? capped(test_output_text(test) +
                                         step_through_note(test.figures.step_through),
                                     output_limit)
                            : std::string("The details of hidden tests are not shown.");
    tests.push_back(entry);
  }
  out["tests"] = tests;
  return out;
}

}  // namespace tile
