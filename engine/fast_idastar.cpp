#include "engine/fast_idastar.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "engine/fast_idastar_eval.h"
#include "engine/permutation_rank.h"
#include "engine/state_records.h"

namespace tile {

std::string_view fast_status_name(FastIdaStatus status) {
  switch (status) {
    case FastIdaStatus::Solved: return "solved";
    case FastIdaStatus::NoSolution: return "no-solution";
    case FastIdaStatus::NodeBudgetExceeded: return "node-budget-exceeded";
    case FastIdaStatus::MemoryBudgetExceeded: return "memory-budget-exceeded";
    case FastIdaStatus::TimeBudgetExceeded: return "time-budget-exceeded";
  }
  return "?";
}

namespace {

using namespace fast_ida;

using Clock = std::chrono::steady_clock;

// Generic: the generic engine's stack loop, node for node. Korf: Korf's loop, children generated
// one at a time; the generic counters it can rebuild afterwards, it does (see fast_idastar.h).
enum class Counting { Korf, Generic, GenericWithDiscovered };

template <class Eval, Counting kCounting>
class IdaSearch {
 public:
  IdaSearch(const Board& start, const Board& goal, const FastIdaSpec& spec, Eval eval)
      : spec_(spec),
        goal_(goal),
        start_(start),
        board_(start),
        moves_(start.shape, spec.action_order, /*skip_reverse=*/true),
        eval_(std::move(eval)) {}

  FastIdaResult run() {
    const auto began = Clock::now();
    if (spec_.seconds_budget > 0) {
      deadline_ = began + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(spec_.seconds_budget));
    }
    const int start_h = eval_.start(board_);
    out_.initial_h = start_h;
    out_.korf_generated = 1;  // the root, once (not once per round)
    bound_ = start_h;
    std::uint64_t nodes_used = 0;
    while (out_.iterations < spec_.max_iterations) {
      begin_round(spec_.max_nodes - std::min(nodes_used, spec_.max_nodes));
      const bool stopped = kGeneric ? visit_generic(0, start_h, start_.blank, kNoPrevious)
                                    : visit_korf(0, start_h, start_.blank, kNoPrevious);
      ++out_.iterations;
      nodes_used += kGeneric ? round_created_ : round_.popped;
      end_round();
      out_.bound = bound_;
      if (stopped) break;
      if (next_bound_ == kNoBound) break;  // nothing was cut off: the goal is unreachable
      bound_ = next_bound_;
    }
    if (out_.status == FastIdaStatus::NoSolution && out_.iterations >= spec_.max_iterations) {
      out_.message = "gave up after " + std::to_string(out_.iterations) + " rounds";
    }
    if (out_.status == FastIdaStatus::Solved) finish_solved();
    out_.seconds = std::chrono::duration<double>(Clock::now() - began).count();
    return std::move(out_);
  }

 private:
  static constexpr bool kGeneric = kCounting != Counting::Korf;
  static constexpr bool kDiscovered = kCounting == Counting::GenericWithDiscovered;
  static constexpr int kNoBound = std::numeric_limits<int>::max();
  // The clock (and, counting as Korf, the node budget) is looked at every 65536 nodes.
  static constexpr std::uint64_t kCheckMask = (1u << 16) - 1;

  struct Child {
    typename Eval::Change change;
    int h = 0;
    std::uint8_t move = 0;
    std::uint8_t cell = 0;
  };

  void begin_round(std::uint64_t budget) {
    round_ = Counters{};
    round_budget_ = budget;
    round_created_ = 1;  // the start
    round_.pushed = 1;
    round_.max_frontier = 1;
    frontier_ = 1;
    next_bound_ = kNoBound;
    path_.assign(static_cast<std::size_t>(bound_) + 1, 0);
    if constexpr (kDiscovered) {
      seen_.clear();
      seen_.set_status(seen_.find(pack(board_)), StateStatus::Reached);
      round_.discovered = 1;
    }
  }

  void end_round() {
    if constexpr (!kGeneric) {
      // Every node pushed in a finished round is popped and expanded (the goal pop and the
      // final path's later siblings are settled in finish_solved).
      round_.expanded = round_.popped;
      round_.pushed = round_.popped;
      round_.max_frontier = 0;  // not tracked counting as Korf
    }
    out_.counters.add_round(round_);
    out_.korf_generated += round_.generated;
  }

  // Korf's loop: each child generated, valued and, within the bound, searched before the next one
  // is generated. Returns true when the search stops: the goal is found or a budget ran out. The
  // blank's cell is a parameter and the move list a local copy: the board is bytes, and a store
  // through a byte pointer could alias any member, which would make the compiler reload them after
  // every recursive call. The path is written on the way back up from the goal, once.
  bool visit_korf(int g, int h, int blank, int previous) {
    ++round_.popped;
    if (static_cast<std::uint64_t>(g) > round_.max_depth) {
      round_.max_depth = static_cast<std::uint64_t>(g);
    }
    if ((round_.popped & kCheckMask) == 0) {
      if (over_time()) return stop(FastIdaStatus::TimeBudgetExceeded);
      if (round_.popped >= round_budget_) return stop(FastIdaStatus::NodeBudgetExceeded);
    }
    if (h == 0 && board_.tiles == goal_.tiles) return solved(g);
    const MoveList moves = moves_.at(blank, previous);
    for (int i = 0; i < moves.count; ++i) {
      const int cell = moves.cell[static_cast<std::size_t>(i)];
      const int tile = board_.tiles[static_cast<std::size_t>(cell)];
      typename Eval::Change change;
      const int child_h = eval_.child(h, tile, cell, blank, change);
      ++round_.generated;
      const int f = g + 1 + child_h;
      if (f > bound_) {
        if (f < next_bound_) next_bound_ = f;
        continue;
      }
      const int move = moves.move[static_cast<std::size_t>(i)];
      slide(tile, cell, blank, change);
      if (visit_korf(g + 1, child_h, cell, move)) {
        path_[static_cast<std::size_t>(g)] = static_cast<std::uint8_t>(move);
        return true;
      }
      slide_back(tile, cell, blank, change);
    }
    return false;
  }

  // The generic stack loop's order: a popped node gets its goal test, then ALL its children are
  // generated and valued (pushed when within the bound), then each pushed child is searched.
  bool visit_generic(int g, int h, int blank, int previous) {
    if (round_created_ >= round_budget_) return stop(FastIdaStatus::NodeBudgetExceeded);
    ++round_.popped;
    --frontier_;
    if ((round_.popped & kCheckMask) == 0 && over_time()) {
      return stop(FastIdaStatus::TimeBudgetExceeded);
    }
    if (h == 0 && board_.tiles == goal_.tiles) return solved(g);
    ++round_.expanded;
    const MoveList moves = moves_.at(blank, previous);
    round_.generated += moves.count;
    const int child_g = g + 1;
    std::array<Child, kMoveCount> children;
    int within = 0;
    for (int i = 0; i < moves.count; ++i) {
      const int cell = moves.cell[static_cast<std::size_t>(i)];
      const int tile = board_.tiles[static_cast<std::size_t>(cell)];
      Child& child = children[static_cast<std::size_t>(within)];
      const int child_h = eval_.child(h, tile, cell, blank, child.change);
      if constexpr (kDiscovered) {
        if (!note_discovered(blank, cell)) return stop(FastIdaStatus::MemoryBudgetExceeded);
      }
      const int f = child_g + child_h;
      if (f <= bound_) {
        child.h = child_h;
        child.move = moves.move[static_cast<std::size_t>(i)];
        child.cell = static_cast<std::uint8_t>(cell);
        ++within;
      } else if (f < next_bound_) {
        next_bound_ = f;
      }
    }
    if (within > 0) {
      round_.pushed += static_cast<std::uint64_t>(within);
      round_created_ += static_cast<std::uint64_t>(within);
      frontier_ += static_cast<std::uint64_t>(within);
      round_.max_frontier = std::max(round_.max_frontier, frontier_);
      round_.max_depth = std::max(round_.max_depth, static_cast<std::uint64_t>(child_g));
    }
    for (int i = 0; i < within; ++i) {
      Child& child = children[static_cast<std::size_t>(i)];
      const int tile = board_.tiles[child.cell];
      slide(tile, child.cell, blank, child.change);
      if (visit_generic(child_g, child.h, child.cell, child.move)) {
        path_[static_cast<std::size_t>(g)] = child.move;
        return true;
      }
      slide_back(tile, child.cell, blank, child.change);
    }
    return false;
  }

  // The blank moves from `from` to `cell`, the tile the other way.
  void slide(int tile, int cell, int from, typename Eval::Change& change) {
    board_.tiles[static_cast<std::size_t>(from)] = static_cast<std::uint8_t>(tile);
    board_.tiles[static_cast<std::size_t>(cell)] = 0;
    eval_.apply(tile, cell, from, change);
  }
  void slide_back(int tile, int cell, int from, const typename Eval::Change& change) {
    eval_.undo(tile, cell, from, change);
    board_.tiles[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(tile);
    board_.tiles[static_cast<std::size_t>(from)] = 0;
  }

  bool solved(int length) {
    out_.status = FastIdaStatus::Solved;
    solution_length_ = length;
    return true;
  }

  bool stop(FastIdaStatus status) {
    out_.status = status;
    switch (status) {
      case FastIdaStatus::NodeBudgetExceeded:
        // Worded as the generic loop words it, per round.
        out_.message = kGeneric ? "stopped after creating " + std::to_string(round_created_) +
                                      " nodes (node budget " + std::to_string(round_budget_) + ")"
                                : "stopped after visiting " + std::to_string(round_.popped) +
                                      " nodes (node budget " + std::to_string(round_budget_) + ")";
        break;
      case FastIdaStatus::MemoryBudgetExceeded:
        out_.message = "stopped at about " + std::to_string(seen_.memory_bytes() >> 20) +
                       " MiB of discovered states (memory budget " +
                       std::to_string(spec_.max_memory_bytes >> 20) + " MiB)";
        break;
      case FastIdaStatus::TimeBudgetExceeded:
        out_.message = "stopped after " + std::to_string(spec_.seconds_budget) +
                       " s; no solution is shorter than " + std::to_string(bound_) + " moves";
        break;
      default: break;
    }
    return true;
  }

  bool over_time() const { return spec_.seconds_budget > 0 && Clock::now() > deadline_; }

  // The child whose blank goes from `blank` to `cell`, added to this round's discovered set.
  bool note_discovered(int blank, int cell) {
    const auto to = static_cast<std::size_t>(cell);
    const auto from = static_cast<std::size_t>(blank);
    std::swap(board_.tiles[to], board_.tiles[from]);
    const auto record = seen_.find(pack(board_));
    if (seen_.status(record) == StateStatus::New) {
      seen_.set_status(record, StateStatus::Reached);
      ++round_.discovered;
    }
    std::swap(board_.tiles[to], board_.tiles[from]);
    return seen_.memory_bytes() <= spec_.max_memory_bytes;
  }

  // The path, and the counters that differ between Korf's lazy order and the generic eager one:
  // at each node of the solution path, the moves after the one taken are generated by the generic
  // loop (and pushed when within the bound) but never by Korf's.
  void finish_solved() {
    for (int i = 0; i < solution_length_; ++i) {
      out_.path.push_back(static_cast<Move>(path_[static_cast<std::size_t>(i)]));
    }
    std::uint64_t later_generated = 0;
    std::uint64_t later_pushed = 0;
    board_ = start_;
    int blank = start_.blank;
    int h = eval_.start(board_);
    int previous = kNoPrevious;
    for (int g = 0; g < solution_length_; ++g) {
      const auto taken = static_cast<std::uint8_t>(out_.path[static_cast<std::size_t>(g)]);
      const MoveList& moves = moves_.at(blank, previous);
      int taken_index = 0;
      while (moves.move[static_cast<std::size_t>(taken_index)] != taken) ++taken_index;
      for (int i = taken_index + 1; i < moves.count; ++i) {
        const int cell = moves.cell[static_cast<std::size_t>(i)];
        typename Eval::Change change;
        const int child_h =
            eval_.child(h, board_.tiles[static_cast<std::size_t>(cell)], cell, blank, change);
        ++later_generated;
        if (g + 1 + child_h <= bound_) ++later_pushed;
      }
      const int cell = moves.cell[static_cast<std::size_t>(taken_index)];
      const int tile = board_.tiles[static_cast<std::size_t>(cell)];
      typename Eval::Change change;
      h = eval_.child(h, tile, cell, blank, change);
      slide(tile, cell, blank, change);
      blank = cell;
      previous = taken;
    }
    if constexpr (kGeneric) {
      out_.korf_generated -= later_generated;
    } else {
      out_.counters.generated += later_generated;
      out_.counters.pushed += later_pushed;
      out_.counters.expanded -= 1;  // the goal was popped, not expanded
    }
  }

  const FastIdaSpec& spec_;
  const Board& goal_;
  const Board start_;
  Board board_;  // changed in place; the blank's cell travels as a parameter
  SuccessorTable moves_;  // shared with the generic loop
  Eval eval_;
  FastIdaResult out_;
  Counters round_;
  std::uint64_t round_budget_ = 0;
  std::uint64_t round_created_ = 0;
  std::uint64_t frontier_ = 0;
  int bound_ = 0;
  int next_bound_ = kNoBound;
  int solution_length_ = 0;
  std::vector<std::uint8_t> path_;
  Clock::time_point deadline_{};
  // The generic loop's state records (state_records.h): discovered is the number that left New.
  HashedRecords seen_{0, false};
};

template <class Eval>
FastIdaResult run_with(const Board& start, const Board& goal, const FastIdaSpec& spec, Eval eval) {
  if (spec.count_discovered) {
    return IdaSearch<Eval, Counting::GenericWithDiscovered>(start, goal, spec, std::move(eval))
        .run();
  }
  if (spec.counting == FastCounting::Generic) {
    return IdaSearch<Eval, Counting::Generic>(start, goal, spec, std::move(eval)).run();
  }
  return IdaSearch<Eval, Counting::Korf>(start, goal, spec, std::move(eval)).run();
}

}  // namespace

Result<FastIdaResult> fast_idastar(const Board& start, const Board& goal, const FastIdaSpec& spec) {
  if (!(start.shape == goal.shape)) {
    return Error{"start is " + format_shape(start.shape) + " but goal is " +
                 format_shape(goal.shape)};
  }
  if (!spec.pdb) return run_with(start, goal, spec, ManhattanEval(goal));
  if (!(spec.pdb->goal() == goal)) {
    return Error{"the pattern databases were built for another goal"};
  }
  if (spec.pdb->mirror()) return run_with(start, goal, spec, PdbEval<true>(*spec.pdb));
  return run_with(start, goal, spec, PdbEval<false>(*spec.pdb));
}

}  // namespace tile
