// Who is in a submissions folder, and which of them a shard grades.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"

namespace tile {

// One student of SUBMISSIONS_DIR. The layout rule:
//   NAME.lua  a file: student NAME, this script.
//   NAME/     a folder: student NAME; the script is NAME/submission.lua if present, else the one
//             *.lua file directly in the folder. No .lua file: error "no-script"; several and no
//             submission.lua: error "ambiguous-script".
// Entries whose name starts with '.', and files not ending in .lua, are not students. NAME.lua
// next to a folder NAME/ is the error "duplicate-student".
struct StudentEntry {
  std::string name;
  std::string script;   // relative to SUBMISSIONS_DIR ("alice.lua", "bob/submission.lua")
  std::string problem;  // empty, or the error code of a student with no gradable script
  std::string message;  // what the instructor reads about the problem
};

// Every student, sorted by name (byte order). Fails only when the folder cannot be listed.
Result<std::vector<StudentEntry>> find_students(const std::string& submissions_dir);

// --shard K/N: the student at 0-based position p of the sorted list belongs to shard K when
// p mod N == K - 1.
struct Shard {
  std::size_t index = 1;  // K, 1-based
  std::size_t count = 1;  // N
};
Result<Shard> parse_shard(std::string_view text);
bool in_shard(std::size_t position, const Shard& shard);

}  // namespace tile
