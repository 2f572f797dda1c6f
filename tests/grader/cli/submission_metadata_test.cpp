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

namespace {

// An earlier submission whose results hold one test of tilegrade's, with this mistake.
// Submission `number` was made `number` minutes after 08:00.
std::string earlier_entry(int number, const std::string& code, const std::string& padding = "") {
  const auto two = [](int n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
  return R"({"submission_time": "2026-11-28T)" + two(8 + number / 60) + ":" + two(number % 60) +
         R"(:00Z", "score": 0.0, "results": {"output": ")" + padding +
         R"(", "tests": [{"name": "bfs: t", "extra_data": {"task": "bfs", "name": "bfs: t",
         "test": "t", "visibility": "visible", "passed": false, "header": "start: 1 2 3",
         "checks": [], "notes": [], "diagnosis": {"code": ")" +
         code + R"(", "sentence": "s", "evidence": "e"}}}]}})";
}

}  // namespace

TEST_CASE("a long history is read as a stream: times of all, results of the newest only") {
  const auto dir = tile::testing::scratch_folder("submission-metadata-long");
  const auto path = (dir / "submission_metadata.json").string();
  {
    // 150 earlier submissions, each with 200 KB of output: 30 MB, past the 16 MiB whole-file
    // input cap that refused it before, listed newest first as Gradescope may.
    std::ofstream out(path);
    out << R"({"created_at": "2026-11-28T12:00:00Z", "previous_submissions": [)";
    const std::string padding(200'000, 'x');
    for (int i = 149; i >= 0; --i) {
      out << earlier_entry(i, i >= 140 ? "newest" : "older", padding) << (i > 0 ? "," : "");
    }
    out << "]}";
  }
  const auto times = read_submission_times(path);
  REQUIRE_MESSAGE(times, times.error());
  CHECK(times->earlier_ms.size() == 150);
  CHECK(times->earlier_results.size() == 150);
  CHECK(times->results_left_out == 150 - kMaxEarlierResults);
  std::size_t kept = 0;
  for (const auto& results : times->earlier_results) kept += results.is_null() ? 0 : 1;
  CHECK(kept == kMaxEarlierResults);
  // Only the fields the paragraph reads are kept: no output, no header.
  const nlohmann::json& last = times->earlier_results.back();
  REQUIRE(last.is_object());
  CHECK_FALSE(last.contains("output"));
  const nlohmann::json& extra = last["tests"][0]["extra_data"];
  CHECK(extra["task"] == "bfs");
  CHECK(extra["diagnosis"]["code"] == "newest");
  CHECK_FALSE(extra.contains("header"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("results nested a million levels deep cost that submission's results, not the times") {
  const auto dir = tile::testing::scratch_folder("submission-metadata-deep");
  const auto path = (dir / "submission_metadata.json").string();
  {
    std::ofstream out(path);
    out << R"({"created_at": "2026-11-28T12:00:00Z", "previous_submissions": [)"
        << earlier_entry(1, "kept") << R"(, {"submission_time": "2026-11-28T11:00:00Z",
           "results": {"tests": [{"extra_data": {"task": )";
    out << std::string(1'000'000, '[') << std::string(1'000'000, ']') << "}}]}}]}";
  }
  const auto times = read_submission_times(path);
  REQUIRE_MESSAGE(times, times.error());
  CHECK(times->earlier_ms.size() == 2);
  CHECK(times->results_unreadable == 1);
  CHECK(times->earlier_results[1].is_null());
  CHECK(times->earlier_results[0]["tests"][0]["extra_data"]["diagnosis"]["code"] == "kept");
  std::filesystem::remove_all(dir);
}
