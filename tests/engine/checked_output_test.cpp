// stdout's buffer (engine/checked_output.h): every byte reaches the descriptor, and a write that
// fails is remembered with its reason, however long before the end it happened.
#include "engine/checked_output.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <ostream>
#include <string>

#include "engine/files.h"
#include "tests/engine/engine_test_support.h"

using namespace tile;
using tile::testing::TempDir;

TEST_CASE("everything written through the buffer reaches the file, in order") {
  TempDir dir;
  const std::string file = (dir.path / "out.txt").string();
  const int fd = open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  REQUIRE(fd >= 0);
  std::string expected;
  {
    CheckedOutputBuffer buffer(fd);
    std::ostream out(&buffer);
    for (int line = 0; line < 20000; ++line) {  // several times the buffer's 64 KiB
      const std::string text = "line " + std::to_string(line) + "\n";
      out << text;
      expected += text;
    }
    out.flush();
    CHECK(out.good());
    CHECK(buffer.first_error() == 0);
  }
  close(fd);
  CHECK(read_file(file).value() == expected);
}

TEST_CASE("a full device is remembered as the reason, however early it failed") {
  const int fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
  REQUIRE(fd >= 0);
  CheckedOutputBuffer buffer(fd);
  std::ostream out(&buffer);
  out << std::string(200000, 'x');  // fails while it is written, long before the flush
  CHECK(buffer.first_error() == ENOSPC);
  out.clear();
  out << "more";  // a later write changes nothing
  out.flush();
  CHECK_FALSE(out.good());
  CHECK(buffer.first_error() == ENOSPC);
  close(fd);
}

TEST_CASE("a short output is only written, and checked, when flushed") {
  const int fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
  REQUIRE(fd >= 0);
  CheckedOutputBuffer buffer(fd);
  std::ostream out(&buffer);
  out << "{\"score\": 75}\n";
  CHECK(buffer.first_error() == 0);  // still in the buffer
  out.flush();
  CHECK(buffer.first_error() == ENOSPC);
  CHECK_FALSE(out.good());
  close(fd);
}
