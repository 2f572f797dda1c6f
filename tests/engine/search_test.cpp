// Search counters on cases small enough to follow by hand, and the ways a search can stop.
//
// The 2x2 puzzle is the hand-checkable case: its 12 reachable states form one cycle, every state
// has exactly two moves, so each expansion generates two children, one of which is its parent.
#include <doctest/doctest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "engine/board.h"
#include "engine/heuristic.h"
#include "engine/random_boards.h"
#include "engine/search.h"

using namespace tile;

namespace {

const Shape k2x2{2, 2};

Board board(Shape shape, const char* tiles) { return parse_board(shape, tiles).value(); }

struct Expected {
  std::uint64_t expanded, popped, generated, pushed, discovered, max_frontier, max_depth;
};

void check_counters(const Counters& c, const Expected& e) {
  CHECK(c.expanded == e.expanded);
  CHECK(c.popped == e.popped);
  CHECK(c.generated == e.generated);
  CHECK(c.pushed == e.pushed);
  CHECK(c.discovered == e.discovered);
  CHECK(c.max_frontier == e.max_frontier);
  CHECK(c.max_depth == e.max_depth);
}

// A heuristic that works `calls` times and then fails, as a broken student script would.
class FailingHeuristic final : public Heuristic {
 public:
  explicit FailingHeuristic(int calls) : calls_left_(calls) {}
  std::optional<std::int64_t> estimate(const Board&) override {
    if (calls_left_-- <= 0) return std::nullopt;
    return 0;
  }
  std::string failure_message() const override { return "script raised: boom"; }
  std::string name() const override { return "failing"; }

 private:
  int calls_left_;
};

// 2x2, goal 1 2 / 3 .; the start 1 . / 3 2 is one Down from it, and its other move, Left, leads
// the long way round the cycle (10 more states before the goal's other neighbour).
const Board kGoal2x2 = goal_board(k2x2, GoalLayout::BlankLast);
const Board kOneAway = board(k2x2, "1 0 3 2");

}  // namespace

TEST_CASE("start == goal: one pop with the goal test on pop, none on generate") {
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
  const SearchResult on_pop = search({kGoal2x2, kGoal2x2}, spec);
  CHECK(on_pop.solved());
  CHECK(on_pop.path.empty());
  CHECK(on_pop.cost == 0);
  check_counters(on_pop.counters, {0, 1, 0, 1, 1, 1, 0});
  spec.semantics.goal_test = GoalTest::OnGenerate;
  const SearchResult on_generate = search({kGoal2x2, kGoal2x2}, spec);
  CHECK(on_generate.solved());
  check_counters(on_generate.counters, {0, 0, 0, 0, 1, 0, 0});
}

TEST_CASE("one move away on 2x2: counters by hand") {
  REQUIRE(kOneAway.moved(Move::Down) == kGoal2x2);
  SUBCASE("BFS: expand the start (2 children, both pushed), pop the goal") {
    SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
    const SearchResult r = search({kOneAway, kGoal2x2}, spec);
    CHECK(r.moves() == "D");
    CHECK(r.cost == 1);
    check_counters(r.counters, {1, 2, 2, 3, 3, 2, 1});
  }
  SUBCASE("BFS, goal test on generate: the first child generated is the goal") {
    SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
    spec.semantics.goal_test = GoalTest::OnGenerate;
    const SearchResult r = search({kOneAway, kGoal2x2}, spec);
    CHECK(r.moves() == "D");
    check_counters(r.counters, {1, 1, 1, 1, 2, 1, 0});
  }
  SUBCASE("every duplicate policy agrees when nothing is met twice") {
    for (Duplicates duplicates :
         {Duplicates::OnPush, Duplicates::ClosedOnPop, Duplicates::VisitedOnPop,
          Duplicates::ReopenIfCheaper, Duplicates::None}) {
      SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
      spec.semantics.duplicates = duplicates;
      const SearchResult r = search({kOneAway, kGoal2x2}, spec);
      CAPTURE(duplicates_name(duplicates));
      CHECK(r.moves() == "D");
      check_counters(r.counters, {1, 2, 2, 3, 3, 2, 1});
    }
  }
  SUBCASE("DFS pushes in reverse, so Down pops first: same counters as BFS") {
    SearchSpec spec = SearchSpec::of(Algorithm::Dfs);
    const SearchResult r = search({kOneAway, kGoal2x2}, spec);
    CHECK(r.moves() == "D");
    check_counters(r.counters, {1, 2, 2, 3, 3, 2, 1});
  }
  SUBCASE("DFS pushing forward pops Left first and walks the long way round the cycle") {
    // S and its 10 states to the left are expanded (11), each generating 2 (22); all 12 states
    // are pushed once; the goal is popped last (12 pops) and reached by its own Down, not the
    // walk, because on-push marked it when the start was expanded. Frontier: the goal plus one.
    SearchSpec spec = SearchSpec::of(Algorithm::Dfs);
    spec.semantics.push_order = PushOrder::Forward;
    const SearchResult r = search({kOneAway, kGoal2x2}, spec);
    CHECK(r.moves() == "D");
    check_counters(r.counters, {11, 12, 22, 12, 12, 2, 10});
  }
  SUBCASE("iddfs: round 0 expands the start and cuts both children, round 1 finds the goal") {
    SearchSpec spec = SearchSpec::of(Algorithm::Iddfs);
    const SearchResult r = search({kOneAway, kGoal2x2}, spec);
    CHECK(r.iterations == 2);
    CHECK(r.moves() == "D");
    // Sums over rounds (1+1 expanded, 1+2 popped, 2+2 generated, 1+3 pushed); discovered and the
    // maxima from the largest round.
    check_counters(r.counters, {2, 3, 4, 4, 3, 2, 1});
  }
  SUBCASE("idastar: bound h(start) = 1 admits the goal (f = 1) and prunes Left (f = 1 + 2)") {
    SearchSpec spec = SearchSpec::of(Algorithm::Idastar);
    auto manhattan = make_builtin_heuristic("manhattan", kGoal2x2).value();
    spec.heuristic = manhattan.get();
    const SearchResult r = search({kOneAway, kGoal2x2}, spec);
    CHECK(r.iterations == 1);
    CHECK(r.moves() == "D");
    check_counters(r.counters, {1, 2, 2, 2, 3, 1, 1});
  }
}

TEST_CASE("an unsolvable pair exhausts the start's half of the state space") {
  const Board goal = goal_board(Shape{2, 3}, GoalLayout::BlankLast);
  const Board other_half = board(Shape{2, 3}, "2 1 3 4 5 0");
  REQUIRE_FALSE(check_reachable(other_half, goal));
  for (Algorithm algorithm : {Algorithm::Bfs, Algorithm::Dfs, Algorithm::Ucs}) {
    SearchSpec spec = SearchSpec::of(algorithm);
    const SearchResult r = search({other_half, goal}, spec);
    CHECK(r.status == SearchStatus::NoSolution);
    CHECK(r.counters.discovered == 360);
    CHECK(r.counters.expanded == 360);
  }
}

TEST_CASE("the node budget stops a search with a status and a message, never a crash") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Board start = scrambled_board(goal, 30, 3);
  Semantics tree;
  tree.duplicates = Duplicates::None;
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs, tree);
  spec.limits.max_nodes = 100;
  const SearchResult r = search({start, goal}, spec);
  CHECK(r.status == SearchStatus::NodeBudgetExceeded);
  CHECK(status_name(r.status) == "node-budget-exceeded");
  CHECK(r.message.find("node budget 100") != std::string::npos);
  // Checked before every pop, so the last expansion may overshoot by its children (at most 4).
  CHECK(r.counters.pushed >= 100);
  CHECK(r.counters.pushed <= 104);
  CHECK(r.path.empty());
  // iddfs shares one budget over all its rounds.
  spec = SearchSpec::of(Algorithm::Iddfs, tree);
  spec.limits.max_nodes = 100;
  const SearchResult rounds = search({start, goal}, spec);
  CHECK(rounds.status == SearchStatus::NodeBudgetExceeded);
  CHECK(rounds.counters.pushed <= 104);
}

TEST_CASE("a failing heuristic stops the search with its own message") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Board start = scrambled_board(goal, 20, 5);
  for (Algorithm algorithm : {Algorithm::Astar, Algorithm::Greedy, Algorithm::Idastar}) {
    CAPTURE(algorithm_name(algorithm));
    FailingHeuristic failing(5);
    SearchSpec spec = SearchSpec::of(algorithm);
    spec.heuristic = &failing;
    const SearchResult r = search({start, goal}, spec);
    CHECK(r.status == SearchStatus::HeuristicFailed);
    CHECK(r.message == "script raised: boom");
    SearchSpec none = SearchSpec::of(algorithm);
    const SearchResult missing = search({start, goal}, none);
    CHECK(missing.status == SearchStatus::HeuristicFailed);
    CHECK(missing.message.find("needs a heuristic") != std::string::npos);
  }
  // A tie-break on h needs a heuristic even for BFS.
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
  spec.semantics.tie_break = std::vector<TieKey>{TieKey::HLow, TieKey::Fifo};
  CHECK(search({start, goal}, spec).status == SearchStatus::HeuristicFailed);
}

TEST_CASE("iddfs stops at its depth_limit and idastar at max_iterations") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Board start = board(Shape{3, 3}, "4 1 2 7 0 6 8 3 5");  // 12 moves from the goal
  SearchSpec spec = SearchSpec::of(Algorithm::Iddfs);
  spec.semantics.depth_limit = 5;
  const SearchResult capped = search({start, goal}, spec);
  CHECK(capped.status == SearchStatus::NoSolution);
  CHECK(capped.iterations == 6);  // bounds 0..5
  spec = SearchSpec::of(Algorithm::Idastar);  // idastar's defaults, without the depth limit
  auto zero = make_builtin_heuristic("zero", goal).value();
  spec.heuristic = zero.get();
  spec.limits.max_iterations = 3;
  const SearchResult gave_up = search({start, goal}, spec);
  CHECK(gave_up.status == SearchStatus::NoSolution);
  CHECK(gave_up.iterations == 3);
  CHECK(gave_up.message.find("3 rounds") != std::string::npos);
}

TEST_CASE("the result reports the semantics as resolved, and the count it selects") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  Semantics written;
  written.count = CountKind::Popped;
  written.depth_limit = 4;
  const SearchSpec spec = SearchSpec::of(Algorithm::Dfs, written);
  const SearchResult r = search({scrambled_board(goal, 3, 1), goal}, spec);
  CHECK(r.semantics == resolve(written, Algorithm::Dfs));
  // of() gives each algorithm its own defaults (a spec cannot be made without it).
  CHECK(SearchSpec::of(Algorithm::Bfs).semantics == resolve(Semantics{}, Algorithm::Bfs));
  CHECK_FALSE(std::is_default_constructible_v<SearchSpec>);
  CHECK(SearchSpec::of(Algorithm::Idastar).semantics == resolve(Semantics{}, Algorithm::Idastar));
  const Counters& c = r.counters;
  CHECK(c.selected(CountKind::Expanded) == c.expanded);
  CHECK(c.selected(CountKind::Popped) == c.popped);
  CHECK(c.selected(CountKind::Generated) == c.generated);
  CHECK(c.selected(CountKind::Discovered) == c.discovered);
  CHECK(c.selected(CountKind::Pushed) == c.pushed);
}

TEST_CASE("weights are exact decimal fractions") {
  CHECK(parse_weight("2")->numerator == 2);
  CHECK(parse_weight("2")->denominator == 1);
  CHECK(parse_weight("1.5")->numerator == 15);
  CHECK(parse_weight("1.5")->denominator == 10);
  CHECK(parse_weight("0.25")->numerator == 25);
  CHECK(parse_weight("0.25")->denominator == 100);
  CHECK(parse_weight("0.000001")->denominator == 1'000'000);
  // A seventh decimal is refused: 19 of them once overflowed the denominator, and weighted A*
  // returned a 43-move path where the optimum is 31.
  CHECK(parse_weight("0.0000001").error().find("more than 6 decimal places") != std::string::npos);
  CHECK_FALSE(parse_weight("0.0000000000000000005"));
  CHECK_FALSE(parse_weight("0.0000000000000000000"));
  for (const char* bad : {"", ".", "abc", "1.2.3", "0", "0.0", "-1", "1e3", " 1"}) {
    CAPTURE(bad);
    const auto weight = parse_weight(bad);
    REQUIRE_FALSE(weight.ok());
    std::string named = "weight '";
    named += bad;
    named += "'";
    CHECK(weight.error().find(named) != std::string::npos);
  }
}

TEST_CASE("under the tile cost model a move costs the number on the tile it slides") {
  const Board start = board(Shape{2, 3}, "1 0 3 4 2 5");
  CHECK(step_cost(start, Move::Down, CostModel::Tile) == 2);
  CHECK(step_cost(start, Move::Left, CostModel::Tile) == 1);
  CHECK(step_cost(start, Move::Right, CostModel::Tile) == 3);
  CHECK(step_cost(start, Move::Down, CostModel::Unit) == 1);
  // Down slides 2, then Right slides 5.
  CHECK(path_cost(start, {Move::Down, Move::Right}, CostModel::Tile) == 7);
  CHECK(path_cost(start, {Move::Down, Move::Right}, CostModel::Unit) == 2);
  SearchSpec spec = SearchSpec::of(Algorithm::Ucs);
  spec.semantics.cost = CostModel::Tile;
  const SearchResult r = search({start, goal_board(Shape{2, 3}, GoalLayout::BlankLast)}, spec);
  CHECK(r.moves() == "DR");
  CHECK(r.cost == 7);
}

namespace {

// A built-in heuristic with its tile terms hidden: the loop then builds boards and asks
// estimate_child, as it does for a student's or a pattern database's estimator.
class BoardsOnly final : public Heuristic {
 public:
  explicit BoardsOnly(std::unique_ptr<Heuristic> inner) : inner_(std::move(inner)) {}
  std::optional<std::int64_t> estimate(const Board& board) override {
    return inner_->estimate(board);
  }
  std::optional<std::int64_t> estimate_child(const Board& child, const Board& parent,
                                             std::int64_t parent_h) override {
    return inner_->estimate_child(child, parent, parent_h);
  }
  std::string name() const override { return inner_->name(); }

 private:
  std::unique_ptr<Heuristic> inner_;
};

}  // namespace

TEST_CASE("a search reads a heuristic's tile terms exactly as it reads its boards") {
  for (Shape shape : {Shape{3, 3}, Shape{4, 4}, Shape{3, 5}}) {
    const Board goal = goal_board(shape, GoalLayout::BlankLast);
    for (const char* name : {"manhattan", "misplaced"}) {
      auto terms = make_builtin_heuristic(name, goal).value();
      REQUIRE(terms->tile_terms() != nullptr);
      BoardsOnly boards(make_builtin_heuristic(name, goal).value());
      for (Algorithm algorithm : {Algorithm::Astar, Algorithm::Greedy, Algorithm::Idastar}) {
        for (std::uint64_t seed = 0; seed < 4; ++seed) {
          // Short walks: misplaced tiles on the 15-puzzle is a weak guide.
          const Board start = scrambled_board(goal, shape.cells() == 9 ? 30 : 18, seed);
          CAPTURE(name);
          CAPTURE(format_tiles(start));
          SearchSpec spec = SearchSpec::of(algorithm);
          spec.record_trace = true;
          spec.heuristic = terms.get();
          const SearchResult with_terms = search({start, goal}, spec);
          spec.heuristic = &boards;
          const SearchResult with_boards = search({start, goal}, spec);
          REQUIRE(with_terms.solved());
          CHECK(with_terms.path == with_boards.path);
          CHECK(with_terms.trace == with_boards.trace);
          for (const CounterField& field : kCounterFields) {
            CHECK(with_terms.counters.*field.member == with_boards.counters.*field.member);
          }
        }
      }
    }
  }
}
