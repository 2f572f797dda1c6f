// Benchmarks of the reference engine's search(), each beside a peer measured in the same run:
//   - exhaustive BFS of the 8-puzzle (all 181,440 states) against a plain std::unordered_set /
//     std::queue BFS written below (goal: the engine within 10 ms);
//   - A* with Manhattan distance on 8- and 15-puzzle instances against a plain
//     std::priority_queue A* written below (nodes expanded per second);
//   - seed 001's depth-limited DFS (138,444 pops) against the notebook's own Python code
//     (bench/peers/seed001_notebook_dfs.py runs the seed notebook's own code with python3 and
//     numpy; goal: 500 times faster in process).
//   Beside each, a hand-specialised peer (bench/specialised_peers.h) doing the very same search
//   as fast as straightforward code can: the engine's distance from the limit.
// Figures are printed, never judged: a missed goal is reported as measured. The machine may be
// shared, so the engine's figures come twice: wall-clock (best of n) and the processor time of
// its best run, which other processes do not inflate.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <queue>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "bench/bench.h"
#include "bench/specialised_peers.h"
#include "engine/board.h"
#include "engine/heuristic.h"
#include "engine/random_boards.h"
#include "engine/search.h"

namespace {

using namespace tile;
using tile::bench::best_cpu_seconds;
using tile::bench::best_seconds;
using tile::bench::figure;

// ---------------------------------------------------------------------------------------------
// Peers: what a competent programmer writes in an afternoon. Boards of up to 16 cells packed in
// 4 bits per cell, the blank found by scanning, std containers with their default settings.

using Packed = std::uint64_t;

Packed pack16(const Board& board) {
  Packed packed = 0;
  for (int cell = 0; cell < board.cells(); ++cell) {
    packed |= static_cast<Packed>(board.at(cell)) << (4 * cell);
  }
  return packed;
}

int tile_at(Packed packed, int cell) { return static_cast<int>((packed >> (4 * cell)) & 0xF); }

int blank_of(Packed packed, int cells) {
  for (int cell = 0; cell < cells; ++cell) {
    if (tile_at(packed, cell) == 0) return cell;
  }
  return -1;
}

// The board after the blank (at `blank`) swaps with the tile at `target`.
Packed slide(Packed packed, int blank, int target) {
  const Packed tile = static_cast<Packed>(tile_at(packed, target));
  return (packed & ~(Packed{0xF} << (4 * target))) | (tile << (4 * blank));
}

template <class Visit>
void for_each_neighbour(Packed packed, int rows, int cols, Visit visit) {
  const int blank = blank_of(packed, rows * cols);
  const int row = blank / cols;
  const int col = blank % cols;
  if (row > 0) visit(slide(packed, blank, blank - cols));
  if (row < rows - 1) visit(slide(packed, blank, blank + cols));
  if (col > 0) visit(slide(packed, blank, blank - 1));
  if (col < cols - 1) visit(slide(packed, blank, blank + 1));
}

std::size_t peer_bfs_count(Packed start, int rows, int cols) {
  std::unordered_set<Packed> seen{start};
  std::queue<Packed> queue;
  queue.push(start);
  while (!queue.empty()) {
    const Packed state = queue.front();
    queue.pop();
    for_each_neighbour(state, rows, cols, [&](Packed next) {
      if (seen.insert(next).second) queue.push(next);
    });
  }
  return seen.size();
}

struct PeerAstar {
  std::int64_t cost = -1;
  std::uint64_t expanded = 0;
};

// Textbook A*: a min-heap of (f, g, state), best g per state, stale entries skipped on pop.
PeerAstar peer_astar(Packed start, Packed goal, int rows, int cols) {
  const int cells = rows * cols;
  std::array<int, 16> goal_row{}, goal_col{};
  for (int cell = 0; cell < cells; ++cell) {
    goal_row[static_cast<std::size_t>(tile_at(goal, cell))] = cell / cols;
    goal_col[static_cast<std::size_t>(tile_at(goal, cell))] = cell % cols;
  }
  auto manhattan = [&](Packed state) {
    int sum = 0;
    for (int cell = 0; cell < cells; ++cell) {
      const auto tile = static_cast<std::size_t>(tile_at(state, cell));
      if (tile != 0)
        sum += std::abs(cell / cols - goal_row[tile]) + std::abs(cell % cols - goal_col[tile]);
    }
    return sum;
  };
  using Entry = std::tuple<int, int, Packed>;  // f, g, state
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  std::unordered_map<Packed, int> best_g{{start, 0}};
  std::unordered_set<Packed> closed;
  open.emplace(manhattan(start), 0, start);
  PeerAstar result;
  while (!open.empty()) {
    const auto [f, g, state] = open.top();
    open.pop();
    if (!closed.insert(state).second) continue;
    if (state == goal) {
      result.cost = g;
      return result;
    }
    ++result.expanded;
    for_each_neighbour(state, rows, cols, [&, g = g](Packed next) {
      if (closed.count(next)) return;
      const auto known = best_g.find(next);
      if (known != best_g.end() && known->second <= g + 1) return;
      best_g[next] = g + 1;
      open.emplace(g + 1 + manhattan(next), g + 1, next);
    });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------

Board unreachable_from(const Board& board) {
  Board other = board;
  std::swap(other.tiles[0], other.tiles[1]);  // blank-last boards: tiles 0 and 1 are not the blank
  return other;
}

// Says so when a specialised peer did not do the engine's search: its ratio would mean nothing.
void check_same(const char* what, const SearchResult& engine, const peer::PeerResult& fast) {
  if (fast.solved != engine.solved() || fast.path != engine.path ||
      fast.popped != engine.counters.popped || fast.expanded != engine.counters.expanded) {
    std::printf("  SPECIALISED PEER DISAGREES with the engine (%s): pops %llu vs %llu\n", what,
                static_cast<unsigned long long>(fast.popped),
                static_cast<unsigned long long>(engine.counters.popped));
  }
}

std::string describe_ratio(double ours, double theirs) {
  char text[64];
  std::snprintf(text, sizeof text, "%.1fx", theirs / ours);
  return text;
}

}  // namespace

TILE_BENCH("engine_bfs_8puzzle_exhaustive",
           "BFS over all 181,440 8-puzzle states through search() (goal <= 10 ms) vs a plain "
           "unordered_set/queue BFS") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Problem problem{goal, unreachable_from(goal)};
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
  std::uint64_t states = 0;
  // Best of 15: the figure to compare with the goal is the least disturbed run.
  const double ours = best_seconds(15, [&] { states = search(problem, spec).counters.discovered; });
  const double our_cpu = best_cpu_seconds(15, [&] { search(problem, spec); });
  std::size_t peer_states = 0;
  const double peer = best_seconds(5, [&] { peer_states = peer_bfs_count(pack16(goal), 3, 3); });
  const double peer_cpu = best_cpu_seconds(5, [&] { peer_bfs_count(pack16(goal), 3, 3); });
  figure("engine: states reached", static_cast<double>(states), "states");
  figure("engine: exhaustive BFS, best of 15", ours * 1e3, "ms (goal <= 10 ms)");
  figure("engine: processor time of the best run", our_cpu * 1e3, "ms");
  figure("peer: states reached", static_cast<double>(peer_states), "states");
  figure("peer (unordered_set + queue): best of 5", peer * 1e3, "ms");
  figure("peer: processor time of the best run", peer_cpu * 1e3, "ms");
  figure("engine speed-up over the peer " + describe_ratio(ours, peer), peer / ours, "x");
  peer::PeerResult fast;
  const double fast_cpu =
      best_cpu_seconds(15, [&] { fast = peer::bfs_on_push(goal, problem.goal); });
  check_same("bfs", search(problem, spec), fast);
  figure("specialised peer (rank bitset, array queue): processor time", fast_cpu * 1e3, "ms");
  figure("engine / specialised peer, processor time", our_cpu / fast_cpu, "x (goal <= 1.5)");
  spec.record_counters = false;
  const double quiet_cpu = best_cpu_seconds(15, [&] { search(problem, spec); });
  figure("engine without counters / specialised peer", quiet_cpu / fast_cpu, "x");
}

TILE_BENCH("engine_astar_manhattan",
           "A* with Manhattan through search() on 8- and 15-puzzle instances vs a plain "
           "std::priority_queue A* (nodes expanded per second)") {
  struct Instance {
    const char* name;
    Shape shape;
    const char* tiles;  // or empty: a walk of `scramble` moves from the goal with `seed`
    int scramble;
    std::uint64_t seed;
  };
  // 8-puzzle: two uniform random boards and one of the two hardest (31 moves). 15-puzzle: random
  // walks from the goal (engine/random_boards.h), chosen to take A* from 0.1 to 1 second.
  const std::vector<Instance> instances = {
      {"8-puzzle, random #2", {3, 3}, "5 1 7 3 8 6 0 2 4", 0, 0},
      {"8-puzzle, random #3", {3, 3}, "2 4 8 3 7 5 6 1 0", 0, 0},
      {"8-puzzle, a hardest board", {3, 3}, "8 6 7 2 5 4 3 0 1", 0, 0},
      {"15-puzzle, 50-move walk #4", {4, 4}, "", 50, 4},
      {"15-puzzle, 60-move walk #3", {4, 4}, "", 60, 3},
      {"15-puzzle, 70-move walk #4", {4, 4}, "", 70, 4},
  };
  for (const Instance& instance : instances) {
    const Board goal = goal_board(instance.shape, GoalLayout::BlankLast);
    const Board start = *instance.tiles ? parse_board(instance.shape, instance.tiles).value()
                                        : scrambled_board(goal, instance.scramble, instance.seed);
    auto manhattan = make_builtin_heuristic("manhattan", goal).value();
    SearchSpec spec = SearchSpec::of(Algorithm::Astar);
    spec.heuristic = manhattan.get();
    SearchResult result;
    const int repeats = instance.shape.cells() == 9 ? 7 : 2;
    const double ours = best_seconds(repeats, [&] { result = search({start, goal}, spec); });
    PeerAstar peer_result;
    const double peer = best_seconds(repeats, [&] {
      peer_result =
          peer_astar(pack16(start), pack16(goal), instance.shape.rows, instance.shape.cols);
    });
    const double our_rate = static_cast<double>(result.counters.expanded) / ours;
    const double peer_rate = static_cast<double>(peer_result.expanded) / peer;
    std::printf("  %s: %s, optimal cost %lld (peer %lld)\n", instance.name,
                format_tiles(start).c_str(), static_cast<long long>(result.cost),
                static_cast<long long>(peer_result.cost));
    figure("    engine: expanded", static_cast<double>(result.counters.expanded), "nodes");
    figure("    engine: time", ours * 1e3, "ms");
    figure("    engine: rate", our_rate / 1e6, "M nodes/s");
    figure("    peer: expanded", static_cast<double>(peer_result.expanded), "nodes");
    figure("    peer: time", peer * 1e3, "ms");
    figure("    peer: rate", peer_rate / 1e6, "M nodes/s");
    figure("    engine rate / peer rate", our_rate / peer_rate, "x");
    const double our_cpu = best_cpu_seconds(repeats, [&] { search({start, goal}, spec); });
    peer::PeerResult fast;
    const double fast_cpu =
        best_cpu_seconds(repeats, [&] { fast = peer::astar_manhattan(start, goal); });
    check_same(instance.name, result, fast);
    figure("    engine: processor time", our_cpu * 1e3, "ms");
    figure("    specialised peer (bucket queue, open addressing): processor time", fast_cpu * 1e3,
           "ms");
    figure("    engine / specialised peer, processor time", our_cpu / fast_cpu, "x (goal <= 2)");
    spec.record_counters = false;
    const double quiet_cpu = best_cpu_seconds(repeats, [&] { search({start, goal}, spec); });
    figure("    engine without counters / specialised peer", quiet_cpu / fast_cpu, "x");
  }
}

TILE_BENCH("engine_seed001_dfs60",
           "seed 001's DFS with depth limit 60 (138,444 pops) through search() vs the notebook's "
           "own Python+numpy code (goal: 500x faster)") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Board start = parse_board(Shape{3, 3}, "4 1 2 7 0 6 8 3 5").value();
  SearchSpec spec = SearchSpec::of(Algorithm::Dfs);
  spec.semantics.duplicates = Duplicates::VisitedOnPop;  // tests/semantics/seed001_dfs.json
  spec.semantics.push_order = PushOrder::Forward;
  spec.semantics.depth_limit = 60;
  SearchResult result;
  const double ours = best_seconds(7, [&] { result = search({start, goal}, spec); });
  const double our_cpu = best_cpu_seconds(7, [&] { search({start, goal}, spec); });
  figure("engine: pops (the notebook prints 138444)", static_cast<double>(result.counters.popped),
         "pops");
  figure("engine: solution length (the notebook prints 50)",
         static_cast<double>(result.path.size()), "moves");
  figure("engine: DFS-60, best of 7", ours * 1e3, "ms");
  figure("engine: processor time of the best run", our_cpu * 1e3, "ms");
  // Two like-for-like ratios: the engine with all its counters against the peer counting the one
  // that costs work (discovered: the children of the 44,907 nodes at the limit must be looked up),
  // and both counting only pops and expansions, as the seed does.
  peer::PeerResult fast;
  const double fast_cpu =
      best_cpu_seconds(7, [&] { fast = peer::dfs_visited_on_pop(start, goal, 60); });
  check_same("dfs-60", result, fast);
  peer::PeerResult counting;
  const double counting_cpu =
      best_cpu_seconds(7, [&] { counting = peer::dfs_visited_on_pop<true>(start, goal, 60); });
  check_same("dfs-60 counting", result, counting);
  if (counting.discovered != result.counters.discovered) {
    std::printf("  SPECIALISED PEER DISAGREES with the engine (dfs-60): discovered %llu vs %llu\n",
                static_cast<unsigned long long>(counting.discovered),
                static_cast<unsigned long long>(result.counters.discovered));
  }
  SearchSpec quiet = spec;
  quiet.record_counters = false;
  const double quiet_cpu = best_cpu_seconds(7, [&] { search({start, goal}, quiet); });
  figure("specialised peer counting discovered (two rank bitsets): processor time",
         counting_cpu * 1e3, "ms");
  figure("engine with its counters / that peer", our_cpu / counting_cpu, "x (goal <= 1.5)");
  figure("engine without counters: processor time", quiet_cpu * 1e3, "ms");
  figure("specialised peer counting pops (rank bitset, array stack): processor time",
         fast_cpu * 1e3, "ms");
  figure("engine without counters / that peer", quiet_cpu / fast_cpu, "x (goal <= 1.5)");

  // The peer: python3 with numpy. Debian's /usr/bin/python3 has python3-numpy; a python3 earlier
  // on PATH (a virtualenv, pyenv) may not, so the first one that imports numpy is used.
  // The notebook's own code, read from the seed at run time (shared/ beside the repository).
  const std::string script = tile::bench::source_dir() + "/bench/peers/seed001_notebook_dfs.py " +
                             tile::bench::shared_dir() + "/seeds/001_9ca648b28ed9525f.txt";
  std::string python;
  for (const char* candidate : {"python3", "/usr/bin/python3"}) {
    const std::string probe = std::string(candidate) + " -c 'import numpy' 2>/dev/null";
    if (std::system(probe.c_str()) == 0) {
      python = candidate;
      break;
    }
  }
  if (python.empty()) {
    std::printf("  peer skipped: no python3 with numpy (Debian: apt-get install python3-numpy)\n");
    return;
  }
  double best_peer = 1e300, best_peer_cpu = 1e300;
  long long peer_steps = 0, peer_moves = 0;
  for (int run = 0; run < 2; ++run) {  // best of 2: each run takes seconds
    const std::string command = python + " " + script;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) break;
    char line[256];
    double seconds = 0, cpu_seconds = 0;
    while (std::fgets(line, sizeof line, pipe)) {
      std::sscanf(line, "RESULT steps=%lld moves=%lld seconds=%lf cpu_seconds=%lf", &peer_steps,
                  &peer_moves, &seconds, &cpu_seconds);
    }
    if (pclose(pipe) != 0 || seconds <= 0) {
      std::printf("  peer failed: %s\n", command.c_str());
      return;
    }
    best_peer = std::min(best_peer, seconds);
    best_peer_cpu = std::min(best_peer_cpu, cpu_seconds);
  }
  figure("peer (" + python + ", the notebook's dfs): pops", static_cast<double>(peer_steps),
         "pops");
  figure("peer: solution length", static_cast<double>(peer_moves), "moves");
  figure("peer: DFS-60, best of 2", best_peer * 1e3, "ms");
  figure("peer: processor time of the best run", best_peer_cpu * 1e3, "ms");
  figure("engine speed-up over the notebook " + describe_ratio(ours, best_peer), best_peer / ours,
         "x (goal >= 500 in process)");
  figure("the same in processor time " + describe_ratio(our_cpu, best_peer_cpu),
         best_peer_cpu / our_cpu, "x");
}
