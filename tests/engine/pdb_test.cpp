#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "engine/additive_pdb.h"
#include "engine/exact_table.h"
#include "engine/goal_mirror.h"
#include "engine/pattern_database.h"
#include "engine/pdb_cache.h"
#include "engine/pdb_partition.h"
#include "engine/permutation_rank.h"
#include "tests/engine/engine_test_support.h"

using namespace tile;
using tile::testing::TempDir;
using tile::testing::board_of_rank;
using tile::testing::build_in_memory;

namespace {

// The definition of a pattern database value, computed the slow obvious way (a 0-1 breadth-first
// search over (cells of the pattern tiles, cell of the blank) with a deque and a std::map): moving
// the blank onto a pattern tile costs 1, onto any other tile costs 0; a placement's value is its
// cheapest over blank cells. Returns value by placement (the cells of the tiles in order).
std::map<std::vector<int>, int> pattern_values_by_definition(const Board& goal,
                                                             const std::vector<int>& tiles) {
  const int cols = goal.shape.cols;
  const int cells = goal.cells();
  std::vector<int> start;
  for (int tile : tiles) {
    for (int cell = 0; cell < cells; ++cell) {
      if (goal.at(cell) == tile) start.push_back(cell);
    }
  }
  start.push_back(goal.blank);
  std::map<std::vector<int>, int> cost{{start, 0}};
  std::set<std::vector<int>> done;
  std::deque<std::vector<int>> queue{start};
  std::map<std::vector<int>, int> best;
  while (!queue.empty()) {
    const std::vector<int> state = queue.front();
    queue.pop_front();
    if (!done.insert(state).second) continue;
    const int here = cost[state];
    const std::vector<int> placement(state.begin(), state.end() - 1);
    auto found = best.find(placement);
    if (found == best.end() || here < found->second) best[placement] = here;
    const int blank = state.back();
    const int neighbours[] = {blank - cols, blank + cols, blank % cols ? blank - 1 : -1,
                              blank % cols < cols - 1 ? blank + 1 : -1};
    for (int next : neighbours) {
      if (next < 0 || next >= cells) continue;
      std::vector<int> child = state;
      child.back() = next;
      int step = 0;
      for (std::size_t i = 0; i + 1 < child.size(); ++i) {
        if (child[i] == next) {
          child[i] = blank;
          step = 1;
        }
      }
      auto known = cost.find(child);
      if (known != cost.end() && known->second <= here + step) continue;
      cost[child] = here + step;
      if (step == 0) {
        queue.push_front(child);
      } else {
        queue.push_back(child);
      }
    }
  }
  return best;
}

void check_against_definition(const Board& goal, const std::vector<int>& tiles) {
  const auto db = PatternDatabase::build(goal, tiles);
  REQUIRE(db);
  const auto expected = pattern_values_by_definition(goal, tiles);
  std::uint64_t valued = 0;
  for (std::uint64_t rank = 0; rank < db->entries(); ++rank) {
    if (db->value_at(rank) != PatternDatabase::kUnreached) ++valued;
  }
  CHECK(valued == expected.size());
  for (const auto& [placement, value] : expected) {
    std::array<std::uint8_t, kMaxCells> at{};
    for (std::size_t i = 0; i < placement.size(); ++i)
      at[i] = static_cast<std::uint8_t>(placement[i]);
    REQUIRE(db->value_at(db->rank_of(at.data())) == value);
  }
}

}  // namespace

TEST_CASE("pattern database values match their definition") {
  const Board goal3 = goal_board({3, 3}, GoalLayout::BlankFirst);
  check_against_definition(goal3, {1, 2, 3});
  check_against_definition(goal3, {8, 4});
  check_against_definition(goal_board({3, 3}, GoalLayout::BlankLast), {1, 5, 6, 7});
  check_against_definition(goal_board({2, 3}, GoalLayout::BlankLast), {1, 2});
  check_against_definition(goal_board({4, 4}, GoalLayout::BlankFirst), {5, 6, 9});
  check_against_definition(goal_board({2, 4}, GoalLayout::BlankLast), {2, 3, 6});
}

TEST_CASE("a pattern of every tile is the exact distance") {
  // With every tile in the pattern every move costs 1, so the database is the distance table.
  for (Shape shape : {Shape{2, 3}, Shape{3, 3}}) {
    const Board goal = goal_board(shape, GoalLayout::BlankLast);
    const auto table = ExactTable::build(goal);
    std::vector<int> tiles;
    for (int tile = 1; tile < shape.cells(); ++tile) tiles.push_back(tile);
    const auto db = PatternDatabase::build(goal, tiles);
    REQUIRE(db);
    for (std::uint64_t rank = 0; rank < placement_count(shape.cells(), shape.cells()); ++rank) {
      const Board board = board_of_rank(shape, rank);
      const int exact = table->distance(board);
      if (exact >= 0) REQUIRE(db->lookup(board) == exact);
    }
  }
}

TEST_CASE("additive databases are admissible on every 8-puzzle state, mirrored or not") {
  for (GoalLayout layout : {GoalLayout::BlankFirst, GoalLayout::BlankLast}) {
    const Board goal = goal_board({3, 3}, layout);
    const auto table = ExactTable::build(goal);
    for (const std::string spec : {"4-4", "1,2,3/4,5,6/7,8", "1,5/2,6/3,7/4,8"}) {
      const auto pdb = build_in_memory(goal, spec, true);
      REQUIRE(pdb->mirror());
      CHECK(pdb->estimate(goal) == 0);
      std::uint64_t mirror_helped = 0;
      for (std::uint64_t rank = 0; rank < placement_count(9, 9); ++rank) {
        const Board board = board_of_rank(goal.shape, rank);
        const int exact = table->distance(board);
        if (exact < 0) continue;
        int sum = 0;
        for (const auto& db : pdb->databases()) {
          const int part = db.lookup(board);
          REQUIRE(part <= exact);  // each pattern alone
          sum += part;
        }
        REQUIRE(pdb->sum(board) == sum);
        REQUIRE(sum <= exact);  // additivity: the sum too
        const int mirrored = pdb->estimate(board);
        REQUIRE(mirrored >= sum);
        REQUIRE(mirrored <= exact);  // and the reflection
        if (mirrored > sum) ++mirror_helped;
      }
      // The reflection helps, except for a partition that it maps onto itself (pairs 1-5, 2-6,
      // 3-7, 4-8 swap among themselves): then the mirrored sum is the same sum, term for term.
      if (spec == "1,5/2,6/3,7/4,8") {
        CHECK(mirror_helped == 0);
      } else {
        CHECK(mirror_helped > 0);
      }
    }
  }
}

TEST_CASE("additive databases are admissible on every 2x3 state") {
  const Board goal = goal_board({2, 3}, GoalLayout::BlankLast);
  const auto table = ExactTable::build(goal);
  const auto pdb = build_in_memory(goal, "1,2,4/3,5", true);
  CHECK_FALSE(pdb->mirror());  // not square
  for (std::uint64_t rank = 0; rank < placement_count(6, 6); ++rank) {
    const Board board = board_of_rank(goal.shape, rank);
    const int exact = table->distance(board);
    if (exact >= 0) REQUIRE(pdb->estimate(board) <= exact);
  }
}

TEST_CASE("the mirror applies when the goal's blank is on the diagonal of a square board") {
  const auto first = goal_mirror(goal_board({4, 4}, GoalLayout::BlankFirst));
  REQUIRE(first);
  CHECK(first->apply(goal_board({4, 4}, GoalLayout::BlankFirst)) ==
        goal_board({4, 4}, GoalLayout::BlankFirst));
  const Board last = goal_board({3, 3}, GoalLayout::BlankLast);
  REQUIRE(goal_mirror(last));
  CHECK(goal_mirror(last)->apply(last) == last);
  CHECK_FALSE(goal_mirror(goal_board({2, 3}, GoalLayout::BlankFirst)));
  CHECK_FALSE(goal_mirror(parse_board({3, 3}, "1 0 2 3 4 5 6 7 8").value()));
  // The claim behind the trick, checked on every 8-puzzle state: a board and its mirror are
  // equally far from the goal.
  const auto table = ExactTable::build(last);
  const GoalMirror mirror = *goal_mirror(last);
  for (std::uint64_t rank = 0; rank < placement_count(9, 9); rank += 7) {
    const Board board = board_of_rank(last.shape, rank);
    REQUIRE(table->distance(mirror.apply(board)) == table->distance(board));
  }
}

TEST_CASE("pattern problems are reported") {
  const Board goal = goal_board({4, 4}, GoalLayout::BlankFirst);
  CHECK(check_pattern(goal, {1, 2, 2}).error().find("twice") != std::string::npos);
  CHECK(check_pattern(goal, {0, 1}).error().find("blank") != std::string::npos);
  CHECK(check_pattern(goal, {1, 16}).error().find("not a tile") != std::string::npos);
  CHECK(check_pattern(goal, {}).error().find("at least one") != std::string::npos);
  CHECK(check_pattern(goal, {1, 2, 3, 4, 5, 6, 7, 8}));
  const Board big = goal_board({5, 5}, GoalLayout::BlankFirst);
  CHECK(check_pattern(big, {1, 2, 3, 4, 5, 6, 7}).error().find("placements") != std::string::npos);
  CHECK_FALSE(PatternDatabase::build(big, {1, 2, 3, 4, 5, 6, 7}));
}

TEST_CASE("partitions: named, auto, explicit, and their errors") {
  const Board first = goal_board({4, 4}, GoalLayout::BlankFirst);
  const Board last = goal_board({4, 4}, GoalLayout::BlankLast);
  for (const Board& goal : {first, last}) {
    for (const std::string name : {"5-5-5", "6-6-3", "7-8", "default"}) {
      const auto partition = parse_partition(goal, name);
      REQUIRE(partition);
      std::vector<int> all;
      for (const auto& pattern : partition->patterns)
        all.insert(all.end(), pattern.begin(), pattern.end());
      std::sort(all.begin(), all.end());
      std::vector<int> tiles(15);
      for (int i = 0; i < 15; ++i) tiles[static_cast<std::size_t>(i)] = i + 1;
      CHECK(all == tiles);  // every tile exactly once
    }
  }
  // Blank-first 7-8: the top seven tiles, then the rest; blank-last flips the drawing.
  CHECK(parse_partition(first, "7-8")->patterns[0] == std::vector<int>{1, 2, 3, 4, 5, 6, 7});
  CHECK(parse_partition(last, "7-8")->patterns[0] == std::vector<int>{15, 14, 13, 12, 11, 10, 9});
  CHECK(partition_sizes(auto_partition(goal_board({5, 5}, GoalLayout::BlankFirst)).patterns) ==
        "5-5-5-5-4");
  CHECK(partition_sizes(auto_partition(goal_board({3, 3}, GoalLayout::BlankLast)).patterns) == "8");
  CHECK(partition_sizes(parse_partition(first, "default")->patterns) == "6-6-3");
  CHECK(partition_sizes(parse_partition(first, "1,2/3, 4 ,5")->patterns) == "2-3");
  CHECK(parse_partition(first, "1,2/2,3").error().find("two patterns") != std::string::npos);
  CHECK(parse_partition(first, "1,2/").error().find("at least one") != std::string::npos);
  CHECK(parse_partition(first, "6-6-6-6").error().find("7-8") != std::string::npos);
  const Board middle = parse_board({4, 4}, "1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15").value();
  CHECK(parse_partition(middle, "6-6-3").error().find("corner") != std::string::npos);
  CHECK(partition_sizes(parse_partition(middle, "default")->patterns) == "6-6-3");  // auto
}

TEST_CASE("cache files: built once, loaded after, rebuilt when damaged") {
  TempDir dir;
  const Board goal = goal_board({3, 3}, GoalLayout::BlankFirst);
  const std::vector<int> tiles = {1, 2, 3, 4};
  PdbCache cache;
  cache.dir = dir.path.string();

  auto built = open_pdb(goal, tiles, cache);
  REQUIRE(built);
  CHECK(built->source == PdbSource::Built);
  CHECK(built->saved);
  CHECK(std::filesystem::exists(built->path));
  CHECK(built->path.find(pdb_file_name(goal, tiles)) != std::string::npos);

  auto loaded = open_pdb(goal, tiles, cache);
  REQUIRE(loaded);
  CHECK(loaded->source == PdbSource::Loaded);
  CHECK(loaded->db.values() == built->db.values());

  // A flipped value fails the checksum and the file is rebuilt.
  {
    std::fstream file(built->path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(100);
    file.put(static_cast<char>(77));
  }
  auto damaged = read_pdb_file(built->path, goal, tiles);
  REQUIRE_FALSE(damaged);
  CHECK(damaged.error().find("checksum") != std::string::npos);
  auto rebuilt = open_pdb(goal, tiles, cache);
  REQUIRE(rebuilt);
  CHECK(rebuilt->source == PdbSource::Rebuilt);
  CHECK(rebuilt->note.find("checksum") != std::string::npos);
  CHECK(rebuilt->db.values() == built->db.values());
  CHECK(read_pdb_file(built->path, goal, tiles));  // the rebuilt file is good again

  // Truncated, or another pattern's file under this name.
  std::filesystem::resize_file(built->path, 500);
  CHECK(read_pdb_file(built->path, goal, tiles).error().find("truncated") != std::string::npos);
  CHECK(read_pdb_file(built->path, goal, {1, 2, 3, 5}).error().find("header") != std::string::npos);

  // With building off, a missing file is an error, not a silent build.
  PdbCache strict = cache;
  strict.build_missing = false;
  CHECK_FALSE(open_pdb(goal, {5, 6}, strict));
  // Forced: rebuilt even though the file is fine.
  PdbCache forced = cache;
  forced.force_rebuild = true;
  CHECK(open_pdb(goal, tiles, forced)->source == PdbSource::Rebuilt);
}

TEST_CASE("the pdb heuristic opens through the cache and shares live tables") {
  TempDir dir;
  PdbCache cache;
  cache.dir = dir.path.string();
  const Board goal = goal_board({3, 3}, GoalLayout::BlankLast);
  CHECK(is_pdb_heuristic_name("pdb"));
  CHECK(is_pdb_heuristic_name("pdb:4-4"));
  CHECK_FALSE(is_pdb_heuristic_name("pdbx"));
  auto first = make_pdb_heuristic("pdb:4-4", goal, cache);
  REQUIRE(first);
  auto second = make_pdb_heuristic("pdb:4-4", goal, cache);
  REQUIRE(second);
  const auto* a = dynamic_cast<PdbHeuristic*>(first->get());
  const auto* b = dynamic_cast<PdbHeuristic*>(second->get());
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->pdb().get() == b->pdb().get());
  CHECK((*first)->estimate(goal) == 0);
  CHECK(make_pdb_heuristic("pdb:9-9", goal, cache).error().find("unknown partition") !=
        std::string::npos);
}
