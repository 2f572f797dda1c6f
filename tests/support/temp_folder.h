// A fresh folder under the system's temporary directory, removed with everything in it when the
// test ends: the preamble a dozen test files wrote out by hand.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace tile::testing {

class TempFolder {
 public:
  // `prefix` names the test, so that a folder left by a crash says whose it was.
  explicit TempFolder(const std::string& prefix) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / (prefix + ".XXXXXX")).string();
    path_ = mkdtemp(pattern.data());
  }
  ~TempFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace tile::testing
