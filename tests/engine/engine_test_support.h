#pragma once
// Helpers several engine tests share: a temporary folder, a board from its permutation rank, and
// an additive pattern database built in memory (never read from or written to a cache).

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstdlib>  // mkdtemp
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "engine/additive_pdb.h"
#include "engine/board.h"
#include "engine/pattern_database.h"
#include "engine/pdb_partition.h"
#include "engine/permutation_rank.h"

namespace tile::testing {

// A fresh folder per use, removed afterwards: tests never touch the user's files or cache.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "tilegrade-test-XXXXXX").string();
    const char* made = ::mkdtemp(pattern.data());
    REQUIRE_MESSAGE(made != nullptr, "cannot make a folder like " << pattern);
    path = made;
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

// The board whose tiles are the placement of this rank (permutation_rank.h's numbering).
inline Board board_of_rank(Shape shape, std::uint64_t rank) {
  std::array<std::uint8_t, kMaxCells> tiles{};
  unrank_placement(rank, shape.cells(), shape.cells(), tiles.data());
  return make_board(shape, std::vector<int>(tiles.begin(), tiles.begin() + shape.cells())).value();
}

inline std::shared_ptr<const AdditivePdb> build_in_memory(const Board& goal,
                                                          const std::string& spec, bool mirror) {
  auto partition = parse_partition(goal, spec);
  REQUIRE(partition);
  std::vector<PatternDatabase> databases;
  for (const auto& tiles : partition->patterns)
    databases.push_back(PatternDatabase::build(goal, tiles).value());
  return AdditivePdb::from_databases(goal, partition->name, std::move(databases), mirror).value();
}

}  // namespace tile::testing
