#include <doctest/doctest.h>

#include "grader/sandbox/script_heuristics.h"
#include "grader/spec/task_heuristic.h"

using namespace tile;

TEST_CASE("an instructor's script heuristic runs in a sandbox of its own") {
  install_script_heuristics();
  Task task;
  task.name = "astar";
  task.goal = parse_board(Shape{2, 3}, "1 2 3 4 5 0").value();
  task.heuristic = "h.lua";
  SUBCASE("its heuristic(board) is the task's heuristic") {
    task.heuristic_script = "function heuristic(board) return board[1] == 1 and 0 or 9 end";
    auto made = make_task_heuristic(task);
    REQUIRE(made);
    CHECK((*made)->estimate(task.goal) == 0);
    CHECK((*made)->estimate(parse_board(Shape{2, 3}, "2 1 3 4 5 0").value()) == 9);
    CHECK((*made)->name() == "h.lua:heuristic");
  }
  SUBCASE("a script without heuristic(board) is refused with the task and the file") {
    task.heuristic_script = "function h(board) return 0 end";
    auto made = make_task_heuristic(task);
    REQUIRE_FALSE(made);
    CHECK(made.error().starts_with("task astar, heuristic h.lua: h.lua: no global function"));
  }
  install_script_heuristic_loader(nullptr);
}
