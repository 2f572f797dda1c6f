// Hand-specialised peers: for each benchmarked search, the fastest straightforward code for that
// one search and nothing else, so that the engine's figures say how far it is from the limit of
// this machine. Each does exactly the engine's search (same pops in the same order, same path,
// same counts; bench/ asserts it and tests/engine/specialised_peers_test.cpp checks it):
//   - seed 001's DFS-60: a stack, visited-on-pop, children pushed in action order;
//   - exhaustive 8-puzzle BFS: a FIFO array, marked on push;
//   - a classic-8puzzle DFS test (the judge's candidate searches): a stack, marked on push,
//     children pushed in reverse so that they pop in action order;
//   - A* with Manhattan distance: a bucket queue by f (FIFO within a bucket), closed on pop.
// Boards of up to 16 cells are packed 4 bits a cell into one 64-bit word; boards of up to 9 cells
// use a bit per permutation rank as the visited set, larger ones an open-addressing hash set.
// Header-only so that the unit test can check the peers against the engine without bench/.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "engine/board.h"

namespace tile::peer {

using Packed = std::uint64_t;

inline Packed pack4(const Board& board) {
  Packed packed = 0;
  for (int cell = 0; cell < board.cells(); ++cell) {
    packed |= static_cast<Packed>(board.at(cell)) << (4 * cell);
  }
  return packed;
}

inline int tile_of(Packed packed, int cell) { return static_cast<int>((packed >> (4 * cell)) & 15u); }

// The board after the blank at `blank` swaps with the tile at `target`.
inline Packed slide(Packed packed, int blank, int target) {
  const Packed tile = (packed >> (4 * target)) & 15u;
  return packed ^ (tile << (4 * target)) ^ (tile << (4 * blank));
}

// For each blank cell, the cells it may swap with, in the order Up, Down, Left, Right, with the
// move's number (Move's value); -1 ends a list.
struct MoveTable {
  std::array<std::array<std::int8_t, 4>, 16> target{};
  std::array<std::array<std::uint8_t, 4>, 16> move{};
  MoveTable(int rows, int cols) {
    for (int cell = 0; cell < rows * cols; ++cell) {
      int n = 0;
      const int row = cell / cols, col = cell % cols;
      auto add = [&](bool ok, int to, Move m) {
        if (!ok) return;
        target[static_cast<std::size_t>(cell)][static_cast<std::size_t>(n)] = static_cast<std::int8_t>(to);
        move[static_cast<std::size_t>(cell)][static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(m);
      };
      add(row > 0, cell - cols, Move::Up);
      add(row < rows - 1, cell + cols, Move::Down);
      add(col > 0, cell - 1, Move::Left);
      add(col < cols - 1, cell + 1, Move::Right);
      for (; n < 4; ++n) target[static_cast<std::size_t>(cell)][static_cast<std::size_t>(n)] = -1;
    }
  }
};

// Permutation rank (Lehmer code) of a packed board of 9 cells: 0 .. 9!-1.
struct Ranker9 {
  std::array<std::uint8_t, 512> below{};  // set bits of a 9-bit mask
  Ranker9() {
    for (std::uint32_t m = 1; m < 512; ++m) below[m] = static_cast<std::uint8_t>(below[m >> 1] + (m & 1u));
  }
  std::uint32_t operator()(Packed packed) const {
    static constexpr std::uint32_t kWeight[8] = {40320, 5040, 720, 120, 24, 6, 2, 1};
    std::uint32_t taken = 0, rank = 0;
    for (int cell = 0; cell < 8; ++cell) {
      const auto tile = static_cast<std::uint32_t>((packed >> (4 * cell)) & 15u);
      rank += (tile - below[taken & ((1u << tile) - 1u)]) * kWeight[cell];
      taken |= 1u << tile;
    }
    return rank;
  }
};

struct BitSet {
  std::vector<std::uint64_t> words;
  explicit BitSet(std::size_t bits) : words(bits / 64 + 1, 0) {}
  bool test_and_set(std::uint32_t i) {
    std::uint64_t& word = words[i >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (i & 63);
    const bool was = (word & bit) != 0;
    word |= bit;
    return was;
  }
  bool test(std::uint32_t i) const { return (words[i >> 6] >> (i & 63)) & 1u; }
};

struct PeerNode {
  Packed state;
  std::uint32_t parent;
  std::uint8_t blank;
  std::uint8_t move;
  std::uint8_t depth;  // or g: at most 255 moves deep
  std::uint8_t h;
};

inline std::vector<Move> path_of(const std::vector<PeerNode>& nodes, std::uint32_t index) {
  std::vector<Move> path;
  for (; nodes[index].parent != ~0u; index = nodes[index].parent) {
    path.push_back(static_cast<Move>(nodes[index].move));
  }
  return {path.rbegin(), path.rend()};
}

struct PeerResult {
  bool solved = false;
  std::vector<Move> path;
  std::uint64_t popped = 0, expanded = 0, pushed = 0, discovered = 0;
};

inline int blank_cell(const Board& board) { return board.blank; }

// Seed 001's DFS on the 8-puzzle: duplicates visited-on-pop, push_order forward (the last child in
// action order pops first), depth_limit `limit`, goal tested on pop. The move back to the parent's
// parent is never tried: that state was popped, so visited, before its grandchild was made.
// kCountDiscovered: it also counts `discovered` (distinct states generated, the start included), as
// the engine does when asked for its counters: a second bit set, and the children of the nodes at
// the limit generated only to be counted. Without it, those nodes end at their pop.
template <bool kCountDiscovered = false>
inline PeerResult dfs_visited_on_pop(const Board& start, const Board& goal, int limit) {
  static const Ranker9 rank;
  const MoveTable moves(3, 3);
  const Packed goal_state = pack4(goal);
  BitSet visited(362880);
  BitSet reached(kCountDiscovered ? 362880 : 0);
  std::vector<PeerNode> nodes;
  nodes.reserve(1 << 19);
  std::vector<std::uint32_t> stack;
  stack.reserve(1 << 12);
  nodes.push_back({pack4(start), ~0u, static_cast<std::uint8_t>(blank_cell(start)), 0, 0, 0});
  stack.push_back(0);
  PeerResult result;
  result.pushed = 1;
  if constexpr (kCountDiscovered) {
    reached.test_and_set(rank(nodes[0].state));
    result.discovered = 1;
  }
  while (!stack.empty()) {
    const std::uint32_t index = stack.back();
    stack.pop_back();
    ++result.popped;
    const PeerNode node = nodes[index];
    if (node.state == goal_state) {
      result.solved = true;
      result.path = path_of(nodes, index);
      return result;
    }
    visited.test_and_set(rank(node.state));
    ++result.expanded;
    if (!kCountDiscovered && node.depth >= limit) continue;  // its children are too deep
    const int back = node.parent == ~0u ? -1 : (node.move ^ 1);  // Up<->Down, Left<->Right
    for (int i = 0; i < 4; ++i) {
      const int target = moves.target[node.blank][static_cast<std::size_t>(i)];
      if (target < 0) break;
      const std::uint8_t move = moves.move[node.blank][static_cast<std::size_t>(i)];
      if (move == back) continue;
      const Packed child = slide(node.state, node.blank, target);
      const std::uint32_t child_rank = rank(child);
      if constexpr (kCountDiscovered) {
        if (!reached.test_and_set(child_rank)) ++result.discovered;
        if (node.depth >= limit) continue;
      }
      if (visited.test(child_rank)) continue;
      stack.push_back(static_cast<std::uint32_t>(nodes.size()));
      nodes.push_back({child, index, static_cast<std::uint8_t>(target), move,
                       static_cast<std::uint8_t>(node.depth + 1), 0});
      ++result.pushed;
    }
  }
  return result;
}

// DFS on the 8-puzzle as classic-8puzzle's DFS task asks: duplicates on-push (the start marked),
// push_order reverse (children pop in the order Up, Down, Left, Right), goal tested on pop.
inline PeerResult dfs_on_push(const Board& start, const Board& goal) {
  static const Ranker9 rank;
  const MoveTable moves(3, 3);
  const Packed goal_state = pack4(goal);
  BitSet marked(362880);
  std::vector<PeerNode> nodes;
  nodes.reserve(1 << 18);
  std::vector<std::uint32_t> stack;
  stack.reserve(1 << 16);
  nodes.push_back({pack4(start), ~0u, static_cast<std::uint8_t>(blank_cell(start)), 0, 0, 0});
  marked.test_and_set(rank(nodes[0].state));
  stack.push_back(0);
  PeerResult result;
  result.pushed = 1;
  while (!stack.empty()) {
    const std::uint32_t index = stack.back();
    stack.pop_back();
    ++result.popped;
    const PeerNode node = nodes[index];
    if (node.state == goal_state) {
      result.solved = true;
      result.path = path_of(nodes, index);
      return result;
    }
    ++result.expanded;
    std::array<std::uint32_t, 4> children{};
    int count = 0;
    for (int i = 0; i < 4; ++i) {
      const int target = moves.target[node.blank][static_cast<std::size_t>(i)];
      if (target < 0) break;
      const Packed child = slide(node.state, node.blank, target);
      if (marked.test_and_set(rank(child))) continue;
      children[static_cast<std::size_t>(count++)] = static_cast<std::uint32_t>(nodes.size());
      nodes.push_back({child, index, static_cast<std::uint8_t>(target),
                       moves.move[node.blank][static_cast<std::size_t>(i)], 0, 0});
    }
    for (int i = count; i-- > 0;) stack.push_back(children[static_cast<std::size_t>(i)]);
    result.pushed += static_cast<std::uint64_t>(count);
  }
  return result;
}

// BFS on the 8-puzzle, marked on push, goal tested on pop; with an unreachable goal it visits the
// start's whole half of the state space.
inline PeerResult bfs_on_push(const Board& start, const Board& goal) {
  static const Ranker9 rank;
  const MoveTable moves(3, 3);
  const Packed goal_state = pack4(goal);
  BitSet seen(362880);
  std::vector<PeerNode> nodes;  // the queue itself: nodes in order of discovery
  nodes.reserve(181440);
  nodes.push_back({pack4(start), ~0u, static_cast<std::uint8_t>(blank_cell(start)), 0, 0, 0});
  seen.test_and_set(rank(nodes[0].state));
  PeerResult result;
  for (std::uint32_t head = 0; head < nodes.size(); ++head) {
    const PeerNode node = nodes[head];
    ++result.popped;
    if (node.state == goal_state) {
      result.solved = true;
      result.path = path_of(nodes, head);
      break;
    }
    ++result.expanded;
    for (int i = 0; i < 4; ++i) {
      const int target = moves.target[node.blank][static_cast<std::size_t>(i)];
      if (target < 0) break;
      const Packed child = slide(node.state, node.blank, target);
      if (seen.test_and_set(rank(child))) continue;
      nodes.push_back({child, head, static_cast<std::uint8_t>(target),
                       moves.move[node.blank][static_cast<std::size_t>(i)], 0, 0});
    }
  }
  result.pushed = result.discovered = nodes.size();
  return result;
}

// A set of packed boards (never 0: a board has distinct tiles), open addressing at most half full.
class PackedSet {
 public:
  PackedSet() : slots_(1 << 16, 0), mask_((1 << 16) - 1) {}
  bool contains(Packed key) const {
    for (std::size_t i = hash(key) & mask_;; i = (i + 1) & mask_) {
      if (slots_[i] == key) return true;
      if (slots_[i] == 0) return false;
    }
  }
  bool insert(Packed key) {
    std::size_t i = hash(key) & mask_;
    for (; slots_[i] != 0; i = (i + 1) & mask_) {
      if (slots_[i] == key) return false;
    }
    slots_[i] = key;
    if (++size_ * 2 > slots_.size()) grow();
    return true;
  }

 private:
  static std::size_t hash(Packed key) {
    key *= 0x9E3779B97F4A7C15ULL;
    return static_cast<std::size_t>(key ^ (key >> 29));
  }
  void grow() {
    std::vector<Packed> old(slots_.size() * 2, 0);
    old.swap(slots_);
    mask_ = slots_.size() - 1;
    for (Packed key : old) {
      if (key == 0) continue;
      std::size_t i = hash(key) & mask_;
      while (slots_[i] != 0) i = (i + 1) & mask_;
      slots_[i] = key;
    }
  }
  std::vector<Packed> slots_;
  std::size_t mask_;
  std::size_t size_ = 0;
};

// A* with Manhattan distance on boards of up to 16 cells: f = g + h in a bucket queue, FIFO within
// a bucket; closed on pop (a popped closed board is skipped, closed children are not pushed);
// children pushed in action order; h updated from the parent's by the one tile that moves.
inline PeerResult astar_manhattan(const Board& start, const Board& goal) {
  const int rows = start.shape.rows, cols = start.shape.cols, cells = rows * cols;
  const MoveTable moves(rows, cols);
  const Packed goal_state = pack4(goal);
  std::array<std::array<std::uint8_t, 16>, 16> distance{};  // [tile][cell]
  for (int cell = 0; cell < cells; ++cell) {
    const int tile = goal.at(cell);
    if (tile == 0) continue;
    for (int at = 0; at < cells; ++at) {
      distance[static_cast<std::size_t>(tile)][static_cast<std::size_t>(at)] = static_cast<std::uint8_t>(
          std::abs(at / cols - cell / cols) + std::abs(at % cols - cell % cols));
    }
  }
  int h0 = 0;
  for (int cell = 0; cell < cells; ++cell) {
    h0 += distance[static_cast<std::size_t>(start.at(cell))][static_cast<std::size_t>(cell)];
  }
  std::vector<PeerNode> nodes;
  nodes.reserve(1 << 16);
  nodes.push_back({pack4(start), ~0u, static_cast<std::uint8_t>(blank_cell(start)), 0, 0,
                   static_cast<std::uint8_t>(h0)});
  std::vector<std::vector<std::uint32_t>> buckets(256);
  std::vector<std::size_t> heads(256, 0);
  std::size_t lowest = static_cast<std::size_t>(h0);
  buckets[lowest].push_back(0);
  PackedSet closed;
  PeerResult result;
  result.pushed = 1;
  for (;;) {
    while (lowest < buckets.size() && heads[lowest] == buckets[lowest].size()) ++lowest;
    if (lowest == buckets.size()) return result;
    const std::uint32_t index = buckets[lowest][heads[lowest]++];
    ++result.popped;
    const PeerNode node = nodes[index];
    if (!closed.insert(node.state)) continue;
    if (node.state == goal_state) {
      result.solved = true;
      result.path = path_of(nodes, index);
      return result;
    }
    ++result.expanded;
    for (int i = 0; i < 4; ++i) {
      const int target = moves.target[node.blank][static_cast<std::size_t>(i)];
      if (target < 0) break;
      const Packed child = slide(node.state, node.blank, target);
      if (closed.contains(child)) continue;
      const auto tile = static_cast<std::size_t>(tile_of(node.state, target));
      const int h = node.h - distance[tile][static_cast<std::size_t>(target)] +
                    distance[tile][node.blank];
      const auto f = static_cast<std::size_t>(node.depth + 1 + h);
      buckets[f].push_back(static_cast<std::uint32_t>(nodes.size()));
      nodes.push_back({child, index, static_cast<std::uint8_t>(target),
                       moves.move[node.blank][static_cast<std::size_t>(i)],
                       static_cast<std::uint8_t>(node.depth + 1), static_cast<std::uint8_t>(h)});
      ++result.pushed;
    }
  }
}

}  // namespace tile::peer
