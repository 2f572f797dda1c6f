// The price of a student's Lua heuristic: A* with a Lua Manhattan against the native one on the
// same boards. Goal: at most 15x slower per search. Two Lua versions: the idiomatic one through the
// board methods (what the handout teaches) and one with precomputed goal rows and columns.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench.h"
#include "engine/random_boards.h"
#include "engine/search.h"
#include "grader/sandbox/lua_heuristic.h"

namespace tile::bench {
namespace {

constexpr const char* kMethods = R"(
function heuristic(board)
  local sum = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      sum = sum + math.abs(board:row(cell) - board:row(goal))
                + math.abs(board:col(cell) - board:col(goal))
    end
  end
  return sum
end
)";

constexpr const char* kTables = R"(
local goal_row, goal_col, row, col
function heuristic(board)
  if not goal_row then
    goal_row, goal_col, row, col = {}, {}, {}, {}
    for cell = 1, board:size() do
      row[cell], col[cell] = board:row(cell), board:col(cell)
    end
    for tile = 1, board:size() - 1 do
      local goal = board:goal_cell(tile)
      goal_row[tile], goal_col[tile] = row[goal], col[goal]
    end
  end
  local sum, abs = 0, math.abs
  for cell = 1, #board do
    local tile = board[cell]
    if tile ~= 0 then
      sum = sum + abs(row[cell] - goal_row[tile]) + abs(col[cell] - goal_col[tile])
    end
  end
  return sum
end
)";

struct Timing {
  double seconds = 0;
  std::uint64_t expanded = 0;
  std::uint64_t evaluations = 0;
};

Timing run_astar(const std::vector<Problem>& problems, Heuristic& heuristic) {
  Timing timing;
  timing.seconds = best_seconds(3, [&] {
    timing.expanded = 0;
    for (const Problem& problem : problems) {
      SearchSpec spec = SearchSpec::of(Algorithm::Astar);
      spec.heuristic = &heuristic;
      const SearchResult result = search(problem, spec);
      if (!result.solved()) std::printf("  unsolved: %s\n", result.message.c_str());
      timing.expanded += result.counters.expanded;
    }
  });
  return timing;
}

void compare(const std::string& label, const std::vector<Problem>& problems) {
  const Board& goal = problems.front().goal;
  auto native = make_builtin_heuristic("manhattan", goal);
  const Timing native_timing = run_astar(problems, **native);
  figure(label + ": native manhattan", native_timing.seconds * 1000, "ms");
  for (const auto& [name, source] : {std::pair{"lua (board methods)", kMethods},
                                     std::pair{"lua (precomputed tables)", kTables}}) {
    auto sandbox = LuaSandbox::from_source("bench.lua", source, {});
    if (!sandbox) {
      std::printf("  %s\n", sandbox.error().c_str());
      return;
    }
    auto lua = LuaHeuristic::create(**sandbox, "heuristic", goal, ~std::uint64_t{0});
    const std::uint64_t before = (*lua)->calls();
    const Timing lua_timing = run_astar(problems, **lua);
    const double calls_per_run = static_cast<double>((*lua)->calls() - before) / 3;
    figure(label + ": " + name, lua_timing.seconds * 1000, "ms");
    figure(label + ": " + name + " / native (goal <= 15)",
           lua_timing.seconds / native_timing.seconds, "x");
    figure(label + ": " + name + ", search time per heuristic call",
           lua_timing.seconds / calls_per_run * 1e9, "ns");
    if (lua_timing.expanded != native_timing.expanded) {
      std::printf("  MISMATCH: %llu expansions with lua, %llu native\n",
                  static_cast<unsigned long long>(lua_timing.expanded),
                  static_cast<unsigned long long>(native_timing.expanded));
    }
  }
  figure(label + ": expansions per run", static_cast<double>(native_timing.expanded), "nodes");
}

// The fixed cost of one call into the sandbox (board rewrite, protected call, purity check), with
// a heuristic that does nothing, and the cost of the two Manhattan versions alone.
TILE_BENCH("lua_heuristic_call", "one LuaHeuristic::estimate call, without any search") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  std::vector<Board> boards;
  for (std::uint64_t seed = 1; seed <= 1000; ++seed)
    boards.push_back(random_solvable_board(goal, seed));
  auto native = make_builtin_heuristic("manhattan", goal);
  constexpr int kRounds = 100;
  const double native_seconds = best_seconds(3, [&] {
    for (int round = 0; round < kRounds; ++round) {
      for (const Board& board : boards) (*native)->estimate(board);
    }
  });
  figure("native manhattan per call", native_seconds / (kRounds * 1000.0) * 1e9, "ns");
  for (const auto& [name, source] :
       {std::pair{"lua returning 0", "function heuristic(board) return 0 end"},
        std::pair{"lua (board methods)", kMethods},
        std::pair{"lua (precomputed tables)", kTables}}) {
    auto sandbox = LuaSandbox::from_source("bench.lua", source, {});
    auto lua = LuaHeuristic::create(**sandbox, "heuristic", goal, ~std::uint64_t{0});
    const double seconds = best_seconds(3, [&] {
      for (int round = 0; round < kRounds; ++round) {
        for (const Board& board : boards) (*lua)->estimate(board);
      }
    });
    figure(std::string(name) + " per call", seconds / (kRounds * 1000.0) * 1e9, "ns");
  }
}

TILE_BENCH("lua_heuristic_astar",
           "A* with a Lua Manhattan heuristic vs the native one, same boards (goal: <= 15x)") {
  const Board goal8 = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  std::vector<Problem> eight;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    eight.push_back({random_solvable_board(goal8, seed), goal8});
  }
  compare("8-puzzle x20", eight);

  const Board goal15 = goal_board(Shape{4, 4}, GoalLayout::BlankLast);
  std::vector<Problem> fifteen;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    fifteen.push_back({scrambled_board(goal15, 40, seed), goal15});
  }
  compare("15-puzzle x5 (40-move scrambles)", fifteen);
}

}  // namespace
}  // namespace tile::bench
