#include "engine/bidirectional.h"

#include <algorithm>
#include <array>
#include <deque>
#include <utility>
#include <vector>

#include "engine/semantics_fields.h"
#include "engine/state_table.h"
#include "engine/successors.h"

namespace tile {

Status check_bibfs(const ResolvedSemantics& semantics) {
  Status refusal = success();
  any_semantics_field([&](const auto& field) {
    if (field.bibfs_refusal.empty()) return false;
    const auto& given = semantics.*field.resolved;
    if (given == resolved_member(field, Semantics{}, Algorithm::Bibfs)) return false;
    std::string line(field.bibfs_refusal);
    if (const auto at = line.find("{}"); at != std::string::npos) {
      line.replace(at, 2, resolved_text(field, given));
    }
    refusal = Error{std::move(line), ErrorKind::BadInput};
    return true;
  });
  return refusal;
}

namespace detail {

namespace {

constexpr std::uint32_t kRoot = 0xFFFFFFFFu;
constexpr int kForward = 0;
constexpr int kBackward = 1;

struct BiNode {
  Board board;
  std::uint32_t parent = kRoot;
  Move move = Move::Up;  // the blank's move from the parent (on the backward side, from the goal)
  int depth = 0;
};

// One of the two breadth-first searches: its nodes, its FIFO frontier and its reached states
// (each state's first node, the one the path is joined through).
struct Side {
  std::vector<BiNode> nodes;
  std::deque<std::uint32_t> queue;
  StateTable reached;
  int front_depth() const { return nodes[queue.front()].depth; }
};

struct Meeting {
  std::uint32_t forward = 0;   // node on the forward side
  std::uint32_t backward = 0;  // node of the same state on the backward side
  int length = 0;
};

class Bidirectional {
 public:
  Bidirectional(const Problem& problem, const SearchSpec& spec,
                const ResolvedSemantics& semantics)
      : problem_(problem),
        spec_(spec),
        semantics_(semantics),
        successors_(problem.start.shape, semantics.action_order, false),
        tracing_(spec.record_trace || spec.reference_trace != nullptr) {
    out_.semantics = semantics;
  }

  SearchResult run() {
    push_root(kForward, problem_.start);
    push_root(kBackward, problem_.goal);
    ++counters().goal_tests;  // the start compared with the goal, once, before any expansion
    if (problem_.start == problem_.goal) {
      best_ = Meeting{0, 0, 0};
      return finish();
    }
    bool forward_turn = true;
    const bool whole_layer = semantics_.next_side != NextSide::AlternateNode;
    while (true) {
      const int side = choose(forward_turn);
      if (side < 0) return finish();  // both frontiers empty: the two never meet
      const int depth = sides_[side].front_depth();
      do {
        if (!step(side)) return finish();
        if (best_) {
          // meet_stop end-of-layer: this side finishes the layer it met in, then the best wins.
          while (in_layer(side, met_depth_)) {
            if (!step(side)) return finish();
          }
          return finish();
        }
      } while (whole_layer && in_layer(side, depth));
      forward_turn = side != kForward;
    }
  }

 private:
  Counters& counters() { return out_.counters; }

  void push_root(int side, const Board& board) {
    Side& me = sides_[side];
    me.nodes.push_back(BiNode{board, kRoot, Move::Up, 0});
    (void)me.reached.insert(pack(board), 0);
    me.queue.push_back(0);
    ++counters().pushed;
    ++counters().discovered;
    note_frontier();
  }

  void note_frontier() {
    const std::uint64_t size = sides_[0].queue.size() + sides_[1].queue.size();
    counters().max_frontier = std::max(counters().max_frontier, size);
  }

  // The side to take the next node (alternate-node) or layer from; the other when that one's
  // frontier is empty; -1 when both are.
  int choose(bool forward_turn) const {
    int preferred = forward_turn ? kForward : kBackward;
    if (semantics_.next_side == NextSide::SmallerFrontier) {
      preferred = sides_[kForward].queue.size() <= sides_[kBackward].queue.size() ? kForward
                                                                                 : kBackward;
    }
    if (!sides_[preferred].queue.empty()) return preferred;
    if (!sides_[1 - preferred].queue.empty()) return 1 - preferred;
    return -1;
  }

  bool in_layer(int side, int depth) const {
    return !sides_[side].queue.empty() && sides_[side].front_depth() == depth;
  }

  // Pops one node of `side`, tests or expands it. False when the search is over.
  bool step(int side) {
    if (over_budget()) return false;
    Side& me = sides_[side];
    const Side& other = sides_[1 - side];
    const std::uint32_t index = me.queue.front();
    me.queue.pop_front();
    ++counters().popped;
    const BiNode node = me.nodes[index];  // a copy: pushes below may move the vector
    if (semantics_.meet_test == MeetTest::OnPop) {
      ++counters().goal_tests;
      const std::uint32_t there = other.reached.find(pack(node.board));
      if (there != StateTable::kAbsent) {
        meet(side, index, there, node.depth);
        return semantics_.meet_stop != MeetStop::First;
      }
      if (best_) return true;  // the rest of the layer is only tested, never expanded
    }
    return expand(side, index, node);
  }

  bool expand(int side, std::uint32_t index, const BiNode& node) {
    Side& me = sides_[side];
    const Side& other = sides_[1 - side];
    ++counters().expanded;
    ++counters().expanded_below_limit;  // bibfs has no depth limit
    const bool diverged = record_expansion(node.board);
    const MoveList& moves = successors_.at(node.board.blank, kNoPrevious);
    std::array<std::uint32_t, kMoveCount> admitted{};
    std::size_t admitted_count = 0;
    for (std::size_t i = 0; i < moves.count; ++i) {
      const Move move = static_cast<Move>(moves.move[i]);
      const Board child = node.board.moved(move);
      ++counters().generated;
      ++counters().built;
      const PackedState key = pack(child);
      if (me.reached.contains(key)) continue;
      const auto child_index = static_cast<std::uint32_t>(me.nodes.size());
      me.nodes.push_back(BiNode{child, index, move, node.depth + 1});
      (void)me.reached.insert(key, child_index);
      ++counters().discovered;
      admitted[admitted_count++] = child_index;
      if (semantics_.meet_test == MeetTest::OnGenerate) {
        ++counters().goal_tests;
        const std::uint32_t there = other.reached.find(key);
        if (there != StateTable::kAbsent) {
          meet(side, child_index, there, node.depth);
          // The meeting child and its earlier siblings are never pushed: the search ends here.
          if (semantics_.meet_stop == MeetStop::First) return false;
        }
      }
    }
    if (semantics_.push_order == PushOrder::Reverse) {
      std::reverse(admitted.begin(), admitted.begin() + static_cast<std::ptrdiff_t>(admitted_count));
    }
    for (std::size_t i = 0; i < admitted_count; ++i) me.queue.push_back(admitted[i]);
    counters().pushed += admitted_count;
    if (admitted_count > 0) {
      counters().max_depth =
          std::max(counters().max_depth, static_cast<std::uint64_t>(node.depth + 1));
    }
    note_frontier();
    return !diverged;
  }

  // The meeting of node `index` of `side` with node `there` of the other side; `depth` is the
  // layer of `side` being worked on (end-of-layer finishes it).
  void meet(int side, std::uint32_t index, std::uint32_t there, int depth) {
    Meeting meeting;
    meeting.forward = side == kForward ? index : there;
    meeting.backward = side == kForward ? there : index;
    meeting.length = sides_[kForward].nodes[meeting.forward].depth +
                     sides_[kBackward].nodes[meeting.backward].depth;
    if (!best_ || meeting.length < best_->length) best_ = meeting;
    met_depth_ = depth;
  }

  // True when this expansion leaves the reference trace (the search stops after it).
  bool record_expansion(const Board& board) {
    if (!tracing_) return false;
    const std::size_t at = out_.trace.size();
    out_.trace.push_back(board);
    const std::vector<Board>* reference = spec_.reference_trace;
    if (reference && (at >= reference->size() || !((*reference)[at] == board))) {
      out_.diverged_at = at;
      out_.message = "stopped at expansion " + std::to_string(at + 1) +
                     ", the first that differs from the reference trace";
      return true;
    }
    return false;
  }

  bool over_budget() {
    const std::size_t nodes = sides_[0].nodes.size() + sides_[1].nodes.size();
    if (nodes >= spec_.limits.max_nodes) {
      out_.status = SearchStatus::NodeBudgetExceeded;
      out_.message = "stopped after creating " + std::to_string(nodes) + " nodes (node budget " +
                     std::to_string(spec_.limits.max_nodes) + ")";
      return true;
    }
    // Each node: its record, a queue entry and a table slot (about twice the key, for the
    // table's load), an estimate in the same spirit as the frontier loop's.
    const std::size_t bytes = nodes * (sizeof(BiNode) + sizeof(std::uint32_t) +
                                       2 * (sizeof(PackedState) + sizeof(std::uint32_t)));
    if (bytes > spec_.limits.max_memory_bytes) {
      out_.status = SearchStatus::MemoryBudgetExceeded;
      out_.message = "stopped at about " + std::to_string(bytes >> 20) + " MiB (memory budget " +
                     std::to_string(spec_.limits.max_memory_bytes >> 20) + " MiB)";
      return true;
    }
    return false;
  }

  // The forward path to the meeting state, then the backward side's moves from it to the goal,
  // each undone, in the order that walks back to the goal.
  SearchResult finish() {
    if (!best_) return std::move(out_);
    out_.status = SearchStatus::Solved;
    std::vector<Move> path;
    const Side& forward = sides_[kForward];
    for (std::uint32_t i = best_->forward; forward.nodes[i].parent != kRoot;
         i = forward.nodes[i].parent) {
      path.push_back(forward.nodes[i].move);
    }
    std::reverse(path.begin(), path.end());
    const Side& backward = sides_[kBackward];
    for (std::uint32_t i = best_->backward; backward.nodes[i].parent != kRoot;
         i = backward.nodes[i].parent) {
      path.push_back(reverse_move(backward.nodes[i].move));
    }
    out_.cost = path_cost(problem_.start, path, semantics_.cost);
    out_.path = std::move(path);
    return std::move(out_);
  }

  const Problem& problem_;
  const SearchSpec& spec_;
  const ResolvedSemantics& semantics_;
  SuccessorTable successors_;
  bool tracing_;
  std::array<Side, 2> sides_;
  std::optional<Meeting> best_;
  int met_depth_ = 0;
  SearchResult out_;
};

}  // namespace

SearchResult bidirectional_search(const Problem& problem, const SearchSpec& spec,
                                  const ResolvedSemantics& resolved) {
  if (auto checked = check_bibfs(resolved); !checked) {
    SearchResult refused;
    refused.semantics = resolved;
    refused.message = checked.error();
    return refused;
  }
  return Bidirectional(problem, spec, resolved).run();
}

}  // namespace detail

}  // namespace tile
