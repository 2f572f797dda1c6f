// Dense integer ranks for placements of distinct items on cells, so that tables indexed by state
// (the complete distance table of small boards, pattern databases) are flat arrays.
//
// A placement of k items on n cells is the sequence cell_of[0..k-1] of distinct cells; there are
// n!/(n-k)! of them, and with k == n it is a full permutation. The rank is the sequence's position
// in lexicographic order (a Lehmer code read in mixed radix n, n-1, ..., n-k+1). Ranking is on the
// search's hot path (every pattern-database lookup ranks one placement), so it is inline and uses
// a bit mask of the cells already taken: the digit of item i is its cell minus the number of
// smaller cells taken by items 0..i-1, one popcount.
#pragma once

#include <bit>
#include <cstdint>

namespace tile {

// n!/(n-k)!: the number of placements of k items on n cells (1 when k == 0).
std::uint64_t placement_count(int cells, int items);

// Set bits of a 32-bit mask. Without -mpopcnt, std::popcount is a call into libgcc (12% of a
// pattern database build); the classic SWAR sum is a dozen inline instructions instead.
inline std::uint32_t count_bits(std::uint32_t mask) {
#if defined(__POPCNT__)
  return static_cast<std::uint32_t>(std::popcount(mask));
#else
  mask = mask - ((mask >> 1) & 0x55555555u);
  mask = (mask & 0x33333333u) + ((mask >> 2) & 0x33333333u);
  mask = (mask + (mask >> 4)) & 0x0F0F0F0Fu;
  return (mask * 0x01010101u) >> 24;
#endif
}

inline std::uint64_t rank_placement(const std::uint8_t* cell_of, int items, int cells) {
  std::uint32_t taken = 0;
  std::uint64_t rank = 0;
  for (int i = 0; i < items; ++i) {
    const std::uint32_t cell = cell_of[i];
    const std::uint32_t digit = cell - count_bits(taken & ((1u << cell) - 1u));
    rank = rank * static_cast<std::uint64_t>(cells - i) + digit;
    taken |= 1u << cell;
  }
  return rank;
}

// The inverse of rank_placement; rank must be below placement_count(cells, items).
void unrank_placement(std::uint64_t rank, int items, int cells, std::uint8_t* cell_of);

}  // namespace tile
