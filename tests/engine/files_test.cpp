// Input files are read only when they are regular files of a sane size, without ever blocking;
// outputs are replaced whole.
#include "engine/files.h"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "tests/engine/engine_test_support.h"

using namespace tile;
using tile::testing::TempDir;
namespace fs = std::filesystem;

TEST_CASE("a written file reads back byte for byte, and leaves no temporary behind") {
  TempDir dir;
  const std::string file = (dir.path / "out.json").string();
  const std::string bytes = std::string("one\0two\n", 8) + std::string(100000, 'x');
  REQUIRE(write_file_atomically(file, bytes));
  CHECK(read_file(file).value() == bytes);
  REQUIRE(write_file_atomically(file, "short"));
  CHECK(read_file(file).value() == "short");
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path)) ++entries;
  CHECK(entries == 1);
}

TEST_CASE("folders, FIFOs, missing and oversized files are refused with the reason") {
  TempDir dir;
  const auto folder = read_file(dir.path.string());
  REQUIRE_FALSE(folder);
  CHECK(folder.error().find("it is a folder") != std::string::npos);

  const std::string fifo = (dir.path / "pipe").string();
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const auto piped = read_file(fifo);  // returns at once: nobody will ever write to it
  REQUIRE_FALSE(piped);
  CHECK(piped.error().find("not a regular file") != std::string::npos);

  const auto missing = read_file((dir.path / "none.json").string());
  REQUIRE_FALSE(missing);
  CHECK(missing.error().find("none.json") != std::string::npos);

  const std::string big = (dir.path / "big").string();
  REQUIRE(write_file_atomically(big, std::string(2048, 'b')));
  const auto refused = read_file(big, 1024);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("2048 bytes") != std::string::npos);
  CHECK(read_file(big, 2048).value().size() == 2048);
}

TEST_CASE("a write into a folder that does not exist fails with the path") {
  const auto status = write_file_atomically("/nonexistent-tilegrade-dir/x.json", "x");
  REQUIRE_FALSE(status);
  CHECK(status.error().find("/nonexistent-tilegrade-dir/x.json") != std::string::npos);
}
