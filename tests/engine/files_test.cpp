// Input files are read only when they are regular files of a sane size, without ever blocking;
// outputs are replaced whole, or not at all when a write fails.
#include "engine/files.h"

#include <doctest/doctest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <filesystem>

#include "tests/engine/engine_test_support.h"

using namespace tile;
using tile::testing::TempDir;
namespace fs = std::filesystem;

namespace {

std::size_t entries_in(const fs::path& folder) {
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder)) ++entries;
  return entries;
}

}  // namespace

TEST_CASE("a written file reads back byte for byte, and leaves no temporary behind") {
  TempDir dir;
  const std::string file = (dir.path / "out.json").string();
  const std::string bytes = std::string("one\0two\n", 8) + std::string(100000, 'x');
  REQUIRE(write_file_atomically(file, bytes));
  CHECK(read_file(file).value() == bytes);
  REQUIRE(write_file_atomically(file, "short"));
  CHECK(read_file(file).value() == "short");
  REQUIRE(write_file_atomically(file, "unsynced", FileSync::Unsynced));  // no fsync, same bytes
  CHECK(read_file(file).value() == "unsynced");
  CHECK(entries_in(dir.path) == 1);
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

namespace {

// Runs `body` in a child process whose files may grow to `max_file_bytes` at most (a full disk as
// one process sees it: write() fails with EFBIG), and returns the child's exit status.
template <class Body>
int in_child_with_file_limit(rlim_t max_file_bytes, Body body) {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    signal(SIGXFSZ, SIG_IGN);  // the write fails with EFBIG instead of ending the process
    const rlimit limit{max_file_bytes, max_file_bytes};
    if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(90);
    _exit(body());
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  return WEXITSTATUS(status);
}

}  // namespace

TEST_CASE("a write that fails keeps the old file, leaves no temporary and says why") {
  TempDir dir;
  const std::string file = (dir.path / "report.json").string();
  REQUIRE(write_file_atomically(file, "the old report\n"));
  const int code = in_child_with_file_limit(4096, [&] {
    const auto status =
        write_file_atomically(file, {std::string(3000, 'a'), std::string(3000, 'b')});
    if (status) return 1;                                 // claimed success
    if (status.error_kind() != ErrorKind::Io) return 2;  // exit 3, not "bad input"
    if (status.error() != "cannot write " + file + ": File too large") return 3;
    return 0;
  });
  CHECK(code == 0);
  CHECK(read_file(file).value() == "the old report\n");
  CHECK(entries_in(dir.path) == 1);
}

TEST_CASE("a rename that fails leaves no temporary behind") {
  TempDir dir;
  const fs::path target = dir.path / "taken";
  fs::create_directories(target / "inside");  // a folder that is not empty cannot be replaced
  const auto status = write_file_atomically(target.string(), "x");
  REQUIRE_FALSE(status);
  CHECK(status.error_kind() == ErrorKind::Io);
  CHECK(status.error().find(target.string()) != std::string::npos);
  CHECK(entries_in(dir.path) == 1);
}
