// The search's state tables against std::set and std::map, on dense boards (ranked, up to 10
// cells: 2x4, 3x3, 2x5) and hashed ones (4x4), and the dense rank as a numbering of permutations.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/node.h"
#include "engine/random_boards.h"
#include "engine/state_table.h"

using namespace tile;

namespace {

Board shuffled(Shape shape, std::mt19937& random) {
  std::vector<int> tiles(static_cast<std::size_t>(shape.cells()));
  std::iota(tiles.begin(), tiles.end(), 0);
  std::shuffle(tiles.begin(), tiles.end(), random);
  return make_board(shape, tiles).value();
}

}  // namespace

TEST_CASE("dense_rank numbers every permutation of 8 cells once, from 0 to 8! - 1") {
  std::vector<int> tiles(8);
  std::iota(tiles.begin(), tiles.end(), 0);
  std::vector<bool> seen(board_count(8), false);
  std::size_t expected = 0;
  do {
    const std::size_t rank = dense_rank(pack(make_board(Shape{2, 4}, tiles).value()), 8);
    REQUIRE(rank < seen.size());
    CHECK(rank == expected++);  // lexicographic order: the Lehmer code
    seen[rank] = true;
  } while (std::next_permutation(tiles.begin(), tiles.end()));
  CHECK(std::all_of(seen.begin(), seen.end(), [](bool b) { return b; }));
}

TEST_CASE("pack_moved gives the key of the moved board, on every shape up to 5x5") {
  std::mt19937 random(5);
  int checked = 0;
  for (Shape shape : {Shape{2, 2}, Shape{3, 3}, Shape{2, 5}, Shape{4, 4}, Shape{4, 6},
                      Shape{5, 5}}) {
    for (int i = 0; i < 300; ++i) {
      const Board board = shuffled(shape, random);
      for (Move move : kAllMoves) {
        if (!board.can_move(move)) continue;
        CHECK(pack_moved(pack(board), board, move) == pack(board.moved(move)));
        ++checked;
      }
    }
  }
  CHECK(checked > 3000);
}

TEST_CASE("StateSet and StateTable agree with std::set and std::map, dense and hashed") {
  for (Shape shape : {Shape{3, 3}, Shape{2, 5}, Shape{5, 2}, Shape{4, 4}}) {
    CAPTURE(shape.rows);
    CAPTURE(shape.cols);
    std::mt19937 random(static_cast<std::uint32_t>(shape.rows * 10 + shape.cols));
    StateSet set(shape.cells(), 16);
    StateTable table(shape.cells(), 16);
    std::set<std::string> model_set;
    std::map<std::string, std::uint32_t> model_table;
    std::vector<Board> boards;
    for (int i = 0; i < 3000; ++i) boards.push_back(shuffled(shape, random));
    for (int i = 0; i < 6000; ++i) {
      const Board& board = boards[random() % boards.size()];
      const std::string tiles(board.tiles.begin(), board.tiles.end());
      const PackedState key = pack(board);
      CHECK(set.contains(key) == (model_set.count(tiles) == 1));
      CHECK(set.insert(key) == model_set.insert(tiles).second);
      const auto value = static_cast<std::uint32_t>(i);
      if (i % 3 == 0) {
        table.assign(key, value);
        model_table[tiles] = value;
      } else {
        CHECK(table.insert(key, value) == model_table.emplace(tiles, value).second);
      }
      const auto found = model_table.find(tiles);
      CHECK(table.find(key) == found->second);
    }
    CHECK(set.size() == model_set.size());
    CHECK(table.size() == model_table.size());
  }
}

TEST_CASE("node blocks: indices stay valid as the store grows, and blocks serve the next store") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const std::size_t count = 2 * kNodeBlockSize + 7;
  {
    NodeStore nodes(goal.shape, NodeColumns{.h = false, .parent_expansion = false});
    for (std::size_t i = 0; i < count; ++i) {
      Node node = node_of(goal);
      node.g = static_cast<std::int32_t>(i);
      node.parent = i == 0 ? kNoParent : static_cast<std::uint32_t>(i - 1);
      CHECK(nodes.add(node) == i);
    }
    CHECK(nodes.size() == count);
    CHECK(nodes.memory_bytes() == 3 * kNodeBlockBytes);
    bool all = true;
    for (std::size_t i = 0; i < count; ++i) {
      all = all && nodes[static_cast<std::uint32_t>(i)].g == static_cast<std::int32_t>(i);
    }
    CHECK(all);
  }
  NodeStore again(goal.shape);  // takes a block the first store gave back; its contents are new
  Node node = node_of(goal);
  node.g = -5;
  CHECK(again.add(node) == 0);
  CHECK(again[0].g == -5);
  CHECK(again[0].parent == kNoParent);
}

TEST_CASE("a node keeps its board as a key: unpack, tile_at and compare_tiles read it back") {
  std::mt19937 random(7);
  for (const Shape shape : {Shape{2, 3}, Shape{3, 3}, Shape{4, 4}, Shape{3, 5}, Shape{5, 5}}) {
    const Board goal = goal_board(shape, GoalLayout::BlankLast);
    std::vector<Board> boards;
    for (int i = 0; i < 40; ++i) boards.push_back(random_solvable_board(goal, random()));
    bool all = true;
    for (const Board& board : boards) {
      const PackedState key = pack(board);
      all = all && unpack(key, shape) == board && unpack(key, shape).blank == board.blank;
      for (int cell = 0; cell < board.cells(); ++cell) {
        all = all && tile_at(key, board.cells(), cell) == board.at(cell);
      }
      for (const Board& other : boards) {
        const int expected = board.tiles < other.tiles ? -1 : (other.tiles < board.tiles ? 1 : 0);
        all = all && compare_tiles(key, pack(other), board.cells()) == expected;
      }
    }
    CHECK_MESSAGE(all, format_shape(shape));
  }
}

TEST_CASE("node columns: h and the parent's expansion are kept only when asked") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  NodeStore both(goal.shape);
  NodeStore neither(goal.shape, NodeColumns{.h = false, .parent_expansion = false});
  for (NodeStore* store : {&both, &neither}) {
    CHECK(store->add(node_of(goal), 17, 4) == 0);
    CHECK(store->add(node_of(goal), -3, 9) == 1);
  }
  CHECK(both.h(0) == 17);
  CHECK(both.h(1) == -3);
  CHECK(both.parent_expansion(1) == 9);
  CHECK(neither.h(0) == 0);
  CHECK(neither.parent_expansion(1) == 0);
  CHECK(neither.memory_bytes() < both.memory_bytes());
  CHECK(both.board(1) == goal);
}
