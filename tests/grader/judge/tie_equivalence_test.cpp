// Every variant the tie rules call equivalent gives the reference's path, cost, count and order on
// every 2x3 board and on every 3x4 board within 8 moves of the goal, for the tile-cost tasks the
// rules speak of; and the rules name the mistakes they were written for.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>

#include "engine/named_heuristic.h"
#include "engine/state_table.h"
#include "grader/judge/adequacy.h"
#include "grader/judge/tie_equivalence.h"

using namespace tile;

namespace {

Task tile_cost_task(Algorithm algorithm, Shape shape) {
  Task task;
  task.name = "search";
  task.algorithm = algorithm;
  task.goal = goal_board(shape, GoalLayout::BlankLast);
  if (uses_heuristic(algorithm)) task.heuristic = "manhattan-tile-cost";
  task.weight = Weight{2, 1};
  Semantics written;
  written.cost = CostModel::Tile;
  task.semantics = resolve(written, algorithm);
  task.limits.search.max_expansions = 20'000;
  task.limits.engine_nodes = 200'000;
  return task;
}

// The boards within `depth` moves of the goal (all of them when depth is large enough).
std::vector<Board> boards_within(const Board& goal, int depth) {
  std::vector<Board> out = {goal};
  std::set<PackedState> seen = {pack(goal)};
  std::size_t layer_begin = 0;
  for (int d = 0; d < depth; ++d) {
    const std::size_t layer_end = out.size();
    for (std::size_t i = layer_begin; i < layer_end; ++i) {
      for (Move move : kAllMoves) {
        if (!out[i].can_move(move)) continue;
        Board next = out[i].moved(move);
        if (seen.insert(pack(next)).second) out.push_back(std::move(next));
      }
    }
    layer_begin = layer_end;
  }
  return out;
}

// The codes of the variants the tie rules call equivalent, each checked on every board.
std::set<std::string> checked_tie_equivalences(const Task& task, const std::vector<Board>& boards) {
  std::unique_ptr<Heuristic> heuristic;
  if (task.heuristic) heuristic = make_named_heuristic(*task.heuristic, task.goal).value();
  const ResolvedSemantics& base = task.semantics;
  std::vector<Variant> equivalent;
  std::set<std::string> codes;
  for (Variant& variant : mistake_catalogue(task)) {
    if (!tie_equivalence_reason(task, base, variant)) continue;
    codes.insert(variant.code);
    equivalent.push_back(std::move(variant));
  }
  for (const Board& start : boards) {
    auto reference = compute_expectation(task, {"board", start, Visibility::Hidden});
    REQUIRE(reference);
    for (const Variant& variant : equivalent) {
      const auto differ = differences(task, variant, start, *reference, heuristic.get());
      INFO(variant.code, " on ", format_tiles(start));
      CHECK(differ.empty());
    }
  }
  return codes;
}

}  // namespace

TEST_CASE("tie rules: UCS under tile costs") {
  for (Shape shape : {Shape{2, 3}, Shape{3, 4}}) {
    const Task task = tile_cost_task(Algorithm::Ucs, shape);
    const auto codes =
        checked_tie_equivalences(task, boards_within(task.goal, shape.cells() == 6 ? 30 : 8));
    CHECK(codes.contains("push-order-reverse"));
    CHECK(codes.contains("action-order-RLDU"));
    CHECK(codes.contains("queue-binary-heap"));
    CHECK(codes.contains("duplicates-replace-if-cheaper"));
    CHECK(codes.contains("ties-add-g-high"));
    CHECK_FALSE(codes.contains("ties-lifo"));  // the order of arrival reversed: not free
  }
}

TEST_CASE("tie rules: weighted A* (w = 2) with tile-cost Manhattan") {
  for (Shape shape : {Shape{2, 3}, Shape{3, 4}}) {
    const Task task = tile_cost_task(Algorithm::WeightedAstar, shape);
    const auto codes =
        checked_tie_equivalences(task, boards_within(task.goal, shape.cells() == 6 ? 30 : 8));
    CHECK(codes.contains("push-order-reverse"));
    CHECK(codes.contains("action-order-DULR"));
    CHECK(codes.contains("goal-test-on-generate"));
    CHECK(codes.contains("duplicates-replace-if-cheaper"));
    CHECK_FALSE(codes.contains("ties-add-g-low"));  // ties on g + 2h need not tie on g
  }
}

TEST_CASE("tie rules: A* keeps only the queue and duplicate rules") {
  const Task task = tile_cost_task(Algorithm::Astar, {3, 4});
  const auto codes = checked_tie_equivalences(task, boards_within(task.goal, 8));
  CHECK(codes.contains("queue-binary-heap"));
  CHECK(codes.contains("duplicates-replace-if-cheaper"));
  // Children of one node tie on g + h whenever both tiles move towards home.
  CHECK_FALSE(codes.contains("push-order-reverse"));
  CHECK_FALSE(codes.contains("goal-test-on-generate"));  // the goal child ties with its parent
}

TEST_CASE("tie rules: a Lua heuristic is not known to be tile-cost Manhattan") {
  Task task = tile_cost_task(Algorithm::WeightedAstar, {3, 4});
  task.heuristic = "tile_cost.lua";
  const ResolvedSemantics& base = task.semantics;
  for (const Variant& variant : mistake_catalogue(task)) {
    if (variant.code != "push-order-reverse") continue;
    CHECK_FALSE(tie_equivalence_reason(task, base, variant));
  }
}

namespace {

Task greedy_task(Shape shape, std::vector<TieKey> ties) {
  Task task;
  task.name = "greedy";
  task.algorithm = Algorithm::Greedy;
  task.goal = goal_board(shape, GoalLayout::BlankLast);
  task.heuristic = "manhattan";
  Semantics written;
  if (!ties.empty()) written.tie_break = std::move(ties);
  task.semantics = resolve(written, Algorithm::Greedy);
  task.limits.search.max_expansions = 20'000;
  task.limits.engine_nodes = 200'000;
  return task;
}

}  // namespace

TEST_CASE("tie rules: greedy orders by h, so a tie broken by h decides nothing") {
  // Every 2x3 board, and the 3x3 boards within 10 moves of the goal, each variant checked.
  for (Shape shape : {Shape{2, 3}, Shape{3, 3}}) {
    const int depth = shape.cells() == 6 ? 30 : 10;
    const Task plain = greedy_task(shape, {});
    const auto added = checked_tie_equivalences(plain, boards_within(plain.goal, depth));
    CHECK(added.contains("ties-add-h-low"));
    CHECK_FALSE(added.contains("ties-add-g-low"));  // ties on h need not tie on g
    CHECK_FALSE(added.contains("ties-lifo"));

    const Task by_h = greedy_task(shape, {TieKey::HLow, TieKey::Fifo});
    const auto removed = checked_tie_equivalences(by_h, boards_within(by_h.goal, depth));
    CHECK(removed.contains("ties-ignore-h-low"));
  }
}

TEST_CASE("tie rules: A* orders by g + h, so a key on h alone is not inert") {
  Task task = tile_cost_task(Algorithm::Astar, {3, 4});
  for (const Variant& variant : mistake_catalogue(task)) {
    if (variant.code != "ties-add-h-low") continue;
    CHECK_FALSE(tie_equivalence_reason(task, task.semantics, variant));
  }
}

TEST_CASE("tie rules: A* with the zero heuristic orders by g, so keys on g or h decide nothing") {
  Task task = greedy_task({3, 3}, {});
  task.name = "astar";
  task.algorithm = Algorithm::Astar;
  task.heuristic = "zero";
  task.semantics = resolve(Semantics{}, Algorithm::Astar);
  const auto codes = checked_tie_equivalences(task, boards_within(task.goal, 8));
  CHECK(codes.contains("ties-add-g-high"));
  CHECK(codes.contains("ties-add-g-low"));
  CHECK(codes.contains("ties-add-h-low"));
}
