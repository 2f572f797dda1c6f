// Broken submissions that no variant of a correct search reproduces, written as students write
// them (tests/grader/run/submissions/forensic/): each is named by the invariant its own run
// breaks, with the catalogue's sentence and the step's evidence; and neighbouring mistakes and a
// broken comparator are never named by a path or count invariant they do not break.
#include <algorithm>
#include <set>

#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

namespace {

const std::set<std::string> kPathNotABranch = {
    "path-longer-than-search", "path-move-never-generated", "path-revisits-board"};

bool is_path_or_count_code(const std::string& code) {
  return kPathNotABranch.contains(code) || code == "path-empty-after-goal" ||
         code.starts_with("count-equals-");
}

// How many failing tests name a code of `codes`, each with its catalogue sentence and evidence;
// every other failing test names one of `others` (a catalogue code the same run also shows).
std::size_t named_by(const std::vector<TestResult>& tests, const std::set<std::string>& codes,
                     const std::set<std::string>& others) {
  std::size_t named = 0;
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    const std::string& code = test->diagnosis.code;
    if (!codes.contains(code)) {
      CHECK(others.contains(code));
      continue;
    }
    ++named;
    const std::string family = code.starts_with("count-equals-") ? "count-equals-{what}" : code;
    INFO(code);
    CHECK(placeholders_of(diagnosis_code(family).sentence, sentence_in(*test)));
    CHECK(test->diagnosis.step);
  }
  return named;
}

}  // namespace

TEST_CASE("a path list shared by every node is named as no branch of the search") {
  const auto bfs = graded(classic(), "bfs", "forensic/bfs_shared_path_list.lua");
  CHECK(named_by(bfs, kPathNotABranch, {}) == failures(bfs).size());
  const auto dfs = graded(classic(), "dfs", "forensic/dfs_shared_path_list.lua");
  CHECK(named_by(dfs, kPathNotABranch, {}) == failures(dfs).size());
  const auto astar = graded(classic(), "astar", "forensic/astar_shared_path_list.lua");
  CHECK(named_by(astar, kPathNotABranch, {}) == failures(astar).size());
}

TEST_CASE("an empty path after the goal was generated is named, not a goal test of its own") {
  const auto tests = graded(classic(), "bfs", "forensic/bfs_empty_path_wrong_link.lua");
  // A one-move test's empty path is also that path without its last move: both are true there.
  CHECK(named_by(tests, {"path-empty-after-goal"}, {"path-missing-last-move"}) >= 3);
  for (const TestResult* test : failures(tests)) {
    CHECK(test->diagnosis.code != "goal-test-own");
    if (test->diagnosis.step) {
      CHECK(test->diagnosis.step->boards.back().board == test->figures.goal);
    }
  }
}

TEST_CASE("a count of the states named is named as the key calls it equals") {
  const auto tests = graded(classic(), "bfs", "forensic/bfs_counts_keys.lua");
  // On the start that is the goal, 1 is the key calls, the goal tests and two engine counters at
  // once, and the other tests refute the counters: nothing is confirmed, nothing is named.
  CHECK(named_by(tests, {"count-equals-key-calls"}, {"unrecognised"}) >= 5);
  // Each names the line the count was returned from: the script's `return` at the goal (14).
  for (const TestResult* test : failures(tests)) {
    if (test->diagnosis.code != "count-equals-key-calls") continue;
    CHECK(test->diagnosis.line == 14);
    CHECK(test->diagnosis.sentence.starts_with("The count you return on line 14 ("));
  }
}

TEST_CASE("a breadth-first frontier sorted by depth, unstably, is named at its first step") {
  const auto tests = graded(classic(), "bfs", "forensic/bfs_sorted_by_depth.lua");
  CHECK(named_by(tests, {"frontier-not-oldest-first"}, {}) == failures(tests).size());
}

TEST_CASE("neighbouring mistakes keep their catalogue names; no invariant is claimed for them") {
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
  // A broken comparator breaks the frontier order, not the path or the count: its path is a
  // real branch and its count the expansions.
  const auto comparator = graded(classic(), "astar", "forensic/astar_comparator_not_strict.lua");
  for (const TestResult* test : failures(comparator)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK_FALSE(is_path_or_count_code(test->diagnosis.code));
  }
}

TEST_CASE("an A* comparator keyed by the parent's f is named where a lower f waited") {
  const auto tests = graded(classic(), "astar", "forensic/astar_comparator_not_strict.lua");
  CHECK(named_by(tests, {"frontier-not-least-f"}, {}) == 5);
  CHECK(failures(tests).size() == 5);
  // The evidence: the board expanded and the one that waited, each with its f.
  for (const TestResult* test : failures(tests)) {
    REQUIRE(test->diagnosis.step);
    const auto& boards = test->diagnosis.step->boards;
    REQUIRE(boards.size() == 2);
    CHECK(boards[0].key_name == "f");
    REQUIRE((boards[0].key && boards[1].key));
    CHECK(*boards[1].key < *boards[0].key);
    CHECK(boards[1].generated_at < test->diagnosis.step->step);
  }
}

TEST_CASE("a uniform-cost priority of the parent's cost is named where a lower g waited") {
  const auto tests =
      graded(bundled("slider-2x3"), "ucs", "forensic/ucs_priority_of_parent.lua");
  CHECK(named_by(tests, {"frontier-not-least-g"}, {}) == 5);
}

TEST_CASE("a greedy priority of the parent's h is named where a lower h waited") {
  const auto tests = graded(bundled("slider-2x3"), "greedy", "forensic/greedy_h_of_parent.lua");
  CHECK(named_by(tests, {"frontier-not-least-h"}, {}) == 5);
}

TEST_CASE("a depth-first search that buries deep children is named where it took an older board") {
  const auto tests = graded(classic(), "dfs", "forensic/dfs_trims_deep_stack.lua");
  CHECK(named_by(tests, {"frontier-not-newest-first"}, {}) == 4);
}

TEST_CASE("a seen set emptied to save memory is named where a board is expanded again") {
  // The small tests end before the set is first emptied, and pass.
  const auto tests = graded(classic(), "bfs", "forensic/bfs_seen_set_emptied.lua");
  CHECK(named_by(tests, {"board-expanded-again"}, {}) == 3);
  CHECK(failures(tests).size() == 3);
}

TEST_CASE("a breadth-first search that finishes the goal's layer is named at the goal") {
  // From the goal, the search expands the start and then stops (no board is as shallow): it did
  // not go on after the goal, and nothing else is claimed.
  const auto tests = graded(classic(), "bfs", "forensic/bfs_finishes_the_layer.lua");
  CHECK(named_by(tests, {"goal-tested-not-stopped"}, {"unrecognised"}) == 5);
}

TEST_CASE("one node record pushed for every child is named where a board comes back too often") {
  // Before: only `error` (the search gives up and returns nil).
  const auto tests = graded(classic(), "dfs",
                            "forensic_set/classic-8puzzle/dfs_shared_node_record.lua");
  REQUIRE_FALSE(failures(tests).empty());
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code == "expanded-more-than-generated");
    REQUIRE(test->diagnosis.step);
    CHECK(test->diagnosis.step->counts.size() == 2);
  }
}
