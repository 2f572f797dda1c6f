#include "engine/oracle.h"

#include <doctest/doctest.h>

#include <filesystem>

#include "engine/random_boards.h"
#include "engine/search.h"
#include "tests/engine/engine_test_support.h"

using namespace tile;
using tile::testing::TempDir;

namespace {

// The optimal length by the generic engine's A* with Manhattan (closed-on-pop, consistent
// heuristic: optimal), an answer computed independently of the oracle.
int astar_length(const Board& start, const Board& goal) {
  auto manhattan = make_builtin_heuristic("manhattan", goal).value();
  SearchSpec spec = SearchSpec::of(Algorithm::Astar);
  spec.heuristic = manhattan.get();
  const SearchResult result = search({start, goal}, spec);
  REQUIRE(result.solved());
  return static_cast<int>(result.path.size());
}

}  // namespace

TEST_CASE("small boards are answered from the complete table") {
  const Board goal = goal_board({3, 3}, GoalLayout::BlankLast);
  const auto oracle = DistanceOracle::for_goal(goal);
  REQUIRE(oracle);
  REQUIRE(oracle->table());
  CHECK(oracle->table()->reachable_states() == 181440);
  CHECK(oracle->method() == "complete table of 181440 states");
  CHECK(oracle->distance(goal, 1).distance == 0);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Board board = random_solvable_board(goal, seed);
    const OracleAnswer answer = oracle->distance(board, 1);
    CHECK(answer.exact());
    CHECK(answer.distance == astar_length(board, goal));
    CHECK(answer.lower_bound == answer.distance);
  }
  const OracleAnswer unreachable =
      oracle->distance(parse_board({3, 3}, "2 1 3 4 5 6 7 8 0").value(), 1);
  CHECK(unreachable.status == OracleStatus::Unreachable);
  CHECK(unreachable.message.find("parity") != std::string::npos);
  const OracleAnswer foreign = oracle->distance(goal_board({2, 3}, GoalLayout::BlankLast), 1);
  CHECK(foreign.status == OracleStatus::Invalid);
  CHECK(oracle_status_name(foreign.status) == "invalid");
  CHECK(DistanceOracle::for_goal(goal_board({2, 3}, GoalLayout::BlankFirst))
            ->table()
            ->max_distance() == 21);
}

TEST_CASE("larger boards are solved optimally with pattern databases from the cache") {
  TempDir dir;
  const Board goal = goal_board({4, 4}, GoalLayout::BlankFirst);
  OracleOptions options;
  options.partition = "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15";  // small tables: fast to build
  options.cache.dir = dir.path.string();
  const auto oracle = DistanceOracle::for_goal(goal, options);
  REQUIRE(oracle);
  CHECK_FALSE(oracle->table());
  REQUIRE(oracle->pattern_databases());
  CHECK(oracle->method() == "IDA* with pattern databases custom 3-3-3-3-3, mirrored");
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path),
                      std::filesystem::directory_iterator()) == 5);  // one file per pattern
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Board board = scrambled_board(goal, 30, seed);
    const OracleAnswer answer = oracle->distance(board, 60);
    REQUIRE(answer.exact());
    CHECK(answer.distance == astar_length(board, goal));
  }
}

TEST_CASE("a budget too small gives budget-exceeded with a lower bound") {
  const Board goal = goal_board({4, 4}, GoalLayout::BlankFirst);
  OracleOptions options;
  options.partition = "none";  // Manhattan: instance 1 then needs 276 million nodes
  const auto oracle = DistanceOracle::for_goal(goal, options);
  REQUIRE(oracle);
  CHECK(oracle->method() == "IDA* with the Manhattan distance");
  const Board korf1 = parse_board({4, 4}, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3").value();
  const OracleAnswer answer = oracle->distance(korf1, 0.02);
  CHECK(answer.status == OracleStatus::BudgetExceeded);
  CHECK_FALSE(answer.exact());
  CHECK(answer.distance == -1);
  CHECK(answer.lower_bound >= 41);
  CHECK(answer.lower_bound <= 57);  // Korf's optimal length: the bound never passes it
  CHECK(answer.message.find("no solution is shorter") != std::string::npos);
  // An easy board on the same oracle is still exact, through the same budgeted path.
  const Board easy = scrambled_board(goal, 16, 9);
  const OracleAnswer quick = oracle->distance(easy, 30);
  CHECK(quick.exact());
  CHECK(quick.distance == astar_length(easy, goal));
}

TEST_CASE("the table threshold is an option") {
  OracleOptions options;
  options.max_table_cells = 6;
  options.partition = "none";
  const auto oracle = DistanceOracle::for_goal(goal_board({3, 3}, GoalLayout::BlankLast), options);
  REQUIRE(oracle);
  CHECK_FALSE(oracle->table());
  const Board board = random_solvable_board(goal_board({3, 3}, GoalLayout::BlankLast), 4);
  CHECK(oracle->distance(board, 30).distance == astar_length(board, oracle->goal()));
}
