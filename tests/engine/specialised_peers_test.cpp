// The benchmarks' hand-specialised peers (bench/specialised_peers.h) do exactly the engine's
// search: same path and same counts. A peer that searched differently would make every ratio
// printed beside it meaningless.
#include <doctest/doctest.h>

#include "bench/specialised_peers.h"
#include "engine/heuristic.h"
#include "engine/random_boards.h"
#include "engine/search.h"

namespace tile {
namespace {

Board goal3() { return goal_board(Shape{3, 3}, GoalLayout::BlankLast); }

TEST_CASE("the DFS-60 peer pops what the engine pops, seed 001's instance and others") {
  for (const char* tiles : {"4 1 2 7 0 6 8 3 5", "1 2 3 4 5 6 0 7 8", "8 6 7 2 5 4 3 0 1"}) {
    for (int limit : {10, 31, 60}) {
      CAPTURE(tiles);
      CAPTURE(limit);
      const Board start = parse_board(Shape{3, 3}, tiles).value();
      SearchSpec spec = SearchSpec::of(Algorithm::Dfs);
      spec.semantics.duplicates = Duplicates::VisitedOnPop;
      spec.semantics.push_order = PushOrder::Forward;
      spec.semantics.depth_limit = limit;
      const SearchResult engine = search({start, goal3()}, spec);
      const peer::PeerResult peer = peer::dfs_visited_on_pop(start, goal3(), limit);
      CHECK(peer.solved == engine.solved());
      CHECK(peer.path == engine.path);
      CHECK(peer.popped == engine.counters.popped);
      CHECK(peer.expanded == engine.counters.expanded);
      CHECK(peer.pushed == engine.counters.pushed);
      // Counting the distinct states too, it does the same search and counts them as the engine.
      const peer::PeerResult counting = peer::dfs_visited_on_pop<true>(start, goal3(), limit);
      CHECK(counting.path == engine.path);
      CHECK(counting.popped == engine.counters.popped);
      CHECK(counting.pushed == engine.counters.pushed);
      CHECK(counting.discovered == engine.counters.discovered);
    }
  }
  // Seed 001's figures, as the notebook prints them.
  const peer::PeerResult seed = peer::dfs_visited_on_pop(
      parse_board(Shape{3, 3}, "4 1 2 7 0 6 8 3 5").value(), goal3(), 60);
  CHECK(seed.popped == 138444);
  CHECK(seed.path.size() == 50);
}

TEST_CASE("the on-push DFS peer pops what the engine's DFS of classic-8puzzle pops") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankFirst);
  for (const char* tiles : {"3 1 2 0 4 5 6 7 8", "1 3 0 4 2 5 6 7 8", "8 6 7 2 5 4 3 0 1",
                            "0 1 2 3 4 5 6 7 8"}) {
    CAPTURE(tiles);
    const Board start = parse_board(Shape{3, 3}, tiles).value();
    // defaults: on-push, push_order reverse, goal on pop
    SearchSpec spec = SearchSpec::of(Algorithm::Dfs);
    const SearchResult engine = search({start, goal}, spec);
    const peer::PeerResult peer = peer::dfs_on_push(start, goal);
    CHECK(peer.solved == engine.solved());
    CHECK(peer.path == engine.path);
    CHECK(peer.popped == engine.counters.popped);
    CHECK(peer.expanded == engine.counters.expanded);
    CHECK(peer.pushed == engine.counters.pushed);
  }
}

TEST_CASE("the BFS peer reaches the states and finds the path the engine finds") {
  Board unreachable = goal3();
  std::swap(unreachable.tiles[0], unreachable.tiles[1]);
  for (const auto& [start, goal] : {std::pair{goal3(), unreachable},
                                    std::pair{parse_board(Shape{3, 3}, "8 6 7 2 5 4 3 0 1").value(), goal3()},
                                    std::pair{parse_board(Shape{3, 3}, "4 1 2 7 0 6 8 3 5").value(), goal3()}}) {
    SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
    const SearchResult engine = search({start, goal}, spec);
    const peer::PeerResult peer = peer::bfs_on_push(start, goal);
    CHECK(peer.solved == engine.solved());
    CHECK(peer.path == engine.path);
    CHECK(peer.popped == engine.counters.popped);
    CHECK(peer.expanded == engine.counters.expanded);
    CHECK(peer.discovered == engine.counters.discovered);
  }
}

TEST_CASE("the A* peer expands what the engine's A* with Manhattan expands") {
  struct Case {
    Shape shape;
    int walk;
    std::uint64_t seed;
  };
  for (const Case c : {Case{{3, 3}, 40, 1}, Case{{3, 3}, 60, 2}, Case{{4, 4}, 30, 4},
                       Case{{4, 4}, 40, 3}, Case{{3, 4}, 40, 5}}) {
    const Board goal = goal_board(c.shape, GoalLayout::BlankLast);
    const Board start = scrambled_board(goal, c.walk, c.seed);
    CAPTURE(format_tiles(start));
    auto manhattan = make_builtin_heuristic("manhattan", goal).value();
    SearchSpec spec = SearchSpec::of(Algorithm::Astar);
    spec.heuristic = manhattan.get();
    const SearchResult engine = search({start, goal}, spec);
    const peer::PeerResult peer = peer::astar_manhattan(start, goal);
    REQUIRE(engine.solved());
    CHECK(peer.solved);
    CHECK(peer.path == engine.path);
    CHECK(peer.popped == engine.counters.popped);
    CHECK(peer.expanded == engine.counters.expanded);
    CHECK(peer.pushed == engine.counters.pushed);
  }
}

}  // namespace
}  // namespace tile
