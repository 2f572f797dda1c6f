// JsonFields: the first error is kept as a Status (bad input, naming the JSON path), readers after
// it read nothing, and finish() refuses a key nobody read.
#include "grader/spec/json_fields.h"

#include <doctest/doctest.h>

using namespace tile;
using nlohmann::json;

TEST_CASE("the first error is the status, and readers after it read nothing") {
  const json object = {{"name", 3}, {"points", 5}};
  JsonFields fields(object, "task");
  CHECK(fields.status());
  CHECK_FALSE(fields.string("name").has_value());
  REQUIRE_FALSE(fields.status());
  CHECK(fields.status().error() == "task.name: expected a string, got 3");
  CHECK(fields.status().error_kind() == ErrorKind::BadInput);
  // A valid key after the error is not read, and the error stays the first one.
  CHECK_FALSE(fields.number("points", 0, 10).has_value());
  fields.fail("task: a later error");
  const Status finished = fields.finish();
  REQUIRE_FALSE(finished);
  CHECK(finished.error() == "task.name: expected a string, got 3");
}

TEST_CASE("a required key, a value out of range and an unread key are refused") {
  const json object = {{"points", 50}, {"vissibility", "hidden"}};
  JsonFields missing(object, "task");
  CHECK_FALSE(missing.string("name", true).has_value());
  CHECK(missing.status().error() == "task.name: required");

  JsonFields range(object, "task");
  CHECK_FALSE(range.number("points", 0, 10).has_value());
  CHECK(range.status().error() == "task.points: expected a number from 0.0 to 10.0, got 50");

  JsonFields typo(object, "task");
  CHECK(typo.number("points", 0, 100) == 50);
  CHECK(typo.status());
  const Status finished = typo.finish();
  REQUIRE_FALSE(finished);
  CHECK(finished.error().find("vissibility") != std::string::npos);
  CHECK(finished.error_kind() == ErrorKind::BadInput);
}

TEST_CASE("a value that is not an object is refused before any key is read") {
  JsonFields fields(json::array(), "assignment.limits");
  CHECK_FALSE(fields.status());
  CHECK(fields.status().error() == "assignment.limits: expected an object, got []");
  CHECK_FALSE(fields.boolean("anything").has_value());
  CHECK_FALSE(fields.finish());
}
