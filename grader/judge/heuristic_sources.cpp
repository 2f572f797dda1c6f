#include "grader/judge/heuristic_sources.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>

#include "engine/state_table.h"
#include "engine/heuristic.h"
#include "engine/search.h"
#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

// Where each tile (and the blank, 0) stands in the goal: goal_cell[tile].
std::vector<int> goal_cells(const Board& goal) {
  std::vector<int> cell(static_cast<std::size_t>(goal.cells()));
  for (int i = 0; i < goal.cells(); ++i) cell[static_cast<std::size_t>(goal.at(i))] = i;
  return cell;
}

int manhattan_sum(const Board& board, const std::vector<int>& goal_cell, bool with_blank) {
  const int cols = board.shape.cols;
  int sum = 0;
  for (int i = 0; i < board.cells(); ++i) {
    const int tile = board.at(i);
    if (tile == 0 && !with_blank) continue;
    const int home = goal_cell[static_cast<std::size_t>(tile)];
    sum += std::abs(i / cols - home / cols) + std::abs(i % cols - home % cols);
  }
  return sum;
}

int misplaced_count(const Board& board, const Board& goal, bool with_blank) {
  int count = 0;
  for (int i = 0; i < board.cells(); ++i) {
    if (board.at(i) != goal.at(i) && (with_blank || board.at(i) != 0)) ++count;
  }
  return count;
}

std::size_t board_count(const std::vector<const HeuristicValues*>& runs) {
  std::size_t count = 0;
  for (const HeuristicValues* values : runs) count += values->size();
  return count;
}

// "tile 8", "tiles 5 and 8", "tiles 3, 5 and 8"; with `dashes`, "tile-8", "tiles-3-5-8".
std::string tiles_words(const std::vector<int>& tiles, bool dashes) {
  std::string out = tiles.size() == 1 ? "tile" : "tiles";
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const std::string number = std::to_string(tiles[i]);
    if (dashes) {
      out += "-" + number;
    } else {
      out += (i == 0 ? " " : i + 1 == tiles.size() ? " and " : ", ") + number;
    }
  }
  return out;
}

// The board's true distance (unit cost) by A* with linear conflict, as optimal_cost.h solves a
// test's start, within `left` generated nodes, which it decreases; nullopt when they run out.
std::optional<std::int64_t> solve_distance(const Board& board, const Board& goal,
                                           std::uint64_t& left) {
  const auto heuristic = make_builtin_heuristic("linear-conflict", goal);
  if (!heuristic) return std::nullopt;
  SearchSpec spec = SearchSpec::of(Algorithm::Astar, defaults_of(Algorithm::Astar));
  spec.semantics.duplicates = Duplicates::ClosedOnPop;
  spec.heuristic = heuristic->get();
  spec.limits.max_nodes = left;
  const SearchResult result = search(Problem{board, goal}, spec);
  left -= std::min(left, std::max<std::uint64_t>(1, result.counters.generated));
  if (result.status != SearchStatus::Solved) return std::nullopt;
  return result.cost;
}

}  // namespace

std::optional<Overestimate> smallest_overestimate(const HeuristicValues& values,
                                                  const ExactDistance& exact, const Board& goal,
                                                  CostModel cost, std::uint64_t node_budget) {
  std::optional<Overestimate> best;
  // Boards of unknown distance that could be overestimated, by their Manhattan lower bound.
  std::vector<std::pair<int, std::size_t>> unknown;
  const std::vector<int> goal_cell = goal_cells(goal);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& [board, h] = values[i];
    if (const auto distance = exact(board)) {
      if (h <= *distance) continue;
      if (!best || *distance < best->distance) best = Overestimate{board, h, *distance};
      continue;
    }
    const int lower = manhattan_sum(board, goal_cell, false);
    if (cost == CostModel::Unit && h > lower) unknown.push_back({lower, i});
  }
  std::stable_sort(unknown.begin(), unknown.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  // Solving only looks for a smaller counterexample than a known one: it never decides whether h
  // overestimates at all (that stays with the known distances, as the admissibility check says),
  // and a correct heuristic above Manhattan (linear conflict, pattern databases) costs nothing.
  if (!best) return std::nullopt;
  std::uint64_t left = node_budget;
  for (const auto& [lower, i] : unknown) {
    if (lower >= best->distance) break;  // none further can be nearer the goal
    if (left == 0) break;
    const auto& [board, h] = values[i];
    const std::optional<std::int64_t> distance = solve_distance(board, goal, left);
    if (!distance) break;  // out of nodes: what is proven so far stands
    if (h <= *distance) continue;
    if (*distance < best->distance) best = Overestimate{board, h, *distance};
  }
  return best;
}

std::optional<std::vector<Move>> optimal_path(const Board& board, const Board& goal,
                                              CostModel cost, std::uint64_t node_budget) {
  const Algorithm algorithm = cost == CostModel::Unit ? Algorithm::Astar : Algorithm::Ucs;
  SearchSpec spec = SearchSpec::of(algorithm, defaults_of(algorithm));  // nothing to resolve
  spec.semantics.cost = cost;
  spec.semantics.duplicates = Duplicates::ClosedOnPop;
  spec.limits.max_nodes = node_budget;
  std::unique_ptr<Heuristic> heuristic;
  if (cost == CostModel::Unit) {
    auto made = make_builtin_heuristic("linear-conflict", goal);
    if (!made) return std::nullopt;
    heuristic = std::move(*made);
    spec.heuristic = heuristic.get();
  }
  SearchResult result = search(Problem{board, goal}, spec);
  if (result.status != SearchStatus::Solved) return std::nullopt;
  return std::move(result.path);
}

std::optional<std::int64_t> constant_value(const std::vector<const HeuristicValues*>& runs) {
  if (board_count(runs) < 3) return std::nullopt;
  std::optional<std::int64_t> value;
  for (const HeuristicValues* values : runs) {
    for (const auto& [board, h] : *values) {
      if (value && *value != h) return std::nullopt;
      value = h;
    }
  }
  return value;
}

std::optional<std::string> counts_blank(const std::vector<const HeuristicValues*>& runs,
                                        const Board& goal) {
  if (board_count(runs) < 3) return std::nullopt;
  const std::vector<int> goal_cell = goal_cells(goal);
  bool manhattan_fits = true, manhattan_differs = false;
  bool misplaced_fits = true, misplaced_differs = false;
  // Near the goal (no tile two moves from home) the two counts of the tiles agree, and other
  // heuristics agree with them (the Manhattan distance plus one, where the blank is off its
  // cell): only boards where they differ tell which.
  bool told_apart = false;
  for (const HeuristicValues* values : runs) {
    for (const auto& [board, h] : *values) {
      const int with = manhattan_sum(board, goal_cell, true);
      told_apart = told_apart || manhattan_sum(board, goal_cell, false) !=
                                     misplaced_count(board, goal, false);
      manhattan_fits = manhattan_fits && h == with;
      manhattan_differs = manhattan_differs || with != manhattan_sum(board, goal_cell, false);
      const int counted_blank = misplaced_count(board, goal, true);
      misplaced_fits = misplaced_fits && h == counted_blank;
      misplaced_differs =
          misplaced_differs || counted_blank != misplaced_count(board, goal, false);
    }
  }
  if (!told_apart) return std::nullopt;
  if (manhattan_fits && manhattan_differs) return "Manhattan distance";
  if (misplaced_fits && misplaced_differs) return "number of misplaced tiles";
  return std::nullopt;
}

IgnoredTiles ignored_tiles(const std::vector<const HeuristicValues*>& runs, const Board& goal) {
  const std::vector<int> goal_cell = goal_cells(goal);
  std::map<int, std::size_t> home_moves;  // moves of each tile into or out of its goal place
  std::set<int> changed;                  // tiles some move of which changed h
  for (const HeuristicValues* values : runs) {
    std::map<PackedState, std::int64_t> value_of;
    for (const auto& [board, h] : *values) value_of[pack(board)] = h;
    for (const auto& [board, h] : *values) {
      for (const Move move : kAllMoves) {
        if (!board.can_move(move)) continue;
        const Board next = board.moved(move);
        const auto it = value_of.find(pack(next));
        if (it == value_of.end()) continue;
        const int tile = board.tile_moved_by(move);
        const int home = goal_cell[static_cast<std::size_t>(tile)];
        // The tile leaves its cell (the blank's next) for the blank's: into or out of its goal?
        if (next.blank == home || board.blank == home) ++home_moves[tile];
        if (it->second != h) changed.insert(tile);
      }
    }
  }
  IgnoredTiles out;
  if (changed.empty()) return out;  // nothing changes h: a constant, not tiles left out
  for (const auto& [tile, moves] : home_moves) {
    if (moves >= 4 && !changed.contains(tile)) {  // two moves, each seen from both boards
      out.tiles.push_back(tile);
      out.moves += moves;
    }
  }
  // Every pair is seen from both of its boards: each move was counted twice.
  out.moves /= 2;
  return out;
}

Diagnosis constant_diagnosis(std::int64_t value, std::size_t boards) {
  return named(DiagnosisId::HeuristicConstant,
               {{"value", std::to_string(value)}, {"every", every_one_of(boards, "board")}});
}

Diagnosis counts_blank_diagnosis(const std::string& base, std::size_t boards,
                                 const Overestimate& over) {
  return named(DiagnosisId::HeuristicCountsBlank,
               {{"base", base},
                {"every", every_one_of(boards, "board")},
                {"distance", counted(static_cast<std::uint64_t>(over.distance), "move")},
                {"h", std::to_string(over.h)}});
}

Diagnosis ignored_tiles_diagnosis(const IgnoredTiles& ignored) {
  return named(DiagnosisId::HeuristicIgnores,
               {{"tiles", tiles_words(ignored.tiles, true)},
                {"which", tiles_words(ignored.tiles, false)},
                {"moves", counted(ignored.moves, "move")}});
}

Diagnosis differs_between_calls_diagnosis() {
  return named(DiagnosisId::HeuristicDiffersBetweenCalls);
}

bool say_source(TestDiagnosis& said, const Diagnosis& source) {
  const DiagnosisCode* row = diagnosis_row_of(source.code);
  if (row == nullptr || row->reported_as != ReportedAs::HeuristicSourceOf ||
      said.code != code_of(row->reported_under)) {
    return false;
  }
  said.sentence = source.explanation;
  said.heuristic_source = source.code;
  return true;
}

}  // namespace tile
