// The small assignment the runner tests grade: one 2x3 BFS task with three tests, written into a
// temporary folder with the engine's expectations, and a place for the submission under test.
// Shared by the child-process runner's tests and the in-process runner's, which must see the
// same jobs.
#pragma once

#include <stdlib.h>

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "grader/run/grade.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile::testing {

// Tests "one", "two" and "three"; only "two" starts with the blank in cell 2, which is how the
// scripts of these tests misbehave on one test alone.
inline constexpr const char* kThreeTestBfsAssignment = R"({
  "title": "runner test", "size": "2x3", "goal": "blank-last",
  "limits": {"test_seconds": 20, "call_seconds": 5, "lua_memory_mb": 64},
  "tasks": [
    {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 9,
     "tests": [{"name": "one", "start": "1 2 3 4 0 5"}, {"name": "two", "start": "1 0 3 4 2 5"},
               {"name": "three", "start": "1 2 3 0 4 5"}]}
  ]
})";

struct RunFixture {
  std::filesystem::path root;
  Assignment assignment;
  std::vector<Expectation> expectations;

  // `test_seconds`: each test's processor-time limit, short where a test waits for a kill.
  explicit RunFixture(double test_seconds = 20) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "run_fixture.XXXXXX").string();
    root = mkdtemp(pattern.data());
    std::filesystem::create_directories(root / "assignment");
    std::ofstream(root / "assignment" / "assignment.json") << kThreeTestBfsAssignment;
    auto loaded = load_assignment((root / "assignment").string());
    REQUIRE_MESSAGE(loaded, loaded.error());
    assignment = *loaded;
    assignment.limits.test_seconds = test_seconds;
    auto expected = PreparedAssignment::prepare(assignment);
    REQUIRE_MESSAGE(expected, expected.error());
    expectations = expected->expectations();
  }
  // The fixture's assignment as it stands now (a test may change its limits first), prepared
  // from the expectations computed once above.
  PreparedAssignment prepared() const {
    return PreparedAssignment::from_expectations(assignment, expectations);
  }

  ~RunFixture() {
    std::error_code ignored;
    std::filesystem::remove_all(root, ignored);
  }
  RunFixture(const RunFixture&) = delete;
  RunFixture& operator=(const RunFixture&) = delete;

  // Writes the submission and returns its path.
  std::string script(const std::string& text) const {
    const std::filesystem::path path = root / "submission.lua";
    std::ofstream(path) << text;
    return path.string();
  }
};

}  // namespace tile::testing
