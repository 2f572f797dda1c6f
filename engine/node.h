// Search nodes live in one growing array and refer to their parent by index, so a path is rebuilt
// by walking indices and the frontier holds 4-byte handles instead of copies of boards.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/board.h"

namespace tile {

inline constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;

struct Node {
  Board board;
  std::uint32_t parent = kNoParent;
  std::int32_t g = 0;       // path cost under the cost model
  std::int32_t depth = 0;   // number of moves
  std::int64_t h = 0;       // heuristic value (0 when the algorithm uses none)
  // How many nodes had been expanded when this one was pushed: the key `parent-lifo` prefers
  // children of the most recently expanded node (lacc's `-num_expanded`).
  std::uint32_t parent_expansion = 0;
  std::int8_t action_rank = -1;  // rank of the generating move in action_order; -1 for the start
  Move action = Move::Up;        // generating move, meaningless for the start
};

class NodeStore {
 public:
  std::uint32_t add(const Node& node) {
    nodes_.push_back(node);
    return static_cast<std::uint32_t>(nodes_.size() - 1);
  }
  const Node& operator[](std::uint32_t index) const { return nodes_[index]; }
  std::size_t size() const { return nodes_.size(); }
  std::size_t memory_bytes() const { return nodes_.capacity() * sizeof(Node); }
  void clear() { nodes_.clear(); }

  std::vector<Move> path_to(std::uint32_t index) const {
    std::vector<Move> path;
    for (std::uint32_t at = index; nodes_[at].parent != kNoParent; at = nodes_[at].parent) {
      path.push_back(nodes_[at].action);
    }
    return {path.rbegin(), path.rend()};
  }
  std::string path_letters(std::uint32_t index) const { return format_moves(path_to(index)); }

 private:
  std::vector<Node> nodes_;
};

}  // namespace tile
