#include "grader/judge/suggested_tests.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <set>

#include "engine/random_boards.h"
#include "engine/state_table.h"
#include "grader/spec/task_heuristic.h"

namespace tile {

namespace {

// Every board by its distance from the goal in moves, one whole distance at a time (breadth-first
// from the goal), in a fixed order.
class BoardsByDistance {
 public:
  explicit BoardsByDistance(const Board& goal) : layer_{goal}, seen_{pack(goal)} {}

  // The boards one move further than the last distance, or false when there are none.
  bool advance() {
    std::vector<Board> next;
    for (const Board& board : layer_) {
      for (Move move : kAllMoves) {
        if (!board.can_move(move)) continue;
        Board moved = board.moved(move);
        if (seen_.insert(pack(moved)).second) next.push_back(std::move(moved));
      }
    }
    if (next.empty()) return false;
    layer_ = std::move(next);
    ++depth_;
    return true;
  }
  const std::vector<Board>& layer() const { return layer_; }
  int depth() const { return depth_; }
  std::size_t seen() const { return seen_.size(); }

 private:
  std::vector<Board> layer_;
  std::set<PackedState> seen_;
  int depth_ = 0;
};

bool changes_path(const std::vector<std::string>& differences) {
  return std::any_of(differences.begin(), differences.end(), [](const std::string& d) {
    return d == "path" || d == "cost";
  });
}

// Tries boards in turn against the mistakes left, keeping the ones that tell some apart.
class BoardTrial {
 public:
  BoardTrial(const Task& task, const TaskAdequacy& adequacy, const SuggestLimits& limits,
             Suggestions& out)
      : task_(task), limits_(limits), out_(out),
        left_(suggestion_targets(adequacy, limits.by)),
        started_(std::chrono::steady_clock::now()) {
    if (task.heuristic) {
      if (auto made = make_task_heuristic(task)) heuristic_ = std::move(*made);
    }
  }

  // False when the search must stop: nothing left to find, the boards or the time used up.
  bool may_go_on() {
    if (left_.empty() || out_.boards_tried >= limits_.max_boards) return false;
    if (limits_.progress) limits_.progress(out_.boards_tried, left_.size());
    const double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    if (spent > limits_.max_seconds) out_.out_of_time = true;
    return !out_.out_of_time;
  }

  void try_board(const Board& start, const std::string& origin) {
    ++out_.boards_tried;
    if (start == task_.goal) return;
    const TestCase test{"suggested", start, Visibility::AfterDueDate};
    auto reference = compute_expectation(task_, test);
    // A board the engine cannot solve, or one whose reference search needs more than half the
    // students' expansion budget: no correct submission should come near its budget on a test.
    if (!reference || reference->counters.expanded > task_.limits.search.max_expansions / 2) {
      return;
    }
    SuggestedTest found{"", start, origin, {}};
    std::erase_if(left_, [&](const VariantAdequacy* one) {
      const auto differ = differences(task_, one->variant, start, *reference, heuristic_.get());
      if (limits_.by == SuggestBy::Path ? !changes_path(differ) : differ.empty()) return false;
      found.detects.push_back(one->name);
      return true;
    });
    if (found.detects.empty()) return;
    found.name = "detects-" + found.detects.front().substr(0, found.detects.front().find(' '));
    out_.tests.push_back(std::move(found));
  }

  const std::vector<const VariantAdequacy*>& left() const { return left_; }

 private:
  const Task& task_;
  const SuggestLimits& limits_;
  Suggestions& out_;
  std::vector<const VariantAdequacy*> left_;
  std::unique_ptr<Heuristic> heuristic_;
  std::chrono::steady_clock::time_point started_;
};

// Every board within growing distances of the goal, whole distances only, while they fit in
// `cap` boards; records in `out` how far every board was tried.
void try_every_board_by_distance(const Task& task, std::size_t cap, BoardTrial& trial,
                                 Suggestions& out) {
  BoardsByDistance boards(task.goal);
  while (trial.may_go_on()) {
    const std::size_t before = boards.seen();
    if (!boards.advance()) {
      out.whole_space = true;
      return;
    }
    if (boards.seen() > cap) return;
    const std::size_t size = boards.layer().size();
    for (std::size_t i = 0; i < size; ++i) {
      if (!trial.may_go_on()) return;
      trial.try_board(boards.layer()[i],
                      std::to_string(boards.depth()) + " moves from the goal (board " +
                          std::to_string(i + 1) + " of " + std::to_string(size) +
                          " at that distance)");
    }
    out.every_board_depth = boards.depth();
    out.every_board_count = before + size;
  }
}

}  // namespace

std::vector<const VariantAdequacy*> suggestion_targets(const TaskAdequacy& adequacy,
                                                       SuggestBy by) {
  std::vector<const VariantAdequacy*> targets;
  for (const VariantAdequacy& one : adequacy.variants) {
    const bool wanted = one.status == Detection::Undetected ||
                        (by == SuggestBy::Path && one.status == Detection::Detected &&
                         !changes_path(one.detecting_checks));
    if (wanted) targets.push_back(&one);
  }
  return targets;
}

Suggestions suggest_tests(const Task& task, const TaskAdequacy& adequacy, std::uint64_t seed,
                          const SuggestLimits& limits) {
  Suggestions out;
  if (!adequacy.start_is_goal_tested) {
    out.tests.push_back({"start-is-goal", task.goal, "the goal itself", {}});
  }
  BoardTrial trial(task, adequacy, limits, out);
  // The goal counts as tried: it is the distance 0 every later figure includes.
  out.boards_tried = 1;
  try_every_board_by_distance(task, limits.max_boards / 5 * 4, trial, out);
  // Then farther boards: scrambles longer than the distance covered, then random boards.
  constexpr int kDepths[] = {2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 24, 28, 32};
  constexpr std::size_t kPerDepth = 8;
  std::vector<int> depths;
  for (int depth : kDepths) {
    if (depth > out.every_board_depth) depths.push_back(depth);
  }
  for (std::size_t i = 0; !out.whole_space && trial.may_go_on(); ++i) {
    const std::size_t round = i / kPerDepth;
    const std::uint64_t board_seed = seed * 1'000'003 + i;
    if (round < depths.size()) {
      trial.try_board(scrambled_board(task.goal, depths[round], board_seed),
                      "scramble of " + std::to_string(depths[round]) + " moves, seed " +
                          std::to_string(board_seed));
    } else {
      trial.try_board(random_solvable_board(task.goal, board_seed),
                      "random board, seed " + std::to_string(board_seed));
    }
  }
  for (const VariantAdequacy* one : trial.left()) out.still_undetected.push_back(one->name);
  return out;
}

}  // namespace tile
