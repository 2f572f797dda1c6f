// Calling a student's board function: a board comes back as a flat list or as rows, false, nil or
// a boolean; a function that writes into its argument, or returns what is no board, fails with
// the file and line.
#include "grader/sandbox/lua_function.h"

#include <doctest/doctest.h>

#include "tests/grader/sandbox/lua_test_support.h"

using namespace tile;

namespace {

const Shape k3x3{3, 3};
const Board kGoal = goal_board(k3x3, GoalLayout::BlankLast);
const Board kCentre = parse_board(k3x3, "1 2 3 4 0 5 7 8 6").value();

constexpr const char* kFunctions = R"(
function flat(board)
  local tiles = {}
  for cell = 1, board:size() do tiles[cell] = board[cell] end
  tiles[5], tiles[2] = tiles[2], 0
  return tiles
end
function rows(board)
  return {{board[1], 0, board[3]}, {board[4], board[2], board[6]}, {board[7], board[8], board[9]}}
end
function no() return false end
function nothing() end
function yes() return true end
function in_place(board) board[5], board[2] = board[2], 0; return board end
function duplicate_tile() return {1, 1, 3, 4, 0, 5, 7, 8, 6} end
function short_rows() return {{1, 2, 3}, {4, 0, 5}} end
function number() return 42 end
function raises() error("no idea") end
)";

StudentFunctionRun call(LuaSandbox& sandbox, const char* name) {
  return run_student_function(sandbox, name, kCentre, kGoal);
}

}  // namespace

TEST_CASE("a returned board is read as a flat list or as rows; booleans and nil as such") {
  auto sandbox = testing::must_load(kFunctions);
  REQUIRE(sandbox);
  const Board up = kCentre.moved(Move::Up);
  for (const char* name : {"flat", "rows"}) {
    CAPTURE(name);
    const StudentFunctionRun run = call(*sandbox, name);
    REQUIRE_MESSAGE(run.completed, run.error);
    CHECK(run.value.kind == FunctionValue::Kind::Board);
    CHECK(run.value.board == up);
  }
  CHECK(call(*sandbox, "no").value.kind == FunctionValue::Kind::False);
  CHECK(call(*sandbox, "nothing").value.kind == FunctionValue::Kind::Nil);
  CHECK(call(*sandbox, "yes").value.kind == FunctionValue::Kind::True);
}

TEST_CASE("writing into the board, or returning what is no board, fails with file and line") {
  auto sandbox = testing::must_load(kFunctions);
  REQUIRE(sandbox);
  const struct {
    const char* name;
    const char* message;
  } cases[] = {
      {"in_place", "in_place changed the board it was given (cell 2)"},
      {"duplicate_tile", "tile 1 appears twice"},
      {"short_rows", "returned a list of 2 rows; a 3x3 board has 3"},
      {"number", "returned a number value"},
      {"raises", "no idea"},
      {"missing", "no global function 'missing'"},
  };
  for (const auto& expected : cases) {
    CAPTURE(expected.name);
    const StudentFunctionRun run = call(*sandbox, expected.name);
    CHECK_FALSE(run.completed);
    CHECK(run.error.find(expected.message) != std::string::npos);
    CHECK(run.error.find("test.lua") != std::string::npos);
  }
}
