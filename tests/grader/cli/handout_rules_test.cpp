#include <doctest/doctest.h>

#include "grader/cli/handout_rules.h"

using namespace tile;
using namespace tile::cli;

namespace {

// A 3x3 assignment with a greedy and a bibfs task; GREEDY_SEMANTICS is the greedy task's own.
Assignment assignment_with(const std::string& greedy_semantics) {
  const std::string text = R"({"title": "t", "size": "3x3", "goal": "blank-last",
    "tasks": [
      {"name": "greedy", "kind": "search", "function": "greedy", "algorithm": "greedy",
       "heuristic": "manhattan", "points": 10, "semantics": )" + greedy_semantics + R"(,
       "tests": [{"name": "a", "start": "1 2 3 4 5 6 7 0 8"}]},
      {"name": "bibfs", "kind": "search", "function": "bibfs", "algorithm": "bibfs",
       "points": 10, "tests": [{"name": "a", "start": "1 2 3 4 5 6 7 0 8"}]}]})";
  auto parsed = parse_assignment(text, ".");
  REQUIRE_MESSAGE(parsed, parsed.error());
  return *parsed;
}

std::string handout_of(const Assignment& assignment) {
  std::string out = "# t\n\n## What to write\n\n";
  for (const Task& task : assignment.tasks) out += "- `" + task.name + "(...)`\n" + rules_section(task);
  return out + "\n## Checking your work\n";
}

}  // namespace

TEST_CASE("a rules section is marked with its task and lists the task's rules") {
  const Assignment assignment = assignment_with(R"({"goal_test": "on-generate"})");
  const std::string greedy = rules_section(assignment.tasks[0]);
  CHECK(greedy.rfind("  " + rules_marker("greedy") + "\n  The rules that decide", 0) == 0);
  CHECK(greedy.find("  - `goal_test`: on-generate") != std::string::npos);
  CHECK(greedy.find("  - the heuristic `problem:h`: manhattan (it counts moves)\n") !=
        std::string::npos);
  // bibfs's two searches meet instead of testing for the goal: no goal_test rule for it.
  const std::string bibfs = rules_section(assignment.tasks[1]);
  CHECK(bibfs.find("`goal_test`") == std::string::npos);
  CHECK(bibfs.find("`cycle_check`") == std::string::npos);
  CHECK(bibfs.find("`meet_test`") != std::string::npos);
}

TEST_CASE("validate's reading: a handout that says what assignment.json says has no warning") {
  const Assignment assignment = assignment_with(R"({"goal_test": "on-generate"})");
  CHECK(stale_rules(assignment, handout_of(assignment), "README.md").empty());
  // One written by hand, without markers, is not read.
  CHECK(stale_rules(assignment, "# t\n  - `goal_test`: on-pop\n", "README.md").empty());
}

TEST_CASE("a rule changed in assignment.json after new wrote the handout is a warning with its line") {
  const std::string handout = handout_of(assignment_with("{}"));
  const Assignment edited = assignment_with(R"({"goal_test": "on-generate"})");
  const std::vector<std::string> warnings = stale_rules(edited, handout, "a/README.md");
  REQUIRE(warnings.size() == 1);
  // The marker of greedy is line 6; its goal_test rule a few lines below.
  CHECK(warnings[0].rfind("a/README.md:6: the rules of task greedy are not assignment.json's: line ", 0) == 0);
  CHECK(warnings[0].find(" says `goal_test`: on-pop") != std::string::npos);
  CHECK(warnings[0].find("but assignment.json has `goal_test`: on-generate") != std::string::npos);
}

TEST_CASE("a marked task the assignment no longer has, and a rule left out, are warnings") {
  const Assignment assignment = assignment_with("{}");
  std::string handout = handout_of(assignment);
  const std::string marker = rules_marker("greedy");
  handout.replace(handout.find(marker), marker.size(), rules_marker("gready"));
  const auto renamed = stale_rules(assignment, handout, "README.md");
  REQUIRE(renamed.size() == 1);
  CHECK(renamed[0] == "README.md:6: rules of task gready, which assignment.json does not have");

  std::string shorter = handout_of(assignment);
  const auto heuristic_line = shorter.find("  - the heuristic");
  shorter.erase(heuristic_line, shorter.find('\n', heuristic_line) + 1 - heuristic_line);
  const auto missing = stale_rules(assignment, shorter, "README.md");
  REQUIRE(missing.size() == 1);
  CHECK(missing[0].find("no line says the heuristic `problem:h`: manhattan") != std::string::npos);
}
