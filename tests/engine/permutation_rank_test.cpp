#include "engine/permutation_rank.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <vector>

#include "engine/random_boards.h"

using namespace tile;

TEST_CASE("placement_count is n!/(n-k)!") {
  CHECK(placement_count(9, 9) == 362880);
  CHECK(placement_count(16, 6) == 5765760);
  CHECK(placement_count(16, 8) == 518918400);
  CHECK(placement_count(25, 6) == 127512000);
  CHECK(placement_count(7, 0) == 1);
}

TEST_CASE("full permutations rank in lexicographic order and unrank back") {
  // std::next_permutation walks the permutations in lexicographic order: the n-th one it visits
  // must have rank n.
  std::vector<std::uint8_t> perm(6);
  std::iota(perm.begin(), perm.end(), 0);
  std::uint64_t expected = 0;
  do {
    REQUIRE(rank_placement(perm.data(), 6, 6) == expected);
    std::array<std::uint8_t, 6> back{};
    unrank_placement(expected, 6, 6, back.data());
    REQUIRE(std::equal(back.begin(), back.end(), perm.begin()));
    ++expected;
  } while (std::next_permutation(perm.begin(), perm.end()));
  CHECK(expected == placement_count(6, 6));
}

TEST_CASE("partial placements rank in lexicographic order of their cell sequences") {
  // Every (a, b, c) of distinct cells out of 7, enumerated in lexicographic order by nested loops.
  std::uint64_t expected = 0;
  for (std::uint8_t a = 0; a < 7; ++a) {
    for (std::uint8_t b = 0; b < 7; ++b) {
      for (std::uint8_t c = 0; c < 7; ++c) {
        if (a == b || a == c || b == c) continue;
        const std::array<std::uint8_t, 3> cells = {a, b, c};
        REQUIRE(rank_placement(cells.data(), 3, 7) == expected);
        std::array<std::uint8_t, 3> back{};
        unrank_placement(expected, 3, 7, back.data());
        REQUIRE(back == cells);
        ++expected;
      }
    }
  }
  CHECK(expected == placement_count(7, 3));
}

TEST_CASE("rank and unrank round-trip on large boards") {
  SplitMix64 random(7);
  for (const auto& [cells, items] : {std::pair{16, 8}, std::pair{25, 6}, std::pair{25, 11}}) {
    const std::uint64_t count = placement_count(cells, items);
    for (int trial = 0; trial < 2000; ++trial) {
      const std::uint64_t rank = random.below(count);
      std::array<std::uint8_t, 25> at{};
      unrank_placement(rank, items, cells, at.data());
      std::uint32_t seen = 0;
      for (int i = 0; i < items; ++i) {
        REQUIRE(at[static_cast<std::size_t>(i)] < cells);
        seen |= 1u << at[static_cast<std::size_t>(i)];
      }
      REQUIRE(std::popcount(seen) == items);  // distinct cells
      REQUIRE(rank_placement(at.data(), items, cells) == rank);
    }
    std::array<std::uint8_t, 25> last{};
    unrank_placement(count - 1, items, cells, last.data());
    CHECK(rank_placement(last.data(), items, cells) == count - 1);
  }
}

TEST_CASE("count_bits agrees with std::popcount") {
  SplitMix64 random(11);
  for (int trial = 0; trial < 10000; ++trial) {
    const auto mask = static_cast<std::uint32_t>(random.next());
    REQUIRE(count_bits(mask) == static_cast<std::uint32_t>(std::popcount(mask)));
  }
  CHECK(count_bits(0) == 0);
  CHECK(count_bits(0xFFFFFFFFu) == 32);
}
