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

// A tree search keeps no parent table to overwrite (semantics.h).
bool links_last(const Semantics& semantics) {
  return semantics.parent_link == ParentLink::Last && *semantics.duplicates != Duplicates::None;
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
        open_(duplicates_ == Duplicates::ReplaceIfCheaper ? StateTable(cells(input), 1024)
                                                          : StateTable(16)),
        wants_h_(needs_heuristic(input.algorithm, semantics_)),
        // With on-push and no bound every reached state gets marked, so the marks double as the
        // discovered set; otherwise a separate table counts distinct states.
        // A start left unmarked is marked again when a child reaches it: it would count twice.
        marks_are_seen_(duplicates_ == Duplicates::OnPush && !input.depth_limit &&
                        !input.f_bound && semantics_.start_marked == StartMarked::Yes),
        seen_(cells(input), marks_are_seen_ ? 16 : 1024),
        // parent_link: last keeps one parent per state, the node of its last push.
        last_push_(links_last_ ? StateTable(cells(input), 1024) : StateTable(16)) {
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
      const Node& node = nodes_[index];  // stays put: the store grows by blocks, never moves
      const bool marks_on_pop = duplicates_ == Duplicates::ClosedOnPop ||
                                duplicates_ == Duplicates::VisitedOnPop ||
                                duplicates_ == Duplicates::ReplaceIfCheaper;
      const PackedState key = marks_on_pop || closes_ ? pack(node.board) : PackedState{};
      if (closes_ && marked_.contains(key)) continue;
      if (semantics_.goal_test == GoalTest::OnPop) {
        ++counters().goal_tests;
        if (node.board == goal_) {
          solved(index);
          return finish();
        }
      }
      if (marks_on_pop) marked_.insert(key);
      if (cut_off_here(node)) continue;
      if (duplicates_ == Duplicates::ClosedOnExpand) marked_.insert(key);
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
    if (semantics_.goal_test == GoalTest::OnGenerate) {  // not on-generate-not-start
      ++counters().goal_tests;
      if (start.board == goal_) {
        solved(index);
        return false;
      }
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
    if (duplicates_ == Duplicates::OnPush && semantics_.start_marked == StartMarked::Yes) {
      marked_.insert(pack(start.board));
    }
    if (duplicates_ == Duplicates::ReopenIfCheaper) best_.insert(pack(start.board), index);
    if (duplicates_ == Duplicates::ReplaceIfCheaper) open_.assign(pack(start.board), index);
    push(index);
    return true;
  }

  // at_depth_limit: cut-off: a node at the depth limit has been popped and goal-tested, and that
  // is all (AIMA's `if limit == 0: return cutoff`).
  bool cut_off_here(const Node& node) {
    if (semantics_.at_depth_limit != AtDepthLimit::CutOff || !in_.depth_limit ||
        node.depth < *in_.depth_limit) {
      return false;
    }
    out_.cut_off = true;
    if (in_.depth_cut_f) out_.smallest_cut_f = std::min(out_.smallest_cut_f, node.g + node.h);
    return true;
  }

  // cycle_check: path: whether `board` is `node`'s or one of its ancestors'.
  bool on_path(const Node& node, const Board& board) const {
    if (node.board == board) return true;
    for (std::uint32_t at = node.parent; at != kNoParent; at = nodes_[at].parent) {
      if (nodes_[at].board == board) return true;
    }
    return false;
  }

  // Children after `rank` that would be generated: AIMA's expand builds them all before the goal
  // child is tested (the counter `built`).
  std::uint64_t later_siblings(const Node& node, int rank) const {
    std::uint64_t count = 0;
    for (int later = rank + 1; later < kMoveCount; ++later) {
      const Move move = semantics_.action_order[static_cast<std::size_t>(later)];
      if (node.board.can_move(move) && !reverse_pruned(node, move)) ++count;
    }
    return count;
  }

  bool reverse_pruned(const Node& node, Move move) const {
    return *semantics_.cycle_check == CycleCheck::ReverseMove && node.parent != kNoParent &&
           move == reverse_move(node.action);
  }

  // Generates the children of `node` in action order, filters them, and pushes the survivors in
  // push order. Returns false when the search is over (solved on generate, or a failure).
  bool expand(std::uint32_t index, const Node& node) {
    ++counters().expanded;
    if (!in_.depth_limit || node.depth < *in_.depth_limit) ++counters().expanded_below_limit;
    if (in_.record_trace) out_.result.trace.push_back(node.board);
    std::array<std::uint32_t, kMoveCount> children{};
    std::array<std::uint32_t, kMoveCount> replaced{};
    int child_count = 0;
    const PackedState node_key = pack(node.board);  // each child's key is a swap away from it
    for (int rank = 0; rank < kMoveCount; ++rank) {
      const Move move = semantics_.action_order[static_cast<std::size_t>(rank)];
      if (!node.board.can_move(move) || reverse_pruned(node, move)) continue;
      // Initialised in one expression, so the moved board is built in place (assigning it
      // afterwards made the CPU wait on a copy of freshly written bytes, a tenth of a BFS).
      Node child{
          .board = node.board.moved(move),
          .parent = index,
          .g = node.g + (tile_cost_ ? node.board.tile_moved_by(move) : 1),
          .depth = node.depth + 1,
          .h = 0,
          .parent_expansion = static_cast<std::uint32_t>(counters().expanded),
          .action_rank = static_cast<std::int8_t>(rank),
          .action = move,
      };
      ++counters().generated;
      ++counters().built;
      const PackedState key = pack_moved(node_key, node.board, move);
      if (!marks_are_seen_ && seen_.insert(key)) ++counters().discovered;
      if (*semantics_.cycle_check == CycleCheck::Path && on_path(node, child.board)) {
        continue;
      }
      if (in_.depth_limit && child.depth > *in_.depth_limit) {
        out_.cut_off = true;
        if (in_.depth_cut_f) {
          if (!evaluate(child)) return false;
          out_.smallest_cut_f = std::min(out_.smallest_cut_f, child.g + child.h);
        }
        continue;
      }
      if (!admits(key, child)) continue;
      if (semantics_.goal_test != GoalTest::OnPop) {
        ++counters().goal_tests;
        if (child.board == goal_) {
          counters().built += later_siblings(node, rank);
          if (marks_are_seen_ && !marked_.contains(key)) ++counters().discovered;
          solved(nodes_.add(child));
          return false;
        }
      }
      if (wants_h_ && !evaluate(child)) return false;
      std::uint32_t old = StateTable::kAbsent;
      if (duplicates_ == Duplicates::ReplaceIfCheaper) {
        old = open_.find(key);
        if (old != StateTable::kAbsent && !(priority(child) < priority(nodes_[old]))) continue;
      }
      if (in_.f_bound && child.g + child.h > *in_.f_bound) {
        out_.cut_off = true;
        out_.smallest_pruned_f = std::min<std::int64_t>(out_.smallest_pruned_f, child.g + child.h);
        continue;
      }
      const std::uint32_t child_index = nodes_.add(child);
      record_push(key, child_index);
      replaced[static_cast<std::size_t>(child_count)] = old;
      children[static_cast<std::size_t>(child_count++)] = child_index;
    }
    if (*semantics_.push_order == PushOrder::Reverse) {
      std::reverse(children.begin(), children.begin() + child_count);
      std::reverse(replaced.begin(), replaced.begin() + child_count);
    }
    for (int i = 0; i < child_count; ++i) {
      // A replacement takes the old entry off just before the new one goes on, as AIMA's
      // `del frontier[child]; frontier.append(child)`.
      const std::uint32_t old = replaced[static_cast<std::size_t>(i)];
      if (old != StateTable::kAbsent) frontier_.remove(old);
      push(children[static_cast<std::size_t>(i)]);
    }
    return true;
  }

  // The duplicate policy's verdict on pushing a child.
  bool admits(PackedState key, const Node& child) const {
    switch (duplicates_) {
      case Duplicates::OnPush:
      case Duplicates::ClosedOnPop:
      case Duplicates::VisitedOnPop:
      case Duplicates::ReplaceIfCheaper:  // the frontier: expand()
      case Duplicates::ClosedOnExpand: return !marked_.contains(key);
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
    } else if (duplicates_ == Duplicates::ReplaceIfCheaper) {
      open_.assign(key, index);
    }
  }

  std::int64_t priority(const Node& node) const {
    return priority_of(in_.algorithm, node, in_.weight);
  }

  void push(std::uint32_t index) {
    const Node& node = nodes_[index];
    if (links_last_) last_push_.assign(pack(node.board), index);
    frontier_.push(priority(node), index);
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
                                best_.memory_bytes() + open_.memory_bytes() +
                                seen_.memory_bytes() + last_push_.memory_bytes() +
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
    if (links_last_) return solved_by_last_parents(index);
    out_.result.path = nodes_.path_to(index);
    out_.result.cost = nodes_[index].g;
  }

  // parent_link: last: from the goal (popped: the goal's last push; on generate: the child just
  // made), each step goes to the last node pushed for the parent's state, until the start's state.
  // Every policy that keeps a table pushes a state only before it is closed (or, reopen-if-cheaper,
  // only more cheaply), so the walk always reaches the start.
  void solved_by_last_parents(std::uint32_t index) {
    const Board& start = in_.problem->start;
    std::vector<Move> path;
    std::int64_t cost = 0;
    std::uint32_t at = index;
    if (semantics_.goal_test == GoalTest::OnPop) at = last_push_.find(pack(nodes_[index].board));
    while (!(nodes_[at].board == start)) {
      const Node& node = nodes_[at];
      path.push_back(node.action);
      cost += node.g - nodes_[node.parent].g;
      at = last_push_.find(pack(nodes_[node.parent].board));
    }
    out_.result.path.assign(path.rbegin(), path.rend());
    out_.result.cost = cost;
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
  StateTable open_;   // replace-if-cheaper: the node last pushed per state (closed ones: stale)
  const bool wants_h_;
  const bool tile_cost_ = semantics_.cost == CostModel::Tile;
  const bool marks_are_seen_;
  StateSet seen_;     // distinct states reached, when the marks cannot tell
  const bool links_last_ = links_last(semantics_);
  StateTable last_push_;  // parent_link: last: the node last pushed per state
  const bool closes_ = duplicates_ == Duplicates::ClosedOnPop ||
                       duplicates_ == Duplicates::ClosedOnExpand;  // skip a closed pop
  LoopOutcome out_;
};

}  // namespace

LoopOutcome run_frontier_loop(const LoopInput& input) { return FrontierLoop(input).run(); }

}  // namespace tile::detail
