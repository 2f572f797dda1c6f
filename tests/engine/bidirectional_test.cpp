// bibfs (engine/bidirectional.h): its defaults, the fields it refuses, its endings, the path it
// joins and which of its semantics find a shortest path. Its differential against a plain model is
// bidirectional_differential_test.cpp.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "engine/bidirectional.h"
#include "engine/random_boards.h"
#include "engine/search.h"
#include "tests/engine/differential_harness.h"
#include "tests/engine/model_boards.h"

using namespace tile;
using namespace model;

namespace {

SearchResult run_bibfs(const Tiles& start, const Tiles& goal, const Semantics& semantics,
                       Grid grid = k2x3) {
  SearchSpec spec = SearchSpec::of(Algorithm::Bibfs, semantics);
  spec.record_trace = true;
  return search(Problem{board_of(grid, start), board_of(grid, goal)}, spec);
}

std::size_t bfs_length(const Tiles& start, const Tiles& goal, Grid grid = k2x3) {
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
  return search(Problem{board_of(grid, start), board_of(grid, goal)}, spec).path.size();
}

}  // namespace

TEST_CASE("bibfs's defaults are a student's: meet on generate, stop at once, node by node") {
  const ResolvedSemantics s = resolve(Semantics{}, Algorithm::Bibfs);
  CHECK(s.meet_test == MeetTest::OnGenerate);
  CHECK(s.meet_stop == MeetStop::First);
  CHECK(s.next_side == NextSide::AlternateNode);
  CHECK(s.duplicates == Duplicates::OnPush);
  CHECK(s.push_order == PushOrder::Forward);
  CHECK(s.tie_break == std::vector<TieKey>{TieKey::Fifo});
  CHECK(check_bibfs(s).ok());
  CHECK(algorithm_name(Algorithm::Bibfs) == "bibfs");
  CHECK(parse_algorithm("bibfs").value() == Algorithm::Bibfs);
}

TEST_CASE("bibfs refuses, in one line naming the field, what it has no place for") {
  const std::map<std::string, Semantics> refused = [] {
    std::map<std::string, Semantics> out;
    Semantics s;
    s.goal_test = GoalTest::OnGenerate;
    out["goal_test"] = s;
    s = {};
    s.duplicates = Duplicates::ClosedOnPop;
    out["duplicates"] = s;
    s = {};
    s.start_marked = StartMarked::No;
    out["start_marked"] = s;
    s = {};
    s.tie_break = std::vector<TieKey>{TieKey::Lifo};
    out["tie_break"] = s;
    s = {};
    s.queue = QueueKind::PythonHeapq;
    out["queue"] = s;
    s = {};
    s.cycle_check = CycleCheck::ReverseMove;
    out["cycle_check"] = s;
    s = {};
    s.depth_limit = 5;
    out["depth_limit"] = s;
    return out;
  }();
  for (const auto& entry : refused) {  // clang 14 cannot CAPTURE a structured binding
    const std::string& field = entry.first;
    const Semantics& semantics = entry.second;
    CAPTURE(field);
    const Status refusal = check_bibfs(resolve(semantics, Algorithm::Bibfs));
    REQUIRE_FALSE(refusal.ok());
    CHECK(refusal.error_kind() == ErrorKind::BadInput);
    CHECK(refusal.error().find(field) != std::string::npos);
    CHECK(refusal.error().find('\n') == std::string::npos);
    const SearchResult result = run_bibfs(tiles_from({1, 2, 3, 4, 0, 5}), kGoal2x3, semantics);
    CHECK(result.status == SearchStatus::NoSolution);
    CHECK(result.message == refusal.error());
    CHECK(result.counters.expanded == 0);
  }
}

TEST_CASE("bibfs from the goal: an empty path, one goal test, no expansion") {
  const SearchResult result = run_bibfs(kGoal2x3, kGoal2x3, Semantics{});
  CHECK(result.solved());
  CHECK(result.path.empty());
  CHECK(result.counters.expanded == 0);
  CHECK(result.counters.goal_tests == 1);
  CHECK(result.counters.pushed == 2);  // both roots
}

TEST_CASE("bibfs one move from the goal, worked by hand") {
  // Start 1 2 3 / 4 0 5: the blank moves Right to reach the goal. Forward expands the start:
  // children Up (1 0 3 / 4 2 5), Left (1 2 3 / 0 4 5), Right (the goal, which the backward side
  // reached at the beginning): met on generate at the third child, nothing pushed.
  const SearchResult result = run_bibfs(tiles_from({1, 2, 3, 4, 0, 5}), kGoal2x3, Semantics{});
  REQUIRE(result.solved());
  CHECK(result.moves() == "R");
  CHECK(result.counters.expanded == 1);
  CHECK(result.counters.generated == 3);
  CHECK(result.counters.goal_tests == 4);  // start against goal, then three admitted children
  CHECK(result.counters.pushed == 2);
  CHECK(result.counters.discovered == 5);
  // Met on pop: the same one move, found when a popped node is one the other side reached.
  Semantics on_pop;
  on_pop.meet_test = MeetTest::OnPop;
  const SearchResult popped = run_bibfs(tiles_from({1, 2, 3, 4, 0, 5}), kGoal2x3, on_pop);
  REQUIRE(popped.solved());
  CHECK(popped.moves() == "R");
}

TEST_CASE("bibfs joins the backward half with each move undone") {
  // Three moves from the goal: the path bibfs returns, applied to the start, ends at the goal.
  const Tiles start = tiles_from({0, 1, 3, 4, 2, 5});
  for (MeetTest meet_test : {MeetTest::OnGenerate, MeetTest::OnPop}) {
    Semantics s;
    s.meet_test = meet_test;
    const SearchResult result = run_bibfs(start, kGoal2x3, s);
    REQUIRE(result.solved());
    const auto end = apply_moves(board_of(k2x3, start), result.path);
    REQUIRE(end.ok());
    CHECK(*end == board_of(k2x3, kGoal2x3));
    CHECK(result.cost == static_cast<std::int64_t>(result.path.size()));
  }
}

TEST_CASE("every bibfs semantics finds a shortest path on sliding-tile boards") {
  // The known subtlety of bidirectional search, a first meeting whose path is longer than the
  // shortest, needs a cycle of odd length; a sliding-tile board's graph has none (every move moves
  // the blank to a cell of the other colour of a chessboard), so here every combination returns a
  // shortest path, and meet_stop changes the counts only. Checked on every 2x3 start and on 20
  // scrambled 3x3 starts, as docs/semantics.md says.
  struct Case {
    Grid grid;
    Tiles start;
    Tiles goal;
    std::size_t shortest = 0;  // BFS's path length, found once per case, not once per semantics
  };
  std::vector<Case> cases;
  for (const Tiles& start : starts_for_this_build(reachable_states(k2x3, kGoal2x3))) {
    cases.push_back({k2x3, start, kGoal2x3});
  }
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    cases.push_back(
        {k3x3, tiles_of(scrambled_board(board_of(k3x3, kGoal3x3), 40, seed)), kGoal3x3});
  }
  for (Case& c : cases) c.shortest = bfs_length(c.start, c.goal, c.grid);
  for (MeetTest meet_test : {MeetTest::OnGenerate, MeetTest::OnPop}) {
    for (MeetStop meet_stop : {MeetStop::First, MeetStop::EndOfLayer}) {
      for (NextSide next_side :
           {NextSide::AlternateNode, NextSide::AlternateLayer, NextSide::SmallerFrontier}) {
        Semantics s;
        s.meet_test = meet_test;
        s.meet_stop = meet_stop;
        s.next_side = next_side;
        CAPTURE(describe(s));
        int longer = 0;
        for (const Case& c : cases) {
          const SearchResult result = run_bibfs(c.start, c.goal, s, c.grid);
          REQUIRE(result.solved());
          if (result.path.size() != c.shortest) ++longer;
        }
        CHECK(longer == 0);
      }
    }
  }
}

TEST_CASE("bibfs stops at its node budget and at the first expansion off a reference trace") {
  SearchSpec spec = SearchSpec::of(Algorithm::Bibfs);
  spec.limits.max_nodes = 10;
  const Problem problem{board_of(k2x3, tiles_from({4, 1, 2, 5, 0, 3})),
                        board_of(k2x3, kGoal2x3)};
  const SearchResult stopped = search(problem, spec);
  CHECK(stopped.status == SearchStatus::NodeBudgetExceeded);
  CHECK(stopped.message.find("node budget 10") != std::string::npos);

  spec.limits = Limits{};
  spec.record_trace = true;
  const SearchResult full = search(problem, spec);
  REQUIRE(full.trace.size() >= 3);
  std::vector<Board> reference(full.trace.begin(), full.trace.begin() + 2);
  reference.push_back(problem.start);  // the third expansion differs
  spec.reference_trace = &reference;
  const SearchResult diverged = search(problem, spec);
  REQUIRE(diverged.diverged_at.has_value());
  CHECK(*diverged.diverged_at == 2);
  CHECK(diverged.trace.size() == 3);
}
