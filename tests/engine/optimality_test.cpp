// Exact distances, computed here by a plain breadth-first walk (unit cost) and a plain Dijkstra
// (tile cost) over boards kept as strings, hold the engine to what optimality means:
//   - the distance distribution that the engine's own BFS reports matches the walk, and the
//     published facts (8-puzzle: 181,440 states, at most 31 moves, exactly two states at 31;
//     2x3: 360 states, at most 21 moves);
//   - every built-in heuristic is admissible (and Manhattan and linear conflict consistent);
//   - BFS, UCS, A* with an admissible heuristic and IDA* return paths of exactly optimal cost.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <queue>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/heuristic.h"
#include "engine/random_boards.h"
#include "engine/search.h"

using namespace tile;

namespace {

// A board as one char per cell (the tile number), the key of the distance tables.
std::string key_of(const Board& board) {
  std::string key;
  for (int cell = 0; cell < board.cells(); ++cell) key.push_back(static_cast<char>(board.at(cell)));
  return key;
}

struct Neighbour {
  std::string board;
  int moved_tile;
};

std::vector<Neighbour> neighbours(const std::string& board, int rows, int cols) {
  std::vector<Neighbour> out;
  const int blank = static_cast<int>(board.find('\0'));
  const int row = blank / cols;
  const int col = blank % cols;
  const int steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  for (const auto& step : steps) {
    const int r = row + step[0];
    const int c = col + step[1];
    if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
    std::string next = board;
    std::swap(next[static_cast<std::size_t>(blank)], next[static_cast<std::size_t>(r * cols + c)]);
    out.push_back({next, board[static_cast<std::size_t>(r * cols + c)]});
  }
  return out;
}

// Distance of every board to `goal`; moves are reversible, so a walk from the goal is enough.
std::unordered_map<std::string, int> unit_distances(const Board& goal) {
  std::unordered_map<std::string, int> distance{{key_of(goal), 0}};
  std::queue<std::string> queue;
  queue.push(key_of(goal));
  while (!queue.empty()) {
    const std::string board = queue.front();
    queue.pop();
    for (const Neighbour& next : neighbours(board, goal.shape.rows, goal.shape.cols)) {
      if (distance.emplace(next.board, distance[board] + 1).second) queue.push(next.board);
    }
  }
  return distance;
}

// Cheapest cost to `goal` when sliding tile k costs k. A move and its reverse slide the same tile,
// so costs are symmetric and Dijkstra from the goal gives the distance to it.
std::unordered_map<std::string, std::int64_t> tile_cost_distances(const Board& goal) {
  std::unordered_map<std::string, std::int64_t> distance{{key_of(goal), 0}};
  using Item = std::pair<std::int64_t, std::string>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  queue.push({0, key_of(goal)});
  while (!queue.empty()) {
    const auto [cost, board] = queue.top();
    queue.pop();
    if (cost > distance[board]) continue;
    for (const Neighbour& next : neighbours(board, goal.shape.rows, goal.shape.cols)) {
      const std::int64_t through = cost + next.moved_tile;
      const auto known = distance.find(next.board);
      if (known == distance.end() || through < known->second) {
        distance[next.board] = through;
        queue.push({through, next.board});
      }
    }
  }
  return distance;
}

Board board_from_key(Shape shape, const std::string& key) {
  return make_board(shape, std::vector<int>(key.begin(), key.end())).value();
}

// The goal with two tiles (not the blank) swapped: the other half of the state space, so a BFS
// towards it exhausts every state reachable from the start.
Board unreachable_from(const Board& board) {
  Board other = board;
  const std::size_t first = board.blank == 0 ? 1 : 0;
  const std::size_t second = board.blank == first + 1 ? first + 2 : first + 1;
  std::swap(other.tiles[first], other.tiles[second]);
  return other;
}

// How many states the engine's BFS pushes when nothing deeper than `limit` may be pushed: with
// duplicates on-push every reachable state is pushed once, so this is the number of states at
// distance <= limit.
std::uint64_t states_within(const Board& from, int limit) {
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
  spec.semantics.depth_limit = limit;
  const SearchResult result = search({from, unreachable_from(from)}, spec);
  REQUIRE(result.status == SearchStatus::NoSolution);
  return result.counters.pushed;
}

std::map<int, std::uint64_t> histogram(const std::unordered_map<std::string, int>& distances) {
  std::map<int, std::uint64_t> count;
  for (const auto& [board, distance] : distances) ++count[distance];
  return count;
}

std::vector<Board> sample_3x3(const Board& goal, int how_many, std::uint64_t seed) {
  std::vector<Board> boards;
  for (int i = 0; i < how_many; ++i) {
    boards.push_back(random_solvable_board(goal, seed + static_cast<std::uint64_t>(i)));
  }
  return boards;
}

std::vector<Board> all_boards(Shape shape, const std::unordered_map<std::string, int>& table) {
  std::vector<Board> boards;
  for (const auto& [key, distance] : table) boards.push_back(board_from_key(shape, key));
  std::sort(boards.begin(), boards.end(),
            [](const Board& a, const Board& b) { return a.tiles_less(b); });
  return boards;
}

// A heuristic that is admissible but not consistent: Manhattan on boards whose blank is in an even
// cell, zero elsewhere. Only reopening the cheaper paths keeps A* optimal with it.
class PatchyManhattan final : public Heuristic {
 public:
  explicit PatchyManhattan(const Board& goal) : goal_(goal) {}
  std::optional<std::int64_t> estimate(const Board& board) override {
    return board.blank % 2 == 0 ? manhattan_distance(board, goal_) : 0;
  }
  std::string name() const override { return "patchy-manhattan"; }

 private:
  GoalCells goal_;
};

const Shape kShape3x3{3, 3};
const Shape kShape2x3{2, 3};

}  // namespace

// BFS expands level by level, so its trace lists every state once, in order of distance: checked
// against the independent walk, that is the whole distribution from one engine search.
void check_trace_levels(const SearchResult& all,
                        const std::unordered_map<std::string, int>& exact) {
  REQUIRE(all.trace.size() == exact.size());
  std::map<int, std::uint64_t> engine_levels;
  int previous = 0;
  bool ordered = true;
  for (const Board& board : all.trace) {
    const int distance = exact.at(key_of(board));
    ordered = ordered && distance >= previous;
    previous = distance;
    ++engine_levels[distance];
  }
  CHECK(ordered);
  CHECK(engine_levels == histogram(exact));
}

TEST_CASE("the engine's BFS gives the published distance distributions") {
  SUBCASE("8-puzzle: 181,440 states, at most 31 moves, exactly two states at 31") {
    const Board goal = goal_board(kShape3x3, GoalLayout::BlankLast);
    SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
    spec.record_trace = true;
    const SearchResult all = search({goal, unreachable_from(goal)}, spec);
    CHECK(all.status == SearchStatus::NoSolution);
    CHECK(all.counters.discovered == 181'440);
    CHECK(all.counters.expanded == 181'440);
    CHECK(all.counters.max_depth == 31);
    CHECK(states_within(goal, 30) == 181'440 - 2);
    check_trace_levels(all, unit_distances(goal));
  }
  SUBCASE("2x3: 360 states, at most 21 moves") {
    const Board goal = goal_board(kShape2x3, GoalLayout::BlankLast);
    SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
    spec.record_trace = true;
    const SearchResult all = search({goal, unreachable_from(goal)}, spec);
    CHECK(all.counters.discovered == 360);
    CHECK(all.counters.max_depth == 21);
    CHECK(states_within(goal, 20) < 360);
    check_trace_levels(all, unit_distances(goal));
  }
}

TEST_CASE("built-in heuristics are admissible, and Manhattan and linear conflict consistent") {
  for (const Board& goal :
       {goal_board(kShape3x3, GoalLayout::BlankLast), goal_board(kShape3x3, GoalLayout::BlankFirst),
        goal_board(kShape2x3, GoalLayout::BlankLast), parse_board(kShape2x3, "0 5 1 3 2 4").value(),
        goal_board(Shape{3, 2}, GoalLayout::BlankFirst)}) {
    CAPTURE(format_tiles(goal));
    const GoalCells cells(goal);
    const auto exact = unit_distances(goal);
    int violations = 0;
    for (const auto& [key, distance] : exact) {
      const Board board = board_from_key(goal.shape, key);
      const std::int64_t manhattan = manhattan_distance(board, cells);
      const std::int64_t conflict = linear_conflict(board, cells);
      if (misplaced_tiles(board, cells) > distance || manhattan > distance || conflict > distance) {
        ++violations;
      }
      for (Move move : kAllMoves) {
        if (!board.can_move(move)) continue;
        const Board next = board.moved(move);
        // One move changes h by at most one step cost (1), in either direction.
        if (std::abs(manhattan - manhattan_distance(next, cells)) != 1) ++violations;
        if (std::abs(conflict - linear_conflict(next, cells)) > 1) ++violations;
      }
    }
    CHECK(violations == 0);
  }
}

TEST_CASE("tile-cost Manhattan is admissible and consistent under tile costs, Manhattan too") {
  for (const Board& goal :
       {goal_board(kShape2x3, GoalLayout::BlankLast), parse_board(kShape2x3, "0 5 1 3 2 4").value(),
        goal_board(Shape{3, 2}, GoalLayout::BlankFirst)}) {
    CAPTURE(format_tiles(goal));
    const GoalCells cells(goal);
    const auto exact = tile_cost_distances(goal);
    REQUIRE(exact.size() == 360);
    int violations = 0;
    int stronger = 0;  // boards where it says more than plain Manhattan: what it is for
    for (const auto& [key, distance] : exact) {
      const Board board = board_from_key(goal.shape, key);
      const std::int64_t weighted = manhattan_tile_cost(board, cells);
      if (weighted > distance || manhattan_distance(board, cells) > distance) ++violations;
      if (weighted > manhattan_distance(board, cells)) ++stronger;
      for (Move move : kAllMoves) {
        if (!board.can_move(move)) continue;
        // Sliding tile t one cell changes its term by exactly t, the move's cost.
        const Board next = board.moved(move);
        if (std::abs(weighted - manhattan_tile_cost(next, cells)) !=
            step_cost(board, move, CostModel::Tile)) {
          ++violations;
        }
      }
    }
    CHECK(violations == 0);
    CHECK(stronger > 300);
  }
}

TEST_CASE("weighted A* (w = 2) under tile costs gives up optimality with tile-cost Manhattan") {
  // The lesson a tile-cost assignment teaches: with plain Manhattan, which counts a 5 like a 1,
  // weighted A* stays optimal on boards this small; with the tile-cost one it does not, and it
  // never finds a path dearer than w times the cheapest (h is admissible).
  const Board goal = goal_board(kShape2x3, GoalLayout::BlankLast);
  const auto exact = tile_cost_distances(goal);
  auto weighted_h = make_builtin_heuristic("manhattan-tile-cost", goal).value();
  int dearer = 0;
  int beyond_bound = 0;
  for (const Board& start : all_boards(kShape2x3, unit_distances(goal))) {
    SearchSpec spec = SearchSpec::of(Algorithm::WeightedAstar);
    spec.weight = Weight{2, 1};
    spec.heuristic = weighted_h.get();
    spec.semantics.cost = CostModel::Tile;
    const SearchResult result = search({start, goal}, spec);
    REQUIRE(result.solved());
    const std::int64_t optimal = exact.at(key_of(start));
    if (result.cost > optimal) ++dearer;
    if (result.cost > 2 * optimal) ++beyond_bound;
  }
  CHECK(dearer > 0);
  CHECK(beyond_bound == 0);
}

TEST_CASE("BFS, UCS, A* and IDA* return optimal paths on every 2x3 state") {
  const Board goal = goal_board(kShape2x3, GoalLayout::BlankLast);
  const auto exact = unit_distances(goal);
  const auto exact_tile = tile_cost_distances(goal);
  REQUIRE(exact.size() == 360);
  auto manhattan = make_builtin_heuristic("manhattan", goal).value();
  auto conflict = make_builtin_heuristic("linear-conflict", goal).value();
  auto weighted = make_builtin_heuristic("manhattan-tile-cost", goal).value();
  PatchyManhattan patchy(goal);

  struct Case {
    const char* name;
    Algorithm algorithm;
    Heuristic* heuristic;
    std::optional<Duplicates> duplicates;
    CostModel cost;
  };
  const std::vector<Case> cases = {
      {"bfs", Algorithm::Bfs, nullptr, std::nullopt, CostModel::Unit},
      {"ucs", Algorithm::Ucs, nullptr, std::nullopt, CostModel::Unit},
      {"ucs tile cost", Algorithm::Ucs, nullptr, std::nullopt, CostModel::Tile},
      {"astar manhattan", Algorithm::Astar, manhattan.get(), Duplicates::ClosedOnPop,
       CostModel::Unit},
      {"astar linear-conflict", Algorithm::Astar, conflict.get(), Duplicates::ClosedOnPop,
       CostModel::Unit},
      {"astar manhattan tile cost", Algorithm::Astar, manhattan.get(), Duplicates::ClosedOnPop,
       CostModel::Tile},
      {"astar manhattan-tile-cost tile cost", Algorithm::Astar, weighted.get(),
       Duplicates::ClosedOnPop, CostModel::Tile},
      {"astar inconsistent h, reopen-if-cheaper", Algorithm::Astar, &patchy,
       Duplicates::ReopenIfCheaper, CostModel::Unit},
      {"idastar manhattan", Algorithm::Idastar, manhattan.get(), std::nullopt, CostModel::Unit},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    int wrong = 0;
    for (const Board& start : all_boards(kShape2x3, exact)) {
      Semantics written;
      written.duplicates = c.duplicates;
      written.cost = c.cost;
      SearchSpec spec = SearchSpec::of(c.algorithm, written);
      spec.heuristic = c.heuristic;
      const SearchResult result = search({start, goal}, spec);
      const std::int64_t optimal =
          c.cost == CostModel::Tile ? exact_tile.at(key_of(start)) : exact.at(key_of(start));
      // The path must be legal, reach the goal, and cost what the search says it costs.
      const auto end = apply_moves(start, result.moves());
      const bool ok = result.solved() && end.ok() && *end == goal && result.cost == optimal &&
                      path_cost(start, result.path, c.cost) == result.cost;
      if (!ok && ++wrong <= 3) {
        FAIL_CHECK(c.name << " from " << format_tiles(start) << ": cost " << result.cost
                          << ", optimal " << optimal);
      }
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE("BFS, UCS, A* and IDA* return optimal paths on seeded random 3x3 states") {
  const Board goal = goal_board(kShape3x3, GoalLayout::BlankLast);
  const auto exact = unit_distances(goal);
  const auto exact_tile = tile_cost_distances(goal);
  auto manhattan = make_builtin_heuristic("manhattan", goal).value();
  auto conflict = make_builtin_heuristic("linear-conflict", goal).value();
  int checked = 0;
  for (const Board& start : sample_3x3(goal, 40, 4242)) {
    const std::int64_t optimal = exact.at(key_of(start));
    SearchSpec spec = SearchSpec::of(Algorithm::Astar);
    if (checked % 4 == 0) {  // BFS visits most of the space from a random start: every 4th
      CHECK(search({start, goal}, SearchSpec::of(Algorithm::Bfs)).cost == optimal);
    }
    spec.heuristic = manhattan.get();
    CHECK(search({start, goal}, spec).cost == optimal);
    spec.heuristic = conflict.get();
    CHECK(search({start, goal}, spec).cost == optimal);
    spec = SearchSpec::of(Algorithm::Idastar);
    spec.heuristic = conflict.get();
    CHECK(search({start, goal}, spec).cost == optimal);
    ++checked;
  }
  // Under tile costs UCS, and A* with Manhattan (which counts 1 per move where a move costs up to
  // 8), explore most of the space per start: a few starts suffice.
  auto manhattan_for_tiles = make_builtin_heuristic("manhattan", goal).value();
  for (const Board& start : sample_3x3(goal, 4, 777)) {
    SearchSpec spec = SearchSpec::of(Algorithm::Ucs);
    spec.semantics.cost = CostModel::Tile;
    CHECK(search({start, goal}, spec).cost == exact_tile.at(key_of(start)));
    spec = SearchSpec::of(Algorithm::Astar);
    spec.semantics.cost = CostModel::Tile;
    spec.heuristic = manhattan_for_tiles.get();
    CHECK(search({start, goal}, spec).cost == exact_tile.at(key_of(start)));
  }
  CHECK(checked == 40);
}
