#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "grader/report/report_html.h"

using namespace tile;

namespace {

Board board_of(const char* tiles) { return parse_board({3, 3}, tiles).value(); }

// What a hostile script can put in a report: its error message becomes a test's output, and the
// file name of the submission is shown too.
const char* const kHostileOutput =
    "lua: </script><script>alert('pwned')</script> <img src=x onerror=alert(1)> "
    "<!-- \xff\xfe bad bytes \x01 control";

GradeReport html_sample() {
  GradeReport report;
  report.assignment = "Classic <b>8</b>-puzzle & co";
  report.submission = "x\"><script>alert(1)</script>.lua";

  TestResult passed;
  passed.task = "bfs";
  passed.name = "bfs: published-2";
  passed.score = 5;
  passed.max_score = 5;
  passed.passed = true;
  passed.header = "fine\n";
  passed.figures.start = board_of("1 2 5 3 4 0 6 7 8");
  passed.figures.goal = board_of("0 1 2 3 4 5 6 7 8");
  passed.figures.path = "ULL";
  passed.figures.count_name = "expanded";
  passed.figures.student_count = 10;
  passed.figures.reference_count = 10;
  report.tests.push_back(passed);

  TestResult failed;
  failed.task = "bfs";
  failed.name = "bfs: </script><img src=x onerror=alert(2)>";
  failed.score = 2.5;
  failed.max_score = 5;
  failed.header = kHostileOutput;
  failed.visibility = Visibility::AfterDueDate;
  failed.diagnosis.code = "<svg onload=alert(3)>";
  failed.figures.start = board_of("1 2 5 3 4 0 6 7 8");
  failed.figures.goal = board_of("0 1 2 3 4 5 6 7 8");
  failed.figures.path = "UL";
  failed.figures.count_name = "expanded";
  failed.figures.student_count = 5;
  failed.figures.reference_count = 10;
  failed.figures.baseline_count = 40;
  failed.figures.baseline_name = "misplaced";
  failed.figures.divergence_step = 3;
  failed.figures.divergence_student = board_of("1 2 5 3 0 4 6 7 8");
  failed.figures.divergence_reference = board_of("1 2 0 3 4 5 6 7 8");
  report.tests.push_back(failed);
  return report;
}

std::size_t occurrences(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

// Checks that every tag is one the renderer writes and that they nest properly; the contents of
// <style> and <script> are raw text. Returns the first problem, or "" when the page is well formed.
std::string tag_problem(const std::string& page) {
  static const std::set<std::string> known = {
      "html", "head", "meta", "title", "style", "body", "main", "section", "header", "h1", "h2",
      "h3", "p", "code", "table", "thead", "tbody", "tr", "th", "td", "a", "span", "div",
      "figure", "figcaption", "details", "summary", "pre", "button", "input", "svg", "g", "rect",
      "text", "line", "script"};
  static const std::set<std::string> void_elements = {"meta", "input"};
  std::vector<std::string> open;
  std::size_t at = page.find("<html");
  if (page.rfind("<!DOCTYPE html>", 0) != 0 || at == std::string::npos) return "no doctype";
  while ((at = page.find('<', at)) != std::string::npos) {
    const std::size_t end = page.find('>', at);
    if (end == std::string::npos) return "unterminated tag";
    std::string tag = page.substr(at + 1, end - at - 1);
    const bool closing = !tag.empty() && tag[0] == '/';
    const bool self_closing = !tag.empty() && tag.back() == '/';
    std::string name = tag.substr(closing ? 1 : 0);
    name = name.substr(0, name.find_first_of(" /"));
    if (!known.count(name)) return "unexpected tag <" + tag + ">";
    if (closing) {
      if (open.empty() || open.back() != name) return "misnested </" + name + ">";
      open.pop_back();
    } else if (!self_closing && !void_elements.count(name)) {
      open.push_back(name);
      if (name == "style" || name == "script") {
        const std::size_t close = page.find("</" + name + ">", end);
        if (close == std::string::npos) return "unclosed <" + name + ">";
        at = close;
        continue;
      }
    }
    at = end + 1;
  }
  return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

}  // namespace

TEST_CASE("html report is a well-formed page") {
  // The checker itself catches what it is for.
  CHECK(tag_problem("<!DOCTYPE html>\n<html><img src=x></html>") == "unexpected tag <img src=x>");
  CHECK(tag_problem("<!DOCTYPE html>\n<html><p><code></p></code></html>") == "misnested </p>");
  CHECK(tag_problem("<!DOCTYPE html>\n<html><script>if (a < b) x();</script></html>") == "");

  const std::string page = format_report(html_sample(), ReportFormat::Html);
  CHECK(tag_problem(page) == "");
  CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(page.find("<meta charset=\"utf-8\">") != std::string::npos);
  CHECK(page.size() >= 7);
  CHECK(page.substr(page.size() - 8) == "</html>\n");
}

TEST_CASE("html report is self-contained: nothing fetched, one pinned script") {
  const std::string page = format_html(html_sample());
  for (const char* remote : {"http:", "https:", "//cdn", "url(", "@import", "<link", "<img",
                             "<iframe", "<object", " src=\"", "src='"}) {
    CAPTURE(remote);
    CHECK(page.find(remote) == std::string::npos);
  }
  CHECK(occurrences(page, "<script") == 1);
  CHECK(occurrences(page, "</script>") == 1);
  CHECK(page.find("Content-Security-Policy") != std::string::npos);
  CHECK(page.find("default-src 'none'") != std::string::npos);
  CHECK(page.find("script-src 'sha256-") != std::string::npos);
  CHECK(page.find("unsafe-inline'; img-src") != std::string::npos);  // styles only
  CHECK(page.find("script-src 'unsafe-inline'") == std::string::npos);
}

TEST_CASE("html report draws boards, the replay, the divergence and the chart") {
  const std::string page = format_html(html_sample());
  // start, goal and replay for both tests, and the two boards of the divergence.
  CHECK(occurrences(page, "<svg class=\"board\"") == 8);
  CHECK(page.find("aria-label=\"start: 1 2 5 3 4 0 6 7 8\"") != std::string::npos);
  CHECK(page.find("aria-label=\"goal: 0 1 2 3 4 5 6 7 8\"") != std::string::npos);
  CHECK(page.find("data-start=\"1 2 5 3 4 0 6 7 8\" data-goal=\"0 1 2 3 4 5 6 7 8\" "
                  "data-path=\"ULL\"") != std::string::npos);
  CHECK(occurrences(page, "data-action=\"next\"") == 2);
  CHECK(occurrences(page, "type=\"range\"") == 2);
  CHECK(page.find("First divergence: expansion 3 (the first 2 agree)") != std::string::npos);
  // The cells where the two boards differ are marked: 0/4 at cells 2, 4 and 5 on each side (the
  // marked rects, not the step-through script's own class names).
  CHECK(occurrences(page, "diff\" width") == 6);
  CHECK(page.find("<svg class=\"chart\"") != std::string::npos);
  CHECK(page.find("<title>misplaced: 40</title>") != std::string::npos);
  CHECK(page.find("class=\"you off\"") != std::string::npos);  // 5 where the reference has 10
  CHECK(page.find("2.5 / 5") != std::string::npos);
  CHECK(page.find("7.5 / 10 points") != std::string::npos);
}

TEST_CASE("html report escapes hostile text from scripts and names") {
  const std::string page = format_html(html_sample());
  CHECK(page.find("alert('pwned')") == std::string::npos);
  CHECK(page.find("&lt;/script&gt;&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;") !=
        std::string::npos);
  CHECK(page.find("&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
  CHECK(page.find("bfs: &lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;") != std::string::npos);
  CHECK(page.find("&lt;svg onload=alert(3)&gt;") != std::string::npos);
  CHECK(page.find("x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.lua") != std::string::npos);
  CHECK(page.find("Classic &lt;b&gt;8&lt;/b&gt;-puzzle &amp; co") != std::string::npos);
  CHECK(page.find("&lt;!--") != std::string::npos);
  CHECK(page.find('\x01') == std::string::npos);
  CHECK(page.find('\xff') == std::string::npos);
}

TEST_CASE("html_escape repairs UTF-8 and keeps valid characters") {
  CHECK(html_escape("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;");
  CHECK(html_escape("line\n\ttab\x01\x1f") == "line\n\ttab\\x01\\x1F");
  CHECK(html_escape(std::string("nul\0cut", 7)) == "nul\\x00cut");
  CHECK(html_escape("caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\xa7\xa9") ==
        "caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\xa7\xa9");
  const std::string replacement = "\xef\xbf\xbd";
  CHECK(html_escape("\xff") == replacement);
  CHECK(html_escape("\xc3") == replacement);                         // truncated
  CHECK(html_escape("\xc0\x80") == replacement + replacement);       // overlong NUL
  CHECK(html_escape("\xed\xa0\x80") == replacement + replacement + replacement);  // surrogate
  CHECK(html_escape("\xf4\x90\x80\x80") == replacement + replacement + replacement + replacement);
  CHECK(html_escape("\xe2\x80<") == replacement + replacement + "&lt;");
}

TEST_CASE("html_escape shows what could spoof the text around it") {
  // A right-to-left override (U+202E) makes "exe.txt" read "txt.exe"; isolates (U+2066-9) and
  // embeddings do the same. They are drawn as their code points, like U+FFFE and U+FFFF.
  CHECK(html_escape("grade: \xe2\x80\xae" "A+\xe2\x80\xac") == "grade: \\u{202E}A+\\u{202C}");
  CHECK(html_escape("\xe2\x81\xa6" "x\xe2\x81\xa9 \xe2\x80\xad") == "\\u{2066}x\\u{2069} \\u{202D}");
  CHECK(html_escape("\xef\xbf\xbe\xef\xbf\xbf") == "\\u{FFFE}\\u{FFFF}");
  CHECK(html_escape("\xe2\x80\x94 em dash stays") == "\xe2\x80\x94 em dash stays");
}

TEST_CASE("html report of a test that never ran has no figures, and renders the same twice") {
  GradeReport report;
  report.assignment = "A";
  report.submission = "broken.lua";
  TestResult test;
  test.name = "submission";
  test.max_score = 10;
  test.header = "your script did not load: broken.lua:1: unexpected symbol\n";
  test.diagnosis.code = "did-not-run";
  report.tests.push_back(test);
  const std::string page = format_html(report);
  CHECK(tag_problem(page) == "");
  CHECK(page.find("<svg class=\"board\"") == std::string::npos);
  CHECK(page.find("<svg class=\"chart\"") == std::string::npos);
  CHECK(page.find("class=\"replay\"") == std::string::npos);
  CHECK(page.find("unexpected symbol") != std::string::npos);
  report.execution_time = 12;  // the only field that differs between reruns is not shown
  CHECK(format_html(report) == page);
}

TEST_CASE("html and prairielearn formats are parsed by name") {
  CHECK(parse_report_format("html").value() == ReportFormat::Html);
  CHECK(parse_report_format("prairielearn").value() == ReportFormat::PrairieLearn);
  const auto unknown = parse_report_format("pdf");
  REQUIRE_FALSE(unknown);
  CHECK(unknown.error().find("html or classroom") != std::string::npos);
}

TEST_CASE("html report draws a heuristic's counterexamples as boards") {
  GradeReport report;
  report.assignment = "H";
  report.submission = "h.lua";
  TestResult test;
  test.name = "3x3: one";
  test.max_score = 5;
  test.diagnosis.code = "inconsistent";
  test.header = "Your heuristic is not consistent: h drops from 7 to 4\n";
  test.figures.counterexamples.push_back(
      {"Your heuristic is not consistent", {{board_of("1 2 5 3 4 0 6 7 8"), "h = 7"},
                                            {board_of("1 2 0 3 4 5 6 7 8"), "h = 4"}}});
  test.figures.counterexamples.push_back(
      {"Your heuristic overestimates", {{board_of("1 2 5 3 4 0 6 7 8"), "h = 9, true distance 3"}}});
  report.tests.push_back(test);
  const std::string page = format_html(report);
  CHECK(tag_problem(page) == "");
  CHECK(occurrences(page, "<svg class=\"board\"") == 3);
  CHECK(page.find("<h3>Your heuristic is not consistent</h3>") != std::string::npos);
  CHECK(page.find("aria-label=\"h = 7: 1 2 5 3 4 0 6 7 8\"") != std::string::npos);
  CHECK(page.find("aria-label=\"h = 4: 1 2 0 3 4 5 6 7 8\"") != std::string::npos);
  CHECK(page.find("<figcaption>h = 9, true distance 3</figcaption>") != std::string::npos);
}

TEST_CASE("html card says the diagnosis sentence, once, beside its code") {
  GradeReport report;
  report.assignment = "A";
  report.submission = "s.lua";
  TestResult test;
  test.name = "bfs: one";
  test.max_score = 5;
  test.checks = {{"order", "expansion order", false, "Expansion 2 differs."}};
  test.diagnosis = {"ties-lifo", "Among equal priorities you take the newest node first (LIFO).",
                    ""};
  report.tests.push_back(test);
  // The text formats end with the paragraph; the card says it above and leaves it out below.
  CHECK(occurrences(test_output_text(test), "you take the newest node first") == 1);
  const std::string page = format_html(report);
  CHECK(tag_problem(page) == "");
  CHECK(page.find("<p class=\"diagnosis\">diagnosis <code>ties-lifo</code>: Among equal "
                  "priorities you take the newest node first (LIFO).</p>") != std::string::npos);
  CHECK(occurrences(page, "you take the newest node first") == 1);
  CHECK(occurrences(page, "Diagnosis (ties-lifo)") == 0);
  CHECK(page.find("FAIL  expansion order") != std::string::npos);
  CHECK(page.find("Expansion 2 differs.") != std::string::npos);

  // Text under the checks (a note) is shown whole, wherever the sentence would have stood.
  report.tests[0].notes.push_back("more\n");
  const std::string with_note = format_html(report);
  CHECK(occurrences(with_note, "you take the newest node first") == 1);
  CHECK(with_note.find("more") != std::string::npos);

  // Evidence stays in the card's text: it is what the diagnosis points to.
  report.tests[0].diagnosis.evidence = "At move 2 you move Up; the reference moves Right.";
  CHECK(format_html(report).find("At move 2 you move Up") != std::string::npos);
}

TEST_CASE("html card says the line of the call the diagnosis is about, beside its sentence") {
  GradeReport report;
  report.assignment = "A";
  report.submission = "s.lua";
  TestResult test;
  test.name = "bfs: one";
  test.max_score = 5;
  StepEvidence step;
  step.step = 3;
  step.call = "successors";
  step.line = 41;
  test.diagnosis = {"frontier-not-oldest-first", "At expansion 3 you expanded a newer board.", "",
                    step};
  report.tests.push_back(test);
  const std::string page = format_html(report);
  CHECK(tag_problem(page) == "");
  CHECK(page.find("At expansion 3 you expanded a newer board. <span class=\"call-line\">"
                  "Expansion 3 is your call of problem:successors at line 41 of your file."
                  "</span></p>") != std::string::npos);
  CHECK(occurrences(page, "at line 41 of your file") == 1);  // said once, not again folded away
  // No line known: the card says the sentence alone.
  report.tests[0].diagnosis.step->line = 0;
  CHECK(format_html(report).find("call-line") == std::string::npos);
}

TEST_CASE("the counts chart's heading names the baseline only when it draws one") {
  GradeReport report;
  TestResult test;
  test.task = "bfs";
  test.name = "bfs: a";
  test.figures.count_name = "expanded";
  test.figures.student_count = 12;
  test.figures.reference_count = 10;
  report.tests.push_back(test);
  const std::string without = format_html(report);
  CHECK(without.find("Counts against the reference</h2>") != std::string::npos);
  CHECK(without.find("and the baseline") == std::string::npos);
  CHECK(without.find("<rect class=\"base\"") == std::string::npos);
  report.tests[0].figures.baseline_count = 30;
  report.tests[0].figures.baseline_name = "misplaced";
  CHECK(format_html(report).find("Counts against the reference and the baseline</h2>") !=
        std::string::npos);
}

TEST_CASE("an overestimate's optimal path is replayed from its board") {
  GradeReport report;
  report.assignment = "H";
  report.submission = "h.lua";
  TestResult test;
  test.name = "3x3: over";
  test.max_score = 5;
  test.figures.goal = board_of("0 1 2 3 4 5 6 7 8");
  TestFigures::Counterexample over{
      "Your heuristic overestimates",
      {{board_of("1 2 5 3 4 0 6 7 8"), "h = 9, true distance 3"}}};
  over.path = "ULL";
  test.figures.counterexamples.push_back(over);
  report.tests.push_back(test);
  const std::string page = format_html(report);
  CHECK(tag_problem(page) == "");
  CHECK(page.find("data-start=\"1 2 5 3 4 0 6 7 8\" data-goal=\"0 1 2 3 4 5 6 7 8\" "
                  "data-path=\"ULL\"") != std::string::npos);
  CHECK(page.find("<p class=\"caption\">replay of an optimal path to the goal</p>") !=
        std::string::npos);
  CHECK(page.find("an optimal path to the goal: <code>ULL</code>") != std::string::npos);
  // Its controls and status read apart from the student's own replay in the same card.
  CHECK(page.find("data-action=\"first\">this board</button>") != std::string::npos);
  CHECK(page.find("data-action=\"last\">goal</button>") != std::string::npos);
  CHECK(page.find("3 moves, an optimal path to the goal (the replay needs scripts enabled)") !=
        std::string::npos);
}

TEST_CASE("a repair is shown beside the diagnosis: the sentence once, the line, and the edit only "
          "when the assignment shows it") {
  GradeReport report;
  report.assignment = "a";
  report.submission = "s.lua";
  TestResult failed;
  failed.task = "bfs";
  failed.name = "bfs: one";
  failed.max_score = 1;
  failed.repair = "\nWhere to look: line 17 of your file, `for i = 1, #t - 1 do`. A change to the "
                  "arithmetic in this line makes your run match the reference.\n";
  report.tests.push_back(failed);
  RepairChange change;
  change.line = 17;
  change.line_before = "for i = 1, #t - 1 do";
  change.line_after = "for i = 1, #t do";
  report.repairs.push_back({.task = "bfs", .changes = {change}, .tests = 1, .visible_tests = 1,
                            .failing_visible_tests = 1});
  const auto count = [](const std::string& html, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = html.find(part); at != std::string::npos; at = html.find(part, at + 1)) {
      ++n;
    }
    return n;
  };
  report.repair_shown = RepairShown::Line;
  const std::string line_only = format_html(report);
  CHECK(count(line_only, "Where to look: line 17") == 1);
  CHECK(line_only.find("<span class=\"line-number\">  17</span> for i = 1, #t - 1 do") !=
        std::string::npos);
  CHECK(line_only.find("<ins>") == std::string::npos);
  report.repair_shown = RepairShown::Edit;
  const std::string with_edit = format_html(report);
  CHECK(with_edit.find("<ins>for i = 1, #t do</ins>") != std::string::npos);
}
