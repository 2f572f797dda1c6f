// A diagnosis-only test shows its result, points and the mistake it names in every format, and
// never its board, its expected values or the student's run: a distinctive board planted in every
// field that can carry one (the header, a check's name and detail, the notes, the evidence, the
// step's boards, the drawn figures) appears in no format, while the same test made visible shows
// it (so the search could fail).
#include <doctest/doctest.h>

#include <string>

#include "engine/board.h"
#include "grader/report/diagnosis_only.h"
#include "grader/report/report.h"
#include "grader/spec/diagnosis_codes.h"

using namespace tile;

namespace {

constexpr const char* kPlantedRows = "4 1 2\n. 5 3\n7 8 6\n";
constexpr const char* kPlantedCount = "expanded count is 4321";
constexpr const char* kGoalSentence =
    "You test for the goal when a node is generated; this assignment tests when it is popped.";

GradeReport planted_report(Visibility visibility) {
  const Board planted = parse_board({3, 3}, "4 1 2 0 5 3 7 8 6").value();
  TestResult test;
  test.task = "bfs";
  test.test = "planted";
  test.name = "bfs: planted";
  test.max_score = 10;
  test.score = 5;
  test.visibility = visibility;
  test.header = std::string("start:\n") + kPlantedRows + "your path: RDLU, your count: 17\n";
  test.checks = {{"path", "path is the reference path (RDDLU)", true, ""},
                 {"count", kPlantedCount, false, "You returned 17; the reference: 4321."}};
  test.notes = {std::string("The reference goes on to expansion 9:\n") + kPlantedRows};
  test.diagnosis.code = "goal-test-on-generate";
  test.diagnosis.sentence = kGoalSentence;
  test.diagnosis.evidence = std::string("first differs at:\n") + kPlantedRows;
  test.diagnosis.step = StepEvidence{StepUnit::Expansion, 9, {{"step 9 starts here", planted}}, {}};
  test.figures.start = planted;
  test.figures.path = "RDLU";
  test.figures.student_count = 17;
  test.figures.reference_count = 4321;
  test.figures.divergence_step = 9;
  test.figures.divergence_reference = planted;
  GradeReport report;
  report.assignment = "planted";
  report.submission = "mine.lua";
  report.tests = {test};
  return report;
}

constexpr ReportFormat kEveryFormat[] = {ReportFormat::Text,         ReportFormat::Json,
                                         ReportFormat::Gradescope,   ReportFormat::Junit,
                                         ReportFormat::PrairieLearn, ReportFormat::Html,
                                         ReportFormat::Classroom};

// The planted board as any format writes it: rows of text, or a JSON or HTML list of tiles.
bool shows_planted(const std::string& text) {
  std::string digits;
  for (char ch : text) {
    if (ch == '.') digits += '0';
    if (ch >= '0' && ch <= '9') digits += ch;
  }
  return digits.find("412053786") != std::string::npos ||
         text.find("4 1 2") != std::string::npos;
}

}  // namespace

TEST_CASE("a diagnosis-only test shows its result and mistake, never its board, in any format") {
  const GradeReport diagnosis = planted_report(Visibility::Diagnosis);
  const GradeReport visible = planted_report(Visibility::Visible);
  for (const ReportFormat format : kEveryFormat) {
    CAPTURE(static_cast<int>(format));
    const std::string shown = format_report(diagnosis, format);
    CHECK(shows_planted(format_report(visible, format)));  // the control: the search can fail
    CHECK_FALSE(shows_planted(shown));
    CHECK(shown.find("4321") == std::string::npos);
    CHECK(shown.find("RDDLU") == std::string::npos);  // the reference's path
    CHECK(shown.find("bfs: planted") != std::string::npos);
    if (format != ReportFormat::Junit) {  // JUnit says a test's points only when it fails
      CHECK(shown.find("goal-test-on-generate") != std::string::npos);
    }
  }
  CHECK(format_report(diagnosis, ReportFormat::Text).find(kGoalSentence) != std::string::npos);
  CHECK_FALSE(shows_planted(gradescope_json(diagnosis).dump()));
}

TEST_CASE("on Gradescope a diagnosis-only test is shown at once, with its points") {
  const nlohmann::json results = gradescope_json(planted_report(Visibility::Diagnosis));
  const nlohmann::json& test = results["tests"][0];
  CHECK(test["visibility"] == "visible");
  CHECK(test["extra_data"]["visibility"] == "diagnosis");
  CHECK(test["score"] == 5);
  CHECK(test["status"] == "failed");
  CHECK(results["output"].get<std::string>().find("5/10") != std::string::npos);
}

TEST_CASE("the view keeps the test's one verdict, no check's, and the sentence only when it is "
          "free of evidence") {
  const TestResult view = diagnosis_only_view(planted_report(Visibility::Diagnosis).tests[0]);
  // One verdict for the test, none per check (a script could choose each from the board).
  CHECK(view.checks.empty());
  CHECK_FALSE(view.passed);
  CHECK(view.header.empty());
  CHECK(view.notes == std::vector<std::string>{kDiagnosisOnlyNote});
  CHECK(view.diagnosis.sentence == kGoalSentence);
  CHECK_FALSE(view.diagnosis.step);
  CHECK_FALSE(view.figures.start);

  CHECK(sentence_is_evidence_free("goal-test-on-generate"));
  CHECK(sentence_is_evidence_free("goal-test-on-generate+counts-popped"));  // {yours}, {assignment}
  CHECK(sentence_is_evidence_free("action-order-RLDU"));                     // a family: {order}
  CHECK_FALSE(sentence_is_evidence_free("no-such-code"));
  CHECK_FALSE(sentence_is_evidence_free(""));
  // Every row that quotes a step or a board says the withheld sentence instead.
  for (const DiagnosisCode& row : diagnosis_codes()) {
    const std::string sentence(row.sentence);
    if (sentence.find("{step}") == std::string::npos &&
        sentence.find("{board}") == std::string::npos) {
      continue;
    }
    CAPTURE(row.code);
    CHECK_FALSE(sentence_is_evidence_free(row.code));
    TestResult quoting = planted_report(Visibility::Diagnosis).tests[0];
    quoting.diagnosis.code = std::string(row.code);
    quoting.diagnosis.sentence = "At step 9 you expanded 4 1 2 / 0 5 3 / 7 8 6.";
    CHECK(diagnosis_only_view(quoting).diagnosis.sentence == kDiagnosisOnlyWithheld);
  }
}
