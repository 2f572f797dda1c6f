// Gradescope's submission_metadata.json read for the submission times, and ISO 8601 times checked
// against the C library's own calendar (timegm).
#include <doctest/doctest.h>

#include <ctime>
#include <fstream>

#include "grader/cli/submission_metadata.h"
#include "tests/grader/cli/scratch_folder.h"

using namespace tile;
using namespace tile::cli;

namespace {

std::int64_t timegm_ms(int year, int month, int day, int hour, int minute, int second) {
  std::tm parts{};
  parts.tm_year = year - 1900;
  parts.tm_mon = month - 1;
  parts.tm_mday = day;
  parts.tm_hour = hour;
  parts.tm_min = minute;
  parts.tm_sec = second;
  return static_cast<std::int64_t>(::timegm(&parts)) * 1000;
}

}  // namespace

TEST_CASE("ISO 8601 times with an offset are moments, in milliseconds since 1970 UTC") {
  CHECK(iso8601_ms("1970-01-01T00:00:00Z") == 0);
  CHECK(iso8601_ms("2018-07-01T14:22:32.365935-07:00") ==
        timegm_ms(2018, 7, 1, 21, 22, 32) + 365);
  CHECK(iso8601_ms("2024-02-29T23:59:59+01:30") == timegm_ms(2024, 2, 29, 22, 29, 59));
  CHECK(iso8601_ms("2026-11-28T18:33:00.5Z") == timegm_ms(2026, 11, 28, 18, 33, 0) + 500);
  for (const char* refused : {"", "2018-07-01T14:22:32", "2018-07-01", "2023-02-29T00:00:00Z",
                              "2018-07-01T24:00:00Z", "2018-07-01T14:22:32.Z",
                              "2018-07-01T14:22:32Z trailing", "18-07-01T14:22:32Z"}) {
    CAPTURE(refused);
    CHECK_FALSE(iso8601_ms(refused));
  }
}

TEST_CASE("the metadata gives this submission's time and the earlier ones, or names the field") {
  const auto dir = tile::testing::scratch_folder("submission-metadata");
  const auto write = [&](const std::string& text) {
    std::ofstream(dir / "submission_metadata.json") << text;
    return read_submission_times((dir / "submission_metadata.json").string());
  };
  const auto times = write(R"({"id": 1, "created_at": "2026-11-28T12:00:00Z",
      "previous_submissions": [{"submission_time": "2026-11-28T11:50:00.250000+00:00",
                                "score": 0.0, "results": {}}]})");
  REQUIRE_MESSAGE(times, times.error());
  CHECK(times->now_ms == timegm_ms(2026, 11, 28, 12, 0, 0));
  CHECK(times->earlier_ms == std::vector<std::int64_t>{timegm_ms(2026, 11, 28, 11, 50, 0) + 250});
  const auto first = write(R"({"created_at": "2026-11-28T12:00:00Z", "previous_submissions": []})");
  REQUIRE(first);
  CHECK(first->earlier_ms.empty());
  const auto no_time = write(R"({"previous_submissions": []})");
  REQUIRE_FALSE(no_time);
  CHECK(no_time.error().find("submission_metadata.json: created_at: expected") !=
        std::string::npos);
  const auto bad_entry = write(R"({"created_at": "2026-11-28T12:00:00Z",
      "previous_submissions": [{"submission_time": "2026-11-28T11:50:00Z"}, {"score": 1}]})");
  REQUIRE_FALSE(bad_entry);
  CHECK(bad_entry.error().find("previous_submissions[1].submission_time") != std::string::npos);
  CHECK_FALSE(write("not json"));
  CHECK_FALSE(read_submission_times((dir / "missing.json").string()));
  std::filesystem::remove_all(dir);
}
