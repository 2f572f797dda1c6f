// A search that returns the boards along its path instead of its moves (docs/diagnosis-codes.md, path-of-boards):
// tables of tiles, the API's own states, tostring(s) or problem:key(s) strings all reach the judge
// as boards, in order; anything else in such a list, or too many boards, is still refused with a
// message, and nothing in a hostile list runs.
#include "grader/sandbox/lua_problem.h"

#include <doctest/doctest.h>

#include <string>

#include "grader/sandbox/lua_search_answer.h"
#include "tests/grader/sandbox/lua_test_support.h"

namespace tile {
namespace {

using testing::must_load;

// Two moves from the goal: the blank went Left, then Up; Down, then Right, undo them.
const Board kGoal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
const Board kStart = kGoal.moved(Move::Left).moved(Move::Up);

StudentSearchRun run(LuaSandbox& sandbox, const char* function) {
  return run_student_search(sandbox, function, Problem{kStart, kGoal},
                            resolve(Semantics{}, Algorithm::Bfs), nullptr, {});
}

TEST_CASE("a path of boards reaches the judge as boards, whatever their form") {
  auto sandbox = must_load(R"(
    -- The states along the path, as the API gave them (the start included).
    function states(problem)
      local s = problem.start
      local down, last
      for _, step in ipairs(problem:successors(s)) do
        if step.move == "Down" then down = step.state end
      end
      for _, step in ipairs(problem:successors(down)) do
        if step.move == "Right" then last = step.state end
      end
      return {s, down, last}, 2
    end
    local function copy(s) local t = {} for i = 1, 9 do t[i] = s[i] end return t end
    function plain_tables(problem)
      return {copy(problem.start), {1, 2, 3, 4, 5, 6, 7, 8, 0}}, 1
    end
    function tostrings(problem) return {tostring(problem.start), tostring(problem.goal)} end
    function keys(problem) return {problem:key(problem.start), problem:key(problem.goal)} end
  )");
  REQUIRE(sandbox);
  const StudentSearchRun states = run(*sandbox, "states");
  REQUIRE_MESSAGE(states.completed, states.error);
  CHECK(states.path.empty());
  CHECK(states.returned_boards ==
        std::vector<Board>{kStart, kStart.moved(Move::Down), kGoal});
  CHECK(states.reported_count == 2);
  for (const char* function : {"plain_tables", "tostrings", "keys"}) {
    CAPTURE(function);
    const StudentSearchRun boards = run(*sandbox, function);
    REQUIRE_MESSAGE(boards.completed, boards.error);
    CHECK(boards.returned_boards == std::vector<Board>{kStart, kGoal});
  }
}

TEST_CASE("a list that starts with a board but goes on with something else is refused") {
  auto sandbox = must_load(R"(
    function mixed(problem) return {problem.start, "Up"}, 1 end
    function nodes(problem) return {{state = problem.start}}, 1 end
    function not_a_board(problem) return {"1 2 3 / 4 5 6 / 7 8 8"}, 1 end
    local meta = {__index = function() error("a metamethod ran") end}
    function hostile(problem) return {setmetatable({}, meta)}, 1 end
    function too_many(problem)
      local list = {}
      for i = 1, 100001 do list[i] = problem.start end
      return list, 1
    end
  )");
  REQUIRE(sandbox);
  struct Case {
    const char* function;
    const char* error;
  };
  const Case cases[] = {
      {"mixed", "test.lua:2: mixed returned a list whose element 1 is a board but element 2 is "
                "not (a list of moves"},
      {"nodes", "test.lua:3: nodes returned a path whose element 1 is a table value"},
      {"not_a_board", "test.lua:4: not_a_board returned a path whose element 1 is \"1 2 3 / 4 5"},
      {"hostile", "test.lua:6: hostile returned a path whose element 1 is a table value"},
      {"too_many", "test.lua:7: too_many returned a list of more than 100000 boards"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.function);
    const StudentSearchRun refused = run(*sandbox, c.function);
    CHECK_FALSE(refused.completed);
    CHECK(refused.returned_boards.empty());
    CHECK_MESSAGE(refused.error.rfind(c.error, 0) == 0, refused.error);
  }
}

}  // namespace
}  // namespace tile
