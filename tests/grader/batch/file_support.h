// Reading and writing whole files in the batch tests (a header: the tests are compiled in batches,
// where two files' helpers of one name would meet).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tile::testing {

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream bytes;
  bytes << file.rdbuf();
  return bytes.str();
}

inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace tile::testing
