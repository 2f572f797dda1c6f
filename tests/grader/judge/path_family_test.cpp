// Reading a path-only task's run through the frontier styles (path_family.cpp): a path the
// reference returns in some style names nothing; a path only a wrong priority returns, in some
// style, names that priority; a run that cannot be read this way is left to the other evidence.
#include "grader/judge/path_family.h"

#include <doctest/doctest.h>

#include <memory>

#include "engine/named_heuristic.h"
#include "engine/random_boards.h"
#include "tests/support/task_builders.h"

using namespace tile;

namespace path_family_testing {

// astar-manhattan's task on 3x3, with A*'s own duplicate policy.
Task path_only_astar() {
  return testing::optimal_only_astar({3, 3}, resolve({}, Algorithm::Astar).duplicates);
}

std::vector<Variant> candidates_of(const Task& task) {
  std::vector<Variant> candidates{reference_variant(task)};
  for (Variant& variant : mistake_catalogue(task)) candidates.push_back(std::move(variant));
  return candidates;
}

StudentSearchRun finished_with(std::vector<Move> path) {
  StudentSearchRun run;
  run.completed = true;
  run.path = std::move(path);
  return run;
}

TEST_CASE("a greedy path longer than the cheapest is named as h alone; A*'s own path is not") {
  const Task task = path_only_astar();
  const std::vector<Variant> candidates = candidates_of(task);
  auto heuristic = std::move(make_named_heuristic(*task.heuristic, task.goal).value());
  int greedy_named = 0;
  for (int round = 0; round < 24; ++round) {
    const Problem problem{scrambled_board(task.goal, 20 + 2 * round, 31u + round), task.goal};
    SearchSpec astar = SearchSpec::of(Algorithm::Astar);
    astar.heuristic = heuristic.get();
    const SearchResult cheapest = search(problem, astar);
    REQUIRE(cheapest.status == SearchStatus::Solved);
    const PathSwapReading own =
        read_path_swap(task, candidates, heuristic.get(), problem, finished_with(cheapest.path));
    CHECK(own.readable);
    CHECK(own.reference);
    CHECK_FALSE(own.swap);

    SearchSpec greedy = SearchSpec::of(Algorithm::Greedy);
    greedy.heuristic = heuristic.get();
    const SearchResult greedy_result = search(problem, greedy);
    REQUIRE(greedy_result.status == SearchStatus::Solved);
    if (greedy_result.path.size() <= cheapest.path.size()) continue;  // greedy found a cheapest
    CAPTURE(format_moves(greedy_result.path));
    const PathSwapReading read = read_path_swap(task, candidates, heuristic.get(), problem,
                                                finished_with(greedy_result.path));
    CHECK(read.readable);
    CHECK_FALSE(read.reference);
    REQUIRE(read.swap);
    CHECK(read.swap->code == "priority-h-only");
    ++greedy_named;
  }
  CHECK(greedy_named >= 3);  // the seeded boards give greedy a longer path several times
}

TEST_CASE("a run read by its order, or returned as boards, is not read through the styles") {
  Task task = path_only_astar();
  const std::vector<Variant> candidates = candidates_of(task);
  auto heuristic = std::move(make_named_heuristic(*task.heuristic, task.goal).value());
  const Problem problem{testing::board_3x3("1 2 3 4 5 6 0 7 8"), task.goal};
  StudentSearchRun boards = finished_with({});
  boards.returned_boards = {problem.start};
  CHECK_FALSE(read_path_swap(task, candidates, heuristic.get(), problem, boards).readable);
  const StudentSearchRun stopped;  // not finished, no expansions kept: nothing to read
  CHECK_FALSE(read_path_swap(task, candidates, heuristic.get(), problem, stopped).readable);
  task.checks.order = true;
  const StudentSearchRun finished = finished_with({Move::Right, Move::Right});
  CHECK_FALSE(read_path_swap(task, candidates, heuristic.get(), problem, finished).readable);
}

}  // namespace path_family_testing
