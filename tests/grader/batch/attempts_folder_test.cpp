#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "file_support.h"
#include "grader/batch/attempts_folder.h"
#include "grader/batch/students.h"

using namespace tile;
using tile::testing::write_text;
namespace fs = std::filesystem;

namespace {

// A fresh folder under the system's temporary one, removed at the end of the test.
struct TermFolder {
  fs::path root;
  TermFolder() {
    root = fs::temp_directory_path() / ("tilegrade-attempts-" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~TermFolder() { fs::remove_all(root); }
};

}  // namespace

TEST_CASE("an attempt's folder is named by its time, with or without seconds") {
  CHECK(is_attempt_time("2026-10-01T12-00"));
  CHECK(is_attempt_time("2026-10-01T12-00-59"));
  CHECK_FALSE(is_attempt_time("2026-10-01T12:00"));
  CHECK_FALSE(is_attempt_time("2026-10-01"));
  CHECK_FALSE(is_attempt_time("2026-10-01T12-0x"));
  CHECK_FALSE(is_attempt_time("2026-10-01T12-00-5"));
}

TEST_CASE("a student folder of dated attempts gives one entry per attempt, the latest last") {
  TermFolder term;
  write_text(term.root / "ana/2026-10-02T08-00/solution.lua", "-- 2");
  write_text(term.root / "ana/2026-10-01T12-00/solution.lua", "-- 1");
  write_text(term.root / "ana/2026-10-03T09-30/a.lua", "-- 3");
  write_text(term.root / "ana/2026-10-03T09-30/b.lua", "-- 3");
  write_text(term.root / "bob/notes/2026-10-01T12-00/x.lua", "-- not an attempt");
  write_text(term.root / "bob/submission.lua", "-- bob");
  write_text(term.root / "cy/2026-10-01T12-00/solution.lua", "-- an attempt");
  write_text(term.root / "cy/solution.lua", "-- cy's own .lua: cy is an ordinary folder");
  CHECK(attempt_folders(term.root / "ana") ==
        std::vector<std::string>{"2026-10-01T12-00", "2026-10-02T08-00", "2026-10-03T09-30"});
  CHECK(attempt_folders(term.root / "cy").empty());

  const auto students = find_students(term.root.string());
  REQUIRE(students);
  REQUIRE(students->size() == 5);
  const StudentEntry& first = (*students)[0];
  CHECK(first.name == "ana");
  CHECK(first.attempt == "2026-10-01T12-00");
  CHECK(first.earlier);
  CHECK(first.key == "ana~2026-10-01T12-00");
  CHECK(first.script == "ana/2026-10-01T12-00/solution.lua");
  CHECK((*students)[1].key == "ana~2026-10-02T08-00");
  // The latest attempt is the student's own entry: their key, and its folder's problem if any.
  const StudentEntry& latest = (*students)[2];
  CHECK(latest.key == "ana");
  CHECK_FALSE(latest.earlier);
  CHECK(latest.problem == "ambiguous-script");
  CHECK(latest.message.find("ana/2026-10-03T09-30/") != std::string::npos);
  CHECK((*students)[3].script == "bob/submission.lua");
  CHECK((*students)[3].attempt.empty());
  CHECK((*students)[4].script == "cy/solution.lua");
}
