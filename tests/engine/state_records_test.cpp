// The state record table (engine/state_records.h) in both layouts, and the loop that reads it on
// boards too big for the dense layout: the differential suite's boards (2x3, 3x3) are all dense,
// so every duplicate policy is compared with the model here on 3x4 boards, which use the compact
// records, and on 4x5 boards, which use the hashed ones.
#include <doctest/doctest.h>

#include <map>
#include <random>

#include "engine/random_boards.h"
#include "engine/state_records.h"
#include "tests/engine/differential_harness.h"

namespace tile {
namespace {

template <class Records>
void check_against_map(Shape shape) {
  const Board goal = goal_board(shape, GoalLayout::BlankLast);
  Records records(shape.cells(), true);
  std::map<PackedState, std::pair<StateStatus, std::uint32_t>> expected;
  std::mt19937 random(5u);
  for (std::uint32_t i = 0; i < 3000; ++i) {
    const PackedState key = pack(scrambled_board(goal, static_cast<int>(random() % 12), random()));
    const auto record = records.find(key);
    const auto known = expected.find(key);
    CHECK(records.status(record) ==
          (known == expected.end() ? StateStatus::New : known->second.first));
    if (known != expected.end()) CHECK(records.node(record) == known->second.second);
    if (i % 3 == 0) continue;  // found and left New: must stay absent
    const auto status = static_cast<StateStatus>(1 + random() % 3);
    records.set_status(record, status);
    records.set_node(record, i);
    expected[key] = {status, i};
  }
  for (const auto& [key, value] : expected) {
    const auto record = records.find(key);
    CHECK(records.status(record) == value.first);
    CHECK(records.node(record) == value.second);
  }
}

TEST_CASE("state records keep each state's status and node, dense, compact and hashed") {
  check_against_map<DenseRecords<9>>(Shape{3, 3});
  check_against_map<DenseRecords<0>>(Shape{2, 4});
  check_against_map<CompactRecords>(Shape{3, 4});
  check_against_map<CompactRecords>(Shape{4, 4});
  check_against_map<HashedRecords>(Shape{3, 4});
  check_against_map<HashedRecords>(Shape{5, 5});
}

void check_every_policy(Shape shape) {
  using namespace model;
  const Grid grid{shape.rows, shape.cols};
  const Board goal = goal_board(shape, GoalLayout::BlankLast);
  Differential differential(grid, tiles_of(goal));
  std::vector<Tiles> starts;
  for (std::uint64_t seed = 0; seed < 6; ++seed) {
    starts.push_back(tiles_of(scrambled_board(goal, 4 + 3 * static_cast<int>(seed), seed)));
  }
  for (Algorithm algorithm : kAllAlgorithms) {
    if (algorithm == Algorithm::Bibfs) continue;  // no state records: bidirectional.cpp
    for (Duplicates duplicates :
         {Duplicates::OnPush, Duplicates::ClosedOnPop, Duplicates::VisitedOnPop,
          Duplicates::ReopenIfCheaper, Duplicates::None, Duplicates::ReplaceIfCheaper,
          Duplicates::ClosedOnExpand}) {
      for (GoalTest goal_test :
           {GoalTest::OnPop, GoalTest::OnGenerate, GoalTest::OnGenerateNotStart}) {
        Config config;
        config.algorithm = algorithm;
        config.semantics.duplicates = duplicates;
        config.semantics.goal_test = goal_test;
        if (algorithm == Algorithm::Dls) {
          config.semantics.depth_limit = 8;
          config.semantics.at_depth_limit = AtDepthLimit::CutOff;
        }
        // The rules that read the record beyond its status: the last parent, an unmarked start.
        config.semantics.parent_link = goal_test == GoalTest::OnPop ? ParentLink::Last
                                                                    : ParentLink::First;
        config.semantics.start_marked =
            goal_test == GoalTest::OnGenerate ? StartMarked::No : StartMarked::Yes;
        config.max_nodes = 1500;
        differential.run(config, starts);
      }
    }
  }
  CHECK(differential.mismatches() == 0);
  CHECK(differential.count(SearchStatus::Solved) > 0);
  MESSAGE(format_shape(shape) << " differential: " << differential.searches()
                               << " engine searches compared");
}

TEST_CASE("engine equals the model on 3x4 boards (compact records), every policy and goal test") {
  check_every_policy(Shape{3, 4});
}

TEST_CASE("engine equals the model on 4x5 boards (hashed records), every policy and goal test") {
  check_every_policy(Shape{4, 5});
}

}  // namespace
}  // namespace tile
