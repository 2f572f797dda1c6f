#include "engine/search_loop.h"

#include <algorithm>
#include <array>
#include <type_traits>
#include <utility>

#include "engine/duplicate_rules.h"
#include "engine/frontier.h"
#include "engine/node.h"
#include "engine/state_records.h"
#include "engine/successors.h"

namespace tile::detail {

namespace {

std::int64_t priority_of(Algorithm algorithm, const Node& node, std::int64_t h, Weight weight) {
  switch (algorithm) {
    case Algorithm::Bfs:
    case Algorithm::Bibfs: return node.depth;  // bibfs runs its own loop (bidirectional.cpp)
    case Algorithm::Ucs: return node.g;
    case Algorithm::Greedy: return h;
    case Algorithm::Astar: return node.g + h;
    case Algorithm::WeightedAstar:
      return node.g * weight.denominator + weight.numerator * h;
    case Algorithm::Dfs:
    case Algorithm::Dls:
    case Algorithm::Iddfs:
    case Algorithm::Idastar: return 0;  // a stack: the tie-break (lifo) alone decides
  }
  return 0;
}

bool needs_heuristic(Algorithm algorithm, const Semantics& semantics) {
  const auto& keys = *semantics.tie_break;
  return uses_heuristic(algorithm) ||
         std::find(keys.begin(), keys.end(), TieKey::HLow) != keys.end();
}

NodeColumns columns_for(const LoopInput& input) {
  const auto& keys = *input.semantics->tie_break;
  return {.h = needs_heuristic(input.algorithm, *input.semantics),
          .parent_expansion =
              std::find(keys.begin(), keys.end(), TieKey::ParentLifo) != keys.end()};
}

template <class Records>
struct FixedCells : std::integral_constant<int, 0> {};
template <int Cells>
struct FixedCells<DenseRecords<Cells>> : std::integral_constant<int, Cells> {};

// The textbook loop, each step one small member function. Records is the state table's layout
// (state_records.h); kTrace and kCounters say whether the caller asked for the expansion trace
// and the counters, so a search that does not want them pays nothing per node for them (popped
// and expanded are kept regardless: budgets and the tie key parent-lifo read them).
template <class Records, bool kTrace, bool kCounters>
class FrontierLoop {
 public:
  explicit FrontierLoop(const LoopInput& input)
      : in_(input),
        semantics_(*input.semantics),
        rule_(duplicate_rule(semantics_)),
        // Boards of one shape are equal exactly when their keys are; a goal of another shape is
        // never reached, and no board packs to all ones.
        goal_key_(input.problem->goal.shape == input.problem->start.shape
                      ? pack(input.problem->goal)
                      : PackedState{~std::uint64_t{0}, ~std::uint64_t{0}}),
        nodes_(input.problem->start.shape, columns_for(input)),
        frontier_(*semantics_.tie_break, semantics_.queue, nodes_, input.allow_bucket_queue),
        records_(input.problem->start.cells(), rule_.keeps_node),
        successors_(input.problem->start.shape, semantics_.action_order,
                    *semantics_.cycle_check == CycleCheck::ReverseMove),
        wants_h_(needs_heuristic(input.algorithm, semantics_)) {
    out_.result.semantics = semantics_;
  }

  LoopOutcome run() {
    if (!push_start()) return finish();
    while (!frontier_.empty()) {
      if (over_budget()) return finish();
      std::uint32_t index = frontier_.pop();
      ++counters().popped;
      const PackedState key = nodes_[index].key;
      typename Records::Ref record{};
      if (rule_.reads_record_on_pop) {
        record = records_.find(key);
        if (rule_.expands_record_node) index = records_.node(record);  // the best g known
        if (rule_.skips_closed_pop && records_.status(record) == StateStatus::Closed) continue;
      }
      const Node& node = nodes_[index];  // stays put: the store grows by blocks, never moves
      if (semantics_.goal_test == GoalTest::OnPop) {
        count(&Counters::goal_tests);
        if (key == goal_key_) {
          solved(index);
          return finish();
        }
      }
      if (rule_.closes_on_pop) records_.set_status(record, StateStatus::Closed);
      if (cut_off_here(index, node)) continue;
      if (rule_.closes_on_expand) records_.set_status(record, StateStatus::Closed);
      if (!expand(index, node, key)) return finish();
      if (stopped_) {
        out_.result.message = "stopped at expansion " + std::to_string(*out_.diverged_at + 1) +
                              ", the first that differs from the reference trace";
        return finish();
      }
    }
    out_.result.status = SearchStatus::NoSolution;
    return finish();
  }

 private:
  Counters& counters() { return out_.result.counters; }
  int cells() const { return kFixedCells > 0 ? kFixedCells : cells_; }
  void count(std::uint64_t Counters::*member, std::uint64_t by = 1) {
    if constexpr (kCounters) out_.result.counters.*member += by;
  }

  // A state generated for the first time leaves New: that is the count `discovered`. Only the
  // counter reads Reached (every rule asks "pushed?" or "closed?"), so without counters the
  // record is left as it is.
  [[gnu::always_inline]] void reach(typename Records::Ref record) {
    if constexpr (kCounters) {
      if (records_.status(record) == StateStatus::New) {
        records_.set_status(record, StateStatus::Reached);
        ++counters().discovered;
      }
    }
  }

  // Every push goes through here: the state is Open and its record names the node pushed (for
  // the rules that ask).
  void mark_pushed(typename Records::Ref record, std::uint32_t index, bool start = false) {
    if (rule_.marks_pushed && (!start || rule_.marks_start)) {
      records_.set_status(record, StateStatus::Open);
    }
    if (rule_.keeps_node) records_.set_node(record, index);
  }

  bool push_start() {
    const Node start = node_of(in_.problem->start);
    std::int64_t start_h = 0;
    if (wants_h_ && !evaluate(in_.problem->start, nullptr, 0, start_h)) return false;
    const std::uint32_t index = nodes_.add(start, start_h);
    const auto record = records_.find(start.key);
    reach(record);
    if (semantics_.goal_test == GoalTest::OnGenerate) {  // not on-generate-not-start
      count(&Counters::goal_tests);
      if (start.key == goal_key_) {
        solved(index);
        return false;
      }
    }
    if (in_.depth_limit && *in_.depth_limit < 0) {
      out_.cut_off = true;
      out_.result.status = SearchStatus::NoSolution;
      return false;
    }
    if (in_.f_bound && start.g + start_h > *in_.f_bound) {
      out_.cut_off = true;
      out_.smallest_pruned_f = start.g + start_h;
      out_.result.status = SearchStatus::NoSolution;
      return false;
    }
    mark_pushed(record, index, /*start=*/true);
    push(index);
    return true;
  }

  // at_depth_limit: cut-off: a node at the depth limit has been popped and goal-tested, and that
  // is all (AIMA's `if limit == 0: return cutoff`).
  bool cut_off_here(std::uint32_t index, const Node& node) {
    if (semantics_.at_depth_limit != AtDepthLimit::CutOff || !in_.depth_limit ||
        node.depth < *in_.depth_limit) {
      return false;
    }
    out_.cut_off = true;
    if (in_.depth_cut_f) {
      out_.smallest_cut_f = std::min(out_.smallest_cut_f, node.g + nodes_.h(index));
    }
    return true;
  }

  // cycle_check: path: whether the board of `key` is `node`'s or one of its ancestors'.
  bool on_path(const Node& node, PackedState key) const {
    if (node.key == key) return true;
    for (std::uint32_t at = node.parent; at != kNoParent; at = nodes_[at].parent) {
      if (nodes_[at].key == key) return true;
    }
    return false;
  }

  // The successor table's row for `node`: its list lacks the reverse of this move under
  // cycle_check reverse-move.
  int previous_move(const Node& node) const {
    return node.parent == kNoParent ? kNoPrevious : static_cast<int>(node.action);
  }

  // The expansion trace; with a reference trace, the search stops at the first expansion that
  // differs from it (the judge asks only where a candidate leaves the reference).
  void record_expansion(std::uint32_t index) {
    if constexpr (kTrace) {
      const std::size_t at = out_.result.trace.size();
      out_.result.trace.push_back(nodes_.board(index));
      const Board& board = out_.result.trace.back();
      const std::vector<Board>* reference = in_.reference_trace;
      const std::size_t there = in_.reference_offset + at;
      if (reference && (there >= reference->size() || !((*reference)[there] == board))) {
        out_.diverged_at = at;
        stopped_ = true;
      }
    }
  }

  // Generates the children of `node` in action order, filters them, and pushes the survivors in
  // push order. Returns false when the search is over (solved on generate, or a failure).
  bool expand(std::uint32_t index, const Node& node, PackedState node_key) {
    ++counters().expanded;
    if (!in_.depth_limit || node.depth < *in_.depth_limit) count(&Counters::expanded_below_limit);
    record_expansion(index);
    if (stopped_) return true;
    std::array<std::uint32_t, kMoveCount> children{};
    std::array<std::uint32_t, kMoveCount> replaced{};
    int child_count = 0;
    const int blank = node.blank;
    const MoveList& moves = successors_.at(blank, previous_move(node));
    const MoveRanks& ranks = successors_.ranks(blank, previous_move(node));
    // The board itself only for an estimate: an estimator reads boards, the rest of the loop keys.
    const bool wants_board = wants_h_ || in_.depth_cut_f;
    const Board board = wants_board ? unpack(node_key, nodes_.shape(), cells()) : Board{};
    const std::int64_t node_h = nodes_.h(index);
    const auto parent_expansion = static_cast<std::uint32_t>(counters().expanded);
    if (at_depth_limit(node)) return reach_children(node, node_key, moves);
    for (int i = 0; i < moves.count; ++i) {
      const auto move = static_cast<Move>(moves.move[static_cast<std::size_t>(i)]);
      const int target = moves.cell[static_cast<std::size_t>(i)];
      const int rank = ranks[static_cast<std::size_t>(i)];
      count(&Counters::generated);
      count(&Counters::built);
      const int tile = tile_at(node_key, cells(), target);
      const PackedState key = pack_swapped(node_key, cells(), blank, target, tile);  // a swap away
      const auto record = records_.find(key);
      reach(record);
      const std::int32_t child_g = node.g + (tile_cost_ ? tile : 1);
      const std::int32_t child_depth = node.depth + 1;
      // The child node is built only once a rule lets it live: most children are duplicates.
      const Node child{
          .key = key,
          .parent = index,
          .g = child_g,
          .depth = child_depth,
          .blank = static_cast<std::uint8_t>(target),
          .action = move,
          .action_rank = static_cast<std::int8_t>(rank),
      };
      if (*semantics_.cycle_check == CycleCheck::Path && on_path(node, key)) continue;
      if (in_.depth_limit && child_depth > *in_.depth_limit) {
        out_.cut_off = true;
        if (in_.depth_cut_f) {
          std::int64_t cut_h = 0;
          if (!evaluate(board.moved(move), wants_h_ ? &board : nullptr, node_h, cut_h)) {
            return false;
          }
          out_.smallest_cut_f = std::min(out_.smallest_cut_f, child.g + cut_h);
        }
        continue;
      }
      if (!admits(record, child_g)) continue;
      if (semantics_.goal_test != GoalTest::OnPop) {
        count(&Counters::goal_tests);
        if (key == goal_key_) {
          // AIMA's expand builds all the children before the goal child is tested.
          count(&Counters::built, static_cast<std::uint64_t>(moves.count - i - 1));
          solved(nodes_.add(child, 0, parent_expansion));
          return false;
        }
      }
      std::int64_t child_h = 0;
      if (wants_h_ && !evaluate(board.moved(move), &board, node_h, child_h)) return false;
      // replace-if-cheaper: the state's entry on the frontier, which a cheaper child replaces.
      std::uint32_t old = kNoNode;
      if (rule_.replaces_open && records_.status(record) == StateStatus::Open) {
        old = records_.node(record);
        if (!(priority_of(in_.algorithm, child, child_h, in_.weight) < priority(old))) continue;
      }
      if (in_.f_bound && child.g + child_h > *in_.f_bound) {
        out_.cut_off = true;
        out_.smallest_pruned_f = std::min<std::int64_t>(out_.smallest_pruned_f, child.g + child_h);
        continue;
      }
      const std::uint32_t child_index = nodes_.add(child, child_h, parent_expansion);
      mark_pushed(record, child_index);
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
      if (old != kNoNode) frontier_.remove(old);
      push(children[static_cast<std::size_t>(i)]);
    }
    return true;
  }

  // Whether every child of `node` is too deep to push, and nothing but the counts asks about
  // them: no cut-off f to track, no path to check first (a child on the path is dropped before
  // its depth is looked at). Most of a depth-limited DFS's expansions are at its limit.
  bool at_depth_limit(const Node& node) const {
    return in_.depth_limit && node.depth >= *in_.depth_limit && !in_.depth_cut_f &&
           *semantics_.cycle_check != CycleCheck::Path;
  }

  // The children of a node at the depth limit: generated and counted as discovered, never built
  // into nodes (the loop in expand() would drop each at its depth check).
  [[gnu::flatten]] bool reach_children(const Node& node, PackedState node_key,
                                       const MoveList& moves) {
    if (moves.count > 0) out_.cut_off = true;
    if constexpr (kCounters) {
      count(&Counters::generated, static_cast<std::uint64_t>(moves.count));
      count(&Counters::built, static_cast<std::uint64_t>(moves.count));
      for (int i = 0; i < moves.count; ++i) {
        const int target = moves.cell[static_cast<std::size_t>(i)];
        const int tile = tile_at(node_key, cells(), target);
        reach(records_.find(pack_swapped(node_key, cells(), node.blank, target, tile)));
      }
    }
    return true;
  }

  // The duplicate rule's verdict on pushing a child, read off its state's record.
  bool admits(typename Records::Ref record, std::int32_t child_g) const {
    if (!rule_.blocks || records_.status(record) < rule_.blocks_from) return true;
    return rule_.admits_cheaper && child_g < nodes_[records_.node(record)].g;
  }

  std::int64_t priority(std::uint32_t index) const {
    return priority_of(in_.algorithm, nodes_[index], nodes_.h(index), in_.weight);
  }

  void push(std::uint32_t index) {
    const Node& node = nodes_[index];
    frontier_.push(priority(index), index);
    count(&Counters::pushed);
    if constexpr (kCounters) {
      counters().max_frontier = std::max<std::uint64_t>(counters().max_frontier, frontier_.size());
      counters().max_depth = std::max<std::uint64_t>(counters().max_depth,
                                                     static_cast<std::uint64_t>(node.depth));
    }
  }

  // h of the start, or of a child from its parent's (an estimator may update it from the moved
  // tile; the value is the same).
  bool evaluate(const Board& board, const Board* parent, std::int64_t parent_h, std::int64_t& h) {
    const auto value = !in_.heuristic ? std::nullopt
                       : parent ? in_.heuristic->estimate_child(board, *parent, parent_h)
                                : in_.heuristic->estimate(board);
    if (!value) {
      out_.result.status = SearchStatus::HeuristicFailed;
      out_.result.message = in_.heuristic ? in_.heuristic->failure_message()
                                          : "this algorithm needs a heuristic and none was given";
      return false;
    }
    h = *value;
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
      const std::size_t bytes =
          nodes_.memory_bytes() + records_.memory_bytes() + frontier_.memory_bytes();
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
    if (rule_.links_last) return solved_by_last_parents(index);
    out_.result.path = nodes_.path_to(index);
    out_.result.cost = nodes_[index].g;
  }

  // parent_link: last: from the goal (popped: the goal's last push; on generate: the child just
  // made), each step goes to the last node pushed for the parent's state, until the start's state.
  // Every policy that keeps records pushes a state only before it is closed (or, reopen-if-
  // cheaper, only more cheaply), so the walk always reaches the start.
  void solved_by_last_parents(std::uint32_t index) {
    const PackedState start = pack(in_.problem->start);
    std::vector<Move> path;
    std::int64_t cost = 0;
    std::uint32_t at = index;
    if (semantics_.goal_test == GoalTest::OnPop) {
      at = records_.node(records_.find(nodes_[index].key));
    }
    while (!(nodes_[at].key == start)) {
      const Node& node = nodes_[at];
      path.push_back(node.action);
      cost += node.g - nodes_[node.parent].g;
      at = records_.node(records_.find(nodes_[node.parent].key));
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
  const DuplicateRule rule_;
  const PackedState goal_key_;
  NodeStore nodes_;
  Frontier frontier_;
  Records records_;
  const SuccessorTable successors_;
  // The board's cells; a constant where the records are laid out for one size (the 8-puzzle), so
  // that keys are read and swapped without a test of the size.
  static constexpr int kFixedCells = FixedCells<Records>::value;
  const int cells_ = kFixedCells > 0 ? kFixedCells : in_.problem->start.cells();
  const bool wants_h_;
  const bool tile_cost_ = semantics_.cost == CostModel::Tile;
  bool stopped_ = false;  // the trace left the reference trace
  LoopOutcome out_;
};

template <class Records>
LoopOutcome run_with(const LoopInput& input) {
  if (input.record_trace || input.reference_trace) {
    return input.record_counters ? FrontierLoop<Records, true, true>(input).run()
                                 : FrontierLoop<Records, true, false>(input).run();
  }
  return input.record_counters ? FrontierLoop<Records, false, true>(input).run()
                               : FrontierLoop<Records, false, false>(input).run();
}

}  // namespace

LoopOutcome run_frontier_loop(const LoopInput& input) {
  const int cells = input.problem->start.cells();
  if (cells == 9) return run_with<DenseRecords<9>>(input);  // the 8-puzzle, ranked unrolled
  if (cells <= kDenseCells) return run_with<DenseRecords<0>>(input);
  return cells <= kNibbleCells ? run_with<CompactRecords>(input) : run_with<HashedRecords>(input);
}

}  // namespace tile::detail
