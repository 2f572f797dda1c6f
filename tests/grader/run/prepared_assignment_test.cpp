// An assignment prepared once: one record per test, in task and test order, each pointing at its
// task, test and expectation (still after a move), with the job the sandbox runs for it; a stale
// expected.json refused unless the caller ignores it.
#include "grader/run/prepared_assignment.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "tests/support/temp_folder.h"

using namespace tile;
namespace fs = std::filesystem;

namespace {

const char* kTwoTasks = R"({
  "title": "prepare test", "size": "2x3", "goal": "blank-last",
  "tasks": [
    {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
     "tests": [{"name": "one", "start": "1 2 3 4 0 5"}, {"name": "two", "start": "1 0 3 4 2 5"}]},
    {"name": "h", "kind": "heuristic", "function": "h", "algorithm": "astar", "points": 5,
     "tests": [{"name": "three", "start": "1 2 3 0 4 5"}]}
  ]
})";

// The assignment above, written into a folder of its own.
struct Folder {
  testing::TempFolder temp{"prepared_test"};
  const fs::path& root = temp.path();
  Folder() { std::ofstream(root / "assignment.json") << kTwoTasks; }

  Assignment loaded() const {
    auto assignment = load_assignment(root.string());
    REQUIRE_MESSAGE(assignment, assignment.error());
    return std::move(*assignment);
  }
};

}  // namespace

TEST_CASE("one record per test, in order, each with its expectation and job") {
  const Folder folder;
  auto made = PreparedAssignment::prepare(folder.loaded());
  REQUIRE_MESSAGE(made, made.error());
  // Moved: the records must still point into the object that holds them.
  const PreparedAssignment prepared = std::move(*made);
  const Assignment& assignment = prepared.assignment();
  REQUIRE(prepared.tests().size() == 3);
  REQUIRE(prepared.expectations().size() == 3);
  const char* names[] = {"one", "two", "three"};
  for (std::size_t i = 0; i < 3; ++i) {
    const PreparedTest& test = prepared.tests()[i];
    const std::size_t task = i < 2 ? 0 : 1;
    CHECK(test.task == &assignment.tasks[task]);
    CHECK(test.test == &assignment.tasks[task].tests[test.job.test_index]);
    CHECK(test.expected == &prepared.expectations()[i]);
    CHECK(test.job.task_index == task);
    CHECK(test.test->name == names[i]);
    CHECK(test.expected->test == names[i]);
    CHECK(test.job.keep_expansions > test.expected->trace.size());
  }
  // The reference solves the search tests: a run equal to it is known to pass.
  CHECK(prepared.tests()[0].job.passing_run.known);
  CHECK(prepared.tests()[0].job.probes.empty());
  // The heuristic test probes the goal, then its optimal path, whose distances are known.
  const PreparedTest& heuristic = prepared.tests()[2];
  CHECK_FALSE(heuristic.job.passing_run.known);
  REQUIRE(heuristic.expected->optimal_cost);
  REQUIRE(heuristic.job.probes.size() == heuristic.expected->optimal_path.size() + 2);
  CHECK(heuristic.job.probes[0] == assignment.tasks[1].goal);
  const auto start = prepared.distances().find(pack(heuristic.test->start));
  REQUIRE(start != prepared.distances().end());
  CHECK(start->second == *heuristic.expected->optimal_cost);
}

TEST_CASE("a stale expected.json is refused, unless the caller ignores it") {
  const Folder folder;
  std::ofstream(folder.root / "expected.json") << R"({"tasks": {"bfs": []}})";
  auto refused = PreparedAssignment::prepare(folder.loaded());
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("does not match the engine") != std::string::npos);
  CHECK(refused.error().find("rerun: tilegrade expect") != std::string::npos);
  CHECK(PreparedAssignment::prepare(folder.loaded(), StoredExpectations::Ignore));
}

TEST_CASE("expectations computed elsewhere are prepared as they are") {
  const Folder folder;
  const Assignment assignment = folder.loaded();
  auto computed = compute_all_expectations(assignment);
  REQUIRE(computed);
  const PreparedAssignment prepared =
      PreparedAssignment::from_expectations(assignment, *computed);
  REQUIRE(prepared.tests().size() == 3);
  CHECK(prepared.tests()[1].expected->trace_digest == (*computed)[1].trace_digest);
  CHECK(prepared.tests()[1].job.passing_run.expansion_digest == (*computed)[1].trace_digest);
}
