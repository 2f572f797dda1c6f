// The catalogue's mistakes that need other semantics than classic-8puzzle's: npuzzle-search's
// pops and depth limit, slider-2x3's tile costs, and small assignments written here for the
// mistakes no bundled assignment can show (its rules already are the mistake).
#include <tuple>

#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

namespace {

// Boards of four to twelve moves from the blank-last goal, with ties among equal f.
const char* kTests = R"([
  {"name": "a", "start": "1 2 3 4 5 6 0 7 8"}, {"name": "b", "start": "1 2 3 0 4 6 7 5 8"},
  {"name": "c", "start": "4 1 2 7 0 6 8 3 5"}, {"name": "d", "start": "1 3 6 5 2 0 4 7 8"},
  {"name": "e", "start": "0 1 3 4 2 5 7 8 6"}])";

std::string catalogue_assignment(const std::string& task) {
  return R"({"title": "catalogue", "size": "3x3", "goal": "blank-last",
             "limits": {"wall_seconds": 20, "call_seconds": 5, "lua_memory_mb": 64},
             "tasks": [)" + task + R"(]})";
}

}  // namespace

TEST_CASE("npuzzle BFS marking states when pushed: duplicates-on-push") {
  check_search_mistake(npuzzle(), "bfs", "npuzzle-search/bfs_marks_when_pushed.lua",
                       "duplicates-on-push");
}

// The duplicate policies on the assignments whose tests tell them apart from each other (on
// classic-8puzzle's boards, skipping and re-expanding a repeated pop give the same runs).
// A depth-first search re-expands a repeated pop (visited-on-pop) only when it backtracks down to
// the older entry, which on these boards happens after the goal (on the 8-puzzle, only in
// searches of 100,000 expansions and more): no test can tell the two policies apart, and the
// report says so by naming both, the one the run matches first.
TEST_CASE("slider-2x3 DFS with a closed set: duplicates-closed-on-pop, or visited-on-pop") {
  check_named_with(bundled("slider-2x3"), "dfs", "slider-2x3/dfs_closed_set.lua",
                   "duplicates-closed-on-pop", "duplicates-visited-on-pop");
}

TEST_CASE("npuzzle A* expanding a repeated pop again: duplicates-visited-on-pop") {
  check_search_mistake(npuzzle(), "astar", "npuzzle-search/astar_forgets_to_skip.lua",
                       "duplicates-visited-on-pop");
}

// The derived space also holds AIMA's replace-if-cheaper, which on slider-2x3's boards expands as
// a closed set does: the report names both, the closed set first.
TEST_CASE("slider-2x3 A* with a closed set: duplicates-closed-on-pop, or replace-if-cheaper") {
  check_named_with(bundled("slider-2x3"), "astar", "slider-2x3/astar_closed_set.lua",
                   "duplicates-closed-on-pop", "duplicates-replace-if-cheaper");
}

TEST_CASE("slider-2x3 DFS testing children before pushing them: goal-test-on-generate") {
  check_search_mistake(bundled("slider-2x3"), "dfs", "slider-2x3/dfs_goal_on_generate.lua",
                       "goal-test-on-generate");
}

TEST_CASE("npuzzle DFS pushing children one level too deep: depth-limit-off-by-one") {
  check_search_mistake(npuzzle(), "dfs", "npuzzle-search/dfs_depth_limit_inclusive.lua",
                       "depth-limit-off-by-one", "61");
}

TEST_CASE("npuzzle A* keeping the best g of each state: duplicates-reopen-if-cheaper") {
  check_search_mistake(npuzzle(), "astar", "npuzzle-search/astar_best_g_table.lua",
                       "duplicates-reopen-if-cheaper");
}

TEST_CASE("npuzzle returning pushes, states, expansions for pops: counts-pushed, -discovered, "
          "-expanded") {
  const std::string_view sentence = diagnosis_code("counts-{counter}").sentence;
  for (const ExpectedCode& expected :
       {ExpectedCode{"bfs", "npuzzle-search/bfs_counts_appends.lua", "counts-pushed"},
        ExpectedCode{"bfs", "npuzzle-search/bfs_counts_distinct_states.lua", "counts-discovered"},
        ExpectedCode{"astar", "npuzzle-search/astar_counts_expansions.lua", "counts-expanded"}}) {
    CAPTURE(expected.script);
    const auto tests = graded(npuzzle(), expected.task, expected.script);
    for (const TestResult* test : failures(tests)) {
      INFO(test->name << "\n" << test_output_text(*test));
      CHECK(test->diagnosis.code == std::string(expected.code));
      const auto phrases = placeholders_of(sentence, sentence_in(*test));
      REQUIRE(phrases);
      REQUIRE(phrases->size() == 2);
      CHECK((*phrases)[0] != (*phrases)[1]);
    }
  }
}

TEST_CASE("slider-2x3 UCS adding 1 per move where tile k costs k: cost-unit") {
  check_search_mistake(bundled("slider-2x3"), "ucs", "slider-2x3/ucs_every_move_costs_one.lua",
                       "cost-unit");
}

TEST_CASE("BFS testing on pop where the assignment tests on generate: goal-test-on-pop") {
  const Written written(catalogue_assignment(
      R"({"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
          "semantics": {"goal_test": "on-generate"}, "tests": )" + std::string(kTests) + "}"));
  check_search_mistake(written.loaded, "bfs", "written/bfs_tests_on_pop.lua", "goal-test-on-pop");
}

TEST_CASE("A* taking the oldest of equal f where the assignment takes the newest: ties-fifo") {
  const Written written(catalogue_assignment(
      R"({"name": "astar", "kind": "search", "function": "astar", "algorithm": "astar",
          "heuristic": "manhattan", "points": 10, "semantics": {"tie_break": ["lifo"]},
          "tests": )" + std::string(kTests) + "}"));
  check_search_mistake(written.loaded, "astar", "written/astar_sorted_after_equals.lua",
                       "ties-fifo");
}

TEST_CASE("A* with heapq comparing f alone where ties go oldest first: ties-in-heap-order") {
  const Written written(catalogue_assignment(
      R"({"name": "astar", "kind": "search", "function": "astar", "algorithm": "astar",
          "heuristic": "manhattan", "points": 10, "tests": )" + std::string(kTests) + "}"));
  check_search_mistake(written.loaded, "astar", "written/astar_heapq_f_only.lua",
                       "ties-in-heap-order");
}
