#include "tests/engine/bidirectional_model.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <deque>
#include <unordered_map>
#include <optional>
#include <string>

namespace model {

namespace {

using tile::CostModel;
using tile::MeetStop;
using tile::MeetTest;
using tile::NextSide;
using tile::PushOrder;

// What a side knows of a state: how it first got there.
struct Reached {
  Tiles parent;
  char move = 0;  // the blank's move from the parent; 0 at the side's root
  int depth = 0;
};

struct SideState {
  std::deque<Tiles> queue;
  // Looked up only, never walked in order: hashed (a tree of strings made the 2x3 differential
  // test 33 s of the suite, 28% of it in memcmp).
  std::unordered_map<Tiles, Reached> reached;
};

Tiles moved(const Tiles& tiles, Grid grid, char move) {
  Tiles next = tiles;
  std::swap(next[static_cast<std::size_t>(blank_cell(next))],
            next[static_cast<std::size_t>(target_cell(tiles, grid, move))]);
  return next;
}

// Moves from the side's root to `state`, in the side's own direction.
std::string path_to(const SideState& side, Tiles state) {
  std::string moves;
  while (side.reached.at(state).move != 0) {
    moves += side.reached.at(state).move;
    state = side.reached.at(state).parent;
  }
  std::reverse(moves.begin(), moves.end());
  return moves;
}

class Model {
 public:
  explicit Model(const ModelSpec& spec) : spec_(spec) {
    const auto& order = spec.semantics.action_order;
    for (auto move : order) moves_ += tile::move_letter(move);
    reverse_push_ = spec.semantics.push_order == PushOrder::Reverse;
  }

  ModelResult run() {
    for (int s = 0; s < 2; ++s) {
      const Tiles& root = s == 0 ? spec_.start : spec_.goal;
      side_[s].queue.push_back(root);
      side_[s].reached[root] = Reached{};
      out_.counters.pushed += 1;
      out_.counters.discovered += 1;
    }
    out_.counters.max_frontier = 2;
    out_.counters.goal_tests = 1;
    if (spec_.start == spec_.goal) {
      best_state_ = spec_.start;
      best_length_ = 0;
      return finish();
    }
    bool forward_turn = true;
    while (true) {
      int s = forward_turn ? 0 : 1;
      if (spec_.semantics.next_side == NextSide::SmallerFrontier) {
        s = side_[0].queue.size() <= side_[1].queue.size() ? 0 : 1;
      }
      if (side_[s].queue.empty()) s = 1 - s;
      if (side_[s].queue.empty()) return finish();
      const int layer = front_depth(s);
      const bool one_node = spec_.semantics.next_side == NextSide::AlternateNode;
      bool first_node = true;
      while (!side_[s].queue.empty() && front_depth(s) == layer && (first_node || !one_node)) {
        first_node = false;
        if (!process(s)) return finish();
        if (best_state_) {
          // end-of-layer: the same side works through the rest of the layer it met in.
          while (!side_[s].queue.empty() && front_depth(s) == met_layer_) {
            if (!process(s)) return finish();
          }
          return finish();
        }
      }
      forward_turn = s == 1;
    }
  }

 private:
  int front_depth(int s) const { return side_[s].reached.at(side_[s].queue.front()).depth; }

  // False when the search stops (a meeting under meet_stop first).
  bool process(int s) {
    SideState& me = side_[s];
    SideState& other = side_[1 - s];
    const Tiles state = me.queue.front();
    me.queue.pop_front();
    out_.counters.popped += 1;
    const int depth = me.reached.at(state).depth;
    if (spec_.semantics.meet_test == MeetTest::OnPop) {
      out_.counters.goal_tests += 1;
      if (other.reached.count(state)) {
        found(state, depth + other.reached.at(state).depth, depth);
        return spec_.semantics.meet_stop == MeetStop::EndOfLayer;
      }
      if (best_state_) return true;  // after a meeting, the layer's rest is tested only
    }
    out_.counters.expanded += 1;
    out_.counters.expanded_below_limit += 1;
    out_.trace.push_back(state);
    std::array<Tiles, 4> children;  // at most four: no std::vector to allocate per node
    std::size_t child_count = 0;
    for (char move : moves_) {
      if (target_cell(state, spec_.grid, move) < 0) continue;
      const Tiles child = moved(state, spec_.grid, move);
      out_.counters.generated += 1;
      out_.counters.built += 1;
      if (me.reached.count(child)) continue;
      me.reached[child] = Reached{state, move, depth + 1};
      out_.counters.discovered += 1;
      children[child_count++] = child;
      if (spec_.semantics.meet_test == MeetTest::OnGenerate) {
        out_.counters.goal_tests += 1;
        if (other.reached.count(child)) {
          found(child, depth + 1 + other.reached.at(child).depth, depth);
          if (spec_.semantics.meet_stop == MeetStop::First) return false;
        }
      }
    }
    const auto pushed = children.begin() + static_cast<std::ptrdiff_t>(child_count);
    if (reverse_push_) std::reverse(children.begin(), pushed);
    for (auto child = children.begin(); child != pushed; ++child) me.queue.push_back(*child);
    out_.counters.pushed += child_count;
    if (child_count > 0) {
      out_.counters.max_depth =
          std::max<std::uint64_t>(out_.counters.max_depth, static_cast<std::uint64_t>(depth + 1));
    }
    out_.counters.max_frontier = std::max<std::uint64_t>(
        out_.counters.max_frontier, side_[0].queue.size() + side_[1].queue.size());
    return true;
  }

  void found(const Tiles& state, int length, int layer) {
    if (!best_state_ || length < best_length_) {
      best_state_ = state;
      best_length_ = length;
    }
    met_layer_ = layer;
  }

  ModelResult finish() {
    if (best_state_) {
      out_.status = SearchStatus::Solved;
      // Forward to the meeting state, then back along the goal side's moves, each undone.
      std::string back = path_to(side_[1], *best_state_);
      std::reverse(back.begin(), back.end());
      for (char& move : back) move = opposite(move);
      out_.moves = path_to(side_[0], *best_state_) + back;
      Tiles board = spec_.start;
      for (char move : out_.moves) {
        const int target = target_cell(board, spec_.grid, move);
        const int tile = board[static_cast<std::size_t>(target)];
        out_.cost += spec_.semantics.cost == CostModel::Tile ? tile : 1;
        board = moved(board, spec_.grid, move);
      }
    }
    out_.count = model_count(out_.counters, spec_.semantics);
    return out_;
  }

  const ModelSpec& spec_;
  std::string moves_;
  bool reverse_push_ = false;
  SideState side_[2];
  std::optional<Tiles> best_state_;
  int best_length_ = 0;
  int met_layer_ = 0;
  ModelResult out_;
};

}  // namespace

ModelResult model_bibfs(const ModelSpec& spec) { return Model(spec).run(); }

}  // namespace model
