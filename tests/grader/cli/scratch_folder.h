// A fresh, empty folder under the temporary folder for one test, named after it and this process
// (ctest may run the test binaries side by side), and the source tree the tests read from.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace tile::testing {

inline std::filesystem::path scratch_folder(const char* name) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      (std::string("tilegrade-") + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline const std::string kSourceTree = TILEGRADE_SOURCE_DIR;

}  // namespace tile::testing
