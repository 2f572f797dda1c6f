// bibfs against its plain model (bidirectional_model.h): every value of every bibfs field
// (meet_test x meet_stop x next_side), each with both push orders and several action orders and
// cost models, on all 360 starts of the 2x3 puzzle (every sixth under the sanitizers), on the 360
// starts of the other parity (no solution: both sides exhaust their half), and on seeded 3x3
// starts. Status, path, cost, every counter and the whole expansion trace must agree.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "engine/random_boards.h"
#include "engine/search.h"
#include "tests/engine/bidirectional_model.h"
#include "tests/engine/differential_harness.h"
#include "tests/engine/model_boards.h"

using namespace tile;
using namespace model;

namespace {

// Every combination of the bibfs fields, the rest of the semantics as given.
std::vector<Semantics> every_bibfs_field(const Semantics& rest) {
  std::vector<Semantics> out;
  for (MeetTest meet_test : {MeetTest::OnGenerate, MeetTest::OnPop}) {
    for (MeetStop meet_stop : {MeetStop::First, MeetStop::EndOfLayer}) {
      for (NextSide next_side :
           {NextSide::AlternateNode, NextSide::AlternateLayer, NextSide::SmallerFrontier}) {
        Semantics semantics = rest;
        semantics.meet_test = meet_test;
        semantics.meet_stop = meet_stop;
        semantics.next_side = next_side;
        out.push_back(semantics);
      }
    }
  }
  return out;
}

struct Tally {
  int searches = 0;
  int mismatches = 0;
  int solved = 0;
  int unsolved = 0;
};

void compare(Grid grid, const Tiles& start, const Tiles& goal, const Semantics& semantics,
             Tally& tally) {
  ModelSpec model_spec;
  model_spec.grid = grid;
  model_spec.start = start;
  model_spec.goal = goal;
  model_spec.algorithm = Algorithm::Bibfs;
  model_spec.semantics = semantics;
  const ModelResult expected = model_bibfs(model_spec);
  SearchSpec spec = SearchSpec::of(Algorithm::Bibfs, semantics);
  spec.record_trace = true;
  const SearchResult actual = search(Problem{board_of(grid, start), board_of(grid, goal)}, spec);
  ++tally.searches;
  (expected.status == SearchStatus::Solved ? tally.solved : tally.unsolved) += 1;
  const std::string diff = difference(actual, expected);
  if (!diff.empty() && ++tally.mismatches <= 5) {
    FAIL_CHECK("bibfs engine and model differ from " << tiles_text(start) << " to "
                                                     << tiles_text(goal) << ": " << diff << "\n"
                                                     << describe(semantics));
  }
}

// The goal with two tiles swapped: the other half of the 2x3 states, none of which reach it.
const Tiles kOtherHalf2x3 = tiles_from({2, 1, 3, 4, 5, 0});

}  // namespace

TEST_CASE("bibfs agrees with its model for every value of every bibfs field on 2x3") {
  const std::vector<Tiles> starts = starts_for_this_build(reachable_states(k2x3, kGoal2x3));
  REQUIRE(starts.size() >= 60);
  Tally tally;
  const std::array<const char*, 3> orders = {"UDLR", "RLDU", "LURD"};
  for (std::size_t variant = 0; variant < 2 * orders.size(); ++variant) {
    Semantics rest;
    rest.action_order = parse_action_order(orders[variant % orders.size()]).value();
    rest.push_order = variant < orders.size() ? PushOrder::Forward : PushOrder::Reverse;
    rest.cost = variant % 2 == 0 ? CostModel::Unit : CostModel::Tile;
    for (const Semantics& semantics : every_bibfs_field(rest)) {
      for (const Tiles& start : starts) compare(k2x3, start, kGoal2x3, semantics, tally);
    }
  }
  // Unsolvable: a few starts per combination (each search walks a whole half of the states).
  for (const Semantics& semantics : every_bibfs_field(Semantics{})) {
    for (std::size_t i = 0; i < starts.size(); i += 60) {
      compare(k2x3, starts[i], kOtherHalf2x3, semantics, tally);
    }
  }
  CHECK(tally.mismatches == 0);
  CHECK(tally.solved > 0);
  CHECK(tally.unsolved > 0);
  MESSAGE("bibfs 2x3 differential: " << tally.searches << " searches compared");
}

TEST_CASE("bibfs agrees with its model for every value of every bibfs field on 3x3") {
  const Grid grid{3, 3};
  const Tiles goal = tiles_from({1, 2, 3, 4, 5, 6, 7, 8, 0});
  const Board goal_board = board_of(grid, goal);
#if defined(TILEGRADE_SANITIZE)
  constexpr std::uint64_t kStarts = 3;
#else
  constexpr std::uint64_t kStarts = 12;
#endif
  Tally tally;
  for (std::uint64_t seed = 1; seed <= kStarts; ++seed) {
    const Tiles start = tiles_of(random_solvable_board(goal_board, seed));
    Semantics rest;
    rest.action_order = parse_action_order(seed % 2 == 0 ? "UDLR" : "DRUL").value();
    for (const Semantics& semantics : every_bibfs_field(rest)) {
      compare(grid, start, goal, semantics, tally);
    }
  }
  CHECK(tally.mismatches == 0);
  CHECK(tally.solved == tally.searches);
}
