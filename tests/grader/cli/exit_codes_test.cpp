#include <doctest/doctest.h>

#include "grader/cli/exit_codes.h"

using namespace tile;
using namespace tile::cli;

// docs/cli.md's table: 2 is the user's input to change, 3 an output not written or a bug.
TEST_CASE("an error's kind alone decides its exit code") {
  CHECK(exit_code_for(ErrorKind::BadInput) == 2);
  CHECK(exit_code_for(ErrorKind::Io) == 3);
  CHECK(exit_code_for(ErrorKind::Internal) == 3);
  CHECK(kExitSuccess == 0);
  CHECK(kExitFailures == 1);
}
