#include <doctest/doctest.h>

#include <string>

#include "engine/files.h"
#include "grader/cli/platform_files.h"

using namespace tile;
using namespace tile::cli;

TEST_CASE("the platform files compiled in are the ones in scripts/, byte for byte") {
  REQUIRE(platform_files().size() == 5);
  for (const PlatformFile& file : platform_files()) {
    CAPTURE(file.path);
    const auto on_disk =
        read_file(std::string(TILEGRADE_SOURCE_DIR) + "/" + std::string(file.path));
    REQUIRE(on_disk);
    CHECK(*on_disk == file.bytes);
    const Result<std::string_view> found = platform_file(file.path);
    REQUIRE(found);
    CHECK(found->data() == file.bytes.data());
  }
  const Result<std::string_view> missing = platform_file("scripts/nothing.sh");
  REQUIRE_FALSE(missing);
  CHECK(missing.error_kind() == ErrorKind::Internal);
}
