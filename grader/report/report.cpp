#include "grader/report/report.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "grader/report/diagnosis_only.h"
#include "grader/report/report_classroom.h"
#include "grader/report/report_html.h"
#include "grader/report/report_not_checked.h"
#include "grader/report/repair_text.h"
#include "grader/report/report_prairielearn.h"
#include "grader/spec/diagnosis_proofs.h"
#include "grader/spec/text.h"

namespace tile {

using nlohmann::json;

double GradeReport::score() const {
  double total = 0;
  for (const TestResult& test : tests) total += test.score;
  return total;
}

double GradeReport::max_score() const {
  double total = 0;
  for (const TestResult& test : tests) total += test.max_score;
  return total;
}

bool GradeReport::all_passed() const {
  for (const TestResult& test : tests) {
    if (!test.passed) return false;
  }
  return true;
}

std::vector<std::string> TestResult::failed_checks() const {
  std::vector<std::string> keys;
  for (const CheckLine& check : checks) {
    if (!check.passed && !check.key.empty()) keys.push_back(check.key);
  }
  // Informedness has thresholds, not check lines: one it missed is its failed check.
  if (std::any_of(figures.thresholds.begin(), figures.thresholds.end(),
                  [](const auto& threshold) { return !threshold.met; })) {
    keys.push_back("informedness");
  }
  return keys;
}

std::string test_output_text(const TestResult& test, bool with_diagnosis_paragraph) {
  std::string out = test.header;
  for (const CheckLine& check : test.checks) {
    out += std::string(check.passed ? "  ok    " : "  FAIL  ") + check.name + "\n";
  }
  // Two checks can fail for one reason ("Your path costs 60" fails the optimal path and the
  // cost): a student reads it once.
  std::vector<const std::string*> said;
  for (const CheckLine& check : test.checks) {
    const bool repeated = std::any_of(said.begin(), said.end(), [&](const std::string* other) {
      return *other == check.detail;
    });
    if (check.detail.empty() || repeated) continue;
    said.push_back(&check.detail);
    out += "\n" + check.detail + "\n";
  }
  for (const std::string& note : test.notes) out += note;
  if (!test.diagnosis.evidence.empty()) out += "\n" + test.diagnosis.evidence + "\n";
  if (test.diagnosis.step) {
    out += "\n" + step_evidence_text(*test.diagnosis.step, with_diagnosis_paragraph);
  }
  if (with_diagnosis_paragraph && !test.diagnosis.sentence.empty()) {
    out += diagnosis_paragraph(test.diagnosis.code, test.diagnosis.sentence);
  }
  if (const std::string returned = returned_path_sentence(test.diagnosis);
      with_diagnosis_paragraph && !returned.empty()) {
    out += returned + "\n";
  }
  // A card that shows the diagnosis on its own shows the repair beside it too (report_html).
  if (with_diagnosis_paragraph) out += test.repair;
  return out;
}

std::string diagnosis_proof(const TestDiagnosis& diagnosis) {
  if (!diagnosis.proof.empty()) return diagnosis.proof;
  return std::string(proof_name(proof_of_code(diagnosis.code)));
}

std::string returned_path_sentence(const TestDiagnosis& diagnosis) {
  if (diagnosis.line == 0) return "";
  const DiagnosisCode* row = diagnosis_row_of(diagnosis.code);
  if (row == nullptr || row->family != DiagnosisFamily::Path) return "";
  return "The path named here is the one your search returned at line " +
         std::to_string(diagnosis.line) + " of your file.";
}

json test_result_to_json(const TestResult& test) {
  json diagnosis = {{"code", test.diagnosis.code},
                    {"sentence", test.diagnosis.sentence},
                    {"evidence", test.diagnosis.evidence}};
  if (test.diagnosis.step) diagnosis["step"] = step_evidence_to_json(*test.diagnosis.step);
  if (!test.diagnosis.heuristic_source.empty()) {
    diagnosis["heuristic_source"] = test.diagnosis.heuristic_source;
  }
  if (const std::string proof = diagnosis_proof(test.diagnosis); !proof.empty()) {
    diagnosis["proof"] = proof;
  }
  if (test.diagnosis.line > 0) diagnosis["line"] = test.diagnosis.line;
  json checks = json::array();
  for (const CheckLine& check : test.checks) {
    checks.push_back({{"key", check.key},
                      {"name", check.name},
                      {"passed", check.passed},
                      {"detail", check.detail}});
  }
  return {{"task", test.task},
          {"name", test.name},
          {"test", test.test},
          {"score", test.score},
          {"max_score", test.max_score},
          {"passed", test.passed},
          {"visibility", visibility_name(test.visibility)},
          {"header", test.header},
          {"checks", checks},
          {"notes", test.notes},
          {"diagnosis", diagnosis},
          {"out_of_time", test.out_of_time},
          {"repair", test.repair}};
}

std::optional<TestResult> test_result_from_json(const json& value) {
  try {
    TestResult test;
    test.task = value.at("task").get<std::string>();
    test.name = value.at("name").get<std::string>();
    // A result written before tests carried their own name: its whole name stands for it.
    test.test = value.contains("test") ? value.at("test").get<std::string>() : test.name;
    test.score = value.at("score").get<double>();
    test.max_score = value.at("max_score").get<double>();
    test.passed = value.at("passed").get<bool>();
    const std::string visibility = value.at("visibility").get<std::string>();
    bool known = false;
    for (Visibility v : {Visibility::Visible, Visibility::Hidden, Visibility::AfterDueDate,
                         Visibility::AfterPublished, Visibility::Diagnosis}) {
      if (visibility_name(v) == visibility) {
        test.visibility = v;
        known = true;
      }
    }
    if (!known) return std::nullopt;
    test.header = value.at("header").get<std::string>();
    for (const json& check : value.at("checks")) {
      test.checks.push_back({check.at("key").get<std::string>(), check.at("name").get<std::string>(),
                             check.at("passed").get<bool>(), check.at("detail").get<std::string>()});
    }
    test.notes = value.at("notes").get<std::vector<std::string>>();
    const json& diagnosis = value.at("diagnosis");
    test.diagnosis = {diagnosis.at("code").get<std::string>(),
                      diagnosis.at("sentence").get<std::string>(),
                      diagnosis.at("evidence").get<std::string>()};
    if (diagnosis.contains("step")) {
      test.diagnosis.step = step_evidence_from_json(diagnosis.at("step"));
      if (!test.diagnosis.step) return std::nullopt;
    }
    if (diagnosis.contains("heuristic_source")) {
      test.diagnosis.heuristic_source = diagnosis.at("heuristic_source").get<std::string>();
    }
    // Kept only where the judge's word differs from the code's own proof, as it was made.
    if (diagnosis.contains("proof")) {
      std::string proof = diagnosis.at("proof").get<std::string>();
      if (proof != proof_name(proof_of_code(test.diagnosis.code))) {
        test.diagnosis.proof = std::move(proof);
      }
    }
    if (diagnosis.contains("line")) test.diagnosis.line = diagnosis.at("line").get<std::uint32_t>();
    test.out_of_time = value.at("out_of_time").get<bool>();
    // A result written before repairs has none.
    if (value.contains("repair")) test.repair = value.at("repair").get<std::string>();
    return test;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

Result<ReportFormat> parse_report_format(std::string_view text) {
  if (text == "text") return ReportFormat::Text;
  if (text == "json") return ReportFormat::Json;
  if (text == "gradescope") return ReportFormat::Gradescope;
  if (text == "junit") return ReportFormat::Junit;
  if (text == "prairielearn") return ReportFormat::PrairieLearn;
  if (text == "html") return ReportFormat::Html;
  if (text == "classroom") return ReportFormat::Classroom;
  return Error{"unknown format '" + std::string(text) +
               "' (expected text, json, gradescope, junit, prairielearn, html or classroom)"};
}

namespace {

std::string indent(const std::string& text, const std::string& prefix) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end == std::string::npos ? end : end - start);
    out += (line.empty() ? "" : prefix + line) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

std::string format_text(const GradeReport& report) {
  std::string out = fmt::format("{} — {}\n", report.assignment, report.submission);
  if (!report.submission_notice.empty()) out += "\n" + report.submission_notice + "\n";
  if (!report.script_error.empty()) out += "\n" + report.script_error + "\n";
  for (const TestResult& test : report.tests) {
    out += fmt::format("\n[{}] {}  {}/{}\n", test.passed ? "PASS" : "FAIL", test.name,
                       score_text(test.score), score_text(test.max_score));
    out += indent(test_output_text(test), "    ");
    if (!test.passed && test.figures.step_through) {
      const std::string brief = step_through_brief(*test.figures.step_through);
      if (!brief.empty()) out += "\n" + indent(brief, "    ");
    }
  }
  out += fmt::format("\nScore: {}/{}\n", score_text(report.score()),
                     score_text(report.max_score()));
  if (report.not_checked.any()) out += not_checked_sentence(report) + "\n";
  // For a terminal: a script's message may hold escape sequences (ESC [2J clears the screen) or
  // bidi controls, shown here as \x1B and \u{202E} (visible_text), never sent raw.
  return visible_text(out);
}

// Any bytes as XML 1.0 character data or attribute text: visible_text first (no control
// character, no U+FFFE/U+FFFF, no invalid UTF-8: all forbidden in XML even as references), then
// markup. A newline in an attribute would be normalised to a space by a parser: &#10; keeps it.
std::string xml_escape(const std::string& text) {
  std::string out;
  for (char ch : visible_text(text)) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string format_junit(const GradeReport& report) {
  int failures = 0;
  for (const TestResult& test : report.tests) failures += test.passed ? 0 : 1;
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites tests=\"{}\" failures=\"{}\">\n", report.tests.size(), failures);
  out += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\">\n",
                     xml_escape(report.assignment), report.tests.size(), failures);
  if (!report.stamp.version.empty()) {  // the schema's place for them: first in the suite
    out += "    <properties>\n";
    const ReportStamp& stamp = report.stamp;
    for (const auto& [name, value] : {std::pair{"version", &stamp.version},
                                      std::pair{"assignment_digest", &stamp.assignment_digest},
                                      std::pair{"submission_digest", &stamp.submission_digest}}) {
      out += fmt::format("      <property name=\"tilegrade.{}\" value=\"{}\"/>\n", name,
                         xml_escape(*value));
    }
    out += "    </properties>\n";
  }
  for (const TestResult& test : report.tests) {
    out += fmt::format("    <testcase classname=\"{}\" name=\"{}\">\n", xml_escape(test.task),
                       xml_escape(test.name));
    if (!test.passed) {
      out += fmt::format("      <failure message=\"scored {} of {}\">{}</failure>\n",
                         score_text(test.score), score_text(test.max_score),
                         xml_escape(test_output_text(test)));
    } else {
      out += fmt::format("      <system-out>{}</system-out>\n",
                         xml_escape(test_output_text(test)));
    }
    out += "    </testcase>\n";
  }
  // The suite's own output (after its test cases, where the JUnit schema puts it).
  if (!report.submission_notice.empty()) {
    out += "    <system-out>" + xml_escape(report.submission_notice) + "</system-out>\n";
  }
  if (!report.script_error.empty()) {
    out += "    <system-err>" + xml_escape(report.script_error) + "</system-err>\n";
  }
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

// Gradescope shows the top-level output to students at once, but each test only when its
// visibility allows: the total there covers the visible tests, or it would leak the others' score.
std::string gradescope_summary(const GradeReport& report) {
  double score = 0;
  double max_score = 0;
  int later = 0;
  int never = 0;
  for (const TestResult& test : report.tests) {
    if (shown_at_once(test.visibility)) {
      score += test.score;
      max_score += test.max_score;
    } else {
      ++(test.visibility == Visibility::Hidden ? never : later);
    }
  }
  const auto more = [](int count) {
    return fmt::format(" {} more {}", count, count == 1 ? "test is" : "tests are");
  };
  std::string out = fmt::format("{}: {}/{}", report.assignment, score_text(score),
                                score_text(max_score));
  if (later + never > 0) out += " on the tests shown now.";
  if (later > 0) out += more(later) + " graded and shown later.";
  if (never > 0) out += more(never) + " graded and not shown.";
  return out;
}

}  // namespace

std::string diagnosis_paragraph(std::string_view code, std::string_view explanation) {
  return fmt::format("\nDiagnosis ({}): {}\n", code, explanation);
}

// Scores are sums of fractions of points (10 over 3 tests sums to 9.999999999999998).
double rounded_score(double value) { return std::round(value * 1e6) / 1e6; }

std::string score_text(double value) {
  std::string text = fmt::format("{:.2f}", std::round(value * 100) / 100);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

json report_stamp_to_json(const ReportStamp& stamp) {
  return {{"version", stamp.version},
          {"assignment_digest", stamp.assignment_digest},
          {"submission_digest", stamp.submission_digest}};
}

std::optional<ReportStamp> report_stamp_from_json(const json& value) {
  if (!value.is_object()) return std::nullopt;
  ReportStamp stamp;
  for (auto [key, field] : {std::pair{"version", &stamp.version},
                            std::pair{"assignment_digest", &stamp.assignment_digest},
                            std::pair{"submission_digest", &stamp.submission_digest}}) {
    const auto found = value.find(key);
    if (found == value.end() || !found->is_string()) return std::nullopt;
    *field = found->get<std::string>();
  }
  return stamp;
}

void add_submission_notice(GradeReport& report, const std::string& paragraph) {
  if (paragraph.empty()) return;
  if (!report.submission_notice.empty()) report.submission_notice += "\n\n";
  report.submission_notice += paragraph;
}

json gradescope_json(const GradeReport& given) {
  const std::optional<GradeReport> views = with_diagnosis_only_views(given);
  const GradeReport& report = views ? *views : given;
  json out;
  out["score"] = rounded_score(report.score());
  out["max_score"] = rounded_score(report.max_score());
  out["execution_time"] = rounded_score(report.execution_time);
  std::string output = gradescope_summary(report);
  for (const std::string* said : {&report.submission_notice, &report.script_error}) {
    if (!said->empty()) output += "\n\n" + *said;
  }
  out["output"] = output;
  // Plain text everywhere, so boards keep their spacing: the top-level output would otherwise be
  // "simple_format" (HTML-like) and tests' outputs are "text" only by default. Fields and values
  // from Gradescope's autograder specification, "Output String Formatting"
  // (gradescope-autograders.readthedocs.io/en/latest/specs/). stdout is the instructors' log.
  out["output_format"] = "text";
  out["test_output_format"] = "text";
  out["test_name_format"] = "text";
  out["stdout_visibility"] = "hidden";
  add_not_checked(out, report);
  json tests = json::array();
  for (const TestResult& test : report.tests) {
    json entry;
    entry["name"] = test.name;
    entry["score"] = rounded_score(test.score);
    entry["max_score"] = rounded_score(test.max_score);
    entry["status"] = test.passed ? "passed" : "failed";
    entry["output"] = test_output_text(test) + step_through_note(test.figures.step_through);
    // Gradescope knows no "diagnosis": such a test is shown at once, as its view.
    entry["visibility"] =
        shown_at_once(test.visibility) ? "visible" : visibility_name(test.visibility);
    if (!test.diagnosis.code.empty()) entry["tags"] = json::array({test.diagnosis.code});
    // The same verdict as fields, for programs (Gradescope keeps a test's extra_data unshown).
    entry["extra_data"] = test_result_to_json(test);
    tests.push_back(entry);
  }
  out["tests"] = tests;
  // Gradescope stores the top-level extra_data and shows it to no one ("Optional extra data to be
  // stored", gradescope-autograders.readthedocs.io/en/latest/specs/): the stamp a regrade reads.
  if (!report.stamp.version.empty()) {
    out["extra_data"] = {{"tilegrade", report_stamp_to_json(report.stamp)}};
  }
  // Every repair with its change, whatever the student is shown: for the instructor and the
  // class report, in the part Gradescope shows to no one.
  if (!report.repairs.empty()) {
    json repairs = json::array();
    for (const TaskRepair& repair : report.repairs) repairs.push_back(repair_to_json(repair));
    out["extra_data"]["repairs"] = repairs;
  }
  return out;
}

std::string format_report(const GradeReport& given, ReportFormat format) {
  // Every format draws a diagnosis-only test's view (diagnosis_only.h), never the test itself.
  const std::optional<GradeReport> views = with_diagnosis_only_views(given);
  const GradeReport& report = views ? *views : given;
  switch (format) {
    case ReportFormat::Text: return format_text(report);
    case ReportFormat::Json:
    case ReportFormat::Gradescope:
      return gradescope_json(report).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
    case ReportFormat::Junit: return format_junit(report);
    case ReportFormat::PrairieLearn:
      return prairielearn_json(report).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
    case ReportFormat::Html: return format_html(report);
    case ReportFormat::Classroom:
      return classroom_json(report).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
  }
  return format_text(report);
}

}  // namespace tile
