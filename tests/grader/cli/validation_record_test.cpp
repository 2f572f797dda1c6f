#include <doctest/doctest.h>

#include "grader/cli/validation_record.h"

using namespace tile::cli;

TEST_CASE("a validation record reads back as written") {
  const ValidationRecord record{"0123456789abcdef", "0.1.0", 7};
  const std::string text = validation_record_text(record);
  CHECK(text ==
        "{\n  \"assignment_digest\": \"0123456789abcdef\",\n  \"tilegrade_version\": \"0.1.0\",\n"
        "  \"mutants\": 7\n}\n");
  auto read = parse_validation_record(text, "validation.json");
  REQUIRE(read);
  CHECK(read->assignment_digest == record.assignment_digest);
  CHECK(read->tilegrade_version == record.tilegrade_version);
  CHECK(read->mutants == 7);
}

TEST_CASE("a file that is no validation record is one line naming it") {
  for (const char* text : {"[]", "{\"assignment_digest\": 3}", "{\"mutants\": -1}", "not json"}) {
    CAPTURE(text);
    auto read = parse_validation_record(text, "v.json");
    REQUIRE_FALSE(read);
    CHECK(read.error().rfind("v.json: ", 0) == 0);
    CHECK(read.error().find('\n') == std::string::npos);
  }
}
