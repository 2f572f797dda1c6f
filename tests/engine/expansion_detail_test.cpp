// The details a traced search keeps of a window of its expansions (engine/expansion_detail.h):
// they describe the trace's own boards, the frontier's first entries are the ones that pop next,
// and asking for them changes nothing else the search returns.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "engine/board.h"
#include "engine/named_heuristic.h"
#include "engine/search.h"

using namespace tile;

namespace {

const Shape k3x3{3, 3};

Board board(const char* tiles) { return parse_board(k3x3, tiles).value(); }

Problem problem() { return {board("1 2 5 3 4 0 6 7 8"), board("0 1 2 3 4 5 6 7 8")}; }

SearchSpec traced(Algorithm algorithm, std::optional<DetailWindow> window) {
  SearchSpec spec = SearchSpec::of(algorithm);
  spec.record_trace = true;
  spec.detail = window;
  return spec;
}

}  // namespace

TEST_CASE("bfs: each detail is its trace entry, and the frontier's first entry pops next") {
  const SearchResult plain = search(problem(), traced(Algorithm::Bfs, std::nullopt));
  const SearchResult detailed = search(problem(), traced(Algorithm::Bfs, DetailWindow{0, 6, 4}));
  CHECK(plain.details.empty());
  CHECK(detailed.trace == plain.trace);
  CHECK(detailed.path == plain.path);
  CHECK(detailed.counters.expanded == plain.counters.expanded);
  REQUIRE(detailed.details.size() == 6);
  CHECK(detailed.details[0].node.board == problem().start);
  CHECK_FALSE(detailed.details[0].node.move.has_value());
  CHECK(detailed.details[0].frontier.empty());  // the start alone was on it, and it was popped
  for (std::size_t i = 0; i < detailed.details.size(); ++i) {
    const ExpansionDetail& step = detailed.details[i];
    CHECK(step.expansion == i);
    CHECK(step.node.board == detailed.trace[i]);
    CHECK(step.node.priority == step.node.depth);  // bfs orders by depth
    CHECK(step.frontier.size() <= 4);
    CHECK(step.frontier.size() == std::min<std::size_t>(4, step.frontier_size));
    if (i > 0) {
      REQUIRE(step.node.move.has_value());
      CHECK(step.node.depth >= 1);
    }
    // First in, first out: what was waiting before this node's children pops next.
    if (!step.frontier.empty()) CHECK(step.frontier[0].board == detailed.trace[i + 1]);
  }
}

TEST_CASE("astar: keys are g + h, the frontier's entries come in key order") {
  // A start some moves from the goal, so that A* expands more than the window.
  const Board goal = problem().goal;
  const Problem far{apply_moves(goal, "RDLURDRDLLURRD").value(), goal};
  auto manhattan = make_named_heuristic("manhattan", goal);
  REQUIRE(manhattan);
  SearchSpec spec = traced(Algorithm::Astar, DetailWindow{1, 4, 5});
  spec.heuristic = manhattan->get();
  const SearchResult result = search(far, spec);
  REQUIRE(result.trace.size() >= 4);
  REQUIRE(result.details.size() == 3);
  CHECK(result.details.front().expansion == 1);
  for (const ExpansionDetail& step : result.details) {
    CHECK(step.node.board == result.trace[step.expansion]);
    CHECK(step.node.priority == step.node.g + step.node.h);
    for (std::size_t e = 0; e < step.frontier.size(); ++e) {
      CHECK(step.frontier[e].priority == step.frontier[e].g + step.frontier[e].h);
      if (e > 0) CHECK(step.frontier[e - 1].priority <= step.frontier[e].priority);
    }
  }
}

TEST_CASE("iddfs: the window counts over every round's expansions") {
  const SearchResult result = search(problem(), traced(Algorithm::Iddfs, DetailWindow{3, 7, 2}));
  REQUIRE(result.trace.size() >= 7);
  REQUIRE(result.details.size() == 4);
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(result.details[i].expansion == 3 + i);
    CHECK(result.details[i].node.board == result.trace[3 + i]);
  }
}

TEST_CASE("no trace, no details: the untraced loop keeps none") {
  SearchSpec spec = traced(Algorithm::Bfs, DetailWindow{0, 100, 4});
  spec.record_trace = false;
  CHECK(search(problem(), spec).details.empty());
}

TEST_CASE("goal tests on generate: each detail lists the children it tested, as many as counted") {
  for (const Duplicates policy : {Duplicates::OnPush, Duplicates::None, Duplicates::ClosedOnPop}) {
    SearchSpec spec = traced(Algorithm::Bfs, DetailWindow{0, 100000, 0});
    spec.semantics.goal_test = GoalTest::OnGenerate;
    spec.semantics.duplicates = policy;
    const SearchResult result = search(problem(), spec);
    REQUIRE(result.status == SearchStatus::Solved);
    REQUIRE(result.details.size() == result.trace.size());
    std::uint64_t tested = 1;  // the start, tested before the first expansion
    for (const ExpansionDetail& step : result.details) {
      tested += step.goal_tested.size();
      for (const Board& child : step.goal_tested) {
        const bool a_child = std::any_of(kAllMoves.begin(), kAllMoves.end(), [&](Move move) {
          return step.node.board.can_move(move) && step.node.board.moved(move) == child;
        });
        CHECK(a_child);
      }
    }
    CHECK(tested == result.counters.goal_tests);
    CHECK(result.details.back().goal_tested.back() == problem().goal);  // it stopped there
  }
  SearchSpec on_pop = traced(Algorithm::Bfs, DetailWindow{0, 100000, 0});
  on_pop.semantics.goal_test = GoalTest::OnPop;
  for (const ExpansionDetail& step : search(problem(), on_pop).details) {
    CHECK(step.goal_tested.empty());
  }
}
