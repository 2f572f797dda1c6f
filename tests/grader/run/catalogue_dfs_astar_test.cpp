// The catalogue's depth-first and A* mistakes on classic-8puzzle, each from a Lua submission
// written from the handout: grading names the mistake first, with the catalogue's sentence.
#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

TEST_CASE("DFS pushing the children in action order: push-order-forward") {
  check_search_mistake(classic(), "dfs", "classic-8puzzle/dfs_forward_push.lua",
                       "push-order-forward");
}

TEST_CASE("DFS taking table.remove(t, 1), the oldest node: frontier-queue") {
  check_search_mistake(classic(), "dfs", "classic-8puzzle/dfs_takes_the_oldest.lua",
                       "frontier-queue");
}

TEST_CASE("A* ordered by h alone, by g alone, by g + 2h: priority-h-only, -g-only, -weighted") {
  check_search_mistake(classic(), "astar", "classic-8puzzle/astar_orders_by_h.lua",
                       "priority-h-only");
  check_search_mistake(classic(), "astar", "classic-8puzzle/astar_orders_by_g.lua",
                       "priority-g-only");
  check_search_mistake(classic(), "astar", "classic-8puzzle/astar_doubles_h.lua",
                       "priority-weighted");
}

TEST_CASE("A* charging the tile's number for each move: cost-tile") {
  check_search_mistake(classic(), "astar", "classic-8puzzle/astar_tile_cost.lua", "cost-tile");
}

TEST_CASE("A* without any set of seen states: no-duplicate-detection") {
  check_search_mistake(classic(), "astar", "classic-8puzzle/astar_tree_search.lua",
                       "no-duplicate-detection");
}

TEST_CASE("A* whose heap compares f alone: ties-ignore-action") {
  check_search_mistake(classic(), "astar", "classic-8puzzle/astar_f_only.lua",
                       "ties-ignore-action");
}

TEST_CASE("A* with a sorted list instead of heapq: ties-in-insertion-order") {
  check_search_mistake(classic(), "astar", "classic-8puzzle/astar_sorted_list.lua",
                       "ties-in-insertion-order", "fifo");
}
