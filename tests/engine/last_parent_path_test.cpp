// The path of parent_link: last (engine/last_parent_path.h) on a node table made by hand: the walk
// reads only the table and the records (keys, parents, moves, g), so the nodes below are not all
// real moves; what is checked is which parent each step follows and the cost it adds up.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/last_parent_path.h"
#include "engine/state_records.h"

namespace tile::detail {
namespace {

constexpr Shape k3x3{3, 3};

Node node_at(const char* board, std::uint32_t parent, Move action, std::int32_t g) {
  Node node = node_of(parse_board(k3x3, board).value());
  node.parent = parent;
  node.action = action;
  node.g = g;
  return node;
}

}  // namespace

TEST_CASE("the last-parent path follows each state's last push, not the node's own parent") {
  NodeStore nodes(k3x3);
  DenseRecords<9> records(9, true);
  auto push = [&](const Node& node) {
    const std::uint32_t index = nodes.add(node);
    records.set_node(records.find(node.key), index);  // the state's last push
    return index;
  };
  const Node start = node_of(goal_board(k3x3, GoalLayout::BlankLast));
  const std::uint32_t s = push(start);
  const std::uint32_t a = push(node_at("1 2 3 4 5 0 7 8 6", s, Move::Up, 1));
  const std::uint32_t b = push(node_at("1 2 3 4 5 6 7 0 8", s, Move::Left, 1));
  const std::uint32_t c = push(node_at("1 2 3 4 0 6 7 5 8", b, Move::Up, 2));
  push(node_at("1 2 3 4 5 0 7 8 6", c, Move::Down, 3));  // a's state again, through b and c
  const std::uint32_t goal = push(node_at("1 2 3 4 0 5 7 8 6", a, Move::Left, 2));

  CHECK(nodes.path_to(goal) == std::vector<Move>{Move::Up, Move::Left});  // its own parents
  const PathAndCost last = path_by_last_parents(nodes, records, goal, start.key, false);
  CHECK(last.path == std::vector<Move>{Move::Left, Move::Up, Move::Down, Move::Left});
  CHECK(last.cost == 4);

  // Found when popped, the walk starts from the goal state's last push.
  const std::uint32_t again = push(node_at("1 2 3 4 0 5 7 8 6", b, Move::Down, 2));
  const PathAndCost popped = path_by_last_parents(nodes, records, goal, start.key, true);
  CHECK(popped.path == std::vector<Move>{Move::Left, Move::Down});
  CHECK(popped.cost == 2);
  CHECK(path_by_last_parents(nodes, records, again, start.key, false).path == popped.path);
}

}  // namespace tile::detail
