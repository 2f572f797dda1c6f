#include "grader/report/feedback_limit.h"

#include <algorithm>
#include <fmt/format.h>

#include "grader/report/diagnosis_only.h"
#include "grader/spec/diagnosis_codes.h"

namespace tile {

namespace {

constexpr std::int64_t kHourMs = 3'600'000;

// The sentence of a mistake that quotes the test's evidence, in a report limited by the hour
// (diagnosis_only.h withholds it with a pointer to the tests a student can see, which here are
// limited too).
constexpr const char* kWithheldUntilFull =
    "The sentence for this mistake quotes this test's boards or counts, so it is left out of this "
    "report; your next full report shows it.";

std::string minutes_text(std::int64_t ms) {
  const std::int64_t minutes = std::max<std::int64_t>(1, (ms + 59'999) / 60'000);  // rounded up
  return fmt::format("{} minute{}", minutes, minutes == 1 ? "" : "s");
}

std::string notice(const FeedbackLimit& limit, const FeedbackAllowance& allowance) {
  return fmt::format(
      "This assignment gives full feedback for {} submission{} an hour, and you made {} in the "
      "hour before this one: this report shows each test's result and the mistake it names, "
      "without its boards or counts. A submission made {} or more after this one gets full "
      "feedback again. Meanwhile: take the first failing test below, read the mistake it names, "
      "find the rule it is about in the handout, and follow your search by hand on a small board "
      "before you submit again.",
      limit.full_per_hour, limit.full_per_hour == 1 ? "" : "s", allowance.within_hour,
      minutes_text(allowance.full_again_after_ms));
}

}  // namespace

FeedbackAllowance feedback_allowance(const FeedbackLimit& limit,
                                     std::vector<std::int64_t> earlier_ms, std::int64_t now_ms) {
  FeedbackAllowance allowance;
  if (!limit.enabled()) return allowance;
  earlier_ms.erase(std::remove_if(earlier_ms.begin(), earlier_ms.end(),
                                  [&](std::int64_t t) { return t > now_ms; }),
                   earlier_ms.end());
  std::sort(earlier_ms.begin(), earlier_ms.end());
  allowance.within_hour = static_cast<std::uint64_t>(
      std::count_if(earlier_ms.begin(), earlier_ms.end(),
                    [&](std::int64_t t) { return now_ms - t < kHourMs; }));
  // Exact arithmetic: a token is kHourMs units and the bucket gains full_per_hour units a
  // millisecond, so N tokens refill in an hour with no rounding.
  const auto rate = static_cast<std::int64_t>(limit.full_per_hour);
  const std::int64_t capacity = rate * kHourMs;
  std::int64_t units = capacity;
  std::int64_t last = earlier_ms.empty() ? now_ms : earlier_ms.front();
  const auto take = [&](std::int64_t at) {
    units = std::min(capacity, units + (at - last) * rate);
    last = at;
    if (units < kHourMs) return false;
    units -= kHourMs;
    return true;
  };
  for (std::int64_t at : earlier_ms) take(at);
  allowance.full = take(now_ms);
  if (!allowance.full) allowance.full_again_after_ms = (kHourMs - units + rate - 1) / rate;
  return allowance;
}

GradeReport with_feedback_allowance(const GradeReport& report, const FeedbackLimit& limit,
                                    const FeedbackAllowance& allowance) {
  if (allowance.full) return report;
  GradeReport limited = report;
  for (TestResult& test : limited.tests) {
    if (!shown_at_once(test.visibility)) continue;  // hidden or later: the platform holds them back
    TestResult view = diagnosis_only_view(test);
    if (view.diagnosis.sentence == kDiagnosisOnlyWithheld) {
      view.diagnosis.sentence = kWithheldUntilFull;
    }
    // A test that did not run says why in its notes (a function the script does not define, an
    // error it raised, a clock it ran out): the student's own script, not the test's evidence,
    // and without it the report would not say what to fix.
    if (test.diagnosis.code == codes::kDidNotRun) {
      view.notes.insert(view.notes.end(), test.notes.begin(), test.notes.end());
    }
    test = std::move(view);
  }
  add_submission_notice(limited, notice(limit, allowance));
  return limited;
}

}  // namespace tile
