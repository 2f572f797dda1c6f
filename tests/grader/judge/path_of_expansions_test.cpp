// A path made of the moves of every expansion (one list shared by the whole search), on
// hand-built observed runs: named where each move made the board expanded next and the path is
// no route to the goal; never on a route, a path that leaves the expansions' moves, a short path
// or a record cut short.
#include "grader/judge/path_of_expansions.h"

#include <doctest/doctest.h>

#include "grader/judge/invariants.h"
#include "tests/grader/student/observed_support.h"
#include "tests/support/task_builders.h"

namespace tile {
namespace path_of_expansions_testing {

Board board_3x3(const char* tiles) { return parse_board(Shape{3, 3}, tiles).value(); }

const Board kGoal = board_3x3("1 2 3 4 5 6 7 8 0");
const Board kStart = board_3x3("1 2 3 4 0 5 7 8 6");  // Right, Down reaches the goal
const Board kUp = kStart.moved(Move::Up);
const Board kLeft = kStart.moved(Move::Left);
const Board kUpLeft = kUp.moved(Move::Left);

StudentSearchRun run_of(const std::vector<Board>& expanded, const std::vector<Move>& path) {
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, kStart);
  for (const Board& board : expanded) testing::record_expansion_of(recorder, board);
  run.completed = true;
  run.path = path;
  return run;
}

std::string named_on(const std::vector<Board>& expanded, const std::vector<Move>& path) {
  const Task task = testing::defaults_task(Algorithm::Astar, kGoal);
  const StudentSearchRun run = run_of(expanded, path);
  const auto diagnosis =
      path_of_every_expansion(task, kStart, run, observed_tree_of(task, run, nullptr));
  return diagnosis ? diagnosis->code : "";
}

TEST_CASE("a path of the moves of every expansion, in order, is named") {
  // Expanded: the start, its Up child, its Left child, the Up child's Left child.
  const std::vector<Board> expanded = {kStart, kUp, kLeft, kUpLeft};
  CHECK(named_on(expanded, {Move::Up, Move::Left, Move::Left}) ==
        "path-moves-of-every-expansion");
  // The goal's own move after them: the last board expanded made the goal by moving Down.
  const Board right = kStart.moved(Move::Right);
  CHECK(named_on({kStart, kUp, kLeft, right}, {Move::Up, Move::Left, Move::Right, Move::Down}) ==
        "path-moves-of-every-expansion");
  CHECK(named_on({kStart, kUp, kLeft, right}, {Move::Up, Move::Left, Move::Right, Move::Up})
            .empty());
  const Task task = testing::defaults_task(Algorithm::Astar, kGoal);
  const StudentSearchRun run = run_of(expanded, {Move::Up, Move::Left, Move::Left});
  const auto diagnosis =
      path_of_every_expansion(task, kStart, run, observed_tree_of(task, run, nullptr));
  REQUIRE(diagnosis);
  CHECK(diagnosis->explanation ==
        "Your path (3 moves) is not a route from the start to the goal: its moves are the move "
        "that made each board your search expanded, in the order it expanded them (4 expansions "
        "in all), from every branch. One list of moves shared by the whole search and never "
        "undone gives that, and so does a list returned before the search reached the goal: "
        "each node needs its own moves (its parent's and one more, or a link to its parent), "
        "and the goal node's are the answer.");
}

TEST_CASE("not named on a route, another path, a short path or a record cut short") {
  const std::vector<Board> expanded = {kStart, kUp, kLeft, kUpLeft};
  // One move differs from the move that made the board expanded.
  CHECK(named_on(expanded, {Move::Up, Move::Right, Move::Left}).empty());
  // Lengths that do not fit the expansions.
  CHECK(named_on(expanded, {Move::Up, Move::Left}).empty());
  CHECK(named_on(expanded, {Move::Up, Move::Left, Move::Left, Move::Right, Move::Up}).empty());
  // A route to the goal whose moves are also those of a straight line of expansions.
  const Board right = kStart.moved(Move::Right);
  const Board right_down = right.moved(Move::Down);
  CHECK(right_down == kGoal);
  CHECK(named_on({kStart, right, right_down}, {Move::Right, Move::Down}).empty());
  CHECK(named_on({kStart, kUp, kLeft}, {Move::Up, Move::Left}).empty());  // under three moves
  StudentSearchRun cut = run_of(expanded, {Move::Up, Move::Left, Move::Left});
  cut.completed = false;
  const Task task = testing::defaults_task(Algorithm::Astar, kGoal);
  CHECK_FALSE(path_of_every_expansion(task, kStart, cut, observed_tree_of(task, cut, nullptr)));
}

}  // namespace path_of_expansions_testing
}  // namespace tile
