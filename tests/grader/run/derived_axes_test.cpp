// The mistakes the derived space adds to the old catalogue, each graded from a student's Lua: an
// iterative deepening without AIMA's path check (cycle-check-none), one that expands the nodes at
// its limit (at-depth-limit-expand), one run as a single depth-limited search (algorithm-dls); a
// BFS with a stack stopped by the clock (frontier-stack, from the expansions it made); an "A*" by
// h alone on a task that checks only paths (priority-h-only, from the path); and a BFS with two
// mistakes at once (goal-test-on-generate+no-duplicate-detection). Each checks the code named first
// and its sentence, and a correct iterative deepening beside them gets full marks.
#include "grader/judge/diagnosis.h"
#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

namespace {

// Boards of one to six moves from the blank-last goal.
const char* kShallow = R"([
  {"name": "a", "start": "1 2 3 4 0 6 7 5 8"}, {"name": "b", "start": "1 2 3 0 4 6 7 5 8"},
  {"name": "c", "start": "0 1 3 4 2 5 7 8 6"}, {"name": "d", "start": "1 2 3 4 5 6 0 7 8"},
  {"name": "e", "generate": {"count": 1, "seed": 7, "scramble": 6}}])";

std::string derived_assignment(
    const std::string& task,
    const std::string& limits = R"({"wall_seconds": 20, "call_seconds": 5, "lua_memory_mb": 64})") {
  return R"({"title": "derived", "size": "3x3", "goal": "blank-last", "limits": )" + limits +
         R"(, "tasks": [)" + task + R"(]})";
}

// AIMA's iterative deepening: no duplicate detection, the path check, nothing done at the limit.
std::string aima_iddfs() {
  return derived_assignment(
      R"({"name": "iddfs", "kind": "search", "function": "iddfs", "algorithm": "iddfs",
          "points": 10, "semantics": {"duplicates": "none", "cycle_check": "path",
          "at_depth_limit": "cut-off", "depth_limit": 8}, "checks": {"count": false},
          "tests": )" + std::string(kShallow) + "}");
}

}  // namespace

TEST_CASE("iterative deepening without the path check: cycle-check-none") {
  const Written written(aima_iddfs());
  check_search_mistake(written.loaded, "iddfs", "derived/iddfs_no_cycle_check.lua",
                       "cycle-check-none");
}

TEST_CASE("iterative deepening expanding the nodes at its limit: at-depth-limit-expand") {
  const Written written(aima_iddfs());
  check_search_mistake(written.loaded, "iddfs", "derived/iddfs_expands_at_limit.lua",
                       "at-depth-limit-expand");
}

TEST_CASE("iterative deepening run as one depth-limited search: algorithm-dls") {
  const Written written(aima_iddfs());
  check_search_mistake(written.loaded, "iddfs", "derived/iddfs_one_round.lua", "algorithm-dls");
}

TEST_CASE("a correct iterative deepening in AIMA's recursive style: full marks, no diagnosis") {
  const Written written(aima_iddfs());
  check_full_marks(graded(written.loaded, "iddfs", "derived/iddfs_correct.lua"));
}

TEST_CASE("a BFS with a stack that the clock stops is named from its expansions: frontier-stack") {
  // A budget far beyond what the clock allows: the run stops on time, not on expansions.
  const Written written(derived_assignment(
      R"({"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
          "limits": {"max_expansions": 5000000, "engine_nodes": 2000000},
          "tests": [{"name": "deep", "generate": {"count": 1, "seed": 3, "scramble": 24}}]})",
      R"({"wall_seconds": 20, "call_seconds": 1, "lua_memory_mb": 256})"));
  const auto tests = graded(written.loaded, "bfs", "derived/bfs_stack_slow.lua");
  REQUIRE(tests.size() == 1);
  INFO(test_output_text(tests[0]));
  CHECK_FALSE(tests[0].passed);
  CHECK(tests[0].diagnosis.code == "frontier-stack");
  CHECK(sentence_in(tests[0]) ==
        variant_sentence(task_named(written.loaded, "bfs"), "frontier-stack"));
}

TEST_CASE("an A* by h alone where only paths are checked is named from its paths") {
  check_search_mistake(bundled("astar-manhattan"), "astar", "derived/greedy_for_astar.lua",
                       "priority-h-only");
}

TEST_CASE("an A* by h alone in a hand-written binary heap, where only paths are checked") {
  // The heap takes equal estimates out in its own order, neither heapq's nor oldest/newest first.
  check_search_mistake(bundled("astar-manhattan"), "astar", "derived/greedy_own_heap_for_astar.lua",
                       "priority-h-only");
}

TEST_CASE("a BFS testing on generate without duplicate detection: both mistakes, A+B") {
  // Boards of three moves and more: the goal is found among the children of depth-2 nodes, which
  // a search without duplicate detection reaches by way of the start again (on a board of two
  // moves, the goal test alone reproduces the run, and is what that test names).
  const Written written(derived_assignment(
      R"({"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
          "tests": [{"name": "b", "start": "1 2 3 0 4 6 7 5 8"},
                    {"name": "c", "start": "0 1 3 4 2 5 7 8 6"},
                    {"name": "e", "generate": {"count": 1, "seed": 7, "scramble": 6}}]})"));
  const Task& task = task_named(written.loaded, "bfs");
  const std::string sentence = named_by_key("two-mistakes",
                                     {{"first", variant_sentence(task, "goal-test-on-generate")},
                                      {"second", variant_sentence(task, "no-duplicate-detection")}})
                                   .explanation;
  check_named(graded(written.loaded, "bfs", "derived/bfs_on_generate_tree_search.lua"),
              "goal-test-on-generate+no-duplicate-detection", sentence);
}

TEST_CASE("a BFS testing on generate and counting every pop: both, goal-test-on-generate+counts-popped") {
  // Closed on pop: a state pushed twice is popped twice and expanded once, so its pops and its
  // expansions differ even though the goal is never popped. A start at the goal tells the goal
  // test on generate from one that never tests the start.
  const Written written(derived_assignment(
      R"({"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
          "semantics": {"duplicates": "closed-on-pop"},
          "tests": [{"name": "solved", "start": "1 2 3 4 5 6 7 8 0"},
                    {"name": "deep", "generate": {"count": 3, "seed": 11, "scramble": 12}}]})"));
  const Task& task = task_named(written.loaded, "bfs");
  const ResolvedSemantics resolved = task.semantics;
  const std::string counted =
      named_by_key("counts-{counter}",
            {{"counter", std::string("popped")},
             {"yours", count_phrase(CountKind::Popped, task.algorithm, resolved)},
             {"assignment", count_phrase(resolved.count, task.algorithm, resolved)}})
          .explanation;
  check_named(graded(written.loaded, "bfs", "derived/bfs_on_generate_counts_pops.lua"),
              "goal-test-on-generate+counts-popped",
              variant_sentence(task, "goal-test-on-generate") + " " + counted);
}
