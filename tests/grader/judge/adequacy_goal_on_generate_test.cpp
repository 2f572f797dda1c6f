// The equivalence rule "A* testing the goal on generate stays optimal" (grader/judge/adequacy.cpp):
// where it applies, where it must not, and a differential check that it holds, run on every 2x3
// board and on seeded 8-puzzle scrambles with the engine itself (both variants, compared as the
// task's checks compare).
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "engine/named_heuristic.h"
#include "engine/random_boards.h"
#include "engine/state_table.h"
#include "grader/judge/adequacy.h"
#include "tests/support/task_builders.h"

using namespace tile;
using tile::testing::optimal_only_astar;

namespace {

const Variant* goal_on_generate(const std::vector<Variant>& variants) {
  const auto it = std::find_if(variants.begin(), variants.end(), [](const Variant& v) {
    return v.code == "goal-test-on-generate";
  });
  return it == variants.end() ? nullptr : &*it;
}

// Runs the reference and the variant on each board and counts the boards where the task's checks
// tell them apart. Boards whose reference needs more than the students' budget (hard 2x3 boards
// under tree search) cannot be tests and are skipped; `compared` counts the others.
std::size_t boards_telling_apart(const Task& task, const std::vector<Board>& boards,
                                 std::size_t& compared) {
  const std::vector<Variant> variants = mistake_catalogue(task);
  const Variant* variant = goal_on_generate(variants);
  REQUIRE(variant != nullptr);
  auto heuristic = std::move(make_named_heuristic(*task.heuristic, task.goal).value());
  std::size_t told_apart = 0;
  for (const Board& start : boards) {
    auto reference = compute_expectation(task, {"r", start, Visibility::Hidden});
    if (!reference || reference->counters.expanded > task.limits.search.max_expansions) continue;
    ++compared;
    const auto differ = differences(task, *variant, start, *reference, heuristic.get());
    if (!differ.empty()) {
      ++told_apart;
      MESSAGE("told apart on " << format_tiles(start) << ": " << differ.front());
    }
  }
  return told_apart;
}

}  // namespace

TEST_CASE("goal test on generate is equivalent for unit-cost A* with a positive consistent h") {
  for (Duplicates duplicates : {Duplicates::None, Duplicates::ClosedOnPop}) {
    const Task task = optimal_only_astar({3, 3}, duplicates);
    const std::vector<Variant> variants = mistake_catalogue(task);
    const Variant* variant = goal_on_generate(variants);
    REQUIRE(variant != nullptr);
    const auto reason = equivalence_reason(task, *variant);
    REQUIRE(reason);
    CHECK(reason->find("consistent h of at least 1") != std::string::npos);
  }
}

TEST_CASE("the rule does not apply where the argument breaks") {
  const Task base = optimal_only_astar({3, 3}, Duplicates::None);
  auto reason_for = [](const Task& task) {
    const std::vector<Variant> variants = mistake_catalogue(task);
    const Variant* variant = goal_on_generate(variants);
    REQUIRE(variant != nullptr);
    return equivalence_reason(task, *variant);
  };
  Task counted = base;  // the count sees the search stop earlier
  counted.checks.count = true;
  CHECK_FALSE(reason_for(counted));
  Task ordered = base;
  ordered.checks.order = true;
  CHECK_FALSE(reason_for(ordered));
  Task exact = base;  // another optimal path may be found
  exact.checks.path = PathCheck::Exact;
  CHECK_FALSE(reason_for(exact));
  Task zero = base;  // h = 0 next to the goal: a goal child can cost more than the bound
  zero.heuristic = "zero";
  CHECK_FALSE(reason_for(zero));
  Task tile_cost = base;  // a step can cost more than h
  tile_cost.semantics.cost = CostModel::Tile;
  CHECK_FALSE(reason_for(tile_cost));
  Task marks_on_push = base;  // the reference itself is not optimal
  marks_on_push.semantics.duplicates = Duplicates::OnPush;
  CHECK_FALSE(reason_for(marks_on_push));
}

TEST_CASE("differential: A* testing the goal on generate returns an optimal path on every board") {
  // Every 2x3 board (360), under tree search and under a closed set.
  for (Duplicates duplicates : {Duplicates::None, Duplicates::ClosedOnPop}) {
    const Task task = optimal_only_astar({2, 3}, duplicates);
    const std::vector<Board> boards = every_board(task.goal);
    REQUIRE(boards.size() == 360);
    std::size_t compared = 0;
    CHECK(boards_telling_apart(task, boards, compared) == 0);
    MESSAGE("2x3, duplicates " << duplicates_name(duplicates) << ": " << compared
                               << " boards within the budget compared");
    CHECK(compared >= (duplicates == Duplicates::None ? 200u : 360u));
  }
  // 300 seeded 8-puzzle scrambles of 10 to 22 moves, with a closed set (the tree search of the
  // same boards is the slow half; 60 of them).
  for (Duplicates duplicates : {Duplicates::ClosedOnPop, Duplicates::None}) {
    const Task task = optimal_only_astar({3, 3}, duplicates);
    const std::uint64_t count = duplicates == Duplicates::None ? 60 : 300;
    std::vector<Board> boards;
    for (std::uint64_t seed = 0; seed < count; ++seed) {
      boards.push_back(scrambled_board(task.goal, 10 + static_cast<int>(seed % 13), 7000 + seed));
    }
    std::size_t compared = 0;
    CHECK(boards_telling_apart(task, boards, compared) == 0);
    CHECK(compared >= count * 9 / 10);  // tree search: a few boards are beyond the budget
  }
}

TEST_CASE("differential control: the same comparison tells apart a mutant that is not optimal") {
  // Without this, a comparison that never reports anything would pass the test above.
  Task task = optimal_only_astar({3, 3}, Duplicates::ClosedOnPop);
  const std::vector<Variant> variants = mistake_catalogue(task);
  const auto it = std::find_if(variants.begin(), variants.end(), [](const Variant& v) {
    return v.code == "priority-weighted";
  });
  REQUIRE(it != variants.end());
  auto heuristic = std::move(make_named_heuristic(*task.heuristic, task.goal).value());
  std::size_t told_apart = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const Board start = scrambled_board(task.goal, 22, 7000 + seed);
    auto reference = compute_expectation(task, {"r", start, Visibility::Hidden});
    REQUIRE(reference);
    if (!differences(task, *it, start, *reference, heuristic.get()).empty()) ++told_apart;
  }
  CHECK(told_apart > 0);
}
