// Search nodes live in one growing array and refer to their parent by index, so a path is rebuilt
// by walking indices and the frontier holds 4-byte handles instead of copies of boards.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <utility>
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

// Blocks of nodes that one thread's searches hand back and forth (node_pool.cpp): a search that
// follows another reuses its memory instead of mapping fresh pages, and each block is one 2 MiB
// transparent huge page where Linux offers them, so a search that grows takes one page fault per
// 32,768 nodes rather than one per 64.
inline constexpr std::size_t kNodeBlockBytes = std::size_t{2} << 20;
inline constexpr std::size_t kNodeBlockSize = std::bit_floor(kNodeBlockBytes / sizeof(Node));
Node* take_node_block();
void give_node_block(Node* block);

// Nodes in fixed blocks: growing never copies, and indices stay valid.
class NodeStore {
 public:
  NodeStore() = default;
  NodeStore(const NodeStore&) = delete;
  NodeStore& operator=(const NodeStore&) = delete;
  NodeStore(NodeStore&& other) noexcept
      : blocks_(std::move(other.blocks_)), size_(std::exchange(other.size_, 0)) {}
  NodeStore& operator=(NodeStore&&) = delete;
  ~NodeStore() {
    for (Node* block : blocks_) give_node_block(block);
  }

  [[gnu::always_inline]] std::uint32_t add(const Node& node) {
    if (size_ == blocks_.size() * kNodeBlockSize) blocks_.push_back(take_node_block());
    ::new (&blocks_[size_ / kNodeBlockSize][size_ % kNodeBlockSize]) Node(node);
    return static_cast<std::uint32_t>(size_++);
  }
  const Node& operator[](std::uint32_t index) const {
    return blocks_[index / kNodeBlockSize][index % kNodeBlockSize];
  }
  std::size_t size() const { return size_; }
  std::size_t memory_bytes() const { return blocks_.size() * kNodeBlockBytes; }
  void clear() { size_ = 0; }

  std::vector<Move> path_to(std::uint32_t index) const {
    std::vector<Move> path;
    for (std::uint32_t at = index; (*this)[at].parent != kNoParent; at = (*this)[at].parent) {
      path.push_back((*this)[at].action);
    }
    return {path.rbegin(), path.rend()};
  }
  std::string path_letters(std::uint32_t index) const { return format_moves(path_to(index)); }

 private:
  std::vector<Node*> blocks_;
  std::size_t size_ = 0;
};

}  // namespace tile
