#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "grader/cli/platform_results.h"
#include "grader/run/grade.h"
#include "tests/grader/cli/stream_capture.h"

using namespace tile;
using namespace tile::cli;
using tile::testing::printed;

namespace {

std::filesystem::path fresh_folder(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tilegrade-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

nlohmann::json read_json(const std::filesystem::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

}  // namespace

TEST_CASE("a grade's document is written and the text report goes to the platform's log") {
  const std::string source = TILEGRADE_SOURCE_DIR;
  auto assignment = load_assignment(source + "/assignments/classic-8puzzle");
  REQUIRE(assignment);
  auto prepared = PreparedAssignment::prepare(*assignment, StoredExpectations::Ignore);
  REQUIRE(prepared);
  const Result<GradeReport> report = grade_submission(
      *prepared, source + "/reference/classic-8puzzle/solution.lua", {});
  const auto dir = fresh_folder("platform-results");
  Outcome outcome = Error{"not delivered"};
  const auto said = printed([&] {
    outcome = deliver_results((dir / "results.json").string(), ReportFormat::Gradescope, report);
  });
  REQUIRE(outcome);
  CHECK(*outcome == 0);  // the reference passes every test
  const auto document = read_json(dir / "results.json");
  CHECK(document.contains("tests"));
  CHECK(document["score"].get<double>() > 0);
  CHECK(said.out.find("[PASS] bfs") != std::string::npos);  // the text report, for the log
  std::filesystem::remove_all(dir);
}

TEST_CASE("no verdict: the course-side document is written and the error kept as it was") {
  const auto dir = fresh_folder("platform-results-refused");
  const auto results = dir / "results.json";
  const auto deliver = [&](ReportFormat format) {
    const Outcome outcome = deliver_results(results.string(), format,
                                            Error{"the assignment's expected.json is stale"});
    REQUIRE_FALSE(outcome);
    CHECK(outcome.error_kind() == ErrorKind::BadInput);
    CHECK(outcome.error() == "the assignment's expected.json is stale");
    return read_json(results);
  };
  // The reason may quote a hidden test: only Classroom's result, the student's own run of the
  // visible tests, shows it (report_not_graded.h).
  const auto gradescope = deliver(ReportFormat::Gradescope);
  CHECK(gradescope["score"] == 0);
  CHECK(gradescope.dump().find("is stale") == std::string::npos);
  const auto prairielearn = deliver(ReportFormat::PrairieLearn);
  CHECK(prairielearn["gradable"] == false);
  CHECK(prairielearn.dump().find("is stale") == std::string::npos);
  CHECK(deliver(ReportFormat::Classroom).dump().find("is stale") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("a results file that cannot be written is an output error naming both failures") {
  const auto dir = fresh_folder("platform-results-blocked");
  std::ofstream(dir / "file") << "in the way";
  const auto blocked = dir / "file/results.json";
  const Outcome outcome = deliver_results(blocked.string(), ReportFormat::Classroom,
                                          Error{"no submission", ErrorKind::BadInput});
  REQUIRE_FALSE(outcome);
  CHECK(outcome.error_kind() == ErrorKind::Io);
  CHECK(outcome.error().rfind("no submission; and ", 0) == 0);
  CHECK_FALSE(std::filesystem::exists(blocked));
  std::filesystem::remove_all(dir);
}
