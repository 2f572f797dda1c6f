#include <doctest/doctest.h>

#include "grader/spec/expectation.h"

using namespace tile;
using nlohmann::json;

namespace {

const char* kAssignment = R"({
  "title": "t", "size": "2x3", "goal": "blank-last",
  "tasks": [{"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 10,
             "tests": [{"name": "near", "start": "1 2 3 4 0 5"}]}]
})";

}  // namespace

TEST_CASE("a stored expected.json that differs is refused as bad input, naming the difference") {
  const Assignment assignment = parse_assignment(kAssignment, ".").value();
  const std::vector<Expectation> fresh = compute_all_expectations(assignment).value();
  json stored = expectations_to_json(assignment, fresh);
  CHECK(compare_with_stored(stored, assignment, fresh));

  stored["tasks"]["bfs"][0]["count"] = fresh[0].count + 1;
  const Status changed = compare_with_stored(stored, assignment, fresh);
  REQUIRE_FALSE(changed);
  CHECK(changed.error_kind() == ErrorKind::BadInput);
  CHECK(changed.error() == "task bfs, test near: count is " + std::to_string(fresh[0].count + 1) +
                               " in expected.json but " + std::to_string(fresh[0].count) +
                               " from the engine");

  const Status no_tasks = compare_with_stored(json::object(), assignment, fresh);
  REQUIRE_FALSE(no_tasks);
  CHECK(no_tasks.error() == "expected.json has no \"tasks\" object");
}
