// Where a student's heuristic values come from, read from the values it gave (issue 33: "beside
// each counterexample, the smallest board that shows it, the true distance, and where the
// heuristic's value comes from when that is observable"). Each source is claimed only when the
// values prove it:
//   - constant: the same value on every board the search asked about (three or more);
//   - counts the blank: every value is the Manhattan distance, or the number of misplaced tiles,
//     with the blank counted as a tile, and on some board that differs from leaving it out;
//   - ignores tiles: h never changed across a move of that tile alone, on two or more moves into or
//     out of its goal place, while moves of other tiles did change it;
//   - differs between calls: one board got two values (the run's nondeterminism record).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/semantics.h"
#include "grader/judge/checks.h"

namespace tile {

using HeuristicValues = std::vector<std::pair<Board, std::int64_t>>;

// An overestimate: a board where h is above the true distance.
struct Overestimate {
  Board board;
  std::int64_t h = 0;
  std::int64_t distance = 0;
};

// The overestimate nearest the goal among the run's values (the first such in the run's order on
// a tie); nullopt when no board of known distance is overestimated. Past the known ones, on
// unit-cost boards whose distance is not known (above the complete tables' size), boards where h
// exceeds the Manhattan distance and that could be nearer the goal are solved by the engine,
// nearest first, within `node_budget` generated nodes in all: a smaller counterexample than the
// known ones is shown when one is cheap to prove.
std::optional<Overestimate> smallest_overestimate(const HeuristicValues& values,
                                                  const ExactDistance& exact, const Board& goal,
                                                  CostModel cost, std::uint64_t node_budget);

// A shortest path from `board` to the goal under `cost`, solved by the engine within `node_budget`
// generated nodes; nullopt when they run out. A* with linear conflict for unit cost (admissible),
// uniform cost for tile cost. Shown beside an overestimate: the moves its true distance counts.
std::optional<std::vector<Move>> optimal_path(const Board& board, const Board& goal,
                                              CostModel cost, std::uint64_t node_budget);

// The value every board got, when there are three or more boards and they all got it.
std::optional<std::int64_t> constant_value(const std::vector<const HeuristicValues*>& runs);

// "Manhattan distance" or "number of misplaced tiles" when every value is that count with the
// blank counted as a tile, and on some board counting it changes the value; nullopt otherwise.
std::optional<std::string> counts_blank(const std::vector<const HeuristicValues*>& runs,
                                        const Board& goal);

// The tiles whose moves never changed h, each seen moving into or out of its goal place at least
// twice, when some other tile's move did change h (ascending), and how many moves into or out of
// their goal places the values show for them.
struct IgnoredTiles {
  std::vector<int> tiles;
  std::size_t moves = 0;
};
IgnoredTiles ignored_tiles(const std::vector<const HeuristicValues*>& runs, const Board& goal);

// The sources' diagnoses, each filled from its row of the code table: heuristic-constant-{value},
// heuristic-counts-blank, heuristic-ignores-{tiles}, heuristic-differs-between-calls. `boards` is
// how many boards the values cover; `over` the overestimate the sentence points at.
Diagnosis constant_diagnosis(std::int64_t value, std::size_t boards);
Diagnosis counts_blank_diagnosis(const std::string& base, std::size_t boards,
                                 const Overestimate& over);
Diagnosis ignored_tiles_diagnosis(const IgnoredTiles& ignored);
Diagnosis differs_between_calls_diagnosis();

// Gives a test named by a heuristic check where its values come from: the source's sentence and
// its code as the diagnosis's heuristic_source, when the test's code is the one the source's row
// of the code table is reported under (heuristic-counts-blank under inadmissible, ...: the row the
// docs' "reported as" column shows, and validate reads for what a mutant may declare,
// grader/spec/declared_diagnosis.h). Leaves it as it is otherwise. Whether it said it.
bool say_source(TestDiagnosis& said, const Diagnosis& source);

}  // namespace tile
