#include "engine/search_loop.h"

#include <algorithm>
#include <array>
#include <utility>

#include "engine/frontier.h"
#include "engine/node.h"
#include "engine/state_table.h"

namespace tile::detail {

namespace {

std::int64_t priority_of(Algorithm algorithm, const Node& node, Weight weight) {
  switch (algorithm) {
    case Algorithm::Bfs: return node.depth;
    case Algorithm::Ucs: return node.g;
    case Algorithm::Greedy: return node.h;
    case Algorithm::Astar: return node.g + node.h;
    case Algorithm::WeightedAstar:
      return node.g * weight.denominator + weight.numerator * node.h;
    case Algorithm::Dfs:
    case Algorithm::Dls:
    case Algorithm::Iddfs:
    case Algorithm::Idastar: return 0;  // a stack: the tie-break (lifo) alone decides
  }
  return 0;
}

int cells(const LoopInput& input) { return input.problem->start.cells(); }

bool needs_heuristic(Algorithm algorithm, const Semantics& semantics) {
  const auto& keys = *semantics.tie_break;
  return uses_heuristic(algorithm) ||
         std::find(keys.begin(), keys.end(), TieKey::HLow) != keys.end();
}

// Holds the loop's state so that each step of the textbook loop is one small member function.
class FrontierLoop {
 public:
  explicit FrontierLoop(const LoopInput& input)
      : in_(input),
        semantics_(*input.semantics),
        duplicates_(*semantics_.duplicates),
        goal_(input.problem->goal),
        frontier_(*semantics_.tie_break, semantics_.queue, nodes_, input.allow_bucket_queue),
        // Each table is sized for its use and the others left minimal: a search that does not
        // need one pays next to nothing for it.
        marked_(cells(input), duplicates_ == Duplicates::ReopenIfCheaper ? 16 : 1024),
        best_(duplicates_ == Duplicates::ReopenIfCheaper ? StateTable(cells(input), 1024)
                                                         : StateTable(16)),
        wants_h_(needs_heuristic(input.algorithm, semantics_)),
        // With on-push and no bound every reached state gets marked, so the marks double as the
        // discovered set; otherwise a separate table counts distinct states.
        marks_are_seen_(duplicates_ == Duplicates::OnPush && !input.depth_limit &&
                        !input.f_bound),
        seen_(cells(input), marks_are_seen_ ? 16 : 1024) {
    out_.result.semantics = semantics_;
  }

  LoopOutcome run() {
    if (!push_start()) return finish();
    while (!frontier_.empty()) {
      if (over_budget()) return finish();
      std::uint32_t index = frontier_.pop();
      ++counters().popped;
      if (duplicates_ == Duplicates::ReopenIfCheaper) {
        index = best_.find(pack(nodes_[index].board));  // expand with the best known g
      }
      const Node node = nodes_[index];  // a copy: expanding grows the store
      const bool marks_on_pop =
          duplicates_ == Duplicates::ClosedOnPop || duplicates_ == Duplicates::VisitedOnPop;
      const PackedState key = marks_on_pop ? pack(node.board) : PackedState{};
      if (duplicates_ == Duplicates::ClosedOnPop && marked_.contains(key)) continue;
      if (semantics_.goal_test == GoalTest::OnPop && node.board == goal_) {
        solved(index);
        return finish();
      }
      if (marks_on_pop) marked_.insert(key);
      if (!expand(index, node)) return finish();
    }
    out_.result.status = SearchStatus::NoSolution;
    return finish();
  }

 private:
  Counters& counters() { return out_.result.counters; }

  bool push_start() {
    Node start;
    start.board = in_.problem->start;
    if (wants_h_ && !evaluate(start)) return false;
    const std::uint32_t index = nodes_.add(start);
    counters().discovered = 1;
    if (!marks_are_seen_) seen_.insert(pack(start.board));
    if (semantics_.goal_test == GoalTest::OnGenerate && start.board == goal_) {
      solved(index);
      return false;
    }
    if (in_.depth_limit && *in_.depth_limit < 0) {
      out_.cut_off = true;
      out_.result.status = SearchStatus::NoSolution;
      return false;
    }
    if (in_.f_bound && start.g + start.h > *in_.f_bound) {
      out_.cut_off = true;
      out_.smallest_pruned_f = start.g + start.h;
      out_.result.status = SearchStatus::NoSolution;
      return false;
    }
    if (duplicates_ == Duplicates::OnPush) marked_.insert(pack(start.board));
    if (duplicates_ == Duplicates::ReopenIfCheaper) best_.insert(pack(start.board), index);
    push(index);
    return true;
  }

  // Generates the children of `node` in action order, filters them, and pushes the survivors in
  // push order. Returns false when the search is over (solved on generate, or a failure).
  bool expand(std::uint32_t index, const Node& node) {
    ++counters().expanded;
    if (in_.record_trace) out_.result.trace.push_back(node.board);
    std::array<std::uint32_t, kMoveCount> children{};
    int child_count = 0;
    for (int rank = 0; rank < kMoveCount; ++rank) {
      const Move move = semantics_.action_order[static_cast<std::size_t>(rank)];
      if (!node.board.can_move(move)) continue;
      if (*semantics_.prune_reverse_move && node.parent != kNoParent &&
          move == reverse_move(node.action)) {
        continue;
      }
      // Initialised in one expression, so the moved board is built in place (assigning it
      // afterwards made the CPU wait on a copy of freshly written bytes, a tenth of a BFS).
      Node child{
          .board = node.board.moved(move),
          .parent = index,
          .g = node.g + static_cast<std::int32_t>(step_cost(node.board, move, semantics_.cost)),
          .depth = node.depth + 1,
          .h = 0,
          .parent_expansion = static_cast<std::uint32_t>(counters().expanded),
          .action_rank = static_cast<std::int8_t>(rank),
          .action = move,
      };
      ++counters().generated;
      const PackedState key = pack(child.board);
      if (!marks_are_seen_ && seen_.insert(key)) ++counters().discovered;
      if (in_.depth_limit && child.depth > *in_.depth_limit) {
        out_.cut_off = true;
        continue;
      }
      if (semantics_.goal_test == GoalTest::OnGenerate && child.board == goal_) {
        if (marks_are_seen_ && !marked_.contains(key)) ++counters().discovered;
        solved(nodes_.add(child));
        return false;
      }
      if (!admits(key, child)) continue;
      if (wants_h_ && !evaluate(child)) return false;
      if (in_.f_bound && child.g + child.h > *in_.f_bound) {
        out_.cut_off = true;
        out_.smallest_pruned_f = std::min<std::int64_t>(out_.smallest_pruned_f, child.g + child.h);
        continue;
      }
      const std::uint32_t child_index = nodes_.add(child);
      record_push(key, child_index);
      children[static_cast<std::size_t>(child_count++)] = child_index;
    }
    if (*semantics_.push_order == PushOrder::Reverse) {
      std::reverse(children.begin(), children.begin() + child_count);
    }
    for (int i = 0; i < child_count; ++i) push(children[static_cast<std::size_t>(i)]);
    return true;
  }

  // The duplicate policy's verdict on pushing a child.
  bool admits(PackedState key, const Node& child) const {
    switch (duplicates_) {
      case Duplicates::OnPush:
      case Duplicates::ClosedOnPop:
      case Duplicates::VisitedOnPop: return !marked_.contains(key);
      case Duplicates::ReopenIfCheaper: {
        const std::uint32_t best = best_.find(key);
        return best == StateTable::kAbsent || child.g < nodes_[best].g;
      }
      case Duplicates::None: return true;
    }
    return true;
  }

  void record_push(PackedState key, std::uint32_t index) {
    if (duplicates_ == Duplicates::OnPush) {
      marked_.insert(key);
      if (marks_are_seen_) ++counters().discovered;
    } else if (duplicates_ == Duplicates::ReopenIfCheaper) {
      best_.assign(key, index);
    }
  }

  void push(std::uint32_t index) {
    const Node& node = nodes_[index];
    frontier_.push(priority_of(in_.algorithm, node, in_.weight), index);
    ++counters().pushed;
    counters().max_frontier = std::max<std::uint64_t>(counters().max_frontier, frontier_.size());
    counters().max_depth = std::max<std::uint64_t>(counters().max_depth,
                                                   static_cast<std::uint64_t>(node.depth));
  }

  bool evaluate(Node& node) {
    const auto value = in_.heuristic ? in_.heuristic->estimate(node.board) : std::nullopt;
    if (!value) {
      out_.result.status = SearchStatus::HeuristicFailed;
      out_.result.message = in_.heuristic ? in_.heuristic->failure_message()
                                          : "this algorithm needs a heuristic and none was given";
      return false;
    }
    node.h = *value;
    return true;
  }

  bool over_budget() {
    if (nodes_.size() >= in_.limits.max_nodes) {
      out_.result.status = SearchStatus::NodeBudgetExceeded;
      out_.result.message = "stopped after creating " + std::to_string(nodes_.size()) +
                            " nodes (node budget " + std::to_string(in_.limits.max_nodes) + ")";
      return true;
    }
    if ((counters().popped & 1023) == 0) {
      const std::size_t bytes = nodes_.memory_bytes() + marked_.memory_bytes() +
                                best_.memory_bytes() + seen_.memory_bytes() +
                                frontier_.memory_bytes();
      if (bytes > in_.limits.max_memory_bytes) {
        out_.result.status = SearchStatus::MemoryBudgetExceeded;
        out_.result.message = "stopped at about " + std::to_string(bytes >> 20) +
                              " MiB (memory budget " +
                              std::to_string(in_.limits.max_memory_bytes >> 20) + " MiB)";
        return true;
      }
    }
    return false;
  }

  void solved(std::uint32_t index) {
    out_.result.status = SearchStatus::Solved;
    out_.result.path = nodes_.path_to(index);
    out_.result.cost = nodes_[index].g;
  }

  LoopOutcome finish() {
    out_.nodes_created = nodes_.size();
    return std::move(out_);
  }

  const LoopInput& in_;
  const Semantics& semantics_;
  const Duplicates duplicates_;
  const Board& goal_;
  NodeStore nodes_;
  Frontier frontier_;
  StateSet marked_;   // on-push marks, the closed set or the visited set
  StateTable best_;   // reopen-if-cheaper: the node with the best g per state
  const bool wants_h_;
  const bool marks_are_seen_;
  StateSet seen_;     // distinct states reached, when the marks cannot tell
  LoopOutcome out_;
};

}  // namespace

LoopOutcome run_frontier_loop(const LoopInput& input) { return FrontierLoop(input).run(); }

}  // namespace tile::detail
