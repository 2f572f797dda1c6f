// The equivalence rules of iterative deepening (grader/judge/equivalence.cpp): iddfs testing the
// goal on generate where each round cuts off at its limit; idastar by f testing it on generate with
// unit costs and a consistent h of at least 1 off the goal; and idastar by f, which has no depth
// limit for at_depth_limit or an expansions-below-the-limit counter to act on; idastar by f with
// Manhattan distance and unit costs, whose bound raised by two is its next f. Each rule is checked
// where it applies, where it must not, and against the engine itself: both variants run on every
// 2x3 board and on seeded 8-puzzle scrambles, compared as the task's checks compare.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/named_heuristic.h"
#include "engine/random_boards.h"
#include "grader/judge/adequacy.h"
#include "tests/grader/judge/variant_lookup.h"

using namespace tile;
using tile::testing::variant_named;

namespace {

// The bundled iterative-deepening assignment's semantics: a tree search with a path cycle check,
// the goal tested on pop, expansions counted; path, cost, count and order all checked.
Task iterative_task(Shape shape, Algorithm algorithm) {
  Task task;
  task.name = std::string(algorithm_name(algorithm));
  task.algorithm = algorithm;
  task.semantics = resolve({}, algorithm);  // the defaults of the algorithm it runs
  task.goal = goal_board(shape, GoalLayout::BlankLast);
  if (algorithm == Algorithm::Idastar) task.heuristic = "manhattan";
  task.semantics.goal_test = GoalTest::OnPop;
  task.semantics.duplicates = Duplicates::None;
  task.semantics.cycle_check = CycleCheck::Path;
  task.semantics.count = CountKind::Expanded;
  if (algorithm == Algorithm::Iddfs) task.semantics.at_depth_limit = AtDepthLimit::CutOff;
  task.limits.search.max_expansions = 200'000;
  task.limits.engine_nodes = 2'000'000;
  return task;
}

// The boards among `boards` on which the task's checks tell `code` apart from the reference
// (boards beyond the students' budget cannot be tests and are skipped; `compared` counts the rest).
std::size_t boards_telling_apart(const Task& task, const std::string& code,
                                 const std::vector<Board>& boards, std::size_t& compared) {
  const std::vector<Variant> variants = mistake_catalogue(task);
  const Variant& variant = variant_named(variants, code);
  std::unique_ptr<Heuristic> heuristic;
  if (task.heuristic) heuristic = std::move(make_named_heuristic(*task.heuristic, task.goal).value());
  std::size_t told_apart = 0;
  for (const Board& start : boards) {
    auto reference = compute_expectation(task, {"r", start, Visibility::Hidden});
    if (!reference || reference->counters.expanded > task.limits.search.max_expansions) continue;
    ++compared;
    const auto differ = differences(task, variant, start, *reference, heuristic.get());
    if (!differ.empty() && ++told_apart == 1) {
      MESSAGE(code << " first told apart on " << format_tiles(start) << ": " << differ.front());
    }
  }
  return told_apart;
}

std::vector<Board> scrambles(const Board& goal, std::uint64_t count, int deepest) {
  std::vector<Board> boards;
  for (std::uint64_t seed = 0; seed < count; ++seed) {
    boards.push_back(scrambled_board(goal, 4 + static_cast<int>(seed % (deepest - 3)), 9100 + seed));
  }
  return boards;
}

}  // namespace

TEST_CASE("iddfs cutting off at its limit: goal test on generate is equivalent, with its reason") {
  const Task task = iterative_task({3, 3}, Algorithm::Iddfs);
  const std::vector<Variant> variants = mistake_catalogue(task);
  const auto reason = equivalence_reason(task, variant_named(variants, "goal-test-on-generate"));
  REQUIRE(reason);
  CHECK(reason->find("cut off, never expanded") != std::string::npos);
}

TEST_CASE("the iddfs rule does not apply where its argument breaks") {
  auto reason_for = [](const Task& task) {
    const std::vector<Variant> variants = mistake_catalogue(task);
    return equivalence_reason(task, variant_named(variants, "goal-test-on-generate"));
  };
  Task expands = iterative_task({3, 3}, Algorithm::Iddfs);  // a node at the limit is expanded
  expands.semantics.at_depth_limit = AtDepthLimit::Expand;
  CHECK_FALSE(reason_for(expands));
  Task pops = iterative_task({3, 3}, Algorithm::Iddfs);  // the count sees the pops
  pops.semantics.count = CountKind::Popped;
  CHECK_FALSE(reason_for(pops));
  Task graph = iterative_task({3, 3}, Algorithm::Iddfs);  // a child may never be pushed
  graph.semantics.duplicates = Duplicates::OnPush;
  CHECK_FALSE(reason_for(graph));
  Task one_round = iterative_task({3, 3}, Algorithm::Dls);  // the goal may lie above the limit
  one_round.semantics.at_depth_limit = AtDepthLimit::CutOff;
  one_round.semantics.depth_limit = 12;
  CHECK_FALSE(reason_for(one_round));
}

TEST_CASE("idastar by f with unit costs and Manhattan: goal test on generate is equivalent") {
  const Task task = iterative_task({3, 3}, Algorithm::Idastar);
  auto reason_for = [](const Task& one) {
    const std::vector<Variant> variants = mistake_catalogue(one);
    return equivalence_reason(one, variant_named(variants, "goal-test-on-generate"));
  };
  const auto reason = reason_for(task);
  REQUIRE(reason);
  CHECK(reason->find("round bounded by the optimal cost") != std::string::npos);
  Task tile_cost = task;  // a sibling's f can stay within the bound
  tile_cost.semantics.cost = CostModel::Tile;
  CHECK_FALSE(reason_for(tile_cost));
  Task zero = task;  // h = 0 beside the goal: siblings are pushed and expanded first
  zero.heuristic = "zero";
  CHECK_FALSE(reason_for(zero));
  Task pops = task;
  pops.semantics.count = CountKind::Popped;
  CHECK_FALSE(reason_for(pops));
  Task by_depth = task;
  by_depth.semantics.round_bound = RoundBound::Depth;
  CHECK_FALSE(reason_for(by_depth));
}

TEST_CASE("idastar by f has no depth limit: at_depth_limit and the count below it are equivalent") {
  const Task task = iterative_task({3, 3}, Algorithm::Idastar);
  const std::vector<Variant> variants = mistake_catalogue(task);
  const auto cut_off = equivalence_reason(task, variant_named(variants, "at-depth-limit-cut-off"));
  REQUIRE(cut_off);
  CHECK(cut_off->find("no depth limit") != std::string::npos);
  const auto below =
      equivalence_reason(task, variant_named(variants, "counts-expanded-below-limit"));
  REQUIRE(below);
  // idastar by depth has a limit in every round: neither rule applies.
  Task by_depth = task;
  by_depth.semantics.round_bound = RoundBound::Depth;
  const std::vector<Variant> depth_variants = mistake_catalogue(by_depth);
  CHECK_FALSE(equivalence_reason(by_depth, variant_named(depth_variants, "at-depth-limit-cut-off")));
}

TEST_CASE("idastar with Manhattan and unit costs: a bound raised by two is the next f") {
  const Task task = iterative_task({3, 3}, Algorithm::Idastar);
  auto reason_for = [](const Task& one) {
    const std::vector<Variant> variants = mistake_catalogue(one);
    return equivalence_reason(one, variant_named(variants, "round-growth-plus-two"));
  };
  const auto reason = reason_for(task);
  REQUIRE(reason);
  CHECK(reason->find("bound plus two") != std::string::npos);
  // The other way round: an assignment that raises it by two, a student who takes the next f.
  Task by_two = task;
  by_two.semantics.round_growth = RoundGrowth::PlusTwo;
  const std::vector<Variant> by_two_variants = mistake_catalogue(by_two);
  CHECK(equivalence_reason(by_two, variant_named(by_two_variants, "round-growth-next-f")));
  CHECK_FALSE(equivalence_reason(by_two, variant_named(by_two_variants, "round-growth-plus-one")));
  // Where one move can change f by 1 or by more than 2, the smallest f cut off is not always the
  // bound plus two.
  Task misplaced = task;
  misplaced.heuristic = "misplaced";
  CHECK_FALSE(reason_for(misplaced));
  Task conflicts = task;
  conflicts.heuristic = "linear-conflict";
  CHECK_FALSE(reason_for(conflicts));
  Task tile_cost = task;
  tile_cost.semantics.cost = CostModel::Tile;
  CHECK_FALSE(reason_for(tile_cost));
  Task by_depth = task;
  by_depth.semantics.round_bound = RoundBound::Depth;
  CHECK_FALSE(reason_for(by_depth));
}

TEST_CASE("differential: the engine agrees with each rule on every 2x3 board and 8-puzzle scrambles") {
  const struct {
    Algorithm algorithm;
    const char* code;
  } claims[] = {{Algorithm::Iddfs, "goal-test-on-generate"},
                {Algorithm::Idastar, "goal-test-on-generate"},
                {Algorithm::Idastar, "at-depth-limit-cut-off"},
                {Algorithm::Idastar, "counts-expanded-below-limit"},
                {Algorithm::Idastar, "round-growth-plus-two"}};
  for (const auto& claim : claims) {
    CAPTURE(claim.code);
    const Task small = iterative_task({2, 3}, claim.algorithm);
    const std::vector<Board> boards = every_board(small.goal);
    REQUIRE(boards.size() == 360);
    std::size_t compared = 0;
    CHECK(boards_telling_apart(small, claim.code, boards, compared) == 0);
    CHECK(compared >= 300u);
    const Task task = iterative_task({3, 3}, claim.algorithm);
    std::size_t compared_3x3 = 0;
    CHECK(boards_telling_apart(task, claim.code, scrambles(task.goal, 40, 16), compared_3x3) == 0);
    CHECK(compared_3x3 >= 36u);
  }
}

TEST_CASE("differential control: where a goal-test rule does not apply, some board tells them apart") {
  // Without this, a comparison that never reports anything would pass the test above.
  Task expands = iterative_task({3, 3}, Algorithm::Iddfs);
  expands.semantics.at_depth_limit = AtDepthLimit::Expand;
  std::size_t compared = 0;
  CHECK(boards_telling_apart(expands, "goal-test-on-generate", scrambles(expands.goal, 40, 16),
                             compared) > 0);
  Task zero = iterative_task({3, 3}, Algorithm::Idastar);
  zero.heuristic = "zero";
  zero.limits.search.max_expansions = 20'000;
  CHECK(boards_telling_apart(zero, "goal-test-on-generate", scrambles(zero.goal, 20, 8),
                             compared) > 0);
  // Misplaced tiles change by 0 or 1 per move: a round's smallest f cut off can be its bound plus
  // one, and a bound raised by two then skips it.
  Task misplaced = iterative_task({3, 3}, Algorithm::Idastar);
  misplaced.heuristic = "misplaced";
  misplaced.limits.search.max_expansions = 50'000;
  CHECK(boards_telling_apart(misplaced, "round-growth-plus-two", scrambles(misplaced.goal, 20, 12),
                             compared) > 0);
}
