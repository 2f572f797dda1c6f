// The judge's reach: how many candidate searches per second the engine runs while explaining a
// failing test (engine/candidate_search.h), engine only. The board is a test of classic-8puzzle's
// DFS task (published-2); the student's run is the engine's under the commonest mistake of that
// task (push_order forward), cut at the task's budget of 10,000 expansions as the sandbox cuts it.
// The candidates are the task's semantics with one field changed, over every value of every
// field the DFS task can differ in. Beside them, in the same run:
//   - the same candidates through search() one by one, each to the end of its budget with its
//     whole trace (what explaining cost before candidate_search.h: no shared runs, no early stop);
//   - the task's reference search of the same board, by the engine and by the hand-specialised
//     peer (bench/specialised_peers.h), the machine's limit for one such search.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bench.h"
#include "bench/specialised_peers.h"
#include "engine/board.h"
#include "engine/candidate_search.h"
#include "engine/search.h"

namespace tile::bench {
namespace {

constexpr std::uint64_t kBudget = 10'000;  // the DFS task's max_expansions

SearchSpec task_spec() {
  SearchSpec spec = SearchSpec::of(Algorithm::Dfs);
  spec.semantics.action_order = {Move::Up, Move::Down, Move::Left, Move::Right};
  spec.semantics.goal_test = GoalTest::OnPop;
  spec.semantics.duplicates = Duplicates::OnPush;
  spec.semantics.push_order = PushOrder::Reverse;
  spec.semantics.count = CountKind::Expanded;
  // Nodes created bound a candidate (the engine's budget); a DFS creates at most 3 a expansion.
  spec.limits.max_nodes = 4 * kBudget;
  return spec;
}

// The task's semantics with one field changed, for every field and every value that differs.
std::vector<SearchSpec> candidates(const SearchSpec& task) {
  std::vector<SearchSpec> specs;
  auto add = [&](auto change) {
    SearchSpec spec = task;
    change(spec.semantics);
    if (!(spec.semantics == task.semantics)) specs.push_back(spec);
  };
  std::array<Move, kMoveCount> order = {Move::Up, Move::Down, Move::Left, Move::Right};
  std::sort(order.begin(), order.end());
  do {
    add([&](ResolvedSemantics& s) { s.action_order = order; });
  } while (std::next_permutation(order.begin(), order.end()));
  for (GoalTest v : {GoalTest::OnPop, GoalTest::OnGenerate, GoalTest::OnGenerateNotStart})
    add([&](ResolvedSemantics& s) { s.goal_test = v; });
  for (Duplicates v : {Duplicates::OnPush, Duplicates::ClosedOnPop, Duplicates::VisitedOnPop,
                       Duplicates::ReopenIfCheaper, Duplicates::None, Duplicates::ReplaceIfCheaper,
                       Duplicates::ClosedOnExpand})
    add([&](ResolvedSemantics& s) { s.duplicates = v; });
  for (PushOrder v : {PushOrder::Forward, PushOrder::Reverse})
    add([&](ResolvedSemantics& s) { s.push_order = v; });
  for (CountKind v : {CountKind::Expanded, CountKind::Popped, CountKind::Generated,
                      CountKind::Discovered, CountKind::Pushed, CountKind::GoalTests,
                      CountKind::Built, CountKind::ExpandedBelowLimit})
    add([&](ResolvedSemantics& s) { s.count = v; });
  for (int v : kCountOffsets) add([&](ResolvedSemantics& s) { s.count_offset = v; });
  for (CycleCheck v : {CycleCheck::None, CycleCheck::ReverseMove, CycleCheck::Path})
    add([&](ResolvedSemantics& s) { s.cycle_check = v; });
  for (StartMarked v : {StartMarked::Yes, StartMarked::No})
    add([&](ResolvedSemantics& s) { s.start_marked = v; });
  for (ParentLink v : {ParentLink::First, ParentLink::Last})
    add([&](ResolvedSemantics& s) { s.parent_link = v; });
  for (QueueKind v : {QueueKind::Stable, QueueKind::PythonHeapq, QueueKind::BinaryHeap})
    add([&](ResolvedSemantics& s) { s.queue = v; });
  return specs;
}

}  // namespace

TILE_BENCH("engine_candidates_dfs",
           "candidate searches per second explaining a failing classic-8puzzle DFS test "
           "(engine/candidate_search.h) vs the same candidates one by one to their end, and the "
           "task's search vs its hand-specialised peer") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankFirst);
  const Board start = parse_board(Shape{3, 3}, "1 3 0 4 2 5 6 7 8").value();
  const Problem problem{start, goal};
  const SearchSpec task = task_spec();

  SearchSpec mistake = task;
  mistake.semantics.push_order = PushOrder::Forward;
  mistake.record_trace = true;
  std::vector<Board> student = search(problem, mistake).trace;
  if (student.size() > kBudget) student.resize(kBudget);  // out of expansions, as the sandbox cuts
  figure("student's run (push_order forward): expansions kept", static_cast<double>(student.size()),
         "boards");

  std::vector<SearchSpec> specs = candidates(task);
  for (SearchSpec& spec : specs) spec.reference_trace = &student;
  CandidateResults shared;
  const double judged = best_cpu_seconds(5, [&] { shared = search_candidates(problem, specs); });
  std::uint64_t expansions = 0;
  std::size_t followed = 0;
  for (const SearchResult& result : shared.results) {
    expansions += result.trace.size();
    // Following it to the end: the search is stopped only on going past the student's last board.
    if (!result.diverged_at || *result.diverged_at >= student.size()) ++followed;
  }
  figure("candidates (one field changed, every value)", static_cast<double>(specs.size()),
         "searches");
  figure("  of them run (the others differ only in the count)", static_cast<double>(shared.runs),
         "searches");
  figure("  following the student's run to its end", static_cast<double>(followed), "searches");
  figure("  expansions, mean per candidate",
         static_cast<double>(expansions) / static_cast<double>(specs.size()), "expansions");
  figure("engine: candidates, processor time", judged * 1e3, "ms");
  figure("engine: candidate searches per second", static_cast<double>(specs.size()) / judged,
         "searches/s");

  std::vector<SearchSpec> whole = candidates(task);
  for (SearchSpec& spec : whole) spec.record_trace = true;
  const double one_by_one = best_cpu_seconds(3, [&] {
    for (const SearchSpec& spec : whole) search(problem, spec);
  });
  figure("peer (each candidate to its end, whole trace): processor time", one_by_one * 1e3, "ms");
  figure("peer: searches per second", static_cast<double>(whole.size()) / one_by_one,
         "searches/s");
  figure("candidate_search.h speed-up over one by one", one_by_one / judged, "x");

  SearchSpec reference = task;
  reference.limits = Limits{};
  SearchResult engine;
  const double engine_cpu = best_cpu_seconds(15, [&] { engine = search(problem, reference); });
  peer::PeerResult fast;
  const double fast_cpu = best_cpu_seconds(15, [&] { fast = peer::dfs_on_push(start, goal); });
  if (fast.path != engine.path || fast.popped != engine.counters.popped) {
    std::printf("  SPECIALISED PEER DISAGREES with the engine: pops %llu vs %llu\n",
                static_cast<unsigned long long>(fast.popped),
                static_cast<unsigned long long>(engine.counters.popped));
  }
  figure("the task's reference search: pops", static_cast<double>(engine.counters.popped), "pops");
  figure("engine: reference search, processor time", engine_cpu * 1e3, "ms");
  figure("specialised peer (rank bitset, array stack): processor time", fast_cpu * 1e3, "ms");
  figure("engine / specialised peer, processor time", engine_cpu / fast_cpu, "x");
}

}  // namespace tile::bench
