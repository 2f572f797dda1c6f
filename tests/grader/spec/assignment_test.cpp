#include <doctest/doctest.h>

#include "grader/spec/assignment.h"
#include "tests/grader/spec/assignment_error.h"

#include <algorithm>

using namespace tile;
using tile::testing::error_of;

namespace {

const char* kMinimal = R"({
  "title": "t", "size": "2x3", "goal": "blank-last",
  "tasks": [{"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 10,
             "tests": [{"start": "1 2 3 4 0 5"}]}]
})";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("a minimal assignment parses with defaults") {
  auto assignment = parse_assignment(kMinimal, ".");
  REQUIRE(assignment);
  REQUIRE(assignment->tasks.size() == 1);
  const Task& task = assignment->tasks[0];
  CHECK(task.function == "bfs");
  CHECK(task.visibility == Visibility::Visible);
  CHECK(task.checks.path == PathCheck::Exact);
  CHECK(task.tests.size() == 1);
  CHECK(task.tests[0].name == "test-1");
  CHECK(assignment->max_score() == 10);
}

TEST_CASE("unknown keys are rejected with their JSON path") {
  CHECK(error_of(replaced(kMinimal, "\"points\": 10", "\"points\": 10, \"vissibility\": \"x\""))
            .find("tasks[0].vissibility: unknown key") != std::string::npos);
  CHECK(error_of(replaced(kMinimal, "\"start\"", "\"strat\"")).find("tasks[0].tests[0].strat") !=
        std::string::npos);
  CHECK(error_of(replaced(kMinimal, "\"goal\": \"blank-last\"",
                          "\"goal\": \"blank-last\", \"semantics\": {\"goal_tset\": \"on-pop\"}"))
            .find("assignment.semantics.goal_tset") != std::string::npos);
}

TEST_CASE("bad values name the field and the accepted values") {
  CHECK(error_of(replaced(kMinimal, "\"kind\": \"search\"", "\"kind\": \"serch\""))
            .find("tasks[0].kind") != std::string::npos);
  CHECK(error_of(replaced(kMinimal, "\"algorithm\": \"bfs\"", "\"algorithm\": \"bsf\""))
            .find("expected one of") != std::string::npos);
  CHECK(error_of(replaced(kMinimal, "1 2 3 4 0 5", "1 2 3 4 0 0")).find("more than once") !=
        std::string::npos);
  CHECK(error_of(replaced(kMinimal, "1 2 3 4 0 5", "2 1 3 4 5 0")).find("cannot reach") !=
        std::string::npos);
  CHECK(error_of(replaced(kMinimal, "\"algorithm\": \"bfs\"", "\"algorithm\": \"astar\""))
            .find("needs a heuristic to compare with: a built-in name or a .lua file") !=
          std::string::npos);
  CHECK(error_of("{nope").find("not valid JSON") != std::string::npos);
}

TEST_CASE("a task's function is a name a script can define: the field that gave it is named") {
  // From the task's name, which needs a "function" of its own.
  CHECK(error_of(replaced(kMinimal, "\"name\": \"bfs\"", "\"name\": \"bfs-2\"")) ==
        "tasks[0].name: 'bfs-2' cannot be a Lua function's name (give the task a \"function\" "
        "that can): letters, digits and _, not starting with a digit, and no Lua keyword");
  CHECK(parse_assignment(replaced(kMinimal, "\"name\": \"bfs\"",
                                  "\"name\": \"bfs-2\", \"function\": \"bfs\""),
                         "."));
  // Written, and a keyword.
  CHECK(error_of(replaced(kMinimal, "\"name\": \"bfs\"", "\"name\": \"bfs\", \"function\": \"end\""))
            .starts_with("tasks[0].function: 'end' cannot be a Lua function's name: "));
}

TEST_CASE("generated tests are reproducible and solvable") {
  const std::string text =
      replaced(kMinimal, "{\"start\": \"1 2 3 4 0 5\"}",
               "{\"name\": \"g\", \"generate\": {\"count\": 4, \"seed\": 9, \"random\": true}}");
  auto first = parse_assignment(text, ".");
  auto second = parse_assignment(text, ".");
  REQUIRE(first);
  REQUIRE(second);
  REQUIRE(first->tasks[0].tests.size() == 4);
  CHECK(first->tasks[0].tests[3].name == "g-4");
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(first->tasks[0].tests[i].start == second->tasks[0].tests[i].start);
    CHECK(check_reachable(first->tasks[0].tests[i].start, first->goal));
  }
  CHECK_FALSE(first->tasks[0].tests[0].start == first->tasks[0].tests[1].start);
}

TEST_CASE("task semantics override the assignment's field by field") {
  const std::string text = replaced(
      replaced(kMinimal, "\"goal\": \"blank-last\"",
               "\"goal\": \"blank-last\", \"semantics\": {\"count\": \"popped\", \"cost\": \"tile\"}"),
      "\"points\": 10", "\"points\": 10, \"semantics\": {\"cost\": \"unit\"}");
  auto assignment = parse_assignment(text, ".");
  REQUIRE(assignment);
  CHECK(assignment->tasks[0].semantics.count == CountKind::Popped);
  CHECK(assignment->tasks[0].semantics.cost == CostModel::Unit);
}

TEST_CASE("a task's semantics are resolved for its algorithm when it is read") {
  // Written: the assignment's goal test; unset: what dfs does by default (reverse push, newest
  // first), not the defaults of bfs that a task built without an algorithm has.
  const std::string text = replaced(
      replaced(kMinimal, "\"goal\": \"blank-last\"",
               "\"goal\": \"blank-last\", \"semantics\": {\"goal_test\": \"on-generate\"}"),
      R"("algorithm": "bfs")", R"("algorithm": "dfs", "semantics": {"depth_limit": 4})");
  auto assignment = parse_assignment(text, ".");
  REQUIRE_MESSAGE(assignment, assignment.error());
  const ResolvedSemantics& dfs = assignment->tasks[0].semantics;
  Semantics written;
  written.goal_test = GoalTest::OnGenerate;
  written.depth_limit = 4;
  CHECK(dfs == resolve(written, Algorithm::Dfs));
  CHECK(dfs.push_order == PushOrder::Reverse);
  CHECK(dfs.tie_break == std::vector<TieKey>{TieKey::Lifo});
  CHECK(Task{}.semantics == resolve(Semantics{}, Algorithm::Bfs));
}

TEST_CASE("a function task names what it computes and nothing of a search") {
  const std::string function_task = replaced(
      kMinimal, R"("kind": "search", "algorithm": "bfs")",
      R"("kind": "function", "function": "slide_down", "computes": "slide-down")");
  auto assignment = parse_assignment(function_task, ".");
  REQUIRE_MESSAGE(assignment, assignment.error());
  const Task& task = assignment->tasks[0];
  CHECK(task.kind == TaskKind::Function);
  CHECK(task.computes == BoardFunction::SlideDown);
  CHECK(task.function == "slide_down");
  CHECK(task.tests.size() == 1);

  CHECK(error_of(replaced(function_task, R"(, "computes": "slide-down")", ""))
            .find("tasks[0].computes: a function task names what it computes") !=
        std::string::npos);
  CHECK(error_of(replaced(function_task, "slide-down", "slide-diagonal"))
            .find("tasks[0].computes: unknown function 'slide-diagonal'") != std::string::npos);
  CHECK(error_of(replaced(function_task, R"("computes")", R"("algorithm": "bfs", "computes")"))
            .find("tasks[0].algorithm: a function task has no algorithm") != std::string::npos);
  CHECK(error_of(replaced(kMinimal, R"("algorithm": "bfs")",
                          R"("algorithm": "bfs", "computes": "is-goal")"))
            .find("tasks[0].computes: only function tasks") != std::string::npos);
  CHECK(error_of(replaced(kMinimal, R"("kind": "search", "algorithm": "bfs")",
                          R"("kind": "search")"))
            .find("tasks[0].algorithm: required for a search task") != std::string::npos);
}

TEST_CASE("after_timeout: skip-task by default, run-all on request, nothing else") {
  const auto with = [](const std::string& value) {
    return replaced(kMinimal, "\"title\": \"t\",",
                    "\"title\": \"t\", \"after_timeout\": \"" + value + "\",");
  };
  CHECK_FALSE(parse_assignment(kMinimal, ".")->run_all_after_timeout);
  CHECK_FALSE(parse_assignment(with("skip-task"), ".")->run_all_after_timeout);
  CHECK(parse_assignment(with("run-all"), ".")->run_all_after_timeout);
  CHECK(error_of(with("never")) ==
        "assignment.after_timeout: expected \"skip-task\" or \"run-all\", not \"never\"");
}

TEST_CASE("a bibfs task takes its own fields and refuses one it has no place for") {
  const std::string bibfs = replaced(kMinimal, R"("algorithm": "bfs")",
                                     R"("algorithm": "bibfs", "semantics": {"meet_test": "on-pop"})");
  auto assignment = parse_assignment(bibfs, ".");
  REQUIRE_MESSAGE(assignment, assignment.error());
  CHECK(assignment->tasks[0].algorithm == Algorithm::Bibfs);
  CHECK(assignment->tasks[0].semantics.meet_test == MeetTest::OnPop);
  const std::string refused = replaced(kMinimal, R"("algorithm": "bfs")",
                                       R"("algorithm": "bibfs", "semantics": {"queue": "python-heapq"})");
  const std::string error = error_of(refused);
  CHECK(error.find("tasks[0].semantics: ") != std::string::npos);
  CHECK(error.find("queue must be stable") != std::string::npos);
}

TEST_CASE("a test's visibility may be diagnosis, and an unknown one names every value") {
  const char* spec = R"({"title": "v", "size": "2x3", "goal": "blank-last",
    "tasks": [{"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs",
               "points": 10, "tests": [{"name": "one", "start": "1 2 3 4 0 5",
                                        "visibility": "diagnosis"}]}]})";
  auto parsed = parse_assignment(spec, ".");
  REQUIRE(parsed);
  CHECK(parsed->tasks[0].tests[0].visibility == Visibility::Diagnosis);
  CHECK(visibility_name(Visibility::Diagnosis) == "diagnosis");
  std::string wrong = spec;
  wrong.replace(wrong.find("\"diagnosis\""), 11, "\"diagnose\"");
  auto refused = parse_assignment(wrong, ".");
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("after_published or diagnosis") != std::string::npos);
}

TEST_CASE("the least visible of two visibilities is the later one a student sees") {
  const Visibility in_order[] = {Visibility::Visible, Visibility::Diagnosis,
                                 Visibility::AfterDueDate, Visibility::AfterPublished,
                                 Visibility::Hidden};
  for (std::size_t i = 0; i < 5; ++i) {
    for (std::size_t j = 0; j < 5; ++j) {
      CAPTURE(i);
      CAPTURE(j);
      CHECK(least_visible(in_order[i], in_order[j]) == in_order[std::max(i, j)]);
    }
  }
}

TEST_CASE("feedback_limit: off by default, a count of submissions an hour, nothing else") {
  const auto with = [](const std::string& value) {
    return replaced(kMinimal, "\"title\": \"t\",",
                    "\"title\": \"t\", \"feedback_limit\": " + value + ",");
  };
  CHECK_FALSE(parse_assignment(kMinimal, ".")->feedback_limit.enabled());
  const auto three = parse_assignment(with(R"({"full_per_hour": 3})"), ".");
  REQUIRE_MESSAGE(three, three.error());
  CHECK(three->feedback_limit.full_per_hour == 3);
  CHECK(error_of(with("{}")).find("assignment.feedback_limit.full_per_hour: required") == 0);
  CHECK(error_of(with(R"({"full_per_hour": 0})")).find("assignment.feedback_limit.full_per_hour") ==
        0);
  CHECK(error_of(with(R"({"full_per_hour": 3, "per_day": 9})")).find("per_day") !=
        std::string::npos);
  CHECK(error_of(with("3")).find("assignment.feedback_limit: expected an object") == 0);
}
