// The frontier's key (engine/frontier_key.h): what each algorithm orders by, and that the search
// loop's own priorities are exactly it (a view that states the key cannot disagree with the loop).
#include <doctest/doctest.h>

#include <memory>

#include "engine/board.h"
#include "engine/frontier_key.h"
#include "engine/named_heuristic.h"
#include "engine/search.h"

using namespace tile;

TEST_CASE("each algorithm's key reads the terms it names") {
  const Weight three_halves{3, 2};
  CHECK(frontier_key(Algorithm::Bfs, {}, 4, 9, 7) == 4);
  CHECK(frontier_key(Algorithm::Ucs, {}, 4, 9, 7) == 9);
  CHECK(frontier_key(Algorithm::Greedy, {}, 4, 9, 7) == 7);
  CHECK(frontier_key(Algorithm::Astar, {}, 4, 9, 7) == 16);
  // g + 1.5 h, scaled by the weight's denominator so that it stays an integer: 2 * 9 + 3 * 7.
  CHECK(frontier_key(Algorithm::WeightedAstar, three_halves, 4, 9, 7) == 39);
  CHECK(frontier_key(Algorithm::Dfs, {}, 4, 9, 7) == 0);
  CHECK_FALSE(frontier_key_terms(Algorithm::Iddfs).any());
  CHECK(frontier_key_terms(Algorithm::Greedy).h);
  CHECK_FALSE(frontier_key_terms(Algorithm::Greedy).g);
  CHECK(frontier_key_terms(Algorithm::WeightedAstar).g);
}

TEST_CASE("the search loop's priorities are the frontier key of each node's depth, g and h") {
  const Shape shape{3, 3};
  const Problem problem{parse_board(shape, "1 2 5 3 4 0 6 7 8").value(),
                        parse_board(shape, "0 1 2 3 4 5 6 7 8").value()};
  const auto heuristic = make_named_heuristic("manhattan", problem.goal).value();
  for (const Algorithm algorithm : {Algorithm::Bfs, Algorithm::Ucs, Algorithm::Greedy,
                                    Algorithm::Astar, Algorithm::WeightedAstar}) {
    CAPTURE(algorithm_name(algorithm));
    SearchSpec spec = SearchSpec::of(algorithm);
    spec.heuristic = heuristic.get();
    spec.weight = {5, 4};
    spec.record_trace = true;
    spec.detail = DetailWindow{0, 8, 5};
    const SearchResult result = search(problem, spec);
    REQUIRE_FALSE(result.details.empty());
    for (const ExpansionDetail& detail : result.details) {
      CHECK(detail.node.priority ==
            frontier_key(algorithm, spec.weight, detail.node.depth, detail.node.g, detail.node.h));
      for (const NodeFacts& entry : detail.frontier) {
        CHECK(entry.priority ==
              frontier_key(algorithm, spec.weight, entry.depth, entry.g, entry.h));
      }
    }
  }
}
