// What a student reads of a verified repair: where to look and what changing it does, proved over
// the tests they see; the change itself only when the assignment says "edit"; nothing for a
// repair of tests they cannot see.
#include "grader/report/repair_text.h"

#include <doctest/doctest.h>

using namespace tile;

namespace {

RepairChange comparison_at_23() {
  return {.line = 23,
          .first_column = 10,
          .last_column = 10,
          .original = "<",
          .replacement = "<=",
          .kind = "relational-operator",
          .words = "a change to the comparison in line 23",
          .words_here = "a change to the comparison in this line",
          .line_before = "if g < best[key] then",
          .line_after = "if g <= best[key] then"};
}

TaskRepair repair_of(std::vector<RepairChange> changes, std::size_t tests, std::size_t visible,
                     std::size_t failing_visible) {
  return {.task = "astar",
          .changes = std::move(changes),
          .tests = tests,
          .visible_tests = visible,
          .failing_visible_tests = failing_visible};
}

}  // namespace

TEST_CASE("one change: the line, its text and what changing it does, over the tests seen") {
  const TaskRepair repair = repair_of({comparison_at_23()}, 8, 6, 2);
  CHECK(repair_paragraph(repair, RepairShown::Line) ==
        "\nWhere to look: line 23 of your file, `if g < best[key] then`. A change to the "
        "comparison in this line makes your run match the reference on all 6 tests of this task "
        "you can see.\n");
  CHECK(repair_paragraph(repair, RepairShown::Edit) ==
        "\nWhere to look: line 23 of your file, `if g < best[key] then`. A change to the "
        "comparison in this line makes your run match the reference on all 6 tests of this task "
        "you can see. The change: line 23 `if g < best[key] then` becomes "
        "`if g <= best[key] then`.\n");
  CHECK(repair_paragraph(repair, RepairShown::None).empty());
}

TEST_CASE("two changes are named together; a student who sees every test is not told of others") {
  RepairChange number = comparison_at_23();
  number.line = 12;
  number.kind = "constant-off-by-one";
  number.words = "a change to a number in line 12";
  number.line_before = "local depth = 1";
  number.line_after = "local depth = 0";
  const TaskRepair repair = repair_of({number, comparison_at_23()}, 1, 1, 1);
  CHECK(repair_paragraph(repair, RepairShown::Line) ==
        "\nWhere to look: lines 12 and 23 of your file. A change to a number in line 12, together "
        "with a change to the comparison in line 23, makes your run match the reference on the one "
        "test of this task.\n");
}

TEST_CASE("a repair of tests the student cannot see says nothing to them") {
  CHECK(repair_paragraph(repair_of({comparison_at_23()}, 8, 6, 0), RepairShown::Edit).empty());
}

TEST_CASE("the JSON form carries the change and reads back the same") {
  const TaskRepair repair = repair_of({comparison_at_23()}, 8, 6, 2);
  const nlohmann::json json = repair_to_json(repair);
  CHECK(json["changes"][0]["replacement"] == "<=");
  CHECK(json["tests_proven"] == 8);
  CHECK(repair_from_json(json) == repair);
  CHECK(json["code"].is_null());
  CHECK(json["dropped"].empty());
  // Beside the catalogue: the code it names and the claims it dropped cross too.
  TaskRepair beside = repair;
  beside.code = "ties-comparator-not-strict";
  beside.dropped = {"frontier-not-least-f"};
  const nlohmann::json beside_json = repair_to_json(beside);
  CHECK(beside_json["code"] == "ties-comparator-not-strict");
  CHECK(repair_from_json(beside_json) == beside);
  // Written before: neither field.
  nlohmann::json older = json;
  older.erase("code");
  older.erase("dropped");
  CHECK(repair_from_json(older) == repair);
  CHECK_FALSE(repair_from_json(nlohmann::json{{"task", "astar"}}));
}
