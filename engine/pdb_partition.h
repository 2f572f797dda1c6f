// Which tiles go into which pattern database: a partition of the tiles into disjoint patterns.
//
// Spellings (the same in the CLI, `--heuristic pdb:SPEC` and the oracle options):
//   default     the recommended partition for the shape: 6-6-3 on 4x4, auto elsewhere
//   auto        tiles in goal order, cut into groups as large as a table of at most
//               kAutoMaxEntries placements allows (3x3: one group of 8; 4x4: 6-6-3; 5x5: 5-5-5-5-4)
//   NAME        a published split, see partition_names(shape): 3x3 4-4; 4x4 5-5-5, 6-6-3, 7-8;
//               5x5 6-6-6-6 (Korf & Felner 2002)
//   1,2,3/4,5,6 explicit tile numbers, one pattern per '/'-separated group
//
// Named splits are drawn for a goal whose blank is in the top-left corner, as groups of goal
// CELLS; for a goal whose blank is in another corner the drawing is flipped to put the blank there,
// and the tiles whose goal cells fall in each group form the pattern. Named splits need the goal's
// blank in a corner.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"

namespace tile {

struct Partition {
  std::string name;                        // "6-6-3", "auto 6-6-3", "custom 3-3"
  std::vector<std::vector<int>> patterns;  // tile numbers; disjoint; need not cover every tile
};

inline constexpr std::uint64_t kAutoMaxEntries = 8'000'000;

Result<Partition> parse_partition(const Board& goal, std::string_view text);
Partition auto_partition(const Board& goal);
std::string partition_names(Shape shape);  // accepted spellings, for messages and --help
// "6-6-3": the group sizes.
std::string partition_sizes(const std::vector<std::vector<int>>& patterns);

}  // namespace tile
