// Compact state keys and the open-addressing table that the search loop uses for every duplicate
// policy. std::unordered_map costs an allocation per state; exhaustive 8-puzzle BFS has a 15 ms
// budget, so states are packed into 128 bits and kept in one flat array.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.h"

namespace tile {

// Five bits per cell for the first 24 cells (12 per word); the 25th is implied, since a board is a
// permutation and its last tile is the one value missing from the others.
struct PackedState {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  bool operator==(const PackedState&) const = default;
};

inline PackedState pack(const Board& board) {
  PackedState key;
  const int cells = board.cells() < 24 ? board.cells() : 24;
  for (int cell = 0; cell < cells && cell < 12; ++cell) {
    key.lo |= static_cast<std::uint64_t>(board.tiles[static_cast<std::size_t>(cell)]) << (5 * cell);
  }
  for (int cell = 12; cell < cells; ++cell) {
    key.hi |= static_cast<std::uint64_t>(board.tiles[static_cast<std::size_t>(cell)])
              << (5 * (cell - 12));
  }
  return key;
}

inline std::uint64_t hash_state(PackedState key) {
  // splitmix64 finaliser over both words: cheap and well mixed for the low bits used as index.
  std::uint64_t x = key.lo ^ (key.hi * 0x9E3779B97F4A7C15ULL);
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  x ^= x >> 31;
  return x;
}

// Map from state to a 32-bit value (a node index or a cost), linear probing, grows at 1/2 load.
class StateTable {
 public:
  static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;

  explicit StateTable(std::size_t expected = 1024) { rehash(capacity_for(expected)); }

  std::size_t size() const { return size_; }
  std::size_t memory_bytes() const { return slots_.size() * sizeof(Slot); }

  // The stored value, or kAbsent.
  std::uint32_t find(PackedState key) const {
    for (std::size_t i = hash_state(key) & mask_;; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.value == kAbsent) return kAbsent;
      if (slot.key == key) return slot.value;
    }
  }
  bool contains(PackedState key) const { return find(key) != kAbsent; }

  // Inserts key -> value when absent; returns true if it was inserted.
  bool insert(PackedState key, std::uint32_t value) {
    Slot& slot = locate(key);
    if (slot.value != kAbsent) return false;
    slot = Slot{key, value};
    ++size_;
    if (size_ * 2 > slots_.size()) rehash(slots_.size() * 2);
    return true;
  }

  // Sets key -> value whether or not it was present.
  void assign(PackedState key, std::uint32_t value) {
    Slot& slot = locate(key);
    if (slot.value == kAbsent) {
      slot = Slot{key, value};
      ++size_;
      if (size_ * 2 > slots_.size()) rehash(slots_.size() * 2);
    } else {
      slot.value = value;
    }
  }

  void clear() {
    for (Slot& slot : slots_) slot.value = kAbsent;
    size_ = 0;
  }

 private:
  struct Slot {
    PackedState key;
    std::uint32_t value = kAbsent;
  };

  static std::size_t capacity_for(std::size_t expected) {
    std::size_t capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    return capacity;
  }

  Slot& locate(PackedState key) {
    for (std::size_t i = hash_state(key) & mask_;; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.value == kAbsent || slot.key == key) return slot;
    }
  }

  void rehash(std::size_t capacity) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    mask_ = capacity - 1;
    for (const Slot& slot : old) {
      if (slot.value != kAbsent) locate(slot.key) = slot;
    }
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};

}  // namespace tile
