// Correct submissions in unusual styles: recursion for a stack or a queue, seen sets keyed by
// strings of their own, hand-written heaps and priority queues, metatables, coroutines, 0-based
// arithmetic, paths built by prepending, lower-case moves, IDA* where any optimal path is
// accepted. Each must get full marks on every test of its task with no diagnosis at all: the
// catalogue must never mistake a style for a mistake.
#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

namespace {

void check_correct(const std::string& assignment, const std::string& task,
                   const std::string& script) {
  CAPTURE(assignment);
  CAPTURE(task);
  CAPTURE(script);
  check_full_marks(graded(bundled(assignment), task, "correct/" + script));
}

}  // namespace

TEST_CASE("breadth-first in unusual styles gets full marks and no diagnosis") {
  check_correct("classic-8puzzle", "bfs", "classic_bfs_levels_recursive.lua");
  check_correct("classic-8puzzle", "bfs", "classic_bfs_queue_class.lua");
  check_correct("sliding-tile-practice", "bfs", "practice_bfs_coroutine.lua");
  check_correct("npuzzle-search", "bfs", "npuzzle_bfs_two_stacks.lua");
}

TEST_CASE("depth-first by recursion gets full marks and no diagnosis") {
  check_correct("classic-8puzzle", "dfs", "classic_dfs_recursive.lua");
  check_correct("sliding-tile-practice", "dfs", "practice_dfs_recursive.lua");
}

TEST_CASE("A* with its own heap, metatables or IDA* gets full marks and no diagnosis") {
  check_correct("classic-8puzzle", "astar", "classic_astar_own_heapq.lua");
  check_correct("npuzzle-search", "astar", "npuzzle_astar_lt_metatable.lua");
  check_correct("slider-2x3", "astar", "slider_astar_sorted_class.lua");
  check_correct("astar-manhattan", "astar", "astar_manhattan_idastar.lua");
}

TEST_CASE("iterative deepening with a string path or coroutine rounds: full marks, no diagnosis") {
  check_correct("iterative-deepening", "iddfs", "deepening_iddfs_path_string.lua");
  check_correct("iterative-deepening", "idastar", "deepening_idastar_coroutine.lua");
}

TEST_CASE("greedy best-first with a bucket queue gets full marks and no diagnosis") {
  check_correct("slider-2x3", "greedy", "slider_greedy_buckets.lua");
}

TEST_CASE("slides by 0-based arithmetic returning rows, a goal test by strings: full marks") {
  for (const char* task : {"slide_down", "slide_left", "slide_right", "check_solved",
                           "check_solved_4x4"}) {
    check_correct("sliding-tile-practice", task, "practice_slides_rows.lua");
  }
}

TEST_CASE("a memoised Manhattan distance gets full marks and no diagnosis") {
  check_correct("heuristic-challenge", "3x3", "heuristic_memo_manhattan.lua");
  check_correct("heuristic-challenge", "4x4", "heuristic_memo_manhattan.lua");
}
