#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "engine/files.h"
#include "grader/cli/bundle.h"
#include "tests/grader/cli/scratch_folder.h"

using namespace tile;
using namespace tile::cli;
using tile::testing::scratch_folder;
using tile::testing::kSourceTree;

namespace {

namespace fs = std::filesystem;


bool has(const std::vector<ZipEntry>& entries, const std::string& name, bool executable) {
  return std::any_of(entries.begin(), entries.end(), [&](const ZipEntry& entry) {
    return entry.name == name && entry.executable == executable;
  });
}

}  // namespace

TEST_CASE("the Gradescope zip: scripts at the root, the binary, the assignment and reference") {
  const fs::path dir = scratch_folder("bundle-gradescope");
  REQUIRE(write_file_atomically((dir / "tilegrade").string(), "the binary"));
  const std::string assignment = kSourceTree + "/assignments/slider-2x3";
  const std::string reference = kSourceTree + "/reference/slider-2x3";
  const auto entries =
      gradescope_entries({assignment, reference, (dir / "tilegrade").string(), ""});
  REQUIRE(entries);
  CHECK(std::is_sorted(entries->begin(), entries->end(),
                       [](const ZipEntry& a, const ZipEntry& b) { return a.name < b.name; }));
  CHECK(has(*entries, "setup.sh", true));
  CHECK(has(*entries, "run_autograder", true));
  CHECK(has(*entries, "tilegrade/build/tilegrade", true));
  CHECK(has(*entries, "assignment/assignment.json", false));
  CHECK(has(*entries, "assignment/expected.json", false));
  CHECK(has(*entries, "reference/solution.lua", false));
  CHECK(has(*entries, "reference/mutants/ucs_unit_cost.lua", false));
  // One entry per file of the two folders, and the three above.
  const auto assignment_files = files_under(assignment);
  const auto reference_files = files_under(reference);
  REQUIRE(assignment_files);
  REQUIRE(reference_files);
  CHECK(entries->size() == 3 + assignment_files->size() + reference_files->size());
  fs::remove_all(dir);
}

TEST_CASE("a Gradescope zip from source carries what setup.sh builds with, and no tests") {
  const std::string assignment = kSourceTree + "/assignments/slider-2x3";
  const auto entries =
      gradescope_entries({assignment, kSourceTree + "/reference/slider-2x3", "", kSourceTree});
  REQUIRE(entries);
  for (const char* name : {"tilegrade/CMakeLists.txt", "tilegrade/lua/lua.cmake",
                           "tilegrade/grader/cli/platform_files.cmake",
                           "tilegrade/scripts/gradescope/run_autograder",
                           "tilegrade/grader/cli/main.cpp", "tilegrade/engine/board.h"}) {
    CAPTURE(name);
    CHECK(has(*entries, name, false));
  }
  CHECK(has(*entries, "tilegrade/scripts/setup.sh", true));
  for (const ZipEntry& entry : *entries) {
    CAPTURE(entry.name);
    CHECK(entry.name.rfind("tilegrade/tests/", 0) != 0);
    CHECK(entry.name.rfind("tilegrade/build", 0) != 0);
  }
  const auto not_source = gradescope_entries({assignment, assignment, "", kSourceTree + "/docs"});
  REQUIRE_FALSE(not_source);
  CHECK(not_source.error().find("not a tilegrade source tree") != std::string::npos);
}

TEST_CASE("hidden files and folders stay out of a bundle") {
  const fs::path dir = scratch_folder("bundle-hidden");
  fs::create_directories(dir / ".git" / "objects");
  fs::create_directories(dir / "tests");
  REQUIRE(write_file_atomically((dir / ".git" / "objects" / "x").string(), "x"));
  REQUIRE(write_file_atomically((dir / ".notes").string(), "x"));
  REQUIRE(write_file_atomically((dir / "tests" / "a.json").string(), "x"));
  REQUIRE(write_file_atomically((dir / "assignment.json").string(), "x"));
  const auto found = files_under(dir.string());
  REQUIRE(found);
  REQUIRE(found->size() == 2);
  CHECK((*found)[0].relative == "assignment.json");
  CHECK((*found)[1].relative == "tests/a.json");
  fs::remove_all(dir);
}
