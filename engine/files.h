// Reading and writing the files tilegrade is given or makes, one way everywhere. Reads open only
// regular files, never block (a FIFO or a device is refused, not waited on) and refuse anything over
// a size limit before reading it. Writes go to a temporary file renamed over the target, so a
// reader, a resumed batch or a crash sees the old file or the new one, never a part of one. Both use
// plain descriptors, not iostreams: a file may be written by one thread while another forks, and a
// stream lock held at fork time would stay locked in the child.
#pragma once

#include <cstddef>
#include <string>
#include <initializer_list>
#include <string_view>

#include "engine/result.h"

namespace tile {

// Instructor files (assignment.json, expected.json, semantics) and scripts stay far below this;
// pattern databases are read by their own reader.
inline constexpr std::size_t kMaxInputFileBytes = 16u << 20;

// The whole file, or an error naming it and the reason (missing, not a regular file, too large).
Result<std::string> read_file(const std::string& path, std::size_t max_bytes = kMaxInputFileBytes);
// The same, the error saying what the file was meant to be: "cannot read semantics file PATH: ...".
Result<std::string> read_file_as(const std::string& path, std::string_view what,
                                 std::size_t max_bytes = kMaxInputFileBytes);

// Whether the bytes must reach the disk (fsync) before the rename. Synced unless the caller can
// tell a file a crash cut from a whole one and make it again: a batch's per-student reports and
// records, which a resume checks against their hashes and regrades when they differ (an fsync per
// file cost a 200-student batch 60-90% more wall time). Every write, the close and the rename
// are checked either way.
enum class FileSync { Synced, Unsynced };

// Writes the pieces, one after the other, to PATH.tmp.<pid>.<n>, checks every write, the fsync and
// the close, and renames it over PATH; creates no folders. On any failure the temporary file is
// removed, PATH is left as it was, and the error (ErrorKind::Io) names PATH and the reason ("No
// space left on device"). Every file tilegrade writes goes through here.
Status write_file_atomically(const std::string& path, std::initializer_list<std::string_view> pieces,
                             FileSync sync = FileSync::Synced);
inline Status write_file_atomically(const std::string& path, std::string_view bytes,
                                    FileSync sync = FileSync::Synced) {
  return write_file_atomically(path, {bytes}, sync);
}

}  // namespace tile
