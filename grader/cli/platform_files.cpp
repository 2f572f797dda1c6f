#include "grader/cli/platform_files.h"

#include <string>

namespace tile::cli {

Result<std::string_view> platform_file(std::string_view path) {
  for (const PlatformFile& file : platform_files()) {
    if (file.path == path) return file.bytes;
  }
  return Error{"tilegrade was built without " + std::string(path), ErrorKind::Internal};
}

}  // namespace tile::cli
