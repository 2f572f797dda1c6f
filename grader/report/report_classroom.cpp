#include "grader/report/report_classroom.h"

#include <fmt/core.h>

namespace tile {

using nlohmann::json;

namespace {

// A job's outputs share 1 MB, and the result travels base64-encoded (4/3 larger): each message is
// capped so that even a few hundred failing tests fit.
constexpr std::size_t kMessageCap = 2'000;

std::string capped(const std::string& text) {
  if (text.size() <= kMessageCap) return text;
  std::size_t cut = kMessageCap;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + fmt::format("\n... ({} more bytes not shown)", text.size() - cut);
}

}  // namespace

json classroom_json(const GradeReport& report) {
  json tests = json::array();
  for (const TestResult& test : report.tests) {
    tests.push_back({{"name", test.name},
                     {"status", test.passed ? "pass" : "fail"},
                     {"score", rounded_score(test.score)},
                     {"max_score", rounded_score(test.max_score)},
                     {"message", capped(test_output_text(test))}});
  }
  json out{{"version", 1},
           {"status", report.all_passed() ? "pass" : "fail"},
           {"max_score", rounded_score(report.max_score())},
           {"tests", tests}};
  // Said once for the submission; each test's message only points to it.
  if (!report.script_error.empty()) out["script_error"] = capped(report.script_error);
  if (!report.submission_notice.empty()) out["submission_notice"] = report.submission_notice;
  // What the run could not check (hidden tests, informedness) is said, never scored.
  if (report.not_checked.any()) out["not_checked"] = not_checked_sentence(report);
  return out;
}

}  // namespace tile
