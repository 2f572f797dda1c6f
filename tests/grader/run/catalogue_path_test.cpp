// Path mistakes read from the returned path itself: each from a classic-8puzzle BFS whose
// expansions are all right and whose path is built wrongly, as students build it.
#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

namespace {

void check_path_mistake(const std::string& script, const std::string& code) {
  INFO(script);
  check_named(graded(classic(), "bfs", script), code, named_by_key(code).explanation);
}

}  // namespace

TEST_CASE("moves collected from the goal back, never reversed: path-reversed") {
  check_path_mistake("classic-8puzzle/bfs_path_not_reversed.lua", "path-reversed");
}

TEST_CASE("moves named after the tile that slides: path-tile-centred") {
  check_path_mistake("classic-8puzzle/bfs_path_names_the_tile.lua", "path-tile-centred");
}

TEST_CASE("tile moves collected from the goal back: path-reversed-tile-centred") {
  check_path_mistake("classic-8puzzle/bfs_path_reversed_tile_moves.lua",
                     "path-reversed-tile-centred");
}

TEST_CASE("the path rebuilt from the goal's parent: path-missing-last-move") {
  check_path_mistake("classic-8puzzle/bfs_path_from_parent.lua", "path-missing-last-move");
}

TEST_CASE("the goal's move appended once more: path-one-move-too-long") {
  check_path_mistake("classic-8puzzle/bfs_path_goal_move_twice.lua", "path-one-move-too-long");
}
