#include <doctest/doctest.h>

#include "grader/cli/handout_numbers.h"

using namespace tile;
using namespace tile::cli;

namespace {

// One A* task of 100 points: 4 visible tests and 6 after the due date, max_expansions 40,000.
Assignment one_task() {
  std::string tests;
  for (int i = 0; i < 10; ++i) {
    tests += std::string(i ? ", " : "") + "{\"name\": \"t" + std::to_string(i) +
             "\", \"start\": \"1 2 3 4 5 6 7 0 8\"" +
             (i >= 4 ? ", \"visibility\": \"after_due_date\"" : "") + "}";
  }
  const std::string text = R"({"title": "t", "size": "3x3", "goal": "blank-last",
    "limits": {"call_seconds": 10, "lua_memory_mb": 256},
    "tasks": [{"name": "astar", "kind": "search", "function": "astar", "algorithm": "astar",
               "heuristic": "manhattan", "points": 100, "limits": {"max_expansions": 40000},
               "tests": [)" + tests + "]}]}";
  auto parsed = parse_assignment(text, ".");
  REQUIRE_MESSAGE(parsed, parsed.error());
  return *parsed;
}

}  // namespace

TEST_CASE("a handout whose numbers are assignment.json's has no warning") {
  const std::string handout =
      "# A* (100 points)\n\n10 tests (4 visible, 6 hidden), 10 points each.\n\n"
      "| task | points | tests (visible + hidden) |\n|---|---|---|\n| `astar` | 100 | 4 + 6 |\n\n"
      "Limits: 10 s per call, 256 MiB of Lua memory, at most 40,000\n`problem:successors` calls "
      "per test. The reference needs 812 expansions on the hardest board.\n";
  CHECK(handout_number_warnings(one_task(), handout, "README.md") == std::vector<std::string>{});
}

TEST_CASE("each wrong number is a warning naming the file, the line and the true number") {
  const std::string handout =
      "# A* (80 points)\n\n8 tests (4 visible, 4 hidden), 12.5 points each.\n\n"
      "| `astar` | 100 | 4 + 4 |\n\nLimits: 5 s per call, 128 MiB of Lua memory, at most\n"
      "20,000 `problem:successors` calls per test.\n";
  const std::vector<std::string> warnings = handout_number_warnings(one_task(), handout, "a/README.md");
  CHECK(warnings == std::vector<std::string>{
                        "a/README.md:1: says \"(80 points)\", but the assignment is worth 100 points",
                        "a/README.md:3: says \"8 tests (4 visible, 4 hidden)\", but assignment.json "
                        "has 10 (4 visible, 6 hidden)",
                        "a/README.md:3: says \"12.5 points each\", but a test is worth 10 points",
                        "a/README.md:5: says \"| `astar` | 100 | 4 + 4 |\", but task astar is worth "
                        "100 points with 4 + 6 tests",
                        "a/README.md:7: says \"5 s per call\", but call_seconds is 10",
                        "a/README.md:7: says \"128 MiB of Lua memory\", but lua_memory_mb is 256",
                        "a/README.md:8: says \"20,000 `problem:successors` calls\", but "
                        "max_expansions is 40000"});
}
