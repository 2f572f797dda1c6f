// The feedback limit's token bucket against a plain model that steps second by second, and the
// report a limited submission sees: each test's result and named mistake, never its board or
// counts, with one notice that says why and for how long.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/board.h"
#include "grader/report/diagnosis_only.h"
#include "grader/report/feedback_limit.h"
#include "grader/report/report.h"

using namespace tile;

namespace {

constexpr std::int64_t kMinuteMs = 60'000;

// The bucket as a person would simulate it: whole seconds, a token worth 3600 parts, each second
// adding `per_hour` parts up to the capacity; a submission with a whole token left takes one.
// Returns, for the last time in `seconds` (sorted), whether it got full feedback.
bool stepped_bucket_full(std::uint64_t per_hour, const std::vector<std::int64_t>& seconds) {
  const std::int64_t capacity = static_cast<std::int64_t>(per_hour) * 3600;
  std::int64_t parts = capacity;
  std::int64_t clock = seconds.front();
  bool full = true;
  for (std::int64_t at : seconds) {
    for (; clock < at; ++clock) {
      parts = std::min(capacity, parts + static_cast<std::int64_t>(per_hour));
    }
    full = parts >= 3600;
    if (full) parts -= 3600;
  }
  return full;
}

GradeReport limit_fixture_report() {
  const Board board = parse_board({3, 3}, "4 1 2 0 5 3 7 8 6").value();
  TestResult failing;
  failing.task = "bfs";
  failing.test = "one";
  failing.name = "bfs: one";
  failing.max_score = 10;
  failing.visibility = Visibility::Visible;
  failing.header = "start:\n4 1 2\n. 5 3\n7 8 6\nyour path: RDLU, your count: 17\n";
  failing.checks = {{"count", "expanded count is 4321", false, "You returned 17."}};
  failing.diagnosis.code = "goal-test-on-generate";
  failing.diagnosis.sentence = "You test for the goal when a node is generated.";
  failing.diagnosis.evidence = "first differs at:\n4 1 2\n. 5 3\n7 8 6\n";
  failing.figures.start = board;
  failing.figures.reference_count = 4321;
  TestResult hidden;  // passed, with nothing of the visible test's in it
  hidden.task = "bfs";
  hidden.test = "two";
  hidden.name = "bfs: two";
  hidden.max_score = 10;
  hidden.score = 10;
  hidden.passed = true;
  hidden.visibility = Visibility::Hidden;
  hidden.header = "start:\n1 2 3\n4 . 6\n7 5 8\n";
  GradeReport report;
  report.assignment = "limited";
  report.submission = "mine.lua";
  report.tests = {failing, hidden};
  return report;
}

}  // namespace

TEST_CASE("no limit, or submissions an hour apart, give full feedback") {
  CHECK(feedback_allowance(FeedbackLimit{}, {0, 1, 2, 3}, 4).full);
  const FeedbackLimit two{2};
  CHECK(feedback_allowance(two, {}, 0).full);
  CHECK(feedback_allowance(two, {0, 61 * kMinuteMs}, 122 * kMinuteMs).full);
}

TEST_CASE("three an hour: the fourth within minutes is limited, and says when full returns") {
  const FeedbackLimit three{3};
  // At 0, 1 and 2 minutes the bucket spends its three tokens, regaining a twentieth of one a
  // minute; at 3 minutes it holds 0.15 of a token, and a whole one 17 minutes later.
  const FeedbackAllowance fourth =
      feedback_allowance(three, {2 * kMinuteMs, 0, kMinuteMs}, 3 * kMinuteMs);
  CHECK_FALSE(fourth.full);
  CHECK(fourth.within_hour == 3);
  CHECK(fourth.full_again_after_ms == 17 * kMinuteMs);
  CHECK(feedback_allowance(three, {0, kMinuteMs, 2 * kMinuteMs}, 20 * kMinuteMs).full);
  // A limited submission takes no token: waiting the time it was told brings full feedback back.
  CHECK(feedback_allowance(three, {0, kMinuteMs, 2 * kMinuteMs, 3 * kMinuteMs},
                           20 * kMinuteMs).full);
  // A time after the submission's own (another clock) is not an earlier submission.
  CHECK(feedback_allowance(three, {0, kMinuteMs, 2 * kMinuteMs}, -5 * kMinuteMs).full);
}

TEST_CASE("the bucket equals a second-by-second model on random submission times") {
  std::mt19937_64 random(20261128);
  int limited = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const std::uint64_t per_hour = 1 + random() % 5;
    std::vector<std::int64_t> seconds(1 + random() % 10);
    for (std::int64_t& at : seconds) at = static_cast<std::int64_t>(random() % 7200);
    std::sort(seconds.begin(), seconds.end());
    std::vector<std::int64_t> earlier_ms;
    for (std::size_t i = 0; i + 1 < seconds.size(); ++i) earlier_ms.push_back(seconds[i] * 1000);
    const FeedbackAllowance got =
        feedback_allowance(FeedbackLimit{per_hour}, earlier_ms, seconds.back() * 1000);
    CAPTURE(trial);
    CHECK(got.full == stepped_bucket_full(per_hour, seconds));
    if (!got.full) {
      ++limited;
      CHECK(got.within_hour >= per_hour);  // a limited submission follows N full ones in the hour
      std::vector<std::int64_t> later = seconds;
      const std::int64_t wait_s = (got.full_again_after_ms + 999) / 1000;
      later.back() += wait_s;
      CHECK(stepped_bucket_full(per_hour, later));
      later.back() -= 2;
      if (wait_s >= 2) CHECK_FALSE(stepped_bucket_full(per_hour, later));
    }
  }
  CHECK(limited > 50);  // the random times did make the bucket run dry
}

TEST_CASE("a limited report shows results and named mistakes, never boards or counts") {
  const GradeReport report = limit_fixture_report();
  const FeedbackLimit two{2};
  const FeedbackAllowance dry = feedback_allowance(two, {0, kMinuteMs}, 2 * kMinuteMs);
  REQUIRE_FALSE(dry.full);
  const GradeReport limited = with_feedback_allowance(report, two, dry);
  CHECK(limited.submission_notice.find("full feedback for 2 submissions an hour, and you made 2") !=
        std::string::npos);
  CHECK(limited.submission_notice.find("28 minutes or more after this one") != std::string::npos);
  for (const ReportFormat format :
       {ReportFormat::Text, ReportFormat::Gradescope, ReportFormat::Junit,
        ReportFormat::PrairieLearn, ReportFormat::Html, ReportFormat::Classroom}) {
    CAPTURE(static_cast<int>(format));
    const std::string full = format_report(report, format);
    const std::string shown = format_report(limited, format);
    CHECK(full.find("4321") != std::string::npos);  // the control
    CHECK(shown.find("4321") == std::string::npos);
    CHECK(shown.find("4 1 2") == std::string::npos);
    CHECK(shown.find("goal-test-on-generate") != std::string::npos);
    CHECK(shown.find("full feedback for 2 submissions an hour") != std::string::npos);
  }
  // The hidden test is left as the platform holds it; the visible one is its view.
  CHECK(limited.tests[1].header == report.tests[1].header);
  CHECK(limited.tests[0].notes == std::vector<std::string>{kDiagnosisOnlyNote});
  CHECK(with_feedback_allowance(report, two, FeedbackAllowance{}).submission_notice.empty());
}

TEST_CASE("a limited test that did not run still says why, without its board") {
  GradeReport report = limit_fixture_report();
  TestResult& not_run = report.tests[0];
  not_run.checks.clear();
  not_run.diagnosis = {};
  not_run.diagnosis.code = "did-not-run";
  not_run.notes = {"\nYour script defines no function named 'bfs', which this task calls.\n"};
  const FeedbackLimit one{1};
  const GradeReport limited =
      with_feedback_allowance(report, one, feedback_allowance(one, {0}, kMinuteMs));
  const std::string shown = format_report(limited, ReportFormat::Text);
  CHECK(shown.find("defines no function named 'bfs'") != std::string::npos);
  CHECK(shown.find("4 1 2") == std::string::npos);
}
