// Counters cross files and the pipe as one object keyed by name, and come back equal.
#include "grader/spec/counters_json.h"

#include <doctest/doctest.h>

using namespace tile;
using nlohmann::json;

TEST_CASE("counters round-trip through JSON, every named counter included") {
  Counters counters;
  std::uint64_t value = 1;
  for (const CounterField& field : kCounterFields) counters.*field.member = value++ * 1000003;
  const json document = counters_to_json(counters);
  CHECK(document.size() == std::size(kCounterFields));
  CHECK(document.at("expanded") == counters.expanded);
  const auto back = counters_from_json(document);
  REQUIRE(back);
  for (const CounterField& field : kCounterFields) {
    CHECK((*back).*field.member == counters.*field.member);
  }
}

TEST_CASE("damaged counters are refused with the counter's name") {
  json document = counters_to_json(Counters{});
  document["popped"] = -1;
  const auto negative = counters_from_json(document);
  REQUIRE_FALSE(negative);
  CHECK(negative.error().find("counters.popped") != std::string::npos);
  CHECK_FALSE(counters_from_json(json::array({1, 2, 3})));
  json missing = counters_to_json(Counters{});
  missing.erase("max_depth");
  CHECK_FALSE(counters_from_json(missing));
  json extra = counters_to_json(Counters{});
  extra["bogus"] = 1;
  CHECK_FALSE(counters_from_json(extra));
}
