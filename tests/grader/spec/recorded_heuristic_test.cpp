// A search task with the student's own heuristic ("heuristic": "student:FUNCTION"): how it is
// written and refused, and the table of recorded values that stands for the student's function in
// every engine search of the parent.
#include "grader/spec/recorded_heuristic.h"

#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "grader/spec/expectation.h"
#include "grader/spec/task_heuristic.h"
#include "tests/grader/spec/assignment_error.h"

using namespace tile;
using testing::error_of;

namespace {

const Shape kShape{2, 3};

Board board_2x3(const char* tiles) { return parse_board(kShape, tiles).value(); }

// A heuristic task grading `heuristic` and a search task whose h is the student's, with `extra`
// fields on the search task.
std::string with_search(const std::string& extra, const std::string& graded = "heuristic",
                        const std::string& algorithm = "astar") {
  return R"({"title": "t", "size": "2x3", "goal": "blank-last", "tasks": [
    {"name": "h", "kind": "heuristic", "function": ")" + graded +
         R"(", "algorithm": "astar", "points": 10,
     "tests": [{"start": "1 2 3 4 0 5"}]},
    {"name": "astar", "kind": "search", "algorithm": ")" + algorithm +
         R"(", "points": 10, )" + extra +
         R"(, "tests": [{"start": "1 2 3 4 0 5"}, {"start": "1 2 3 0 4 5"}]}]})";
}

}  // namespace

TEST_CASE("the recorded values answer for the boards they hold, and a missing board fails") {
  auto values = std::make_shared<RecordedValues>();
  (*values)[pack(board_2x3("1 2 3 4 0 5"))] = 1;
  RecordedHeuristic heuristic(values, "heuristic");
  CHECK(heuristic.estimate(board_2x3("1 2 3 4 0 5")) == std::optional<std::int64_t>(1));
  CHECK_FALSE(heuristic.missing());
  CHECK_FALSE(heuristic.estimate(board_2x3("1 2 3 0 4 5")));
  REQUIRE(heuristic.missing());
  CHECK(*heuristic.missing() == board_2x3("1 2 3 0 4 5"));
  CHECK(heuristic.failure_message().find("recorded no value of heuristic") != std::string::npos);
  CHECK(heuristic.name() == "your heuristic");
}

TEST_CASE("student:FUNCTION names the student's function") {
  CHECK(is_student_heuristic("student:heuristic"));
  CHECK_FALSE(is_student_heuristic("manhattan"));
  CHECK_FALSE(is_student_heuristic("h.lua"));
  CHECK(student_heuristic_function("student:my_h") == "my_h");
  CHECK(student_heuristic_function("manhattan").empty());
}

TEST_CASE("a search task with the student's heuristic is read, and has no expected run yet") {
  auto assignment = parse_assignment(with_search(R"("heuristic": "student:heuristic")"), ".");
  REQUIRE_MESSAGE(assignment, assignment.error());
  const Task& task = assignment->tasks[1];
  CHECK(uses_student_heuristic(task));
  CHECK_FALSE(uses_student_heuristic(assignment->tasks[0]));
  // Before a submission's run: no heuristic to make, and an expectation of the board alone.
  CHECK_FALSE(make_task_heuristic(task));
  auto expected = compute_expectation(task, task.tests[0]);
  REQUIRE(expected);
  CHECK(expected->status != SearchStatus::Solved);
  CHECK(expected->trace.empty());
  // With values recorded, the task's heuristic is their table.
  Task recorded = task;
  auto values = std::make_shared<RecordedValues>();
  (*values)[pack(board_2x3("1 2 3 4 0 5"))] = 1;
  recorded.student_heuristic_values = values;
  auto made = make_task_heuristic(recorded);
  REQUIRE(made);
  CHECK((*made)->estimate(board_2x3("1 2 3 4 0 5")) == std::optional<std::int64_t>(1));
}

TEST_CASE("a student heuristic is refused where it cannot be graded, with the field's path") {
  // No heuristic task grades the function.
  CHECK(error_of(with_search(R"("heuristic": "student:heuristic")", "other")) ==
        "tasks[1].heuristic: no heuristic task grades heuristic; add one (\"kind\": "
        "\"heuristic\", \"function\": \"heuristic\") to check it and give it its own points");
  // What the instructor declares of their own heuristic is checked on the student's instead.
  CHECK(error_of(with_search(R"("heuristic": "student:heuristic", "admissible": true)"))
            .starts_with("tasks[1].admissible: the student's heuristic is checked by the "
                         "heuristic task"));
  CHECK(error_of(with_search(R"("heuristic": "student:heuristic", "consistent": true)"))
            .starts_with("tasks[1].consistent: "));
  // An overestimating h makes a correct search's path longer than optimal.
  CHECK(error_of(with_search(R"("heuristic": "student:heuristic", "checks": {"path": "optimal"})"))
            .starts_with("tasks[1].checks.path: with the student's heuristic"));
  CHECK(error_of(with_search(R"("heuristic": "student:")"))
            .starts_with("tasks[1].heuristic: 'student:' must name the student's Lua function"));
  CHECK(error_of(with_search(R"("heuristic": "student:heuristic")", "heuristic", "bfs"))
            .find("bfs uses no heuristic") != std::string::npos);
}

TEST_CASE("twice_in_one_state is read on a search task and refused elsewhere") {
  auto assignment = parse_assignment(
      with_search(R"("heuristic": "student:heuristic", "twice_in_one_state": true)"), ".");
  REQUIRE_MESSAGE(assignment, assignment.error());
  CHECK(assignment->tasks[1].twice_in_one_state);
  CHECK_FALSE(assignment->tasks[0].twice_in_one_state);
  const std::string on_heuristic_task = R"({"title": "t", "size": "2x3", "tasks": [
    {"name": "h", "kind": "heuristic", "function": "heuristic", "algorithm": "astar",
     "points": 10, "twice_in_one_state": true, "tests": [{"start": "1 2 3 4 0 5"}]}]})";
  CHECK(error_of(on_heuristic_task) ==
        "tasks[0].twice_in_one_state: only a search task's first test is called twice");
}

TEST_CASE("a name the student's Lua function can have: a letter or _, then letters, digits, _") {
  CHECK(is_lua_function_name("heuristic"));
  CHECK(is_lua_function_name("_h2"));
  CHECK_FALSE(is_lua_function_name(""));
  CHECK_FALSE(is_lua_function_name("2bad"));
  CHECK_FALSE(is_lua_function_name("my-h"));
  CHECK_FALSE(is_lua_function_name("h.lua"));
  // Lua's reserved words: no script can define a function by these names.
  CHECK_FALSE(is_lua_function_name("end"));
  CHECK_FALSE(is_lua_function_name("function"));
  CHECK_FALSE(is_lua_function_name("goto"));
  CHECK(is_lua_function_name("ends"));  // a word that only starts like one is a name
  CHECK(is_lua_function_name("End"));   // Lua's words are case-sensitive
}
