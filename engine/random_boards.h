// Reproducible random boards: the same seed gives the same boards on every machine and compiler,
// so generated test sets in assignments never drift. std::uniform_int_distribution is not
// specified bit for bit across standard libraries, hence our own generator and bounded draw.
#pragma once

#include <cstdint>

#include "engine/board.h"

namespace tile {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  // Uniform in [0, bound), by rejection so that no value is favoured.
  std::uint64_t below(std::uint64_t bound);

 private:
  std::uint64_t state_;
};

// A uniformly random board that can reach `goal`.
Board random_solvable_board(const Board& goal, std::uint64_t seed);

// A random walk of `depth` blank moves from `goal` that never undoes its previous move. The walk
// may revisit states, so the board's true distance is at most `depth`, not always equal to it.
Board scrambled_board(const Board& goal, int depth, std::uint64_t seed);

}  // namespace tile
