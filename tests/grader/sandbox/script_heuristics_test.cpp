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
  SUBCASE("it runs under the assignment's lua_memory_mb, not the sandbox's 64 MiB default") {
    // 80 MiB held by the script from its load on: more than the default, less than 256 MiB.
    task.heuristic_script = "local held = string.rep('x', 80 * 1024 * 1024)\n"
                            "function heuristic(board) return #held > 0 and 0 or 1 end";
    task.heuristic_limits.lua_memory_bytes = 256ULL << 20;
    auto made = make_task_heuristic(task);
    REQUIRE(made);
    CHECK((*made)->estimate(task.goal) == 0);
    task.heuristic_limits.lua_memory_bytes = 32ULL << 20;
    CHECK_FALSE(make_task_heuristic(task));
  }
  install_script_heuristic_loader(nullptr);
}
