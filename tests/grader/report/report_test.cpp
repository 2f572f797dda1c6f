#include <doctest/doctest.h>

#include "grader/report/report.h"

using namespace tile;

namespace {

GradeReport gradescope_sample() {
  GradeReport report;
  report.assignment = "A <&> \"quoted\"";
  report.submission = "s.lua";
  report.tests.push_back(
      {"bfs", "bfs: one", 5, 5, true, Visibility::Visible, "fine", {}, {}, TestDiagnosis{}});
  report.tests.push_back({"bfs", "bfs: two", 2.5, 5, false, Visibility::Hidden, "bad <path>\x01",
                          {}, {}, TestDiagnosis{"goal-test-on-generate", "", ""}});
  return report;
}

}  // namespace

TEST_CASE("gradescope json has the results.json shape") {
  const auto json = gradescope_json(gradescope_sample());
  CHECK(json["score"] == 7.5);
  CHECK(json["max_score"] == 10);
  CHECK(json.contains("execution_time"));
  REQUIRE(json["tests"].size() == 2);
  CHECK(json["tests"][0]["status"] == "passed");
  CHECK(json["tests"][1]["status"] == "failed");
  CHECK(json["tests"][1]["visibility"] == "hidden");
  CHECK(json["tests"][1]["tags"][0] == "goal-test-on-generate");
  for (const auto& test : json["tests"]) {
    for (const char* key : {"name", "score", "max_score", "status", "output", "visibility"}) {
      CHECK(test.contains(key));
    }
  }
}

TEST_CASE("gradescope json keeps boards' spacing: every output is plain text") {
  const auto json = gradescope_json(gradescope_sample());
  CHECK(json["output_format"] == "text");
  CHECK(json["test_output_format"] == "text");
  CHECK(json["test_name_format"] == "text");
  CHECK(json["stdout_visibility"] == "hidden");
}

TEST_CASE("gradescope's top-level output totals the visible tests only") {
  GradeReport report = gradescope_sample();
  CHECK(gradescope_json(report)["output"] ==
        "A <&> \"quoted\": 5/5 on the tests shown now. 1 more test is graded and not shown.");
  report.tests.push_back(
      {"dfs", "dfs: one", 0, 5, false, Visibility::AfterDueDate, "", {}, {}, TestDiagnosis{}});
  report.tests.push_back(
      {"dfs", "dfs: two", 5, 5, true, Visibility::AfterPublished, "", {}, {}, TestDiagnosis{}});
  CHECK(gradescope_json(report)["output"] ==
        "A <&> \"quoted\": 5/5 on the tests shown now. 2 more tests are graded and shown later."
        " 1 more test is graded and not shown.");
  CHECK(gradescope_json(report)["score"] == 12.5);  // Gradescope hides this total itself
  for (TestResult& test : report.tests) test.visibility = Visibility::Visible;
  CHECK(gradescope_json(report)["output"] == "A <&> \"quoted\": 12.5/20");
}

TEST_CASE("junit escapes XML and shows control characters as escapes") {
  const std::string xml = format_report(gradescope_sample(), ReportFormat::Junit);
  CHECK(xml.find("A &lt;&amp;&gt; &quot;quoted&quot;") != std::string::npos);
  CHECK(xml.find("bad &lt;path&gt;\\x01") != std::string::npos);
  CHECK(xml.find("failures=\"1\"") != std::string::npos);
  CHECK(xml.find('\x01') == std::string::npos);
}

TEST_CASE("junit holds only characters XML 1.0 allows, whatever bytes a script wrote") {
  // NUL and other controls, a byte that starts no UTF-8 character, U+FFFE and U+FFFF: each made
  // an earlier JUnit file unparseable. (tests/e2e/report_hostile_bytes.sh parses real reports.)
  GradeReport report = gradescope_sample();
  const char raw[] = "nul \0 here \x1b[31m \xff\xfe \xef\xbf\xbe \xef\xbf\xbf end";
  report.tests[1].header = std::string(raw, sizeof raw - 1);
  report.tests[1].name = "path element \x07";
  const std::string xml = format_report(report, ReportFormat::Junit);
  CHECK(xml.find('\0') == std::string::npos);
  CHECK(xml.find("nul \\x00 here \\x1B[31m \xef\xbf\xbd\xef\xbf\xbd \\u{FFFE} \\u{FFFF} end") !=
        std::string::npos);
  CHECK(xml.find("path element \\x07") != std::string::npos);
  for (const char ch : xml) {
    const auto byte = static_cast<unsigned char>(ch);
    CHECK((byte >= 0x20 || byte == '\n'));
  }
}

TEST_CASE("text report totals the scores") {
  const std::string text = format_report(gradescope_sample(), ReportFormat::Text);
  CHECK(text.find("[PASS] bfs: one  5/5") != std::string::npos);
  CHECK(text.find("[FAIL] bfs: two  2.5/5") != std::string::npos);
  CHECK(text.find("Score: 7.5/10") != std::string::npos);
}

TEST_CASE("report formats are parsed by name") {
  CHECK(parse_report_format("junit"));
  CHECK(parse_report_format("gradescope"));
  CHECK_FALSE(parse_report_format("xml"));
}

TEST_CASE("scores read as people write them: at most two decimals, no trailing zeros") {
  CHECK(score_text(25.0 / 6) == "4.17");
  CHECK(score_text(50.0 / 3) == "16.67");
  CHECK(score_text(75) == "75");
  CHECK(score_text(7.5) == "7.5");
  CHECK(score_text(0) == "0");
  CHECK(score_text(1e-9) == "0");
  const std::string text = format_report(gradescope_sample(), ReportFormat::Text);
  CHECK(text.find("33333") == std::string::npos);
}

namespace {

// A failing search test as the judge writes one: every kind of part the text is made of.
TestResult every_part() {
  TestResult test;
  test.task = "bfs";
  test.name = "bfs: one";
  test.score = 2.5;
  test.max_score = 5;
  test.visibility = Visibility::AfterDueDate;
  test.header = "start:\n1 2 5\n3 4 .\n6 7 8\nyour path: ULL, your count: 12\n";
  test.checks = {{"path", "path is the reference path (UL)", false, "Your path costs 3"},
                 {"cost", "path cost is 2", false, "Your path costs 3"},
                 {"count", "expanded count is 10", true, ""},
                 {"", "an unkeyed check", false, ""}};
  test.notes = {"Expansion 2 differs.\n"};
  test.diagnosis = {"unrecognised", "The judge could not name it.",
                    "At move 3 you move Left; the reference has arrived."};
  test.out_of_time = true;
  return test;
}

}  // namespace

TEST_CASE("a test's text is composed from its fields: checks, each detail once, notes, diagnosis") {
  const TestResult test = every_part();
  CHECK(test_output_text(test) ==
        "start:\n1 2 5\n3 4 .\n6 7 8\nyour path: ULL, your count: 12\n"
        "  FAIL  path is the reference path (UL)\n"
        "  FAIL  path cost is 2\n"
        "  ok    expanded count is 10\n"
        "  FAIL  an unkeyed check\n"
        "\nYour path costs 3\n"
        "Expansion 2 differs.\n"
        "\nAt move 3 you move Left; the reference has arrived.\n"
        "\nDiagnosis (unrecognised): The judge could not name it.\n");
  CHECK(test_output_text(test, false).ends_with("the reference has arrived.\n"));
  // The failed checks are the check lines' keys, not a list kept beside them.
  CHECK(test.failed_checks() == std::vector<std::string>{"path", "cost"});
}

TEST_CASE("a test's JSON fields rebuild the same test, and the same text") {
  const TestResult sent = every_part();
  const nlohmann::json json = nlohmann::json::parse(test_result_to_json(sent).dump());
  const auto received = test_result_from_json(json);
  REQUIRE(received);
  CHECK(test_output_text(*received) == test_output_text(sent));
  CHECK(received->checks == sent.checks);
  CHECK(received->notes == sent.notes);
  CHECK(received->diagnosis == sent.diagnosis);
  CHECK(received->visibility == sent.visibility);
  CHECK(received->score == sent.score);
  CHECK(received->out_of_time);
  CHECK_FALSE(json["diagnosis"].contains("line"));  // no line known: none written

  // The line a count came from crosses as the diagnosis's "line".
  TestResult counted = sent;
  counted.diagnosis.code = "count-equals-key-calls";
  counted.diagnosis.line = 31;
  const nlohmann::json counted_json = test_result_to_json(counted);
  CHECK(counted_json["diagnosis"]["line"] == 31);
  const auto counted_back = test_result_from_json(counted_json);
  REQUIRE(counted_back);
  CHECK(counted_back->diagnosis.line == 31);

  // The JSON report carries them beside the text Gradescope shows.
  GradeReport report;
  report.tests.push_back(sent);
  const nlohmann::json document = gradescope_json(report);
  CHECK(document["tests"][0]["output"] == test_output_text(sent));
  const auto from_report = test_result_from_json(document["tests"][0]["extra_data"]);
  REQUIRE(from_report);
  CHECK(test_output_text(*from_report) == document["tests"][0]["output"].get<std::string>());

  nlohmann::json damaged = json;
  damaged["checks"][0].erase("passed");
  CHECK_FALSE(test_result_from_json(damaged));
  damaged = json;
  damaged["visibility"] = "sometimes";
  CHECK_FALSE(test_result_from_json(damaged));
  CHECK_FALSE(test_result_from_json(nlohmann::json::array()));
}

TEST_CASE("a missed informedness threshold is the informedness test's failed check") {
  TestResult test;
  test.task = "h";
  test.test = "informedness";
  test.figures.thresholds = {{100, 5, true}, {50, 5, false}};
  CHECK(test.failed_checks() == std::vector<std::string>{"informedness"});
  test.figures.thresholds[1].met = true;
  CHECK(test.failed_checks().empty());
}

TEST_CASE("the text report gives a failing test's highlighted step in a few lines, once") {
  GradeReport report = gradescope_sample();
  StepThrough through;
  through.key_name = std::string("depth");  // GCC 12's -Wrestrict misfires on a short literal
  through.order_words = "lowest depth first, then oldest first";
  through.student_expansions = 2;
  through.reference_expansions = 2;
  through.divergence = 2;
  through.focus = 2;
  through.focus_is = StepThrough::Focus::Divergence;
  ThroughStep step{2, {}, {}};
  const Board mine = parse_board({3, 3}, "1 2 5 3 0 4 6 7 8").value();
  const Board theirs = parse_board({3, 3}, "1 2 0 3 4 5 6 7 8").value();
  step.student.expanded = StepBoard{mine, 1, 1, std::nullopt, 1, Move::Left};
  step.reference.expanded = StepBoard{theirs, 1, 1, std::nullopt, 1, Move::Up};
  step.reference.frontier = {StepBoard{mine, 1, 1, std::nullopt, 1, Move::Left}};
  step.reference.frontier_size = 1;
  through.steps.push_back(step);
  report.tests[1].figures.step_through = through;
  report.tests[0].figures.step_through = through;  // a passing test's is not said
  const std::string text = format_report(report, ReportFormat::Text);
  const std::string expected =
      "    Step 2, the first that differs (each frontier is taken lowest depth first, then "
      "oldest first):\n"
      "      you expanded 1 2 5 / 3 . 4 / 6 7 8, depth 1\n"
      "      the reference expanded 1 2 . / 3 4 5 / 6 7 8, depth 1\n"
      "      the reference's frontier then: 1 2 5 / 3 . 4 / 6 7 8, depth 1\n";
  CHECK(text.find(expected) != std::string::npos);
  CHECK(text.find("Step 2, the first") == text.rfind("Step 2, the first"));
  CHECK(text.find(expected) > text.find("[FAIL] bfs: two"));
}

TEST_CASE("a path diagnosis says the line its path was returned from, once; no other code does") {
  TestResult test;
  test.header = "start: ...\n";
  test.diagnosis = {"path-reversed", "Your path lists its moves from the goal back.", ""};
  const std::string said =
      "The path named here is the one your search returned at line 15 of your file.";
  CHECK(test_output_text(test).find("returned at line") == std::string::npos);  // no line known
  test.diagnosis.line = 15;
  CHECK(returned_path_sentence(test.diagnosis) == said);
  const std::string text = test_output_text(test);
  CHECK(text.ends_with(said + "\n"));
  CHECK(text.find(said) == text.rfind(said));
  // Without its paragraph (the HTML card says it beside the sentence), the text does not.
  CHECK(test_output_text(test, false).find(said) == std::string::npos);
  // A family member of the path family is read by its row.
  test.diagnosis.code = "goal-layout-blank-last";
  CHECK_FALSE(returned_path_sentence(test.diagnosis).empty());
  // A count's line is in its own sentence already, and an unknown code has no family.
  test.diagnosis.code = "count-equals-key-calls";
  CHECK(returned_path_sentence(test.diagnosis).empty());
  test.diagnosis.code = "no-such-code";
  CHECK(returned_path_sentence(test.diagnosis).empty());
}
