#include "engine/permutation_rank.h"

#include <array>

namespace tile {

std::uint64_t placement_count(int cells, int items) {
  std::uint64_t count = 1;
  for (int i = 0; i < items; ++i) count *= static_cast<std::uint64_t>(cells - i);
  return count;
}

void unrank_placement(std::uint64_t rank, int items, int cells, std::uint8_t* cell_of) {
  // Peel the mixed-radix digits off from the last item (radix cells-items+1) to the first
  // (radix cells), then turn each digit back into a cell: the digit-th cell not yet taken.
  std::array<std::uint32_t, 32> digits{};
  for (int i = items - 1; i >= 0; --i) {
    const auto radix = static_cast<std::uint64_t>(cells - i);
    digits[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(rank % radix);
    rank /= radix;
  }
  std::uint32_t taken = 0;
  for (int i = 0; i < items; ++i) {
    std::uint32_t skip = digits[static_cast<std::size_t>(i)];
    int cell = 0;
    for (;; ++cell) {
      if (taken & (1u << cell)) continue;
      if (skip == 0) break;
      --skip;
    }
    cell_of[i] = static_cast<std::uint8_t>(cell);
    taken |= 1u << cell;
  }
}

}  // namespace tile
