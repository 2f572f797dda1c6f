// No false claim (issue 33 part 3): broken submissions on which a catalogue variant, a pair or
// two variants at once happen to reproduce one test's run, while the task's other failing tests
// refute them. Such a match is a symptom, never named; and the neighbouring mistakes the catalogue
// does describe keep their names.
#include <string>

#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

namespace {

bool says_either(const TestResult& test) {
  return test_output_text(test).find("Either:") != std::string::npos;
}

}  // namespace

TEST_CASE("a comparator that is an or-chain is never named as two mistakes that fit one test") {
  // Before: hidden-2 was named priority-weighted+action-order-DRLU.
  const auto tests = graded(classic(), "astar", "forensic/astar_comparator_or_chain.lua");
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code.find('+') == std::string::npos);
    CHECK_FALSE(test->diagnosis.code.starts_with("priority-"));
    CHECK_FALSE(says_either(*test));
  }
}

TEST_CASE("ties broken by a board's first cell are never named as greedy or as g + 2h") {
  // Before: hidden-2 said "Either: ... h alone ... Or: ... g + 2h", both untrue of the code.
  const auto tests = graded(classic(), "astar", "forensic/astar_ties_by_first_cell.lua");
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK_FALSE(test->diagnosis.code.starts_with("priority-"));
    CHECK_FALSE(says_either(*test));
  }
}

TEST_CASE("two mistakes that reproduce every failing test are named on each of them") {
  // f compared as text orders two-digit f as numbers do, so on these boards the script is exactly
  // A* checking duplicates on pop, taking ties oldest first: a pair every failing test confirms,
  // named on each (before: on one, while the others were told "Either" of two single mistakes
  // that the first test refutes).
  const auto tests = graded(classic(), "astar", "forensic/astar_f_compared_as_text.lua");
  const std::string pair = "duplicates-closed-on-pop+ties-in-insertion-order";
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code == pair);
    CHECK_FALSE(says_either(*test));
  }
}

TEST_CASE("a visited table that is updated, though rarely, is never called no duplicate detection") {
  // Before: the published test said "Either: Your search has no duplicate detection at all".
  const auto tests = graded(bundled("slider-2x3"), "bfs",
                            "forensic/bfs_visited_every_other_expansion.lua");
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code.find("no-duplicate-detection") == std::string::npos);
    CHECK_FALSE(says_either(*test));
  }
  // The neighbour, a visited table never written to, is a tree search and is named one.
  const auto tree_search = graded(classic(), "bfs", "forensic/bfs_visited_never_updated.lua");
  // Once it meets the memory limit the task's later tests are not run (did-not-run), as after a
  // time-out; every test that ran is named.
  std::size_t named = 0;
  for (const TestResult* test : failures(tree_search)) {
    if (test->diagnosis.code == "did-not-run") continue;
    CHECK(test->diagnosis.code == "no-duplicate-detection");
    ++named;
  }
  CHECK(named > 0);
}

TEST_CASE("a count the other tests show is no engine counter is never named as two counters") {
  // Before: published-1 and start-is-goal said "Either: You count distinct states discovered ...
  // Or: You count frontier insertions", where the script counts its problem:key calls.
  const auto tests = graded(classic(), "bfs", "forensic/bfs_counts_keys.lua");
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK_FALSE(says_either(*test));
    CHECK_FALSE(test->diagnosis.code.starts_with("counts-"));
  }
}

TEST_CASE("a path trimmed of its first move is named so, never a goal test or a shared list") {
  // Before: goal-test-own on two-moves and path-move-never-generated on three tests.
  const auto tests = graded(bundled("astar-manhattan"), "astar",
                            "forensic_set/astar-manhattan/astar_drops_first_move.lua");
  REQUIRE_FALSE(failures(tests).empty());
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code == "path-missing-first-move");
  }
  // The neighbour, a path rebuilt from the goal's parent, keeps its own name.
  const auto from_parent = graded(classic(), "bfs", "classic-8puzzle/bfs_path_from_parent.lua");
  for (const TestResult* test : failures(from_parent)) {
    CHECK(test->diagnosis.code == "path-missing-last-move");
  }
}

TEST_CASE("a start never tested and reached again as a child is no path revisiting a board") {
  // Before: start-is-goal said "Move 2 of your path comes back to a board the path already
  // passed through", of a search that tests children before pushing them.
  const auto tests = graded(bundled("sliding-tile-practice"), "bfs",
                            "forensic_set/sliding-tile-practice/bfs_goal_test_when_pushed.lua");
  REQUIRE_FALSE(failures(tests).empty());
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code != "path-revisits-board");
  }
  // The neighbour, moves written by depth so siblings overwrite them, still revisits a board.
  const auto shared = graded(bundled("sliding-tile-practice"), "dfs",
                             "forensic_set/sliding-tile-practice/dfs_moves_by_depth.lua");
  bool revisits = false;
  for (const TestResult* test : failures(shared)) {
    revisits = revisits || test->diagnosis.code == "path-revisits-board";
  }
  CHECK(revisits);
}
