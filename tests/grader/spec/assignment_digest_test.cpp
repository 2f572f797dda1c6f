// The assignment's digest is a stable hash of assignment.json's bytes and the expected outputs:
// the same files give the same digest, and a changed test changes it.
#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "grader/spec/assignment_digest.h"

using namespace tile;
namespace fs = std::filesystem;

TEST_CASE("content_hash is FNV-1a, 16 hex digits") {
  CHECK(content_hash("") == "cbf29ce484222325");  // FNV-1a's offset basis: no byte hashed
  CHECK(content_hash("a") == "af63dc4c8601ec8c");
  CHECK(content_hash("a") != content_hash("b"));
}

TEST_CASE("the assignment digest changes with a test and only with what the assignment holds") {
  std::string pattern = (fs::temp_directory_path() / "digest_test.XXXXXX").string();
  const fs::path root = mkdtemp(pattern.data());
  const auto digest_of = [&](const std::string& start) {
    std::ofstream(root / "assignment.json")
        << R"({"title": "digest", "size": "2x3", "goal": "blank-last", "tasks": [{"name": "bfs",
              "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
              "tests": [{"name": "one", "start": ")"
        << start << R"("}]}]})";
    Assignment assignment;
    assignment.directory = root.string();
    return assignment_digest(assignment, {});
  };
  const std::string first = digest_of("1 2 3 4 0 5");
  CHECK(first.size() == 16);
  CHECK(digest_of("1 2 3 4 0 5") == first);
  CHECK(digest_of("1 2 3 0 4 5") != first);
  fs::remove_all(root);
}
