// Gradescope's record of a submission's attempts: /autograder/submission_metadata.json holds the
// submission's time ("created_at") and each earlier submission's ("previous_submissions": [{
// "submission_time": ...}]), as ISO 8601 times with an offset ("2018-07-01T14:22:32.365935-07:00";
// gradescope-autograders.readthedocs.io/en/latest/submission_metadata/). An assignment with a
// feedback_limit reads it to know how many submissions came in the last hour.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/result.h"

namespace tile::cli {

struct SubmissionTimes {
  std::int64_t now_ms = 0;               // this submission, milliseconds since 1970 UTC
  std::vector<std::int64_t> earlier_ms;  // the earlier submissions, oldest first
  // Their results documents, in the same order (null where the record holds none): tilegrade's
  // own results.json of each, from which the student's own attempts are told (own_attempts.h).
  std::vector<nlohmann::json> earlier_results;
};

// "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)" as milliseconds since 1970 UTC; nullopt for
// anything else (a time without its offset is not a moment).
std::optional<std::int64_t> iso8601_ms(std::string_view text);

// The times in a submission_metadata.json; an error names the file and the field.
Result<SubmissionTimes> read_submission_times(const std::string& path);

}  // namespace tile::cli
