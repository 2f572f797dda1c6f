// A zip file written the same way every time: entries in the order added, each dated 1980-01-01
// and marked as made on Unix with its permission bits, so the same files always give the same
// bytes (a bundle rebuilt from unchanged sources is byte-identical, which a course's review and a
// platform's cache can rely on). Written with zlib's minizip.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"

namespace tile::cli {

struct ZipEntry {
  std::string name;   // the path inside the zip, "/"-separated: "tilegrade/build/tilegrade"
  std::string bytes;  // its contents
  bool executable = false;  // mode 0755 rather than 0644 once unpacked
};

// Writes ENTRIES to PATH through write_file_atomically (the old file or the new one, never a part
// of one). A name that is empty, absolute or holds ".." is refused (BadInput); a write that fails
// is ErrorKind::Io.
[[nodiscard]] Status write_zip(const std::string& path, const std::vector<ZipEntry>& entries);

}  // namespace tile::cli
