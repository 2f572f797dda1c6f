// "repair" in assignment.json: a word, or an object with the word and a budget; anything else is
// refused with the path and the reason.
#include "grader/spec/repair_setting.h"

#include <doctest/doctest.h>

#include <cstdio>

#include "grader/spec/assignment.h"

using namespace tile;
using nlohmann::json;

TEST_CASE("repair settings read from a word or an object") {
  const auto line = repair_setting_from_json("line");
  REQUIRE(line);
  CHECK(line->shown == RepairShown::Line);
  CHECK(line->cpu_seconds == RepairSetting{}.cpu_seconds);
  const auto edit = repair_setting_from_json(json{{"show", "edit"}, {"seconds", 3}});
  REQUIRE(edit);
  CHECK(edit->shown == RepairShown::Edit);
  CHECK(edit->cpu_seconds == 3);
  const auto budget_only = repair_setting_from_json(json{{"seconds", 20}});
  REQUIRE(budget_only);
  CHECK(budget_only->shown == RepairShown::Line);
  CHECK(repair_setting_from_json("none")->shown == RepairShown::None);
}

TEST_CASE("a repair setting that is not one is refused with its path") {
  CHECK(repair_setting_from_json("lines").error() ==
        "assignment.repair: expected \"line\", \"edit\" or \"none\", not \"lines\"");
  CHECK(repair_setting_from_json(json{{"show", "all"}}).error() ==
        "assignment.repair.show: expected \"line\", \"edit\" or \"none\", not \"all\"");
  CHECK(repair_setting_from_json(json{{"seconds", 0}}).error().find("assignment.repair.seconds") ==
        0);
  CHECK(repair_setting_from_json(json{{"budget", 5}}).error().find("assignment.repair") == 0);
  CHECK_FALSE(repair_setting_from_json(json(3)));
}

TEST_CASE("an assignment without \"repair\" shows the line, and one with it is read") {
  const char* base = R"({"title": "t", "size": "2x3", "tasks": [{"name": "bfs", "kind": "search",
      "function": "bfs", "algorithm": "bfs", "points": 1,
      "tests": [{"name": "one", "start": "1 2 3 4 0 5"}]}] %s})";
  char text[1024];
  std::snprintf(text, sizeof text, base, "");
  const auto plain = parse_assignment(text, ".");
  REQUIRE_MESSAGE(plain, plain.error());
  CHECK(plain->repair == RepairSetting{});
  std::snprintf(text, sizeof text, base, R"(, "repair": {"show": "edit", "seconds": 4})");
  const auto set = parse_assignment(text, ".");
  REQUIRE_MESSAGE(set, set.error());
  CHECK(set->repair == RepairSetting{RepairShown::Edit, 4});
  std::snprintf(text, sizeof text, base, R"(, "repair": "every")");
  CHECK(parse_assignment(text, ".").error().find("assignment.repair:") == 0);
}
