// A search that returns boards instead of moves (path-of-boards): the path check fails saying
// what came back and what the moves would be, the other checks judge the search as usual, and
// the diagnosis names the mistake with a sentence the student can act on.
#include <doctest/doctest.h>

#include "grader/judge/checks.h"
#include "grader/judge/path_mistakes.h"
#include "tests/support/task_builders.h"

using namespace tile;

namespace {

Task bfs_task() {
  Task task = testing::on_push_bfs_task();
  testing::add_test(task, "1 2 5 3 4 0 6 7 8", "t");
  return task;
}

// The boards along a path from start, start included.
std::vector<Board> boards_along(const Board& start, const std::vector<Move>& path) {
  std::vector<Board> boards = {start};
  for (Move move : path) boards.push_back(boards.back().moved(move));
  return boards;
}

}  // namespace

TEST_CASE("boards instead of moves fail the path, keep the search's points and are named") {
  const Task task = bfs_task();
  const TestCase& test = task.tests[0];
  const Expectation expected = compute_expectation(task, test).value();
  REQUIRE(format_moves(expected.path) == "ULL");
  JobObservation observation;
  StudentSearchRun run;
  run.completed = true;
  run.returned_boards = boards_along(test.start, expected.path);
  run.reported_count = static_cast<std::int64_t>(expected.count);
  run.expansions = expected.trace;
  observation.search = run;

  const TestResult result = check_search_test(task, test, expected, observation, 4);
  CHECK_FALSE(result.passed);
  CHECK(result.score == doctest::Approx(2.0));  // path and cost fail; count and order pass
  CHECK(result.diagnosis.code == "path-of-boards");
  CHECK(test_output_text(result).find("You returned 4 boards (the first: 1 2 5 / 3 4 0 / 6 7 8), not "
                           "moves. As moves of the blank, your boards read \"ULL\".") !=
        std::string::npos);
  CHECK(test_output_text(result).find("as letters such as \"U\", \"L\"") != std::string::npos);
  CHECK(test_output_text(result).find("your path: 4 boards, not moves") != std::string::npos);
}

TEST_CASE("the moves between returned boards, with or without the start") {
  const Board start = parse_board({3, 3}, "1 2 5 3 4 0 6 7 8").value();
  const std::vector<Move> path = {Move::Up, Move::Left, Move::Left};
  std::vector<Board> boards = boards_along(start, path);
  CHECK(moves_between(start, boards) == path);
  boards.erase(boards.begin());
  CHECK(moves_between(start, boards) == path);
  boards.erase(boards.begin());  // a board two moves from the start: no moves to read
  CHECK_FALSE(moves_between(start, boards).has_value());
  CHECK(describe_returned_boards(start, boards).find("read") == std::string::npos);
  CHECK(describe_returned_boards(start, {start}) ==
        "You returned 1 board (the first: 1 2 5 / 3 4 0 / 6 7 8), not moves.");
}
