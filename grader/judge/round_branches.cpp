#include "grader/judge/round_branches.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/search.h"
#include "grader/judge/frontier_invariants.h"
#include "grader/judge/invariants.h"
#include "grader/judge/round_order.h"

namespace tile {

namespace {

// A board on the current path: where its expansion's children are, its cost along the path, and
// the children the search went into from it.
struct Frame {
  std::uint32_t node = 0;
  std::size_t expansion = 0;  // 0-based
  std::int64_t g = 0;
  std::vector<std::uint32_t> entered;
};

// A child the search left without going into it, though it was off the path and the round had
// reached it before in another branch; a mistake only if its key is within the round's floor.
struct Skipped {
  std::size_t step = 0;      // the expansion that shows the board was left (1-based)
  std::size_t previous = 0;  // the left board's expansion (1-based)
  std::uint32_t left = 0;
  std::uint32_t child = 0;
  std::int64_t key = 0;
  std::size_t earlier = 0;  // the child's first generation in the round (1-based)
  int depth = 0;            // the left board's, along the path
  std::int64_t g = 0;       // the left board's, along the path
  std::int64_t move_cost = 0;  // the move from it to the child
};

class RoundReader {
 public:
  RoundReader(const ObservedTree& tree, const ResolvedSemantics& resolved, bool by_f)
      : tree_(tree), resolved_(resolved), by_f_(by_f), generated_(tree.nodes.size(), 0),
        round_of_(tree.nodes.size(), 0) {}

  // The round's first skipped child within its floor, if any.
  std::optional<Skipped> read(std::size_t begin, std::size_t end, std::size_t round) {
    std::vector<Frame> path;
    std::vector<Skipped> skipped;
    std::optional<std::int64_t> floor;
    for (std::size_t k = begin; k < end; ++k) {
      if (tree_.expanded_ungenerated && k + 1 >= *tree_.expanded_ungenerated) break;
      const ObservedExpansion& expansion = tree_.expansions[k];
      if (k == begin) {
        path = {Frame{0, k, 0, {}}};
      } else if (expansion.node == path.back().node) {
        path.back().expansion = k;  // two calls in a row on one board: one expansion asked twice
      } else if (!enter(path, skipped, k, round)) {
        break;  // the path cannot be rebuilt here: nothing after it is read
      }
      if (const auto key = key_of(path.back().node, path.back().g)) {
        floor = std::max(floor.value_or(*key), *key);
      }
      for (std::size_t i = 0; i < expansion.child_count; ++i) {
        const std::uint32_t child = tree_.children[expansion.first_child + i].board;
        if (round_of_[child] != round) {
          round_of_[child] = round;
          generated_[child] = k + 1;
        }
      }
    }
    if (!floor) return std::nullopt;
    for (const Skipped& candidate : skipped) {
      if (candidate.key <= *floor) {
        Skipped found = candidate;
        floor_ = *floor;
        return found;
      }
    }
    return std::nullopt;
  }

  std::int64_t floor() const { return floor_; }

 private:
  std::optional<std::int64_t> key_of(std::uint32_t node, std::int64_t g) const {
    if (!by_f_) return g;
    if (!tree_.nodes[node].h) return std::nullopt;
    return g + *tree_.nodes[node].h;
  }

  // Expansion k goes into a child of exactly one board on the path, and is not on it: the boards
  // above that one are left, each checked for children skipped. False where it is not so.
  bool enter(std::vector<Frame>& path, std::vector<Skipped>& skipped, std::size_t k,
             std::size_t round) {
    const std::uint32_t node = tree_.expansions[k].node;
    std::optional<std::size_t> parent;
    Move move = Move::Up;
    for (std::size_t i = 0; i < path.size(); ++i) {
      if (path[i].node == node) return false;
      const ObservedExpansion& on = tree_.expansions[path[i].expansion];
      for (std::size_t c = 0; c < on.child_count; ++c) {
        const ObservedChild& child = tree_.children[on.first_child + c];
        if (child.board != node) continue;
        if (parent) return false;
        parent = i;
        move = child.move;
      }
    }
    if (!parent) return false;
    while (path.size() > *parent + 1) {
      leave(path, skipped, k, round);
      path.pop_back();
    }
    Frame& from = path.back();
    from.entered.push_back(node);
    const std::int64_t step =
        by_f_ ? step_cost(tree_.nodes[from.node].board, move, resolved_.cost) : 1;
    path.push_back(Frame{node, k, from.g + step, {}});
    return true;
  }

  // The top of the path is left at expansion k: its children off the path, not gone into, that
  // the round had generated before this board's expansion.
  void leave(const std::vector<Frame>& path, std::vector<Skipped>& skipped, std::size_t k,
             std::size_t round) const {
    const Frame& top = path.back();
    const ObservedExpansion& expansion = tree_.expansions[top.expansion];
    const Board& board = tree_.nodes[top.node].board;
    for (std::size_t c = 0; c < expansion.child_count; ++c) {
      const ObservedChild& child = tree_.children[expansion.first_child + c];
      const auto on_path = [&](const Frame& frame) { return frame.node == child.board; };
      // (std::find, not std::ranges::find: the page's libc++, Emscripten's, has no ranges::find.)
      if (std::find(top.entered.begin(), top.entered.end(), child.board) != top.entered.end()) {
        continue;
      }
      if (std::any_of(path.begin(), path.end(), on_path)) continue;
      if (round_of_[child.board] != round || generated_[child.board] > top.expansion) continue;
      const std::int64_t step = by_f_ ? step_cost(board, child.move, resolved_.cost) : 1;
      const auto key = key_of(child.board, top.g + step);
      if (!key) continue;
      skipped.push_back(Skipped{k + 1, top.expansion + 1, top.node, child.board, *key,
                                generated_[child.board], static_cast<int>(path.size() - 1),
                                top.g, step});
    }
  }

  const ObservedTree& tree_;
  const ResolvedSemantics& resolved_;
  bool by_f_;
  std::vector<std::size_t> generated_;  // first generation in round_of_'s round (1-based)
  std::vector<std::size_t> round_of_;
  std::int64_t floor_ = 0;
};

}  // namespace

std::optional<Diagnosis> round_skipped_other_branch(const Task& task, const ObservedTree& tree) {
  if (task.algorithm != Algorithm::Iddfs && task.algorithm != Algorithm::Idastar) {
    return std::nullopt;
  }
  const ResolvedSemantics resolved = task.semantics;
  if (!ties_newest_first(resolved) || resolved.cycle_check != CycleCheck::Path ||
      resolved.duplicates != Duplicates::None) {
    return std::nullopt;
  }
  const bool by_f =
      task.algorithm == Algorithm::Idastar && resolved.round_bound == RoundBound::F;
  const auto rounds = round_order_detail::rounds_of(tree, resolved);
  if (!rounds) return std::nullopt;
  RoundReader reader(tree, resolved, by_f);
  for (std::size_t r = 0; r < rounds->size(); ++r) {
    const auto [begin, end] = (*rounds)[r];
    const auto skipped = reader.read(begin, end, r + 1);
    if (!skipped) continue;
    const std::string key = by_f ? "f = g + h" : "depth";
    StepEvidence evidence{StepUnit::Expansion, skipped->step, {}, {}};
    // Depth and g along the path the round was on, as the sentence counts them (a board's first
    // links may be another round's or another branch's).
    EvidenceBoard left = evidence_board("you left this board", tree.nodes[skipped->left]);
    left.depth = skipped->depth;
    left.g = skipped->g;
    EvidenceBoard child =
        evidence_board("without going into this child", tree.nodes[skipped->child]);
    child.depth = skipped->depth + 1;
    child.g = skipped->g + skipped->move_cost;
    child.generated_at = skipped->earlier;
    evidence.boards.push_back(std::move(left));
    evidence.boards.push_back(std::move(child));
    evidence.counts = {{"round", r + 1}};
    Diagnosis diagnosis = named(DiagnosisId::CycleCheckVisited,
                                {{"step", std::to_string(skipped->step)},
                                 {"previous", std::to_string(skipped->previous)},
                                 {"key", key},
                                 {"value", std::to_string(skipped->key)},
                                 {"bound", by_f ? "f bound" : "depth limit"},
                                 {"floor", std::to_string(reader.floor())},
                                 {"earlier", std::to_string(skipped->earlier)}});
    diagnosis.step = std::move(evidence);
    return diagnosis;
  }
  return std::nullopt;
}

}  // namespace tile
