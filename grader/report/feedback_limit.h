// Feedback that depends on attempts (assignment "feedback_limit", off by default): full feedback
// for the first N submissions an hour, then each test's result and the mistake it names only,
// until the hour has given back a submission's worth. A token bucket: it holds N, starts full,
// refills at N an hour, and a submission with a whole token left takes one and gets full feedback;
// one without takes none (so waiting always brings full feedback back; submitting faster never
// delays it). Times are milliseconds since 1970 (UTC) from the platform's record of submissions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grader/report/report.h"
#include "grader/spec/assignment.h"

namespace tile {

struct FeedbackAllowance {
  bool full = true;                        // this submission gets full feedback
  std::uint64_t within_hour = 0;           // earlier submissions in the hour before this one
  std::int64_t full_again_after_ms = 0;    // when not full: how long until a submission would be
};

// What `limit` allows the submission made at `now_ms`, after `earlier_ms` (any order; times after
// `now_ms` are ignored: a record never holds a later submission, but clocks differ).
FeedbackAllowance feedback_allowance(const FeedbackLimit& limit,
                                     std::vector<std::int64_t> earlier_ms, std::int64_t now_ms);

// The report a submission with `allowance` sees: unchanged when it is full; otherwise every test
// a student sees now shows only its result and the mistake it names (the diagnosis-only view,
// diagnosis_only.h), and the report's notice says why, until when, and what to try meanwhile.
GradeReport with_feedback_allowance(const GradeReport& report, const FeedbackLimit& limit,
                                    const FeedbackAllowance& allowance);

}  // namespace tile
