// Every report carries its stamp where its format has room for it: the JSON report's top-level
// extra_data (Gradescope stores it and shows it to no one) and JUnit's suite properties; a report
// with no stamp writes none.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "grader/report/report.h"

using namespace tile;

namespace {

GradeReport stamped_report() {
  GradeReport report;
  report.assignment = "stamps";
  TestResult test;
  test.task = "bfs";
  test.name = "bfs: one";
  test.test = "one";
  test.max_score = 10;
  report.tests = {test};
  report.stamp = {"0.1.0", "00000000000000aa", "00000000000000bb"};
  return report;
}

}  // namespace

TEST_CASE("the JSON report's top-level extra_data carries the stamp, and it reads back") {
  const auto document =
      nlohmann::json::parse(format_report(stamped_report(), ReportFormat::Json));
  const nlohmann::json& stamp = document.at("extra_data").at("tilegrade");
  CHECK(stamp == nlohmann::json{{"version", "0.1.0"},
                                {"assignment_digest", "00000000000000aa"},
                                {"submission_digest", "00000000000000bb"}});
  CHECK(report_stamp_from_json(stamp) == stamped_report().stamp);
  CHECK_FALSE(report_stamp_from_json(nlohmann::json{{"version", 1}}));
}

TEST_CASE("JUnit carries the stamp as the suite's properties, first in the suite") {
  const std::string xml = format_report(stamped_report(), ReportFormat::Junit);
  const auto properties = xml.find("<properties>");
  REQUIRE(properties != std::string::npos);
  CHECK(properties < xml.find("<testcase"));
  CHECK(xml.find("<property name=\"tilegrade.assignment_digest\" value=\"00000000000000aa\"/>") !=
        std::string::npos);
}

TEST_CASE("a report without a stamp writes none") {
  GradeReport report = stamped_report();
  report.stamp = {};
  CHECK_FALSE(nlohmann::json::parse(format_report(report, ReportFormat::Json))
                  .contains("extra_data"));
  CHECK(format_report(report, ReportFormat::Junit).find("<properties>") == std::string::npos);
}
