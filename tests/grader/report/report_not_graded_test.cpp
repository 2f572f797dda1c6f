#include <doctest/doctest.h>

#include "grader/report/report_not_graded.h"

using namespace tile;

namespace {

// A reason quoting a hidden test, as a stale expected.json's error does.
constexpr std::string_view kReason = "expected.json: hidden-3 (8 1 3 4 0 2 7 6 5) does not match";

}  // namespace

TEST_CASE("not graded: only the platforms' results documents have one") {
  CHECK(is_results_document(ReportFormat::Gradescope));
  CHECK(is_results_document(ReportFormat::Json));
  CHECK(is_results_document(ReportFormat::PrairieLearn));
  CHECK(is_results_document(ReportFormat::Classroom));
  CHECK_FALSE(is_results_document(ReportFormat::Text));
  CHECK_FALSE(is_results_document(ReportFormat::Junit));
  CHECK_FALSE(is_results_document(ReportFormat::Html));
}

TEST_CASE("not graded: the student reads whose problem it is, and what to do") {
  CHECK(not_graded_sentence(ErrorKind::BadInput) ==
        "The autograder could not grade your submission, because of a problem on the course's "
        "side, not in your script. Please tell your instructor.");
  CHECK(not_graded_sentence(ErrorKind::Internal) ==
        "The autograder could not grade your submission, because of a problem on the course's "
        "side, not in your script. Please submit it again, and tell your instructor if this "
        "happens again.");
  CHECK(not_graded_sentence(ErrorKind::Io) == not_graded_sentence(ErrorKind::Internal));
}

TEST_CASE("not graded: Gradescope scores 0 and shows the sentence, never the reason") {
  const auto doc = not_graded_json(ReportFormat::Gradescope, ErrorKind::Internal, kReason);
  CHECK(doc["score"] == 0);
  CHECK(doc["output"] == not_graded_sentence(ErrorKind::Internal));
  CHECK(doc["output_format"] == "text");
  CHECK(doc["stdout_visibility"] == "hidden");
  CHECK(doc["tests"] == nlohmann::json::array());
  CHECK(doc.dump().find("hidden-3") == std::string::npos);
  CHECK(not_graded_json(ReportFormat::Json, ErrorKind::Internal, kReason) == doc);
}

TEST_CASE("not graded: PrairieLearn is not gradable, says it once, never shows the reason") {
  const auto doc = not_graded_json(ReportFormat::PrairieLearn, ErrorKind::BadInput, kReason);
  CHECK(doc["gradable"] == false);
  CHECK(doc["score"] == 0);
  CHECK_FALSE(doc.contains("message"));  // PrairieLearn would show it above format_errors
  CHECK(doc["format_errors"] == nlohmann::json::array({not_graded_sentence(ErrorKind::BadInput)}));
  CHECK(doc["tests"] == nlohmann::json::array());
  CHECK(doc.dump().find("hidden-3") == std::string::npos);
}

TEST_CASE("not graded: Classroom gets an error result naming the reason, capped") {
  const auto doc = not_graded_json(ReportFormat::Classroom, ErrorKind::BadInput, kReason);
  CHECK(doc["version"] == 1);
  CHECK(doc["status"] == "error");
  CHECK(doc["max_score"] == 0);
  REQUIRE(doc["tests"].size() == 1);
  const auto& test = doc["tests"][0];
  CHECK(test["status"] == "error");
  CHECK(test["score"] == 0);
  CHECK(test["message"] == not_graded_sentence(ErrorKind::BadInput) + "\n" + std::string(kReason));
  // A reason of any length: cut on a character boundary (the é is two bytes across the cap).
  const std::string long_reason = std::string(1999, 'x') + "\xC3\xA9" + std::string(5000, 'y');
  const auto capped = not_graded_json(ReportFormat::Classroom, ErrorKind::Io, long_reason);
  CHECK(capped["tests"][0]["message"] ==
        not_graded_sentence(ErrorKind::Io) + "\n" + std::string(1999, 'x') + "...");
}
