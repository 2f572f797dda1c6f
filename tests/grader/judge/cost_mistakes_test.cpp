// The step-cost mistakes of a tile-cost search (issue 36 §3): a cell's number charged instead of
// the tile's, named on a run that makes them and on no correct run; only tile-cost tasks have them.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/random_boards.h"
#include "grader/judge/diagnosis.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/spec/expectation.h"
#include "tests/support/task_builders.h"
#include "tests/support/student_runs.h"
#include "tests/grader/judge/variant_lookup.h"

using namespace tile;
using testing::has_code;

namespace {

Task ucs_task(CostModel cost) {
  Task task = testing::hand_task("ucs", Algorithm::Ucs, GoalLayout::BlankLast);
  task.semantics.cost = cost;
  return task;
}

// What a student whose search makes exactly this mistake reports: the engine run under it.
StudentSearchRun run_with(const Task& task, CostModel cost) {
  SearchSpec spec = engine_spec(task, nullptr, true);
  spec.semantics.cost = cost;
  const SearchResult result = search({task.tests[0].start, task.goal}, spec);
  return testing::student_run_of(result.path, result.trace, result.counters.expanded);
}

}  // namespace

TEST_CASE("a tile-cost search charging a cell's number is named so; a correct one is not") {
  Task task = ucs_task(CostModel::Tile);
  int named_boards = 0;
  for (std::uint64_t seed = 1; seed <= 30 && named_boards < 2; ++seed) {
    task.tests = {{"t", scrambled_board(task.goal, 14, seed), Visibility::Visible}};
    const StudentSearchRun reference = run_with(task, CostModel::Tile);
    const StudentSearchRun blank_cell = run_with(task, CostModel::BlankCell);
    const StudentSearchRun destination = run_with(task, CostModel::DestinationCell);
    // Boards where the three orders differ (found here, not assumed).
    if (blank_cell.expansions == reference.expansions ||
        destination.expansions == reference.expansions ||
        blank_cell.expansions == destination.expansions) {
      continue;
    }
    CAPTURE(format_tiles(task.tests[0].start));
    const auto blank = diagnose_search(task, task.tests[0], blank_cell);
    REQUIRE(blank);
    CHECK(blank->code == "cost-blank-cell");
    const auto moved_into = diagnose_search(task, task.tests[0], destination);
    REQUIRE(moved_into);
    CHECK(moved_into->code == "cost-destination-cell");
    CHECK_FALSE(diagnose_search(task, task.tests[0], reference));
    ++named_boards;
  }
  CHECK(named_boards == 2);
}

TEST_CASE("only a tile-cost task's catalogue holds the cell-number costs") {
  const std::vector<Variant> tile = mistake_catalogue(ucs_task(CostModel::Tile));
  CHECK(has_code(tile, "cost-unit"));
  CHECK(has_code(tile, "cost-blank-cell"));
  CHECK(has_code(tile, "cost-destination-cell"));
  const std::vector<Variant> unit = mistake_catalogue(ucs_task(CostModel::Unit));
  CHECK(has_code(unit, "cost-tile"));
  CHECK_FALSE(has_code(unit, "cost-blank-cell"));
  CHECK_FALSE(has_code(unit, "cost-destination-cell"));
}
