#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "engine/files.h"
#include "grader/cli/static_binary.h"

using namespace tile;
using namespace tile::cli;

namespace fs = std::filesystem;

TEST_CASE("a dynamically linked program is refused, and the reason names its interpreter") {
  // This test program is linked as every test is: dynamically, against the C library.
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  const Status checked = check_static_binary(self);
  REQUIRE_FALSE(checked);
  CHECK(checked.error().find(self + " is not statically linked") == 0);
  CHECK(checked.error().find("program interpreter /lib") != std::string::npos);
  CHECK(checked.error().find("scripts/build-static.sh") != std::string::npos);
}

TEST_CASE("a file that is no x86-64 program is refused with what it is") {
  const fs::path dir = fs::temp_directory_path() /
                       ("tilegrade-static-binary-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  REQUIRE(write_file_atomically((dir / "script").string(), "#!/bin/sh\necho hi\n"));
  std::string elf32(64, '\0');
  elf32.replace(0, 5, "\x7f" "ELF\x01");  // ELFCLASS32
  REQUIRE(write_file_atomically((dir / "elf32").string(), elf32));
  CHECK(check_static_binary((dir / "script").string()).error().find("not an ELF program") !=
        std::string::npos);
  CHECK(check_static_binary((dir / "elf32").string()).error().find("not an x86-64 program") !=
        std::string::npos);
  CHECK_FALSE(check_static_binary((dir / "missing").string()));
  fs::remove_all(dir);
}

TEST_CASE("the static tilegrade the build makes is accepted, and shipped when given") {
  // ctest passes the build's static/tilegrade (none under the sanitizers, which link no static
  // program: then only the refusal of this dynamic one is checked, above).
  const char* given = std::getenv("TILEGRADE_STATIC_BINARY");
  if (given == nullptr || *given == '\0' || std::string(given).rfind("none", 0) == 0) return;
  CHECK(check_static_binary(given));
  const Result<std::string> shipped = static_binary_to_ship(given);
  REQUIRE(shipped);
  CHECK(*shipped == given);
}

TEST_CASE("a given dynamic binary is not shipped") {
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  const Result<std::string> shipped = static_binary_to_ship(self);
  REQUIRE_FALSE(shipped);
  CHECK(shipped.error().find("is not statically linked") != std::string::npos);
}
