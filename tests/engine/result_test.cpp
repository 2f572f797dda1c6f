// An error keeps its kind when it is handed on or given context, so that the CLI maps it to the
// right exit code wherever it was made (a write that fails deep in a batch is still Io at main).
#include <doctest/doctest.h>

#include <string>

#include "engine/result.h"

using namespace tile;

namespace {

Result<int> failing(ErrorKind kind) { return Error{"disk full", kind}; }

Status handed_on(ErrorKind kind) {
  auto inner = failing(kind);
  if (!inner) return inner.failure();
  return success();
}

Result<std::string> with_context(ErrorKind kind) {
  auto inner = failing(kind);
  if (!inner) return inner.failure_in("task bfs: ");
  return std::string("unreachable");
}

}  // namespace

TEST_CASE("an error handed on keeps its message and its kind") {
  for (ErrorKind kind : {ErrorKind::BadInput, ErrorKind::Io, ErrorKind::Internal}) {
    const Status status = handed_on(kind);
    REQUIRE_FALSE(status);
    CHECK(status.error() == "disk full");
    CHECK(status.error_kind() == kind);
  }
}

TEST_CASE("an error given context puts the context first and keeps its kind") {
  for (ErrorKind kind : {ErrorKind::BadInput, ErrorKind::Io, ErrorKind::Internal}) {
    const auto result = with_context(kind);
    REQUIRE_FALSE(result);
    CHECK(result.error() == "task bfs: disk full");
    CHECK(result.error_kind() == kind);
  }
}
