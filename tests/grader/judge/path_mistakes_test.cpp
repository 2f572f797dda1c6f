// Mistakes read from a returned path (path_mistakes.cpp), tested by making them: each starts from
// an optimal path the engine found on a random board, the test does to it what a student's code
// might (moves of the tile, the list backwards, a move dropped or one too many, a detour, the
// other goal), and the judge must name what was done, and nothing on the path left alone.
#include "grader/judge/path_mistakes.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/random_boards.h"
#include "engine/search.h"

using namespace tile;

namespace path_mistakes_testing {

const Shape k3x3{3, 3};

std::vector<Move> shortest_path(const Board& start, const Board& goal) {
  const SearchResult result = search(Problem{start, goal}, SearchSpec::of(Algorithm::Bfs));
  REQUIRE(result.status == SearchStatus::Solved);
  return result.path;
}

bool reaches(const Board& start, const Board& goal, const std::vector<Move>& path) {
  const auto end = apply_moves(start, std::span<const Move>(path));
  return end && *end == goal;
}

bool names(const std::vector<Diagnosis>& all, const std::string& code) {
  return std::any_of(all.begin(), all.end(), [&](const Diagnosis& d) { return d.code == code; });
}

TEST_CASE("each mistake made to an optimal path is named, and the path itself is not") {
  const Board goal = goal_board(k3x3, GoalLayout::BlankFirst);
  int made = 0;
  for (int round = 0; round < 60; ++round) {
    const Board start = scrambled_board(goal, 4 + round % 16, 20261128u + round);
    const std::vector<Move> path = shortest_path(start, goal);
    if (path.size() < 2) continue;
    CAPTURE(format_moves(path));
    CHECK(path_mistakes(start, goal, path).empty());
    CHECK_FALSE(diagnose_path(start, goal, path));

    std::vector<Move> tile_moves = path;
    for (Move& move : tile_moves) move = reverse_move(move);
    if (!reaches(start, goal, tile_moves)) {
      CHECK(names(path_mistakes(start, goal, tile_moves), "path-tile-centred"));
    }
    const std::vector<Move> backwards(path.rbegin(), path.rend());
    if (!reaches(start, goal, backwards)) {
      CHECK(names(path_mistakes(start, goal, backwards), "path-reversed"));
    }
    const std::vector<Move> short_of_goal(path.begin(), path.end() - 1);
    CHECK(names(path_mistakes(start, goal, short_of_goal), "path-missing-last-move"));
    const std::vector<Move> without_first(path.begin() + 1, path.end());
    const auto missing_first = path_mistakes(start, goal, without_first);
    CHECK(names(missing_first, "path-missing-first-move"));
    std::vector<Move> past_goal = path;
    for (Move move : kAllMoves) {
      if (goal.can_move(move)) {
        past_goal.push_back(move);
        break;
      }
    }
    CHECK(names(path_mistakes(start, goal, past_goal), "path-one-move-too-long"));
    // A detour (a move and its way back) still reaches the goal: no path mistake, but dearer.
    std::vector<Move> detour = path;
    for (Move move : kAllMoves) {
      if (start.can_move(move)) {
        detour.insert(detour.begin(), {move, reverse_move(move)});
        break;
      }
    }
    CHECK(path_mistakes(start, goal, detour).empty());
    const auto cheapest = static_cast<std::int64_t>(path.size());
    const auto dearer = path_dearer_than_cheapest(start, goal, detour, CostModel::Unit, cheapest);
    REQUIRE(dearer);
    CHECK(dearer->code == "path-dearer-than-cheapest");
    REQUIRE(dearer->step);
    CHECK(dearer->step->counts.at(0).value == path.size() + 2);
    CHECK(dearer->step->counts.at(1).value == path.size());
    CHECK_FALSE(path_dearer_than_cheapest(start, goal, path, CostModel::Unit, cheapest));
    ++made;
  }
  CHECK(made >= 50);
}

TEST_CASE("a path to the other standard goal is named by that goal; another board by its own") {
  const Board goal = goal_board(k3x3, GoalLayout::BlankFirst);
  const Board other = goal_board(k3x3, GoalLayout::BlankLast);
  for (int round = 0; round < 8; ++round) {
    const Board start = scrambled_board(goal, 10 + 2 * round, 7u + round);
    // Both goals are reachable from a board only when it has their parity: the walk keeps it.
    const SearchResult to_other = search(Problem{start, other}, SearchSpec::of(Algorithm::Bfs));
    if (to_other.status != SearchStatus::Solved) continue;
    const auto named = goal_reached_instead(start, goal, to_other.path);
    REQUIRE(named);
    CHECK(named->code == "goal-layout-blank-last");
  }
  const Board start = scrambled_board(goal, 12, 99u);
  const std::vector<Move> path = shortest_path(start, goal);
  CHECK_FALSE(goal_reached_instead(start, goal, path));
  const std::vector<Move> short_of_goal(path.begin(), path.end() - 1);
  const auto own = goal_reached_instead(start, goal, short_of_goal);
  REQUIRE(own);
  CHECK(own->code == "goal-test-own");
  // The run called problem:is_goal on the goal itself: its goal test found the goal, so the
  // path is what ends elsewhere, and nothing is said of the goal test.
  const auto tested = goal_reached_instead(start, goal, short_of_goal, true);
  REQUIRE(tested);
  CHECK(tested->code == "path-ends-off-goal");
  CHECK(tested->explanation.find("goal test") == std::string::npos);
}

}  // namespace path_mistakes_testing
