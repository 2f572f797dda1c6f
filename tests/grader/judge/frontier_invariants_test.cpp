// The frontier's order on hand-built observed runs: each code named at the first expansion that
// breaks it, with both boards and their keys, and never where a tie, another duplicate policy, a
// depth limit or a bound the run leaves open explains the step.
#include "grader/judge/frontier_invariants.h"

#include <doctest/doctest.h>

#include "engine/named_heuristic.h"
#include "grader/judge/invariants.h"
#include "tests/grader/student/observed_support.h"
#include "tests/support/task_builders.h"

namespace tile {
namespace frontier_invariants_testing {

Board board_3x3(const char* tiles) { return parse_board(Shape{3, 3}, tiles).value(); }

const Board kGoal = board_3x3("1 2 3 4 5 6 7 8 0");
// Two moves right of the goal. Manhattan: the start 2, Up 3, Right 1.
const Board kStart = board_3x3("1 2 3 4 5 6 0 7 8");
const Board kUp = kStart.moved(Move::Up);
const Board kRight = kStart.moved(Move::Right);

Task task_of(Algorithm algorithm, Duplicates duplicates = Duplicates::ClosedOnPop) {
  Task task = testing::defaults_task(algorithm, kGoal);
  task.semantics.duplicates = duplicates;
  if (uses_heuristic(algorithm)) task.heuristic = "manhattan";
  return task;
}

// A run expanding `order` (the start first), each expansion returning every legal child.
StudentSearchRun run_expanding(const std::vector<Board>& order) {
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, kStart);
  for (const Board& board : order) testing::record_expansion_of(recorder, board);
  return run;
}

std::optional<Diagnosis> order_check(const Task& task, const StudentSearchRun& run) {
  auto manhattan = make_named_heuristic("manhattan", kGoal);
  REQUIRE(manhattan);
  return frontier_order_broken(task, observed_tree_of(task, run, manhattan->get()));
}

std::string code_of(const std::optional<Diagnosis>& diagnosis) {
  return diagnosis ? diagnosis->code : "";
}

TEST_CASE("A* expanding a board of higher f while a lower one waits is named with both keys") {
  const auto diagnosis = order_check(task_of(Algorithm::Astar), run_expanding({kStart, kUp}));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "frontier-not-least-f");
  CHECK(diagnosis->explanation.starts_with(
      "At expansion 2 you expanded a board whose f is 4 while one whose f is 2, generated at "
      "expansion 1, had not been expanded:"));
  REQUIRE(diagnosis->step);
  REQUIRE(diagnosis->step->boards.size() == 2);
  const EvidenceBoard& taken = diagnosis->step->boards[0];
  CHECK(taken.board == kUp);
  CHECK(taken.key_name == "f");
  CHECK(taken.key == 4);
  CHECK(taken.key_bound == KeyBound::Exact);
  CHECK(taken.g == 1);
  CHECK(taken.h == 3);
  const EvidenceBoard& waiting = diagnosis->step->boards[1];
  CHECK(waiting.board == kRight);
  CHECK(waiting.key == 2);
  CHECK(waiting.generated_at == 1);
  CHECK_FALSE(waiting.expanded_at);
  // The same run is greedy's least-h mistake too; a correct order names nothing, in any policy.
  CHECK(code_of(order_check(task_of(Algorithm::Greedy), run_expanding({kStart, kUp}))) ==
        "frontier-not-least-h");
  for (Duplicates policy : {Duplicates::OnPush, Duplicates::ClosedOnPop, Duplicates::None,
                            Duplicates::ReopenIfCheaper, Duplicates::VisitedOnPop}) {
    CHECK_FALSE(order_check(task_of(Algorithm::Astar, policy), run_expanding({kStart, kRight})));
  }
}

TEST_CASE("uniform-cost search is held to least g, and ties are never named") {
  const Task ucs = task_of(Algorithm::Ucs);
  const Board up_up = kUp.moved(Move::Up);
  const auto diagnosis = order_check(ucs, run_expanding({kStart, kUp, up_up}));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "frontier-not-least-g");
  CHECK(diagnosis->step->step == 3);
  CHECK(diagnosis->step->boards[1].board == kRight);
  // Equal g in either order; then the next layer in any order.
  CHECK_FALSE(order_check(ucs, run_expanding({kStart, kUp, kRight, up_up})));
  CHECK_FALSE(order_check(ucs, run_expanding({kStart, kRight, kUp, up_up})));
  // A depth limit keeps deep children off the frontier: nothing is claimed.
  Task limited = ucs;
  limited.semantics.depth_limit = 1;
  CHECK_FALSE(order_check(limited, run_expanding({kStart, kUp, up_up})));
}

TEST_CASE("ties broken by the tiles are held to the smallest tiles first, only when no key is") {
  Task by_state = task_of(Algorithm::Ucs);
  by_state.semantics.tie_break = std::vector<TieKey>{TieKey::State};
  REQUIRE(kUp.tiles_less(kRight));  // the blank (0) in cell 4 against tile 4
  // kRight (g = 1) expanded while kUp, of g = 1 too and smaller tiles, waited.
  const auto diagnosis = order_check(by_state, run_expanding({kStart, kRight, kUp}));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "ties-not-lexicographic");
  CHECK(diagnosis->explanation.starts_with(
      "At expansion 2 you expanded a board whose g is 1 while another whose g is 1 too, "
      "generated at expansion 1 and not yet expanded, has tiles that come first"));
  REQUIRE(diagnosis->step);
  CHECK(diagnosis->step->boards[0].board == kRight);
  CHECK(diagnosis->step->boards[1].board == kUp);
  // Not named: the smallest tiles first; ties that do not go by the tiles; a run that also
  // expands a board of certainly higher g (a key computed wrongly, which that names).
  CHECK_FALSE(order_check(by_state, run_expanding({kStart, kUp, kRight})));
  CHECK_FALSE(order_check(task_of(Algorithm::Ucs), run_expanding({kStart, kRight, kUp})));
  const auto keyed = order_check(by_state, run_expanding({kStart, kRight, kRight.moved(Move::Up)}));
  CHECK(code_of(keyed) == "frontier-not-least-g");
}

TEST_CASE("a board generated at two costs is bounded as loosely as any policy allows") {
  // Boards joined by made-up children (the judge reads the record, not the rules of the puzzle):
  // P is generated at g 1 (by the start) and at g 2 (by A), so W, generated by P, waits with g 2
  // or 3. X at g 3 may tie with it; X at g 4 certainly comes after it.
  const Board a = board_3x3("1 2 3 4 5 6 7 0 8");
  const Board p = board_3x3("1 2 3 4 5 0 7 8 6");
  const Board w = board_3x3("1 2 0 4 5 3 7 8 6");
  const Board c1 = board_3x3("1 2 3 4 0 6 7 5 8");
  const Board c2 = board_3x3("1 0 3 4 2 6 7 5 8");
  const Board c3 = board_3x3("0 1 3 4 2 6 7 5 8");
  const Board x = board_3x3("4 1 3 0 2 6 7 5 8");
  const auto run_to = [&](bool deeper) {
    StudentSearchRun run;
    ObservedSearchRecorder recorder(run.observed, kStart);
    const auto expand = [&](const Board& parent, std::vector<Board> children) {
      std::vector<Move> moves(children.size(), Move::Up);
      recorder.successors(parent, children.data(), moves.data(),
                          static_cast<int>(children.size()), 0);
    };
    expand(kStart, {a, p, c1});
    expand(a, {p});
    expand(p, {w});
    expand(c1, {c2});
    if (deeper) {
      expand(c2, {c3});
      expand(c3, {x});
    } else {
      expand(c2, {x});
    }
    expand(x, {});
    return run;
  };
  const Task ucs = task_of(Algorithm::Ucs);
  const ObservedTree tree = observed_tree_of(ucs, run_to(true), nullptr);
  const ObservedCosts costs = observed_costs(tree, CostModel::Unit, false);
  CHECK(costs.expansion[2].least == 1);
  CHECK(costs.expansion[2].most == 2);
  CHECK(costs.first_generation[*tree.find(w)].most == 3);
  const auto diagnosis = priority_order_broken(ucs, tree);
  REQUIRE(diagnosis);
  CHECK(diagnosis->step->step == 7);
  CHECK(diagnosis->explanation.starts_with(
      "At expansion 7 you expanded a board whose g is 4 while one whose g is at most 3, "
      "generated at expansion 3, had not been expanded:"));
  CHECK(diagnosis->step->boards[1].key_bound == KeyBound::AtMost);
  CHECK_FALSE(diagnosis->step->boards[1].g);  // not fixed by the run: not shown as a fact
  CHECK_FALSE(order_check(ucs, run_to(false)));
}

TEST_CASE("depth-first search going back to an older board while a new child waits is named") {
  const Task dfs = task_of(Algorithm::Dfs, Duplicates::OnPush);
  const Board up_up = kUp.moved(Move::Up);
  const auto diagnosis = order_check(dfs, run_expanding({kStart, kUp, kRight}));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "frontier-not-newest-first");
  CHECK(diagnosis->explanation.starts_with(
      "At expansion 3 you expanded a board generated at expansion 1, though expansion 2 had "
      "just generated a board no earlier expansion had generated:"));
  REQUIRE(diagnosis->step->boards.size() == 3);
  CHECK(diagnosis->step->boards[0].board == kRight);
  CHECK(diagnosis->step->boards[1].board == kUp);
  // A child of the board just expanded, in any order, under any policy: nothing.
  for (Duplicates policy : {Duplicates::OnPush, Duplicates::ClosedOnPop, Duplicates::None,
                            Duplicates::VisitedOnPop}) {
    CHECK_FALSE(order_check(task_of(Algorithm::Dfs, policy), run_expanding({kStart, kUp, up_up})));
    CHECK_FALSE(order_check(task_of(Algorithm::Dfs, policy),
                            run_expanding({kStart, kUp, kUp.moved(Move::Right)})));
  }
  // A breadth-first order is named for a depth-first task, and not for a breadth-first one.
  CHECK_FALSE(order_check(task_of(Algorithm::Bfs), run_expanding({kStart, kUp, kRight})));
  // A "stack" whose ties go by another key first is no stack: nothing is claimed.
  Task by_state = dfs;
  by_state.semantics.tie_break = std::vector<TieKey>{TieKey::State, TieKey::Lifo};
  CHECK_FALSE(order_check(by_state, run_expanding({kStart, kUp, kRight})));
  Task parent_lifo = dfs;
  parent_lifo.semantics.tie_break = std::vector<TieKey>{TieKey::ParentLifo, TieKey::State};
  CHECK(code_of(order_check(parent_lifo, run_expanding({kStart, kUp, kRight}))) ==
        "frontier-not-newest-first");
}

TEST_CASE("a breadth-first frontier is held to first in, first out only when its ties are") {
  const Board up_up = kUp.moved(Move::Up);
  const auto late = run_expanding({kStart, kUp, up_up, kRight});
  CHECK(code_of(order_check(task_of(Algorithm::Bfs), late)) == "frontier-not-oldest-first");
  Task heap = task_of(Algorithm::Bfs);
  heap.semantics.queue = QueueKind::PythonHeapq;
  heap.semantics.tie_break = std::vector<TieKey>{};
  CHECK_FALSE(order_check(heap, late));
  heap.semantics.tie_break = std::vector<TieKey>{TieKey::Fifo};
  CHECK(code_of(order_check(heap, late)) == "frontier-not-oldest-first");
}

TEST_CASE("a depth limit that keeps the new children off the stack names nothing") {
  const auto with_limit = [](int limit, AtDepthLimit at_limit) {
    Task task = task_of(Algorithm::Dfs, Duplicates::OnPush);
    task.semantics.depth_limit = limit;
    task.semantics.at_depth_limit = at_limit;
    return order_check(task, run_expanding({kStart, kUp, kRight}));
  };
  // Up's children are at depth 2: above a limit of 1 they are not pushed; at a cut-off limit of
  // 2 they are popped and not expanded; below a limit of 2 (expand) or 3 (cut-off) they are.
  CHECK_FALSE(with_limit(1, AtDepthLimit::Expand));
  CHECK_FALSE(with_limit(2, AtDepthLimit::CutOff));
  CHECK(code_of(with_limit(2, AtDepthLimit::Expand)) == "frontier-not-newest-first");
  CHECK(code_of(with_limit(3, AtDepthLimit::CutOff)) == "frontier-not-newest-first");
}

TEST_CASE("iterative deepening and IDA* are not held to an order, nor a board made up") {
  CHECK_FALSE(order_check(task_of(Algorithm::Iddfs, Duplicates::OnPush),
                          run_expanding({kStart, kUp, kRight})));
  CHECK_FALSE(order_check(task_of(Algorithm::Idastar, Duplicates::None),
                          run_expanding({kStart, kUp, kRight})));
  // The third expansion is of a board never generated: the order says nothing from there on.
  const Board made_up = board_3x3("8 7 6 5 4 3 2 1 0");
  CHECK_FALSE(
      order_check(task_of(Algorithm::Astar), run_expanding({kStart, kRight, made_up, kUp})));
}

}  // namespace frontier_invariants_testing
}  // namespace tile
