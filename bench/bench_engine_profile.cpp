// Cases for `scripts/bench.sh --profile`: the engine's search alone, run many times, with its
// specialised peer run as often, so that a profile's samples are the engine's loop and not the
// Python peers or the slow peers of the figure cases (bench_engine.cpp). Each prints the mean
// processor time of a run of both, and the search's counts, to compare with the figures there.
#include <cstdio>
#include <ctime>
#include <functional>
#include <utility>

#include "bench/bench.h"
#include "bench/specialised_peers.h"
#include "engine/board.h"
#include "engine/search.h"

namespace {

using namespace tile;

Board unreachable_from(const Board& board) {  // as bench_engine.cpp's: the other parity
  Board other = board;
  std::swap(other.tiles[0], other.tiles[1]);
  return other;
}

double mean_cpu_ms(int runs, const std::function<void()>& fn) {
  std::timespec begin{}, end{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &begin);
  for (int i = 0; i < runs; ++i) fn();
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end);
  const double seconds = static_cast<double>(end.tv_sec - begin.tv_sec) +
                         static_cast<double>(end.tv_nsec - begin.tv_nsec) * 1e-9;
  return seconds * 1e3 / runs;
}

void profile(const Problem& problem, const SearchSpec& spec,
             const std::function<peer::PeerResult()>& peer_search) {
  constexpr int kRuns = 100;
  const SearchResult result = search(problem, spec);
  const peer::PeerResult fast = peer_search();
  tile::bench::figure("engine: pops", static_cast<double>(result.counters.popped), "pops");
  tile::bench::figure("peer: pops", static_cast<double>(fast.popped), "pops");
  const double ours = mean_cpu_ms(kRuns, [&] { search(problem, spec); });
  const double theirs = mean_cpu_ms(kRuns, [&] { peer_search(); });
  tile::bench::figure("engine: mean processor time of 100 runs", ours, "ms");
  tile::bench::figure("specialised peer: mean processor time of 100 runs", theirs, "ms");
  tile::bench::figure("engine / specialised peer", ours / theirs, "x");
}

}  // namespace

TILE_BENCH("profile_engine_dfs60",
           "seed 001's DFS-60 in the engine and its specialised peer, 100 runs each (for --perf "
           "and --profile)") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Board start = parse_board(Shape{3, 3}, "4 1 2 7 0 6 8 3 5").value();
  SearchSpec spec = SearchSpec::of(Algorithm::Dfs);
  spec.semantics.duplicates = Duplicates::VisitedOnPop;  // tests/semantics/seed001_dfs.json
  spec.semantics.push_order = PushOrder::Forward;
  spec.semantics.depth_limit = 60;
  // The peer that counts discovered too, as the engine with its counters does.
  profile({start, goal}, spec, [&] { return peer::dfs_visited_on_pop<true>(start, goal, 60); });
}

TILE_BENCH("profile_engine_bfs",
           "the exhaustive 8-puzzle BFS in the engine and its specialised peer, 100 runs each "
           "(for --perf and --profile)") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Problem problem{goal, unreachable_from(goal)};
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
  profile(problem, spec, [&] { return peer::bfs_on_push(goal, problem.goal); });
}
