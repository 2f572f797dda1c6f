// Gradescope's record of a submission's attempts: /autograder/submission_metadata.json holds the
// submission's time ("created_at") and each earlier submission's ("previous_submissions": [{
// "submission_time": ...}]), as ISO 8601 times with an offset ("2018-07-01T14:22:32.365935-07:00";
// gradescope-autograders.readthedocs.io/en/latest/submission_metadata/). An assignment with a
// feedback_limit reads it to know how many submissions came in the last hour, and every
// assignment reads the results tilegrade wrote for each of them for the student's own attempts
// (own_attempts.h).
//
// A term's record grows with every submission (each results document in full), so it is read as
// a stream, with bounds: the file at most kMaxSubmissionMetadataBytes; of the results, only the
// newest kMaxEarlierResults submissions', only the fields the paragraph needs, none nested deeper
// than a results document is. A submission whose results break a bound keeps its time only.
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
  // Of each, only what own_attempts.h reads: {"tests": [{"extra_data": {"task", "test", "name",
  // "visibility", "passed", "diagnosis": {"code"}}}]}.
  std::vector<nlohmann::json> earlier_results;
  std::size_t results_left_out = 0;    // older than the newest kMaxEarlierResults: null above
  std::size_t results_unreadable = 0;  // too deep, too many tests or too long a name: null above
};

inline constexpr std::size_t kMaxSubmissionMetadataBytes = std::size_t{1} << 30;  // 1 GiB
inline constexpr std::size_t kMaxEarlierResults = 100;

// "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)" as milliseconds since 1970 UTC; nullopt for
// anything else (a time without its offset is not a moment).
std::optional<std::int64_t> iso8601_ms(std::string_view text);

// The times in a submission_metadata.json; an error names the file and the field.
Result<SubmissionTimes> read_submission_times(const std::string& path);

}  // namespace tile::cli
