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
#include "engine/state_table.h"

namespace tile {

inline constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;
inline constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;  // a node handle that names none

// What the loop keeps per push, 32 bytes: the board as its packed key (the shape is the store's),
// and what the path and the tie keys need. The heuristic value and the expansion number of the
// parent (key parent-lifo) are columns beside it, kept only when the search reads them.
struct Node {
  PackedState key;
  std::uint32_t parent = kNoParent;
  std::int32_t g = 0;      // path cost under the cost model
  std::int32_t depth = 0;  // number of moves
  std::uint8_t blank = 0;  // the blank's cell, so that expanding needs no unpacking
  Move action = Move::Up;  // generating move, meaningless for the start
  std::int8_t action_rank = -1;  // rank of the generating move in action_order; -1 for the start
};
static_assert(sizeof(Node) == 32);

// The node of `board` with nothing else set (the start, and tests).
inline Node node_of(const Board& board) {
  Node node;
  node.key = pack(board);
  node.blank = board.blank;
  return node;
}

// Which columns a store keeps beside its nodes.
struct NodeColumns {
  bool h = true;                 // the heuristic value (0 when not kept)
  bool parent_expansion = true;  // how many nodes had been expanded when the node was pushed:
                                 // `parent-lifo` prefers children of the latest expanded node
                                 // (lacc's `-num_expanded`)
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
  explicit NodeStore(Shape shape, NodeColumns columns = {})
      : shape_(shape), columns_(columns) {}
  NodeStore(const NodeStore&) = delete;
  NodeStore& operator=(const NodeStore&) = delete;
  NodeStore(NodeStore&& other) noexcept
      : blocks_(std::move(other.blocks_)),
        size_(std::exchange(other.size_, 0)),
        shape_(other.shape_),
        columns_(other.columns_),
        h_(std::move(other.h_)),
        parent_expansion_(std::move(other.parent_expansion_)) {}
  NodeStore& operator=(NodeStore&&) = delete;
  ~NodeStore() {
    for (Node* block : blocks_) give_node_block(block);
  }

  [[gnu::always_inline]] std::uint32_t add(const Node& node, std::int64_t h = 0,
                                           std::uint32_t parent_expansion = 0) {
    if (size_ == blocks_.size() * kNodeBlockSize) blocks_.push_back(take_node_block());
    ::new (&blocks_[size_ / kNodeBlockSize][size_ % kNodeBlockSize]) Node(node);
    if (columns_.h) h_.push_back(h);
    if (columns_.parent_expansion) parent_expansion_.push_back(parent_expansion);
    return static_cast<std::uint32_t>(size_++);
  }
  const Node& operator[](std::uint32_t index) const {
    return blocks_[index / kNodeBlockSize][index % kNodeBlockSize];
  }
  std::int64_t h(std::uint32_t index) const { return columns_.h ? h_[index] : 0; }
  std::uint32_t parent_expansion(std::uint32_t index) const {
    return columns_.parent_expansion ? parent_expansion_[index] : 0;
  }
  // Asks the processor for the node (and its h) ahead of its pop: a hint, changing nothing.
  void prefetch(std::uint32_t index) const {
    __builtin_prefetch(&(*this)[index]);
    if (columns_.h) __builtin_prefetch(&h_[index]);
  }
  Board board(std::uint32_t index) const { return unpack((*this)[index].key, shape_); }
  Shape shape() const { return shape_; }
  std::size_t size() const { return size_; }
  std::size_t memory_bytes() const {
    return blocks_.size() * kNodeBlockBytes + h_.capacity() * sizeof(std::int64_t) +
           parent_expansion_.capacity() * sizeof(std::uint32_t);
  }

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
  Shape shape_;
  NodeColumns columns_;
  std::vector<std::int64_t> h_;
  std::vector<std::uint32_t> parent_expansion_;
};

}  // namespace tile
