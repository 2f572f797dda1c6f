// The one frontier loop behind every algorithm, as a template (internal to the engine; callers use
// search(), and search_loop.cpp picks the instance). It is compiled once per state record layout,
// per duplicate policy and per what the caller records, so that the loop a search runs holds no
// test of a choice fixed before it started: the policy's rule (duplicate_rules.h) is a constant
// of the instance, not a field read at every node.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/duplicate_rules.h"
#include "engine/expansion_detail_loop.h"
#include "engine/frontier.h"
#include "engine/last_parent_path.h"
#include "engine/loop_terms.h"
#include "engine/node.h"
#include "engine/search_loop.h"
#include "engine/state_records.h"
#include "engine/successors.h"

namespace tile::detail {

// The textbook loop, each step one small member function. Records is the state table's layout
// (state_records.h); Policy the duplicate policy, FixedRule<policy> where the instance is made for
// one (its rule is then read here only as constants) or RuleAtRunTime; kTrace and kCounters say
// whether the caller asked for the trace (and its details) and the counters, so a search that does
// not want them pays nothing per node for them (popped and expanded are kept regardless: budgets
// and the tie key parent-lifo read them).
template <class Records, class Policy, bool kTrace, bool kCounters>
class FrontierLoop {
  using Ref = typename Records::Ref;

 public:
  explicit FrontierLoop(const LoopInput& input)
      : in_(input),
        semantics_(*input.semantics),
        rule_(duplicate_rule(semantics_)),
        terms_(input),
        nodes_(input.problem->start.shape, columns_for(input)),
        frontier_(semantics_.tie_break, semantics_.queue, nodes_, input.allow_bucket_queue),
        records_(input.problem->start.cells(), rule_.keeps_node),
        successors_(input.problem->start.shape, semantics_.action_order,
                    semantics_.cycle_check == CycleCheck::ReverseMove) {
    out_.result.semantics = semantics_;
  }

  LoopOutcome run() {
    if (!push_start()) return finish();
    while (!frontier_.empty()) {
      if (over_budget()) return finish();
      std::uint32_t index = frontier_.pop();
      if constexpr (Records::kPrefetches) prefetch_next_pops();
      ++counters().popped;
      const PackedState key = nodes_[index].key;
      Ref record{};
      if (rule().reads_record_on_pop) {
        record = records_.find(key);
        if (rule().expands_record_node) index = records_.node(record);  // the best g
        if (rule().skips_closed_pop) {
          if (records_.status(record) == StateStatus::Closed) continue;
        }
      }
      const Node& node = nodes_[index];  // stays put: the store grows by blocks, never moves
      if (terms_.goal_on_pop) {
        count(&Counters::goal_tests);
        if (key == terms_.goal_key) {
          solved(index);
          return finish();
        }
      }
      if (rule().closes_on_pop) records_.set_status(record, StateStatus::Closed);
      if (cut_off_here(index, node)) continue;
      if (rule().closes_on_expand) records_.set_status(record, StateStatus::Closed);
      if (!expand(index, node, key)) return finish();
      if constexpr (kTrace) {
        if (stopped_) {
          out_.result.message = "stopped at expansion " + std::to_string(*out_.diverged_at + 1) +
                                ", the first that differs from the reference trace";
          return finish();
        }
      }
    }
    out_.result.status = SearchStatus::NoSolution;
    return finish();
  }

 private:
  // The policy's rule: a constant of the instance where the policy is (FixedRule): tests fold away.
  const DuplicateRule& rule() const {
    if constexpr (Policy::kFixed) {
      return Policy::kRule;
    } else {
      return rule_;
    }
  }
  Counters& counters() { return out_.result.counters; }
  int cells() const { return kFixedCells > 0 ? kFixedCells : terms_.cells; }
  void count(std::uint64_t Counters::*member, std::uint64_t by = 1) {
    if constexpr (kCounters) out_.result.counters.*member += by;
  }

  // A state generated for the first time leaves New: that is the count `discovered`. Only the
  // counter reads Reached (every rule asks "pushed?" or "closed?"), so without counters the
  // record is left as it is. `status` is the record's status as it was read.
  [[gnu::always_inline]] void reach(Ref record, StateStatus status) {
    if constexpr (kCounters) {
      if (status == StateStatus::New) {
        records_.set_status(record, StateStatus::Reached);
        ++counters().discovered;
      }
    }
  }

  // Every push goes through here: the state is Open, its record names the node (rules that ask).
  void mark_pushed(Ref record, std::uint32_t index, bool start = false) {
    if (rule().marks_pushed) {
      if (!start || rule_.marks_start) records_.set_status(record, StateStatus::Open);
    }
    if (rule().keeps_node || rule_.keeps_node) records_.set_node(record, index);
  }

  bool push_start() {
    const Node start = node_of(in_.problem->start);
    std::int64_t start_h = 0;
    if (terms_.wants_h && !evaluate(in_.problem->start, nullptr, 0, start_h)) return false;
    const std::uint32_t index = nodes_.add(start, start_h);
    const Ref record = records_.find(start.key);
    reach(record, records_.status(record));
    if (semantics_.goal_test == GoalTest::OnGenerate) {  // not on-generate-not-start
      count(&Counters::goal_tests);
      if (start.key == terms_.goal_key) {
        solved(index);
        return false;
      }
    }
    if (terms_.depth_limit < 0) {
      out_.cut_off = true;
      out_.result.status = SearchStatus::NoSolution;
      return false;
    }
    if (start.g + start_h > terms_.f_bound) {
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
    if (!terms_.cut_off_at_limit || node.depth < terms_.depth_limit) return false;
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

  // The expansion trace; with a reference trace, the search stops at the first expansion that
  // differs from it (the judge asks only where a candidate leaves the reference).
  void record_expansion(std::uint32_t index) {
    if constexpr (kTrace) {
      const std::size_t at = out_.result.trace.size();
      const std::size_t there = in_.reference_offset + at;  // rounds' traces follow one another
      if (in_.detail && in_.detail->contains(there)) {  // the frontier before the children go on
        out_.result.details.push_back(expansion_detail(in_, nodes_, frontier_, index, there));
      }
      out_.result.trace.push_back(nodes_.board(index));
      const std::vector<Board>* ref = in_.reference_trace;
      if (ref && (there >= ref->size() || !((*ref)[there] == out_.result.trace.back()))) {
        out_.diverged_at = at;
        stopped_ = true;
      }
    }
  }

  // The move that undoes the one that made `node` (none for the start): back to its parent.
  int undo_move(const Node& node) const {
    return node.parent == kNoParent ? kNoPrevious : successors_.undo(node.action);
  }

  // Whether the rule keeps the parent's state off the frontier whatever its record says: every
  // rule that blocks, once that state is pushed (the start is pushed unmarked under on-push with
  // start_marked no) and closed where the rule closes; reopen-if-cheaper admits it only cheaper,
  // and a path back through the parent never is. Such a child is never looked up.
  bool blocks_parent(const Node& node) const {
    return rule().blocks && (rule_.marks_start || nodes_[node.parent].parent != kNoParent);
  }

  // Generates the children of `node` in action order, filters them, and pushes the survivors in
  // push order. Returns false when the search is over (solved on generate, or a failure).
  bool expand(std::uint32_t index, const Node& node, PackedState node_key) {
    ++counters().expanded;
    if (node.depth < terms_.depth_limit) count(&Counters::expanded_below_limit);
    record_expansion(index);
    if constexpr (kTrace) {
      if (stopped_) return true;
    }
    const int blank = node.blank;
    const int previous = node.parent == kNoParent ? kNoPrevious : static_cast<int>(node.action);
    const MoveList& moves = successors_.at(blank, previous);
    const int undo = undo_move(node);
    if (terms_.children_only_counted && node.depth >= terms_.depth_limit) {
      return reach_children(node, node_key, moves, undo);
    }
    const int skipped = undo != kNoPrevious && blocks_parent(node) ? undo : -1;
    if constexpr (Records::kPrefetches) prefetch_children(node_key, blank, moves, skipped);
    const MoveRanks& ranks = successors_.ranks(blank, previous);
    // The board itself only for an estimate: an estimator reads boards, the rest of the loop keys.
    const Board board = terms_.wants_board ? unpack(node_key, nodes_.shape(), cells()) : Board{};
    const std::int64_t node_h = nodes_.h(index);
    const auto parent_expansion = static_cast<std::uint32_t>(counters().expanded);
    std::array<std::uint32_t, kMoveCount> children;
    std::array<std::int64_t, kMoveCount> priorities;
    std::array<std::uint32_t, kMoveCount> replaced{};
    int child_count = 0;
    for (int i = 0; i < moves.count; ++i) {
      const auto move = static_cast<Move>(moves.move[static_cast<std::size_t>(i)]);
      const int target = moves.cell[static_cast<std::size_t>(i)];
      count(&Counters::generated);
      count(&Counters::built);
      const int tile = tile_at(node_key, cells(), target);
      const PackedState key = pack_swapped(node_key, cells(), blank, target, tile);  // a swap away
      const Node child{
          .key = key,
          .parent = index,
          .g = node.g + cell_step_cost(terms_.cost, tile, blank, target),
          .depth = node.depth + 1,
          .blank = static_cast<std::uint8_t>(target),
          .action = move,
          .action_rank = static_cast<std::int8_t>(ranks[static_cast<std::size_t>(i)]),
      };
      if (moves.move[static_cast<std::size_t>(i)] == skipped) {  // the parent's state: not New
        if (!terms_.path_check && child.depth > terms_.depth_limit &&
            !cut_child(child, board, move, node_h, tile)) {
          return false;
        }
        continue;
      }
      const Ref record = records_.find(key);
      const StateStatus status = records_.status(record);
      reach(record, status);
      if (terms_.path_check && on_path(node, key)) continue;
      if (child.depth > terms_.depth_limit) {
        if (!cut_child(child, board, move, node_h, tile)) return false;
        continue;
      }
      if (!admits(record, status, child.g)) continue;
      if (!terms_.goal_on_pop) {
        count(&Counters::goal_tests);
        if (kTrace) note_goal_test(out_.result, in_.reference_offset, key, nodes_.shape());
        if (key == terms_.goal_key) {
          // AIMA's expand builds all the children before the goal child is tested.
          count(&Counters::built, static_cast<std::uint64_t>(moves.count - i - 1));
          solved(nodes_.add(child, 0, parent_expansion));
          return false;
        }
      }
      std::int64_t child_h = 0;
      if (terms_.wants_h && !estimate_child(board, move, node_h, tile, target, blank, child_h)) {
        return false;
      }
      // replace-if-cheaper: the state's entry on the frontier, which a cheaper child replaces.
      std::uint32_t old = kNoNode;
      if (rule().replaces_open) {
        if (status == StateStatus::Open) {
          old = records_.node(record);
          if (!(priority_of(in_.algorithm, child, child_h, in_.weight) < priority(old))) continue;
        }
      }
      if (child.g + child_h > terms_.f_bound) {
        out_.cut_off = true;
        out_.smallest_pruned_f = std::min<std::int64_t>(out_.smallest_pruned_f, child.g + child_h);
        continue;
      }
      const std::uint32_t child_index = nodes_.add(child, child_h, parent_expansion);
      mark_pushed(record, child_index);
      if (rule().replaces_open) replaced[static_cast<std::size_t>(child_count)] = old;
      priorities[static_cast<std::size_t>(child_count)] =
          priority_of(in_.algorithm, child, child_h, in_.weight);
      children[static_cast<std::size_t>(child_count++)] = child_index;
    }
    if (terms_.reverse_push) {
      std::reverse(children.begin(), children.begin() + child_count);
      std::reverse(priorities.begin(), priorities.begin() + child_count);
      if (rule().replaces_open) {
        std::reverse(replaced.begin(), replaced.begin() + child_count);
      }
    }
    for (int i = 0; i < child_count; ++i) {
      // A replacement takes the old entry off just before the new one goes on, as AIMA's
      // `del frontier[child]; frontier.append(child)`.
      if (rule().replaces_open) {
        const std::uint32_t old = replaced[static_cast<std::size_t>(i)];
        if (old != kNoNode) frontier_.remove(old);
      }
      push(children[static_cast<std::size_t>(i)], priorities[static_cast<std::size_t>(i)],
           node.depth + 1);
    }
    return true;
  }

  // Fetches ahead what the next pops read, in two steps that each get a pop's time: the node after
  // next (its key finds its record) and the next node's record. Hashed records miss the cache.
  void prefetch_next_pops() {
    const std::uint32_t next = frontier_.peek(0);
    if (next == kNoNode) return;
    if (rule().reads_record_on_pop) records_.prefetch(nodes_[next].key);
    const std::uint32_t after = frontier_.peek(1);
    if (after != kNoNode) nodes_.prefetch(after);
  }

  // Fetches the records of the children expand() looks up, all before the first: misses overlap.
  void prefetch_children(PackedState node_key, int blank, const MoveList& moves, int skipped) {
    for (int i = 0; i < moves.count; ++i) {
      if (moves.move[static_cast<std::size_t>(i)] == skipped) continue;
      const int target = moves.cell[static_cast<std::size_t>(i)];
      records_.prefetch(
          pack_swapped(node_key, cells(), blank, target, tile_at(node_key, cells(), target)));
    }
  }

  // A child too deep to push: the search was cut off there, and with depth_cut_f its g + h is a
  // candidate for the next round's limit. False when its estimate failed.
  bool cut_child(const Node& child, const Board& board, Move move, std::int64_t node_h,
                 int tile) {
    out_.cut_off = true;
    if (in_.depth_cut_f) {
      std::int64_t cut_h = 0;
      if (terms_.wants_h) {
        if (!estimate_child(board, move, node_h, tile, child.blank,
                            nodes_[child.parent].blank, cut_h)) {
          return false;
        }
      } else if (!evaluate(board.moved(move), nullptr, 0, cut_h)) {
        return false;
      }
      out_.smallest_cut_f = std::min(out_.smallest_cut_f, child.g + cut_h);
    }
    return true;
  }

  // The children of a node at the depth limit when nothing but the counts asks about them (no
  // cut-off f to track, no path to check first): generated and counted as discovered, never built
  // into nodes (expand's loop would drop each at its depth check). Most of a depth-limited DFS's
  // expansions are at its limit. The move back to the parent is not looked up: its state was
  // reached when the parent was generated.
  [[gnu::flatten]] bool reach_children(const Node& node, PackedState node_key,
                                       const MoveList& moves, int undo) {
    if (moves.count > 0) out_.cut_off = true;
    if constexpr (kCounters) {
      count(&Counters::generated, static_cast<std::uint64_t>(moves.count));
      count(&Counters::built, static_cast<std::uint64_t>(moves.count));
      for (int i = 0; i < moves.count; ++i) {
        if (moves.move[static_cast<std::size_t>(i)] == undo) continue;
        const int target = moves.cell[static_cast<std::size_t>(i)];
        const int tile = tile_at(node_key, cells(), target);
        const Ref record = records_.find(pack_swapped(node_key, cells(), node.blank, target, tile));
        reach(record, records_.status(record));
      }
    }
    return true;
  }

  // The duplicate rule's verdict on pushing a child, read off its state's record.
  bool admits(Ref record, StateStatus status, std::int32_t child_g) const {
    if (!rule().blocks || status < rule().blocks_from) return true;
    return rule().admits_cheaper && child_g < nodes_[records_.node(record)].g;
  }

  std::int64_t priority(std::uint32_t index) const {
    return priority_of(in_.algorithm, nodes_[index], nodes_.h(index), in_.weight);
  }

  void push(std::uint32_t index) { push(index, priority(index), nodes_[index].depth); }
  // The node's priority and depth as its maker has them at hand: the store is not read again.
  [[gnu::always_inline]] void push(std::uint32_t index, std::int64_t priority, std::int32_t depth) {
    frontier_.push(priority, index);
    count(&Counters::pushed);
    if constexpr (kCounters) {
      counters().max_frontier = std::max<std::uint64_t>(counters().max_frontier, frontier_.size());
      counters().max_depth =
          std::max<std::uint64_t>(counters().max_depth, static_cast<std::uint64_t>(depth));
    }
  }

  // h of the child `move` makes of the node (board, node_h), `tile` sliding from cell `from` to
  // `to`: by the heuristic's tile terms where it has them (no board built), else from the boards.
  bool estimate_child(const Board& board, Move move, std::int64_t node_h, int tile, int from,
                      int to, std::int64_t& h) {
    if (terms_.tile_terms) {
      h = terms_.tile_terms->after_move(node_h, tile, from, to);
      return true;
    }
    return evaluate(board.moved(move), &board, node_h, h);
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

  // parent_link: last: the path through each state's last parent (last_parent_path.h).
  void solved_by_last_parents(std::uint32_t index) {
    PathAndCost found = path_by_last_parents(nodes_, records_, index, pack(in_.problem->start),
                                             terms_.goal_on_pop);
    out_.result.path = std::move(found.path);
    out_.result.cost = found.cost;
  }

  LoopOutcome finish() {
    out_.nodes_created = nodes_.size();
    return std::move(out_);
  }

  // The board's cells; a constant where the records are laid out for one size (the 8-puzzle), so
  // that keys are read and swapped without a test of the size.
  static constexpr int kFixedCells = FixedCells<Records>::value;

  const LoopInput& in_;
  const ResolvedSemantics& semantics_;
  const DuplicateRule rule_;  // the policy's rule with its qualifiers (start_marked, parent_link)
  const LoopTerms terms_;
  NodeStore nodes_;
  Frontier frontier_;
  Records records_;
  const SuccessorTable successors_;
  bool stopped_ = false;  // the trace left the reference trace
  LoopOutcome out_;
};

}  // namespace tile::detail
