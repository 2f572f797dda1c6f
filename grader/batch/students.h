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
// Entries whose name starts with '.', and other files not ending in .lua, are not students.
// NAME.lua next to a folder NAME/ is the error "duplicate-student". A folder of dated attempts
// (NAME/WHEN/..., attempts_folder.h) gives one entry per attempt, in time order, the last one the
// student's submission.
//
// A submissions folder is hostile input (students choose file names; exports carry odd bytes,
// links and huge files), so every student entry gets exactly one row, never a crash:
//   - a symbolic link (NAME.lua, NAME/ or the script inside a folder) is never followed: error
//     "symlink", whatever it points to (a link could read any file the grader can);
//   - a NAME.lua, or a folder's script, that is not a regular file (a FIFO, a device, a folder):
//     error "not-a-regular-file", never opened;
//   - a script over kMaxScriptBytes: error "too-large", never read; one holding a NUL byte (a
//     compiled chunk, a zip, a document): error "not-text" (read_student_script).
// Names are shown escaped (escaped_text in spec/text.h: bytes that are not UTF-8 as \xHH), and
// report files are named by `key`, a file name derived from the name: bounded and unique.
struct StudentEntry {
  std::string name;     // as shown: valid UTF-8, one line; distinct names show distinctly
  std::string raw_name; // the name's own bytes: what a roster or an export names the student by
  std::string key;      // the student's report and record file names: KEY.txt, KEY.json, ...
  std::string script;   // relative to SUBMISSIONS_DIR ("alice.lua", "bob/submission.lua"), raw
  std::string problem;  // empty, or the error code of a student with no gradable script
  std::string message;  // what the instructor reads about the problem
  // A student with dated attempts (attempts_folder.h): this attempt's time ("2026-10-01T12-00"),
  // and whether a later one exists (an earlier attempt is graded for the timeline only, not for
  // the gradebook). Empty and false for a student without attempts.
  std::string attempt = {};
  bool earlier = false;
};

// Scripts are a few kilobytes; anything this large is not a submission and is refused unread.
inline constexpr std::size_t kMaxScriptBytes = 1u << 20;

// Every student, sorted by name (byte order of the raw names). Fails only when the folder cannot
// be listed. `notes`, when given, gets one line for each thing the instructor should know that is
// no student's row: names that look alike (lookalike_names.h: each such student is shown by the
// name's code points, "Jos\u{E9}" and "Jose\u{301}", and keyed by a derived key), and entries
// named like attempts that are not graded as attempts (attempts_folder.h).
Result<std::vector<StudentEntry>> find_students(const std::string& submissions_dir,
                                                std::vector<std::string>* notes = nullptr);

// The file name of a student's reports: the name itself when it is printable UTF-8 of at most
// 100 bytes without '~' or '\\' (and `derived` is false); otherwise its first characters made
// ASCII-safe, '~' and a hash of the raw bytes, so it stays short, portable and unlike any other
// student's. A plain key never holds '~', so no student's file is named like another's derived
// one: KEY~WHEN (an attempt's) or KEY~timeline.txt.
std::string student_key(std::string_view raw_name, bool derived = false);

// The text of entry.script under SUBMISSIONS_DIR, or why it cannot be graded: the same rules as
// find_students, checked again right before reading (lstat, then a non-blocking read of at most
// kMaxScriptBytes), so a file swapped since the listing cannot slip through.
struct ScriptText {
  std::string bytes;
  std::string problem;  // empty, or the error code ("symlink", "too-large", ...)
  std::string message;
};
ScriptText read_student_script(const std::string& submissions_dir, const StudentEntry& entry);

// --shard K/N: the student at 0-based position p of the sorted list belongs to shard K when
// p mod N == K - 1.
struct Shard {
  std::size_t index = 1;  // K, 1-based
  std::size_t count = 1;  // N
};
Result<Shard> parse_shard(std::string_view text);
bool in_shard(std::size_t position, const Shard& shard);

}  // namespace tile
