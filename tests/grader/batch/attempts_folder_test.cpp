#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
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
  CHECK(attempt_folders(term.root / "ana", "ana").times ==
        std::vector<std::string>{"2026-10-01T12-00", "2026-10-02T08-00", "2026-10-03T09-30"});
  CHECK(attempt_folders(term.root / "cy", "cy").times.empty());

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

TEST_CASE("an attempt's time is a real moment") {
  CHECK(is_real_attempt_time("2024-02-29T23-59-59"));
  CHECK(is_real_attempt_time("2026-12-31T00-00"));
  for (const char* impossible : {"9999-99-99T99-99", "2026-02-29T12-00", "2026-13-01T12-00",
                                 "2026-00-10T12-00", "2026-04-31T12-00", "2026-10-01T24-00",
                                 "2026-10-01T12-60", "2026-10-01T12-00-60"}) {
    CAPTURE(impossible);
    CHECK(is_attempt_time(impossible));
    CHECK_FALSE(is_real_attempt_time(impossible));
  }
}

TEST_CASE("entries named like attempts that are not graded as attempts are each named in a line") {
  TermFolder term;
  write_text(term.root / "ana/2026-10-01T12-00/solution.lua", "-- 1");
  write_text(term.root / "ana/2026-10-01T15-00/solution.lua", "-- 2");
  write_text(term.root / "ana/2026-10-01T15-00-00/solution.lua", "-- the same moment");
  write_text(term.root / "ana/9999-99-99T99-99/solution.lua", "-- no real time");
  write_text(term.root / "ana/2026-10-09T10-00", "a file named like an attempt");
  fs::create_directory_symlink(term.root / "ana/2026-10-01T12-00",
                               term.root / "ana/2026-10-10T10-00");
  const AttemptFolders found = attempt_folders(term.root / "ana", "ana");
  CHECK(found.times == std::vector<std::string>{"2026-10-01T12-00", "2026-10-01T15-00"});
  REQUIRE(found.notes.size() == 4);
  const auto said = [&](const std::string& text) {
    for (const std::string& note : found.notes) {
      if (note.find(text) != std::string::npos) return true;
    }
    return false;
  };
  CHECK(said("ana/2026-10-10T10-00 is a symbolic link, which is never followed"));
  CHECK(said("ana/2026-10-09T10-00 is not a folder"));
  CHECK(said("ana/9999-99-99T99-99 is named like a time but is no real date and time"));
  CHECK(said("ana/2026-10-01T15-00 and ana/2026-10-01T15-00-00 name the same moment: only "
             "ana/2026-10-01T15-00 is graded"));
  // find_students hands the same lines on.
  std::vector<std::string> notes;
  const auto students = find_students(term.root.string(), &notes);
  REQUIRE(students);
  CHECK(students->size() == 2);
  CHECK(notes.size() == 4);
}

TEST_CASE("a student's attempts are capped: the latest are graded, and a line says so") {
  TermFolder term;
  for (std::size_t i = 0; i < kMaxAttempts + 5; ++i) {
    char time[32];
    std::snprintf(time, sizeof time, "2026-10-%02zuT%02zu-00", i / 24 + 1, i % 24);
    fs::create_directories(term.root / "ana" / time);
  }
  const AttemptFolders found = attempt_folders(term.root / "ana", "ana");
  CHECK(found.times.size() == kMaxAttempts);
  CHECK(found.times.front() == "2026-10-01T05-00");
  REQUIRE(found.notes.size() == 1);
  CHECK(found.notes[0] == "ana has 105 attempts, more than the 100 graded for one student: the "
                          "latest 100 are graded, from 2026-10-01T05-00");
}
