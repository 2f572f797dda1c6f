// heapq replayed on the observed tree: a run that follows heapq's order under a comparison true
// for equal entries (<=), and not under a strict one, is named at the tie where they part; the
// strict replay gives the engine's own heapq runs exactly (so a correct run is never named), and
// a run of another frontier (a textbook heap, insertion order) or under another task is not named.
#include "grader/judge/heap_replay.h"

#include <cstdint>
#include <vector>

#include <doctest/doctest.h>

#include "engine/named_heuristic.h"
#include "engine/random_boards.h"
#include "engine/search.h"
#include "grader/judge/invariants.h"
#include "tests/grader/student/observed_support.h"
#include "tests/support/task_builders.h"

namespace tile {
namespace heap_replay_testing {

const Board kGoal = goal_board(Shape{3, 3}, GoalLayout::BlankFirst);

Task heapq_astar() {
  Task task = testing::defaults_task(Algorithm::Astar, kGoal);
  task.heuristic = "manhattan";
  task.semantics.queue = QueueKind::PythonHeapq;
  task.semantics.tie_break = {TieKey::Action};
  task.semantics.duplicates = Duplicates::OnPush;
  task.semantics.start_marked = StartMarked::Yes;
  task.semantics.goal_test = GoalTest::OnPop;
  return task;
}

// A script's A* with heapq (1-based, as the sandbox's Lua heapq) comparing (f, move rank) with
// `<=` on the rank: each board expanded is recorded as the sandbox records it.
StudentSearchRun non_strict_script(const Board& start, Heuristic& h) {
  struct Item {
    std::int64_t f;
    int rank;
    Board board;
    std::int64_t g;
  };
  auto before = [](const Item& a, const Item& b) {
    return a.f == b.f ? a.rank <= b.rank : a.f < b.f;
  };
  std::vector<Item> heap = {Item{}};  // [0] unused: 1-based
  auto sift_down = [&](std::size_t start_pos, std::size_t pos) {
    const Item item = heap[pos];
    while (pos > start_pos) {
      const std::size_t parent = (pos - 2) / 2 + 1;
      if (!before(item, heap[parent])) break;
      heap[pos] = heap[parent];
      pos = parent;
    }
    heap[pos] = item;
  };
  auto push = [&](Item item) {
    heap.push_back(item);
    sift_down(1, heap.size() - 1);
  };
  auto pop = [&]() {
    const Item last = heap.back();
    heap.pop_back();
    if (heap.size() == 1) return last;
    const Item top = heap[1];
    heap[1] = last;
    std::size_t pos = 1;
    const std::size_t end = heap.size() - 1;
    std::size_t child = 2 * pos;
    while (child <= end) {
      if (child + 1 <= end && !before(heap[child], heap[child + 1])) ++child;
      heap[pos] = heap[child];
      pos = child;
      child = 2 * pos;
    }
    heap[pos] = last;
    sift_down(1, pos);
    return top;
  };
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, start);
  std::vector<Board> seen = {start};
  push(Item{h.estimate(start).value(), -1, start, 0});
  while (heap.size() > 1 && run.observed.successors_calls < 3000) {
    const Item current = pop();
    if (current.board == kGoal) break;
    testing::record_expansion_of(recorder, current.board);
    for (int rank = 0; rank < kMoveCount; ++rank) {
      const Move move = kAllMoves[rank];
      if (!current.board.can_move(move)) continue;
      const Board child = current.board.moved(move);
      if (std::ranges::find(seen, child) != seen.end()) continue;
      seen.push_back(child);
      push(Item{current.g + 1 + h.estimate(child).value(), rank, child, current.g + 1});
    }
  }
  run.completed = true;
  return run;
}

StudentSearchRun engine_run(const Task& task, const Board& start, Heuristic& h,
                            QueueKind queue) {
  ResolvedSemantics semantics = task.semantics;
  semantics.queue = queue;
  SearchSpec spec = SearchSpec::of(task.algorithm, as_written(semantics));
  spec.heuristic = &h;
  spec.record_trace = true;
  const SearchResult result = search(Problem{start, kGoal}, spec);
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, start);
  for (const Board& board : result.trace) testing::record_expansion_of(recorder, board);
  run.completed = true;
  return run;
}

std::vector<Board> starts() {
  std::vector<Board> out;
  for (int i = 0; i < 12; ++i) out.push_back(scrambled_board(kGoal, 16 + i, 5500 + i));
  return out;
}

TEST_CASE("a run of heapq under <= is named at the tie a strict heapq breaks the other way") {
  const Task task = heapq_astar();
  auto manhattan = make_named_heuristic("manhattan", kGoal).value();
  int named = 0;
  for (const Board& start : starts()) {
    const StudentSearchRun run = non_strict_script(start, *manhattan);
    const ObservedTree tree = observed_tree_of(task, run, manhattan.get());
    const auto diagnosis = heap_comparator_not_strict(task, tree);
    if (!diagnosis) continue;
    ++named;
    CHECK(diagnosis->code == "ties-comparator-not-strict");
    REQUIRE(diagnosis->step);
    REQUIRE(diagnosis->step->boards.size() == 2);
    const EvidenceBoard& taken = diagnosis->step->boards[0];
    const EvidenceBoard& waiting = diagnosis->step->boards[1];
    // A tie on every key the comparison reads: the same f (and the same move, by the rule).
    CHECK(taken.g.value() + taken.h.value() == waiting.g.value() + waiting.h.value());
    CHECK(taken.board != waiting.board);
    // The step is where the engine's own heapq run (the assignment's) first differs.
    const StudentSearchRun reference = engine_run(task, start, *manhattan, QueueKind::PythonHeapq);
    const ObservedTree reference_tree = observed_tree_of(task, reference, manhattan.get());
    REQUIRE(reference_tree.expansions.size() >= diagnosis->step->step);
    CHECK(reference_tree.nodes[reference_tree.expansions[diagnosis->step->step - 1].node].board ==
          waiting.board);
  }
  CHECK(named >= 6);
}

TEST_CASE("the strict replay gives the engine's heapq runs whole, and nothing is named there") {
  const Task task = heapq_astar();
  auto manhattan = make_named_heuristic("manhattan", kGoal).value();
  std::size_t expansions = 0;
  for (const Board& start : starts()) {
    const StudentSearchRun run = engine_run(task, start, *manhattan, QueueKind::PythonHeapq);
    const ObservedTree tree = observed_tree_of(task, run, manhattan.get());
    CHECK_FALSE(heap_replay_detail::first_parting(task, tree, true));
    CHECK_FALSE(heap_comparator_not_strict(task, tree));
    expansions += tree.expansions.size();
  }
  CHECK(expansions > 500);
}

TEST_CASE("another frontier, or a task that is not heapq on-push, is not named") {
  const Task task = heapq_astar();
  auto manhattan = make_named_heuristic("manhattan", kGoal).value();
  for (const Board& start : starts()) {
    for (const QueueKind queue : {QueueKind::BinaryHeap, QueueKind::Stable}) {
      const StudentSearchRun run = engine_run(task, start, *manhattan, queue);
      CHECK_FALSE(heap_comparator_not_strict(task, observed_tree_of(task, run, manhattan.get())));
    }
    const StudentSearchRun run = non_strict_script(start, *manhattan);
    Task stable = task;
    stable.semantics.queue = QueueKind::Stable;
    CHECK_FALSE(heap_comparator_not_strict(stable, observed_tree_of(stable, run, manhattan.get())));
    Task closed = task;
    closed.semantics.duplicates = Duplicates::ClosedOnPop;
    CHECK_FALSE(heap_comparator_not_strict(closed, observed_tree_of(closed, run, manhattan.get())));
  }
}

}  // namespace heap_replay_testing
}  // namespace tile
