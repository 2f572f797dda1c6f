// Compact state keys, and the tables that the search loop uses for every duplicate policy.
// std::unordered_map costs an allocation per state; exhaustive 8-puzzle BFS has a 10 ms budget, so
// states are packed into 128 bits and kept in one flat array, and boards of up to 10 cells skip
// hashing altogether: their states are numbered densely (dense_rank) and kept in plain arrays.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>
#include <vector>

#include "engine/board.h"

namespace tile {

// A board as a key. Boards of up to 16 cells (every board the dense records and the compact hashed
// records hold): four bits per cell for the first 15 cells, all in `lo`; the 16th is implied,
// since a board is a permutation and its last tile is the one value missing from the others, and
// the top four bits of `lo` stay clear (the compact records keep a status there). Larger boards:
// five bits per cell for the first 24 cells (12 per word), the 25th implied. Within one shape the
// key is one-to-one; keys of different shapes are never compared.
struct PackedState {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  auto operator<=>(const PackedState&) const = default;  // ordered: usable as a std::map key
};

inline constexpr int kNibbleCells = 16;  // boards of at most this many cells pack 4 bits a cell
inline constexpr int kNibbleStored = kNibbleCells - 1;

inline PackedState pack(const Board& board) {
  PackedState key;
  if (board.cells() <= kNibbleCells) {
    const int cells = board.cells() < kNibbleStored ? board.cells() : kNibbleStored;
    for (int cell = 0; cell < cells; ++cell) {
      key.lo |= static_cast<std::uint64_t>(board.tiles[static_cast<std::size_t>(cell)]) << (4 * cell);
    }
    return key;
  }
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

// The key after the blank moves from `blank` to `target`, from the key before, without packing
// every cell again: the moved tile `tile` takes the blank's cell and the blank its own (an implied
// last cell is never stored).
inline PackedState pack_swapped(PackedState key, int cells, int blank, int target, int tile) {
  const auto value = static_cast<std::uint64_t>(tile);
  if (cells <= kNibbleCells) {
    if (blank < kNibbleStored) key.lo |= value << (4 * blank);  // the blank's nibble was 0
    if (target < kNibbleStored) key.lo &= ~(std::uint64_t{15} << (4 * target));
    return key;
  }
  auto set = [&key](int cell, std::uint64_t v) {
    if (cell < 12) {
      const int shift = 5 * cell;
      key.lo = (key.lo & ~(std::uint64_t{31} << shift)) | (v << shift);
    } else if (cell < 24) {
      const int shift = 5 * (cell - 12);
      key.hi = (key.hi & ~(std::uint64_t{31} << shift)) | (v << shift);
    }
  };
  set(blank, value);
  set(target, 0);
  return key;
}

// The key of `board.moved(move)` from the key of `board`.
inline PackedState pack_moved(PackedState key, const Board& board, Move move) {
  const int blank = board.blank;
  const int cols = board.shape.cols;
  const int target = move == Move::Up     ? blank - cols
                     : move == Move::Down ? blank + cols
                     : move == Move::Left ? blank - 1
                                          : blank + 1;
  return pack_swapped(key, board.cells(), blank, target, board.at(target));
}

// The last cell of a board of `cells` cells, which its key leaves implied: the one value the
// stored cells lack (the sum of all tiles less theirs).
inline int implied_last_tile(PackedState key, int cells) {
  const bool nibbles = cells <= kNibbleCells;
  const int stored = nibbles ? kNibbleStored : 24;
  int rest = 0;
  for (int c = 0; c < stored; ++c) {
    rest += static_cast<int>(nibbles  ? (key.lo >> (4 * c)) & 15
                             : c < 12 ? (key.lo >> (5 * c)) & 31
                                      : (key.hi >> (5 * (c - 12))) & 31);
  }
  return cells * (cells - 1) / 2 - rest;
}

// The tile at `cell` of a board of `cells` cells, read off its key.
[[gnu::always_inline]] inline int tile_at(PackedState key, int cells, int cell) {
  if (cells <= kNibbleCells) {
    if (cell < kNibbleStored) return static_cast<int>((key.lo >> (4 * cell)) & 15);
    return implied_last_tile(key, cells);
  }
  if (cell < 12) return static_cast<int>((key.lo >> (5 * cell)) & 31);
  if (cell < 24) return static_cast<int>((key.hi >> (5 * (cell - 12))) & 31);
  return implied_last_tile(key, cells);
}

// The board a key stands for (pack's inverse within one shape), `cells` being shape.cells(): a
// constant where the caller knows it, so that the loop unrolls.
[[gnu::always_inline]] inline Board unpack(PackedState key, Shape shape, int cells) {
  Board board;
  board.shape = shape;
  const int stored = cells <= kNibbleCells ? kNibbleStored : 24;
  int rest = cells * (cells - 1) / 2;
  for (int cell = 0; cell < cells; ++cell) {
    const int tile = cell < stored ? tile_at(key, cells, cell) : rest;
    rest -= tile;
    board.tiles[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(tile);
    if (tile == 0) board.blank = static_cast<std::uint8_t>(cell);
  }
  return board;
}
inline Board unpack(PackedState key, Shape shape) { return unpack(key, shape, shape.cells()); }

// Lexicographic order of the tile sequences of two keys of one shape (the tie key `state`): the
// first cell where they differ is the lowest differing field.
inline int compare_tiles(PackedState a, PackedState b, int cells) {
  const int bits = cells <= kNibbleCells ? 4 : 5;
  const std::uint64_t mask = cells <= kNibbleCells ? 15 : 31;
  for (auto [x, y] : {std::pair{a.lo, b.lo}, std::pair{a.hi, b.hi}}) {
    const std::uint64_t differ = x ^ y;
    if (differ == 0) continue;
    const int shift = std::countr_zero(differ) / bits * bits;
    return ((x >> shift) & mask) < ((y >> shift) & mask) ? -1 : 1;
  }
  return 0;  // the stored cells agree, so the implied last one does too
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

// Boards of up to kDenseCells cells have at most 10! = 3,628,800 states, few enough to index flat
// arrays by the board's permutation rank instead of hashing: no probing, and a bit set of all
// 8-puzzle states is 45 KiB, which stays in the first-level cache (2x5's is 443 KiB).
inline constexpr int kDenseCells = 10;

// Set bits below 2^kDenseCells, by table: the build has no popcount instruction to count on.
inline constexpr auto kSmallPopcount = [] {
  std::array<std::uint8_t, 1u << kDenseCells> count{};
  for (std::uint32_t mask = 1; mask < count.size(); ++mask) {
    count[mask] = static_cast<std::uint8_t>(count[mask >> 1] + (mask & 1u));
  }
  return count;
}();

// The number of boards of `cells` cells, reachable or not: cells!.
inline std::size_t board_count(int cells) {
  std::size_t product = 1;
  for (int k = 2; k <= cells; ++k) product *= static_cast<std::size_t>(k);
  return product;
}

inline constexpr std::array<std::uint32_t, kDenseCells> kFactorials = {
    1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880};

// The rank of a packed board of `cells` <= kDenseCells cells among all permutations of its tiles,
// in lexicographic order (its Lehmer code): the digit of each cell is its tile minus the smaller
// tiles already placed, weighted by the factorial of the cells still to come. The weights keep
// the multiplications independent of each other; the last cell's digit is always 0. Written for
// a fixed number of cells, so that the compiler unrolls it for each board size.
template <int Cells>
[[gnu::always_inline]] inline std::size_t dense_rank_of(PackedState key) {
  std::uint32_t taken = 0;
  std::size_t rank = 0;
  for (int cell = 0; cell + 1 < Cells; ++cell) {
    const auto tile = static_cast<std::uint32_t>((key.lo >> (4 * cell)) & 15u);
    const std::uint32_t digit = tile - kSmallPopcount[taken & ((1u << tile) - 1u)];
    const std::size_t weight = kFactorials[static_cast<std::size_t>(Cells - 1 - cell)];
    rank += static_cast<std::size_t>(digit) * weight;
    taken |= 1u << tile;
  }
  return rank;
}

inline std::size_t dense_rank(PackedState key, int cells) {
  switch (cells) {  // the shapes of at most kDenseCells cells: 2x2, 2x3, 2x4, 3x3, 2x5 (and turned)
    case 4: return dense_rank_of<4>(key);
    case 6: return dense_rank_of<6>(key);
    case 8: return dense_rank_of<8>(key);
    case 9: return dense_rank_of<9>(key);
    default: return dense_rank_of<10>(key);
  }
}

// A search looks a child up in one table, then another, then marks it: the thread's last rank
// spares all but the first ranking, which is a good part of a search's time.
inline std::size_t cached_dense_rank(PackedState key, int cells) {
  struct LastRank {
    PackedState key{~std::uint64_t{0}, ~std::uint64_t{0}};  // no board packs to this
    int cells = 0;
    std::size_t rank = 0;
  };
  static thread_local LastRank last;
  if (!(key == last.key) || last.cells != cells) {
    last.key = key;
    last.cells = cells;
    last.rank = dense_rank(key, cells);
  }
  return last.rank;
}

// Map from state to a 32-bit value (a node index or a cost). Linear probing in one flat array that
// grows at 1/2 load; or, made for boards of at most kDenseCells cells, a flat array indexed by
// dense_rank (1.4 MiB for the 8-puzzle), zeroed by calloc so that the kernel maps only the pages a
// search touches and a small search stays cheap.
class StateTable {
 public:
  static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;

  explicit StateTable(std::size_t expected = 1024) { rehash(capacity_for(expected)); }
  // A table for boards of `cells` cells: dense when cells <= kDenseCells.
  StateTable(int cells, std::size_t expected) {
    if (cells <= kDenseCells) {
      cells_ = cells;
      dense_ = DenseArray(board_count(cells));
    } else {
      rehash(capacity_for(expected));
    }
  }

  std::size_t size() const { return size_; }
  std::size_t memory_bytes() const {
    return slots_.size() * sizeof(Slot) + dense_.count * sizeof(std::uint32_t);
  }

  // The stored value, or kAbsent.
  std::uint32_t find(PackedState key) const {
    if (cells_) return dense_.data[cached_dense_rank(key, cells_)] - 1;  // value + 1 is stored
    for (std::size_t i = hash_state(key) & mask_;; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.value == kAbsent) return kAbsent;
      if (slot.key == key) return slot.value;
    }
  }
  bool contains(PackedState key) const { return find(key) != kAbsent; }

  // Inserts key -> value when absent; returns true if it was inserted.
  bool insert(PackedState key, std::uint32_t value) {
    if (cells_) {
      std::uint32_t& stored = dense_.data[cached_dense_rank(key, cells_)];
      if (stored != 0) return false;
      stored = value + 1;
      ++size_;
      return true;
    }
    Slot& slot = locate(key);
    if (slot.value != kAbsent) return false;
    slot = Slot{key, value};
    ++size_;
    if (size_ * 2 > slots_.size()) rehash(slots_.size() * 2);
    return true;
  }

  // Sets key -> value whether or not it was present.
  void assign(PackedState key, std::uint32_t value) {
    if (cells_) {
      std::uint32_t& stored = dense_.data[cached_dense_rank(key, cells_)];
      if (stored == 0) ++size_;
      stored = value + 1;
      return;
    }
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
    if (cells_) dense_ = DenseArray(dense_.count);
    for (Slot& slot : slots_) slot.value = kAbsent;
    size_ = 0;
  }

 private:
  struct Slot {
    PackedState key;
    std::uint32_t value = kAbsent;
  };

  // The dense values, each stored as value + 1 so that calloc's zeros read as absent; copies
  // copy, moves steal.
  struct DenseArray {
    std::uint32_t* data = nullptr;
    std::size_t count = 0;
    DenseArray() = default;
    explicit DenseArray(std::size_t n) : count(n) {
      if (n == 0) return;
      data = static_cast<std::uint32_t*>(std::calloc(n, sizeof(std::uint32_t)));
      if (!data) throw std::bad_alloc();
    }
    DenseArray(const DenseArray& other) : DenseArray(other.count) {
      if (count) std::memcpy(data, other.data, count * sizeof(std::uint32_t));
    }
    DenseArray(DenseArray&& other) noexcept : data(other.data), count(other.count) {
      other.data = nullptr;
      other.count = 0;
    }
    DenseArray& operator=(DenseArray other) noexcept {
      std::swap(data, other.data);
      std::swap(count, other.count);
      return *this;
    }
    ~DenseArray() { std::free(data); }
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

  int cells_ = 0;  // > 0: the dense array is in use
  DenseArray dense_;
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};

// A set of states: a bit per state indexed by dense_rank for boards of at most kDenseCells
// cells, otherwise a StateTable whose values go unused.
class StateSet {
 public:
  StateSet(int cells, std::size_t expected)
      : cells_(cells <= kDenseCells ? cells : 0), table_(cells_ ? 16 : expected) {
    if (cells_) bits_.assign(board_count(cells_) / 64 + 1, 0);
  }

  std::size_t size() const { return size_; }
  std::size_t memory_bytes() const {
    return bits_.size() * sizeof(std::uint64_t) + table_.memory_bytes();
  }

  bool contains(PackedState key) const {
    if (!cells_) return table_.contains(key);
    const std::size_t rank = rank_of(key);
    return (bits_[rank >> 6] >> (rank & 63)) & 1u;
  }

  // Adds the state; returns true if it was not there before.
  bool insert(PackedState key) {
    if (!cells_) {
      if (!table_.insert(key, 0)) return false;
    } else {
      const std::size_t rank = rank_of(key);
      std::uint64_t& word = bits_[rank >> 6];
      const std::uint64_t bit = std::uint64_t{1} << (rank & 63);
      if (word & bit) return false;
      word |= bit;
    }
    ++size_;
    return true;
  }

 private:
  std::size_t rank_of(PackedState key) const { return cached_dense_rank(key, cells_); }

  int cells_;  // > 0: the bit set is in use
  std::vector<std::uint64_t> bits_;
  StateTable table_;
  std::size_t size_ = 0;
};

}  // namespace tile
