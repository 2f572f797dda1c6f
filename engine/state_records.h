// One record per state for the search loop (as Fast Downward's per-state search node info): its
// status and the search node that stands for it. The node (engine/node.h) holds g, depth, parent,
// creating move and h; a state can have several nodes (tree search, visited-on-pop), and the
// record names the one a duplicate policy compares with. Every duplicate policy is a rule on this
// record (search_loop.cpp's kRules), and the count `discovered` is the number of records that left
// New.
//
// Two layouts with the same interface, chosen once per search (the loop is a template on it):
//   - DenseRecords, for boards of at most kDenseCells cells: indexed by the board's permutation
//     rank, the status as 2 bits a state (90 KiB for the 8-puzzle, so it stays in cache), and the
//     node column only when the policy reads it;
//   - CompactRecords, for boards of kDenseCells + 1 to 16 cells (the 15-puzzle): open addressing,
//     at most half full, one 64-bit word a slot holding the 60-bit key and the status, and the
//     node column beside it only when the policy reads it;
//   - HashedRecords, for larger boards: open addressing on the 128-bit packed state.
#pragma once

#include <sys/mman.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "engine/state_table.h"

namespace tile {

enum class StateStatus : std::uint8_t {
  New = 0,      // never generated
  Reached = 1,  // generated, never pushed (dropped by a bound or a rule)
  Open = 2,     // pushed at least once, and not closed
  Closed = 3,   // popped under a policy that closes (closed-on-pop, visited-on-pop, replace)
};

// Cells: the board's number of cells, fixed so that ranking unrolls (0: any, read at run time).
template <int Cells>
class DenseRecords {
 public:
  using Ref = std::size_t;  // the state's permutation rank

  DenseRecords(int cells, bool keeps_nodes)
      : cells_(cells), status_(board_count(cells) / 32 + 1, 0) {
    // Left uninitialised: a node is read only after it was set (status Open or Closed), and an
    // untouched column costs a small search no page of its 1.4 MiB (8-puzzle).
    if (keeps_nodes) {
      node_count_ = board_count(cells);
      nodes_.reset(static_cast<std::uint32_t*>(std::malloc(node_count_ * sizeof(std::uint32_t))));
      if (!nodes_) throw std::bad_alloc();
    }
  }

  [[gnu::always_inline]] Ref find(PackedState key) const {
    if constexpr (Cells > 0) {
      return dense_rank_of<Cells>(key);
    } else {
      return dense_rank(key, cells_);
    }
  }
  StateStatus status(Ref ref) const {
    return static_cast<StateStatus>((status_[ref >> 5] >> (2 * (ref & 31))) & 3u);
  }
  void set_status(Ref ref, StateStatus status) {
    std::uint64_t& word = status_[ref >> 5];
    const int shift = static_cast<int>(2 * (ref & 31));
    word = (word & ~(std::uint64_t{3} << shift)) | (static_cast<std::uint64_t>(status) << shift);
  }
  std::uint32_t node(Ref ref) const { return nodes_[ref]; }  // only with keeps_nodes
  void set_node(Ref ref, std::uint32_t node) { nodes_[ref] = node; }
  // Nothing to fetch ahead: the status words stay in cache, and the rank is the work itself.
  static constexpr bool kPrefetches = false;
  void prefetch(PackedState /*key*/) const {}
  std::size_t memory_bytes() const {
    return status_.size() * sizeof(std::uint64_t) + node_count_ * sizeof(std::uint32_t);
  }

 private:
  struct Free {
    void operator()(std::uint32_t* p) const { std::free(p); }
  };
  int cells_;
  std::vector<std::uint64_t> status_;
  std::unique_ptr<std::uint32_t[], Free> nodes_;
  std::size_t node_count_ = 0;
};

// A zeroed table of `bytes`. A large one is asked for in 2 MiB transparent huge pages where Linux
// offers them: a big search then takes one page fault per 2 MiB, not one per 4 KiB, which was a
// tenth of an A* on the 15-puzzle. Freed with std::free.
inline void* zeroed_table(std::size_t bytes) {
  constexpr std::size_t kHugePage = std::size_t{2} << 20;
  void* table = nullptr;
  if (bytes < kHugePage) {
    table = std::calloc(bytes, 1);
  } else {
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    table = std::aligned_alloc(kHugePage, rounded);
#ifdef MADV_HUGEPAGE
    if (table) madvise(table, rounded, MADV_HUGEPAGE);  // advice only
#endif
    if (table) std::memset(table, 0, bytes);
  }
  if (!table) throw std::bad_alloc();
  return table;
}

// Boards of at most 16 cells: their key is 60 bits (state_table.h), so a slot is one word, the
// key below and the status in the top two bits; 8 bytes a state where HashedRecords takes 24, so
// that the 15-puzzle's records, one for every state an A* generates, stay three times closer to
// the cache.
class CompactRecords {
 public:
  using Ref = std::size_t;  // the slot; valid until the next find() of a state not yet recorded

  CompactRecords(int /*cells*/, bool keeps_nodes) : keeps_nodes_(keeps_nodes) { allocate(1024); }
  CompactRecords(const CompactRecords&) = delete;
  CompactRecords& operator=(const CompactRecords&) = delete;
  ~CompactRecords() {
    std::free(slots_);
    std::free(nodes_);
  }

  // The state's record, made (New) if it has none: a New record takes its slot once its status
  // is set. The table grows before it could fill up, so refs stay valid until the next find.
  Ref find(PackedState key) {
    if ((used_ + 1) * 2 > capacity_) grow();
    for (std::size_t i = slot_of(key.lo);; i = (i + 1) & (capacity_ - 1)) {
      const std::uint64_t word = slots_[i];
      if ((word >> kStatusShift) == 0) {  // an empty slot, or one found and left New
        slots_[i] = key.lo;
        return i;
      }
      if ((word & kKeyMask) == key.lo) return i;
    }
  }
  StateStatus status(Ref ref) const {
    return static_cast<StateStatus>(slots_[ref] >> kStatusShift);
  }
  // Asks the processor for the state's first slot ahead of find(): a large table is out of cache,
  // and one miss per child was half of an A*'s time on the 15-puzzle. A hint only; it changes
  // nothing.
  static constexpr bool kPrefetches = true;
  void prefetch(PackedState key) const {
    __builtin_prefetch(&slots_[slot_of(key.lo)]);
    if (keeps_nodes_) __builtin_prefetch(&nodes_[slot_of(key.lo)]);
  }
  void set_status(Ref ref, StateStatus status) {
    std::uint64_t& word = slots_[ref];
    if ((word >> kStatusShift) == 0) ++used_;
    word = (word & kKeyMask) | (static_cast<std::uint64_t>(status) << kStatusShift);
  }
  std::uint32_t node(Ref ref) const { return nodes_[ref]; }  // only with keeps_nodes
  void set_node(Ref ref, std::uint32_t node) { nodes_[ref] = node; }
  std::size_t memory_bytes() const {
    return capacity_ * (sizeof(std::uint64_t) + (keeps_nodes_ ? sizeof(std::uint32_t) : 0));
  }
  std::size_t size() const { return used_; }  // records no longer New

 private:
  static constexpr int kStatusShift = 62;
  static constexpr std::uint64_t kKeyMask = (std::uint64_t{1} << kStatusShift) - 1;

  // Fibonacci hashing: the top bits of the key times 2^64 / golden ratio.
  std::size_t slot_of(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_);
  }

  void allocate(std::size_t capacity) {
    slots_ = static_cast<std::uint64_t*>(zeroed_table(capacity * sizeof(std::uint64_t)));
    if (keeps_nodes_) {  // zeroed too: growing copies the column, set or not
      nodes_ = static_cast<std::uint32_t*>(zeroed_table(capacity * sizeof(std::uint32_t)));
    }
    capacity_ = capacity;
    shift_ = 64 - std::countr_zero(capacity);
  }

  void grow() {
    std::uint64_t* old = slots_;
    std::uint32_t* old_nodes = nodes_;
    const std::size_t old_capacity = capacity_;
    allocate(capacity_ * 2);
    for (std::size_t k = 0; k < old_capacity; ++k) {
      const std::uint64_t word = old[k];
      if ((word >> kStatusShift) == 0) continue;
      std::size_t i = slot_of(word & kKeyMask);
      while (slots_[i] >> kStatusShift) i = (i + 1) & (capacity_ - 1);
      slots_[i] = word;
      if (keeps_nodes_) nodes_[i] = old_nodes[k];
    }
    std::free(old);
    std::free(old_nodes);
  }

  bool keeps_nodes_;
  std::uint64_t* slots_ = nullptr;
  std::uint32_t* nodes_ = nullptr;  // the node column, with keeps_nodes
  std::size_t capacity_ = 0;
  int shift_ = 64;
  std::size_t used_ = 0;
};

class HashedRecords {
  struct Slot {
    PackedState key;
    std::uint32_t node;
    StateStatus status;  // New (all-zero bytes): the slot is empty
  };

 public:
  using Ref = Slot*;  // valid until the next find() of a state not yet in the table

  HashedRecords(int /*cells*/, bool /*keeps_nodes*/) { allocate(1024); }
  HashedRecords(const HashedRecords&) = delete;
  HashedRecords& operator=(const HashedRecords&) = delete;
  ~HashedRecords() { std::free(slots_); }

  // The state's record, made (New) if it has none: a New record takes its slot once its status
  // is set. The table grows before it could fill up, so refs stay valid until the next find.
  Ref find(PackedState key) {
    if ((used_ + 1) * 2 > capacity_) grow();
    for (std::size_t i = hash_state(key) & (capacity_ - 1);; i = (i + 1) & (capacity_ - 1)) {
      Slot& slot = slots_[i];
      if (slot.status == StateStatus::New) {  // an empty slot, or one found and left New
        slot.key = key;
        return &slot;
      }
      if (slot.key == key) return &slot;
    }
  }
  StateStatus status(Ref ref) const { return ref->status; }
  static constexpr bool kPrefetches = true;  // as CompactRecords: a hint only
  void prefetch(PackedState key) const {
    __builtin_prefetch(&slots_[hash_state(key) & (capacity_ - 1)]);
  }
  void set_status(Ref ref, StateStatus status) {
    if (ref->status == StateStatus::New) ++used_;
    ref->status = status;
  }
  std::uint32_t node(Ref ref) const { return ref->node; }
  void set_node(Ref ref, std::uint32_t node) { ref->node = node; }
  std::size_t memory_bytes() const { return capacity_ * sizeof(Slot); }
  std::size_t size() const { return used_; }  // records no longer New
  void clear() {
    std::memset(static_cast<void*>(slots_), 0, capacity_ * sizeof(Slot));
    used_ = 0;
  }

 private:
  void allocate(std::size_t capacity) {
    slots_ = static_cast<Slot*>(zeroed_table(capacity * sizeof(Slot)));  // zeroed: all New
    capacity_ = capacity;
  }

  void grow() {
    Slot* old = slots_;
    const std::size_t old_capacity = capacity_;
    allocate(capacity_ * 2);
    for (std::size_t k = 0; k < old_capacity; ++k) {
      const Slot& slot = old[k];
      if (slot.status == StateStatus::New) continue;
      std::size_t i = hash_state(slot.key) & (capacity_ - 1);
      while (slots_[i].status != StateStatus::New) i = (i + 1) & (capacity_ - 1);
      slots_[i] = slot;
    }
    std::free(old);
  }

  Slot* slots_ = nullptr;
  std::size_t capacity_ = 0;
  std::size_t used_ = 0;
};

}  // namespace tile
