#include <doctest/doctest.h>

#include <cstdint>
#include <limits>

#include "grader/judge/comparison.h"
#include "tests/support/student_runs.h"

using namespace tile;

namespace {

const Board kComparedGoal = goal_board({3, 3}, GoalLayout::BlankFirst);
// Three moves from kComparedGoal.
const Board kComparedStart = parse_board({3, 3}, "1 2 5 3 4 0 6 7 8").value();

Expectation bfs_expectation() {
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
  spec.record_trace = true;
  return expectation_of(search({kComparedStart, kComparedGoal}, spec), CountKind::Expanded);
}

// A student whose run is the engine's in every respect, to be changed one fact at a time.
StudentSearchRun student_copy(const Expectation& expected) {
  return testing::student_run_of(expected.path, expected.trace, expected.count);
}

Comparison compare(const Compared& compared, const Expectation& expected,
                   const StudentSearchRun& run) {
  return compare_run(compared, expected,
                     summary_of(run, kComparedStart, kComparedGoal, CostModel::Unit));
}

const Compared kComparedEverything{.path = PathCheck::Exact, .cost = true, .count = true,
                           .count_tolerance = 0, .order = true};

}  // namespace

TEST_CASE("the engine's own run, as a student's, differs in nothing") {
  const Expectation expected = bfs_expectation();
  REQUIRE(expected.path.size() == 3);
  CHECK(compare(kComparedEverything, expected, student_copy(expected)).empty());
}

TEST_CASE("a path: exact wants the engine's moves, optimal any cheapest, valid any at all") {
  const Expectation expected = bfs_expectation();
  StudentSearchRun detour = student_copy(expected);
  // Out and back first: legal, reaches the goal, two moves longer.
  const Move first = expected.path.front();
  detour.path.insert(detour.path.begin(), {first, reverse_move(first)});
  Comparison exact = compare(kComparedEverything, expected, detour);
  CHECK(exact.describe() == "path, cost");
  CHECK(compare({.path = PathCheck::Optimal}, expected, detour).has(Difference::Path));
  CHECK(compare({.path = PathCheck::Valid}, expected, detour).empty());

  StudentSearchRun short_of_goal = student_copy(expected);
  short_of_goal.path.pop_back();
  CHECK(compare({.path = PathCheck::Valid}, expected, short_of_goal).has(Difference::Path));
}

TEST_CASE("a count: within the tolerance it passes, beyond it or missing it differs") {
  const Expectation expected = bfs_expectation();
  StudentSearchRun off_by_one = student_copy(expected);
  *off_by_one.reported_count += 1;
  const Compared strict{.path = PathCheck::Valid, .count = true};
  const Compared tolerant{.path = PathCheck::Valid, .count = true, .count_tolerance = 1};
  CHECK(compare(strict, expected, off_by_one).describe() == "count");
  CHECK(compare(tolerant, expected, off_by_one).empty());
  StudentSearchRun none = student_copy(expected);
  none.reported_count.reset();
  CHECK(compare(tolerant, expected, none).has(Difference::Count));
}

TEST_CASE("an order: the first expansion that differs is found, or where one side stops") {
  const Expectation expected = bfs_expectation();
  REQUIRE(expected.trace.size() >= 4);
  const Compared order{.path = PathCheck::Valid, .order = true};

  StudentSearchRun swapped;
  swapped.completed = true;
  swapped.path = expected.path;
  std::vector<Board> boards = expected.trace;
  std::swap(boards[2], boards[3]);
  for (const Board& board : boards) record_expansion(swapped, board, SIZE_MAX);
  Comparison by_swap = compare(order, expected, swapped);
  CHECK(by_swap.describe() == "order");
  CHECK(by_swap.first_divergence == 2);

  StudentSearchRun one_more = student_copy(expected);
  record_expansion(one_more, kComparedGoal, SIZE_MAX);
  CHECK(compare(order, expected, one_more).first_divergence == expected.trace.size());

  // Only the first two boards kept, but every expansion counted in the digest: equal order.
  StudentSearchRun kept_two;
  kept_two.completed = true;
  kept_two.path = expected.path;
  for (const Board& board : expected.trace) record_expansion(kept_two, board, 2);
  CHECK(compare(order, expected, kept_two).empty());
}

TEST_CASE("a run stopped by its budget is said to be stopped, and nothing else") {
  const Expectation expected = bfs_expectation();
  StudentSearchRun stopped = student_copy(expected);
  stopped.out_of_expansions = true;
  stopped.path.clear();
  CHECK(compare(kComparedEverything, expected, stopped).describe() == "budget");
}

TEST_CASE("a count's distance never overflows, whatever a script returns") {
  constexpr auto kMin = std::numeric_limits<std::int64_t>::min();
  CHECK(count_gap(5, 3) == 2);
  CHECK(count_gap(3, 5) == 2);
  CHECK(count_gap(-1, 0) == 1);
  CHECK(count_gap(kMin, 0) == std::uint64_t{1} << 63);
  CHECK(count_gap(kMin, UINT64_MAX) == UINT64_MAX);
}

TEST_CASE("a candidate's node cap: room for the student's expansions and one more") {
  CHECK(node_cap(0) == kMoveCount + 1);
  CHECK(node_cap(10) == 11 * kMoveCount + 1);
  CHECK(node_cap(UINT64_MAX) > node_cap(UINT64_MAX / 8));  // saturates, never wraps to small
}
