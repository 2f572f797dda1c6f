// The version reports are stamped with is the package's: CMakeLists.txt's CPACK_PACKAGE_VERSION.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "grader/spec/version.h"

TEST_CASE("the stamped version is the package's version") {
  std::ifstream file(std::string(TILEGRADE_SOURCE_DIR) + "/CMakeLists.txt");
  std::stringstream text;
  text << file.rdbuf();
  CHECK(text.str().find(std::string("set(CPACK_PACKAGE_VERSION ") + tile::kTilegradeVersion +
                        ")") != std::string::npos);
}
