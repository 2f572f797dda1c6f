// LuaHeuristic and the board a heuristic sees: values are validated, never cast; the board is
// rewritten before each call and checked after it; the call budget holds; a Lua Manhattan drives
// the engine's A* exactly as the native one does.
#include "grader/sandbox/lua_heuristic.h"

#include <doctest/doctest.h>

#include <string>

#include "engine/random_boards.h"
#include "engine/search.h"
#include "tests/grader/sandbox/lua_test_support.h"

namespace tile {
namespace {

using testing::must_load;
using testing::goal_3x3;

constexpr const char* kManhattan = R"(
function heuristic(board)
  local sum = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      sum = sum + math.abs(board:row(cell) - board:row(goal))
                + math.abs(board:col(cell) - board:col(goal))
    end
  end
  return sum
end
)";

Board board_3x3(const char* tiles) { return *parse_board(Shape{3, 3}, tiles); }

std::unique_ptr<LuaHeuristic> must_create(LuaSandbox& sandbox, const Board& goal,
                                          std::uint64_t max_calls = 1000000) {
  auto made = LuaHeuristic::create(sandbox, "heuristic", goal, max_calls);
  REQUIRE_MESSAGE(made, made.error());
  return std::move(*made);
}

TEST_CASE("a Lua Manhattan agrees with the native one on random boards of several shapes") {
  for (const Shape shape : {Shape{3, 3}, Shape{2, 3}, Shape{4, 4}, Shape{3, 5}}) {
    CAPTURE(format_shape(shape));
    const Board goal = goal_board(shape, GoalLayout::BlankFirst);
    const GoalCells goal_cells(goal);
    auto sandbox = must_load(kManhattan);
    REQUIRE(sandbox);
    auto heuristic = must_create(*sandbox, goal);
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      const Board board = random_solvable_board(goal, seed);
      const auto value = heuristic->estimate(board);
      REQUIRE_MESSAGE(value, heuristic->failure_message());
      CHECK(*value == manhattan_distance(board, goal_cells));
    }
    CHECK(heuristic->calls() == 200);
    CHECK(heuristic->name() == "test.lua:heuristic");
  }
}

TEST_CASE("A* with the Lua Manhattan finds the same path with the same counters as native") {
  const Board goal = goal_3x3();
  auto sandbox = must_load(kManhattan);
  REQUIRE(sandbox);
  auto lua = must_create(*sandbox, goal);
  auto native = make_builtin_heuristic("manhattan", goal);
  REQUIRE(native);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Problem problem{random_solvable_board(goal, seed), goal};
    SearchSpec spec = SearchSpec::of(Algorithm::Astar);
    spec.heuristic = lua.get();
    const SearchResult with_lua = search(problem, spec);
    spec.heuristic = native->get();
    const SearchResult with_native = search(problem, spec);
    REQUIRE(with_lua.solved());
    CHECK(with_lua.moves() == with_native.moves());
    CHECK(with_lua.counters.expanded == with_native.counters.expanded);
    CHECK(with_lua.counters.generated == with_native.counters.generated);
    CHECK(with_lua.counters.max_frontier == with_native.counters.max_frontier);
  }
}

TEST_CASE("the board offers cells, rows, cols and the helper methods") {
  auto sandbox = must_load(R"(
    function heuristic(board)
      assert(board.rows == 2 and board.cols == 3 and #board == 6, "shape")
      assert(board:size() == 6, "size")
      assert(board[1] == 4 and board[6] == 5, "cells")
      assert(board:find(0) == 2 and board:find(4) == 1 and board:find(9) == nil, "find")
      assert(board:goal_cell(1) == 1 and board:goal_cell(0) == 6, "goal_cell")
      assert(board:row(1) == 1 and board:row(4) == 2 and board:col(4) == 1 and board:col(6) == 3,
             "row/col")
      assert(tostring(board) == "4 0 1 / 2 3 5", "tostring: " .. tostring(board))
      assert(getmetatable(board) == "board", "metatable")
      local ok, message = pcall(function() board.extra = 1 end)
      assert(not ok and message:find("read%-only"), "new keys refused")
      ok, message = pcall(board.row, board, 7)
      assert(not ok and message:find("cell 7 is outside 1..6"), "row range: " .. message)
      ok, message = pcall(board.goal_cell, board, 6)
      assert(not ok and message:find("no tile 6 on a 2x3 board"), "goal_cell range")
      return 0
    end
  )");
  REQUIRE(sandbox);
  const Board goal = goal_board(Shape{2, 3}, GoalLayout::BlankLast);
  auto heuristic = must_create(*sandbox, goal);
  const auto value = heuristic->estimate(*parse_board(Shape{2, 3}, "4 0 1 2 3 5"));
  CHECK_MESSAGE(value, heuristic->failure_message());
}

TEST_CASE("values that are not whole numbers in range are errors, never cast") {
  struct Case {
    const char* returned;
    const char* message;
  };
  const Case cases[] = {
      {"0/0", "test.lua:1: heuristic returned "},  // nan or -nan, checked below
      {"math.huge", "test.lua:1: heuristic returned inf (must be a whole number >= 0)"},
      {"-math.huge", "test.lua:1: heuristic returned -inf (must be a whole number >= 0)"},
      {"-1", "test.lua:1: heuristic returned -1 (must be a whole number >= 0)"},
      {"2^63",
       "test.lua:1: heuristic returned 9.2233720368547758e+18 (must be at most 1000000000)"},
      {"math.maxinteger",
       "test.lua:1: heuristic returned 9223372036854775807 (must be at most 1000000000)"},
      {"1.5", "test.lua:1: heuristic returned 1.5 (must be a whole number >= 0)"},
      {"\"3\"", "test.lua:1: heuristic returned a string (\"3\") (must be a whole number >= 0)"},
      {"nil", "test.lua:1: heuristic returned nil (must be a whole number >= 0)"},
      {"", "test.lua:1: heuristic returned nil (must be a whole number >= 0)"},
      {"{}", "test.lua:1: heuristic returned a table value (must be a whole number >= 0)"},
      {"true", "test.lua:1: heuristic returned a boolean value (must be a whole number >= 0)"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.returned);
    auto sandbox =
        must_load(std::string("function heuristic(board) return ") + c.returned + " end");
    REQUIRE(sandbox);
    auto heuristic = must_create(*sandbox, goal_3x3());
    CHECK_FALSE(heuristic->estimate(goal_3x3()));
    CHECK(heuristic->failure_message().find(c.message) == 0);
  }
  auto nan = must_load("function heuristic(board) return 0/0 end");
  auto nan_heuristic = must_create(*nan, goal_3x3());
  CHECK_FALSE(nan_heuristic->estimate(goal_3x3()));
  CHECK(nan_heuristic->failure_message() ==
        "test.lua:1: heuristic returned nan (must be a whole number >= 0)");
}

TEST_CASE("whole numbers are accepted, as integers or as exact floats") {
  struct Case {
    const char* returned;
    std::int64_t value;
  };
  for (const Case& c : {Case{"7", 7}, Case{"7.0", 7}, Case{"14 / 2", 7}, Case{"0", 0},
                        Case{"-0.0", 0}, Case{"1000000000", 1000000000}}) {
    CAPTURE(c.returned);
    auto sandbox =
        must_load(std::string("function heuristic(board) return ") + c.returned + " end");
    REQUIRE(sandbox);
    auto heuristic = must_create(*sandbox, goal_3x3());
    const auto value = heuristic->estimate(goal_3x3());
    REQUIRE_MESSAGE(value, heuristic->failure_message());
    CHECK(*value == c.value);
  }
}

TEST_CASE("a heuristic that modifies its board fails, and the next call sees a fresh board") {
  auto sandbox = must_load(R"(
    calls = 0
    function heuristic(board)
      calls = calls + 1
      local seen = board[3]
      if calls == 1 then board[3] = 99 end
      return seen
    end
  )");
  REQUIRE(sandbox);
  auto heuristic = must_create(*sandbox, goal_3x3());
  CHECK_FALSE(heuristic->estimate(goal_3x3()));
  CHECK(heuristic->failure_message() ==
        "test.lua:3: heuristic modified the board (cell 3 changed)");
  const auto second = heuristic->estimate(goal_3x3());
  REQUIRE_MESSAGE(second, heuristic->failure_message());
  CHECK(*second == 3);  // rewritten: not the 99 written by the first call
}

TEST_CASE("the call budget is enforced") {
  auto sandbox = must_load(kManhattan);
  REQUIRE(sandbox);
  auto heuristic = must_create(*sandbox, goal_3x3(), 3);
  for (int i = 0; i < 3; ++i) CHECK(heuristic->estimate(goal_3x3()));
  CHECK_FALSE(heuristic->estimate(goal_3x3()));
  CHECK(heuristic->failure_message() == "heuristic call budget of 3 calls exceeded");
  CHECK(heuristic->calls() == 3);
}

TEST_CASE("errors and timeouts inside the heuristic become failure messages") {
  SandboxLimits limits;
  limits.call_seconds = 0.3;
  auto sandbox = must_load(R"(
    function heuristic(board)
      if board[1] == 8 then
        local missing = nil
        return missing.field
      elseif board[1] == 7 then
        while true do end
      end
      return 0
    end
  )",
                           limits);
  REQUIRE(sandbox);
  auto heuristic = must_create(*sandbox, goal_3x3());
  CHECK_FALSE(heuristic->estimate(board_3x3("8 1 2 3 4 5 6 7 0")));
  CHECK(heuristic->failure_message().find("test.lua:5: attempt to index a nil value") == 0);
  CHECK_FALSE(heuristic->estimate(board_3x3("7 1 2 3 4 5 6 8 0")));
  CHECK(heuristic->failure_message() == "test.lua:7: processor-time limit of 0.3 s per call exceeded");
  CHECK(heuristic->estimate(goal_3x3()) == std::optional<std::int64_t>(0));
}

TEST_CASE("a memory bomb inside the heuristic becomes a failure message") {
  SandboxLimits limits;
  // A clock far past what filling 8 MiB takes, even under AddressSanitizer on a loaded machine:
  // the cap must stop the bomb, and a broken cap fails here by the clock's message.
  limits.call_seconds = 20.0;
  limits.memory_bytes = 8 << 20;
  auto sandbox = must_load(R"(
    function heuristic(board)
      if board[1] == 6 then
        local t = {} while true do t[#t + 1] = {} end
      end
      return 0
    end
  )",
                           limits);
  REQUIRE(sandbox);
  auto heuristic = must_create(*sandbox, goal_3x3());
  CHECK_FALSE(heuristic->estimate(board_3x3("6 1 2 3 4 5 7 8 0")));
  CHECK(heuristic->failure_message() == "test.lua: memory limit of 8 MiB exceeded");
  CHECK(heuristic->estimate(goal_3x3()) == std::optional<std::int64_t>(0));
}

TEST_CASE("a missing function and a board of the wrong shape are reported") {
  auto sandbox = must_load("function other(board) return 0 end");
  REQUIRE(sandbox);
  auto missing = LuaHeuristic::create(*sandbox, "heuristic", goal_3x3(), 10);
  REQUIRE_FALSE(missing);
  CHECK(missing.error() ==
        "test.lua: no global function 'heuristic' (define function heuristic(board) ... end)");
  auto other = LuaHeuristic::create(*sandbox, "other", goal_3x3(), 10);
  REQUIRE(other);
  CHECK_FALSE((*other)->estimate(goal_board(Shape{2, 3}, GoalLayout::BlankLast)));
  CHECK((*other)->failure_message() == "other was set up for 3x3 boards, not 2x3");
}

TEST_CASE("the function is captured when the heuristic is created") {
  auto sandbox = must_load(R"(
    function heuristic(board) heuristic = function() return 5 end return 1 end
  )");
  REQUIRE(sandbox);
  auto heuristic = must_create(*sandbox, goal_3x3());
  CHECK(heuristic->estimate(goal_3x3()) == std::optional<std::int64_t>(1));
  CHECK(heuristic->estimate(goal_3x3()) == std::optional<std::int64_t>(1));
}

TEST_CASE("load_file owns its sandbox and reports scripts that do not load") {
  auto loaded = LuaHeuristic::load_file(
      std::string(TILEGRADE_SOURCE_DIR) + "/tests/hostile/nan_value.lua", goal_3x3());
  REQUIRE_MESSAGE(loaded, loaded.error());
  CHECK((*loaded)->estimate(goal_3x3()) == std::optional<std::int64_t>(0));
  auto broken = LuaHeuristic::load_file(
      std::string(TILEGRADE_SOURCE_DIR) + "/tests/hostile/syntax_error.lua", goal_3x3());
  REQUIRE_FALSE(broken);
  CHECK(broken.error().find("syntax_error.lua:") == 0);
}

}  // namespace
}  // namespace tile
