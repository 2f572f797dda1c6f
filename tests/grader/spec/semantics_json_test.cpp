// Semantics cross assignment.json and --semantics files by their documented names, and come back equal.
#include "grader/spec/semantics_json.h"

#include <doctest/doctest.h>

#include <string>

using namespace tile;
using nlohmann::json;

TEST_CASE("the fields of issue 19 read from their documented names and write back the same") {
  const json document = {{"duplicates", "closed-on-expand"}, {"round_growth", "plus-one"},
                         {"rounds_counted", "last"},        {"start_marked", "no"},
                         {"parent_link", "last"},           {"count_offset", -1}};
  const auto read = semantics_from_json(document, "semantics");
  REQUIRE(read);
  CHECK(*read->duplicates == Duplicates::ClosedOnExpand);
  CHECK(read->round_growth == RoundGrowth::PlusOne);
  CHECK(read->rounds_counted == RoundsCounted::Last);
  CHECK(read->start_marked == StartMarked::No);
  CHECK(read->parent_link == ParentLink::Last);
  CHECK(read->count_offset == -1);
  const json written = semantics_to_json(*read);
  for (const auto& item : document.items()) {
    const std::string& key = item.key();
    CAPTURE(key);
    CHECK(written.at(key) == item.value());
  }
  const auto again = semantics_from_json(written, "semantics");
  REQUIRE(again);
  CHECK(*again == *read);
  // Left out, each takes its default, and the default is written out too.
  const json defaults = semantics_to_json(Semantics{});
  CHECK(defaults.at("round_growth") == "next-f");
  CHECK(defaults.at("rounds_counted") == "all");
  CHECK(defaults.at("start_marked") == "yes");
  CHECK(defaults.at("parent_link") == "first");
  CHECK(defaults.at("count_offset") == 0);
}

TEST_CASE("bibfs's fields read from their documented names, write back the same, and default") {
  const json document = {{"meet_test", "on-pop"}, {"meet_stop", "end-of-layer"},
                         {"next_side", "smaller-frontier"}};
  const auto read = semantics_from_json(document, "semantics");
  REQUIRE(read);
  CHECK(read->meet_test == MeetTest::OnPop);
  CHECK(read->meet_stop == MeetStop::EndOfLayer);
  CHECK(read->next_side == NextSide::SmallerFrontier);
  const json written = semantics_to_json(*read);
  for (const auto& item : document.items()) {
    const std::string& key = item.key();
    CAPTURE(key);
    CHECK(written.at(key) == item.value());
  }
  const json defaults = semantics_to_json(Semantics{});
  CHECK(defaults.at("meet_test") == "on-generate");
  CHECK(defaults.at("meet_stop") == "first");
  CHECK(defaults.at("next_side") == "alternate-node");
  const auto bad = semantics_from_json({{"next_side", "both"}}, "semantics");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().find("alternate-layer") != std::string::npos);
}

TEST_CASE("a bad value of a new field is refused with its path and what is accepted") {
  struct Case {
    json document;
    const char* said;
  };
  const Case cases[] = {
      {{{"round_growth", "double"}}, "plus-one"},
      {{{"rounds_counted", "first"}}, "last"},
      {{{"start_marked", true}}, "expected a string"},
      {{{"parent_link", "middle"}}, "first"},
      {{{"count_offset", 2}}, "expected -1, 0 or 1"},
      {{{"count_offset", "1"}}, "expected -1, 0 or 1"},
      {{{"count_offsets", 1}}, "count_offset"},  // the unknown key's message lists the known ones
  };
  for (const Case& c : cases) {
    CAPTURE(c.document.dump());
    const auto read = semantics_from_json(c.document, "tasks[0].semantics");
    REQUIRE_FALSE(read);
    CHECK(read.error().find("tasks[0].semantics.") != std::string::npos);
    CHECK(read.error().find(c.said) != std::string::npos);
  }
}
