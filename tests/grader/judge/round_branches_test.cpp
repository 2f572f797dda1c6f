// Each round of IDA* and iterative deepening rebuilt as its depth-first search: named where the
// search leaves a board without going into a child off the path, within the round's bound, that
// it reached before in another branch (a path check that never takes a board off: a visited set
// for the round); never on the engine's own rounds under the path check, nor where the task's
// search may skip such a child (a duplicate policy, another cycle check).
#include "grader/judge/round_branches.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <set>
#include <vector>

#include <doctest/doctest.h>

#include "engine/named_heuristic.h"
#include "engine/random_boards.h"
#include "engine/search.h"
#include "grader/judge/invariants.h"
#include "tests/grader/student/observed_support.h"
#include "tests/support/task_builders.h"

namespace tile {
namespace round_branches_testing {

const Board kGoal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);

// A script's IDA* (or IDDFS: `by_f` false) as the sandbox records it: each board reached within
// the bound tested, then expanded. `visited` is the mistake: a board reached once in a round is
// skipped for the rest of it, where the assignment skips only boards on the current path.
class ScriptIda {
 public:
  ScriptIda(ObservedSearchRecorder& recorder, Heuristic& h, bool by_f, bool visited)
      : recorder_(recorder), h_(h), by_f_(by_f), visited_(visited) {}

  void run(const Board& start) {
    std::int64_t bound = key(start, 0);
    for (int round = 0; round < 40; ++round) {
      seen_ = {pack(start)};
      next_ = std::numeric_limits<std::int64_t>::max();
      if (go(start, 0, bound) || next_ == std::numeric_limits<std::int64_t>::max()) return;
      bound = next_;
    }
  }

 private:
  std::int64_t key(const Board& board, std::int64_t g) {
    return by_f_ ? g + h_.estimate(board).value() : g;
  }

  bool go(const Board& board, std::int64_t g, std::int64_t bound) {
    const std::int64_t f = key(board, g);
    if (f > bound) {
      next_ = std::min(next_, f);
      return false;
    }
    recorder_.call(ObservedCallKind::IsGoal, board, 0);
    if (board == kGoal) return true;
    testing::record_expansion_of(recorder_, board);
    path_.push_back(board);
    for (const Move move : kAllMoves) {
      if (!board.can_move(move)) continue;
      const Board child = board.moved(move);
      if (visited_ ? seen_.contains(pack(child))
                   : std::ranges::find(path_, child) != path_.end()) {
        continue;
      }
      seen_.insert(pack(child));
      if (go(child, g + 1, bound)) return true;
    }
    path_.pop_back();
    return false;
  }

  ObservedSearchRecorder& recorder_;
  Heuristic& h_;
  bool by_f_;
  bool visited_;
  std::vector<Board> path_;
  std::set<PackedState> seen_;
  std::int64_t next_ = 0;
};

Task path_checked(Algorithm algorithm) {
  Task task = testing::defaults_task(algorithm, kGoal);
  task.semantics.duplicates = Duplicates::None;
  task.semantics.cycle_check = CycleCheck::Path;
  task.semantics.round_bound = RoundBound::F;
  if (algorithm == Algorithm::Idastar) task.heuristic = "manhattan";
  return task;
}

struct Read {
  std::optional<Diagnosis> named;
  std::size_t expansions = 0;
};

Read read_script(const Task& task, const Board& start, bool visited) {
  auto manhattan = make_named_heuristic("manhattan", kGoal);
  REQUIRE(manhattan);
  StudentSearchRun run;
  ObservedSearchRecorder recorder(run.observed, start);
  ScriptIda(recorder, **manhattan, task.algorithm == Algorithm::Idastar, visited).run(start);
  const ObservedTree tree = observed_tree_of(task, run, manhattan->get());
  return {round_skipped_other_branch(task, tree), tree.expansions.size()};
}

std::vector<Board> starts(int count, int moves) {
  std::vector<Board> out;
  for (int i = 0; i < count; ++i) out.push_back(scrambled_board(kGoal, moves, 3300 + i));
  return out;
}

TEST_CASE("a round skipping a child it reached in another branch is named, with the boards") {
  const Task task = path_checked(Algorithm::Idastar);
  // The AIMA start of the iterative-deepening assignment: IDA*'s third round leaves a board at
  // expansion 103 without going into a child first reached at expansion 69.
  const Board start = parse_board(Shape{3, 3}, "7 2 4 5 0 6 8 3 1").value();
  const Read read = read_script(task, start, true);
  REQUIRE(read.named);
  CHECK(read.named->code == "cycle-check-visited");
  REQUIRE(read.named->step);
  CHECK(read.named->step->step == 103);
  REQUIRE(read.named->step->boards.size() == 2);
  const EvidenceBoard& child = read.named->step->boards[1];
  CHECK(child.generated_at == 69);
  // Depth and g along the path the round was on, one move below the board it left.
  CHECK(child.depth == read.named->step->boards[0].depth.value() + 1);
  CHECK(child.g.value() + child.h.value() == 18);
  CHECK(read.named->explanation.find("At expansion 103 ") == 0);
  CHECK(read.named->explanation.find("expansion 100 ") != std::string::npos);
  CHECK(read.named->explanation.find("its f = g + h is 18, within this round's f bound") !=
        std::string::npos);
  CHECK(read.named->explanation.find("at expansion 69, in another branch") !=
        std::string::npos);
}

TEST_CASE("the mistake is named on most boards where it changes the run, IDA* and IDDFS") {
  int named_ida = 0;
  for (const Board& start : starts(8, 30)) {
    named_ida += read_script(path_checked(Algorithm::Idastar), start, true).named ? 1 : 0;
  }
  CHECK(named_ida >= 6);
  int named_iddfs = 0;
  for (const Board& start : starts(6, 14)) {
    named_iddfs += read_script(path_checked(Algorithm::Iddfs), start, true).named ? 1 : 0;
  }
  CHECK(named_iddfs >= 3);
}

// The engine's own rounds, under every cycle check and round rule, are read by
// search_invariants_correct_runs_test.cpp.
TEST_CASE("never named on a script whose rounds check the path") {
  std::size_t expansions = 0;
  for (const Algorithm algorithm : {Algorithm::Idastar, Algorithm::Iddfs}) {
    const Task task = path_checked(algorithm);
    for (const Board& start : starts(8, algorithm == Algorithm::Idastar ? 30 : 14)) {
      const Read read = read_script(task, start, false);
      CHECK_FALSE(read.named);
      expansions += read.expansions;
    }
  }
  CHECK(expansions > 2000);  // the rule read long rounds, many boards left
}

TEST_CASE("never named on the engine's rounds under the path check, in every round rule") {
  auto manhattan = make_named_heuristic("manhattan", kGoal).value();
  int runs = 0;
  for (const Algorithm algorithm : {Algorithm::Idastar, Algorithm::Iddfs}) {
    for (const AtDepthLimit at_limit : {AtDepthLimit::CutOff, AtDepthLimit::Expand}) {
      for (const RoundBound bound : {RoundBound::F, RoundBound::Depth}) {
        for (const RoundGrowth growth : {RoundGrowth::NextF, RoundGrowth::PlusOne}) {
          Task task = path_checked(algorithm);
          task.semantics.at_depth_limit = at_limit;
          task.semantics.round_bound = bound;
          task.semantics.round_growth = growth;
          SearchSpec spec = SearchSpec::of(algorithm, as_written(task.semantics));
          spec.heuristic = manhattan.get();
          spec.record_trace = true;
          spec.limits.max_nodes = 20000;
          for (const Board& start : starts(3, algorithm == Algorithm::Idastar ? 24 : 10)) {
            const SearchResult result = search(Problem{start, kGoal}, spec);
            StudentSearchRun run;
            ObservedSearchRecorder recorder(run.observed, start);
            for (const Board& board : result.trace) testing::record_expansion_of(recorder, board);
            INFO(algorithm_name(algorithm) << "\n" << describe(task.semantics));
            CHECK_FALSE(round_skipped_other_branch(
                task, observed_tree_of(task, run, manhattan.get())));
            ++runs;
          }
        }
      }
    }
  }
  CHECK(runs == 48);
}

TEST_CASE("not named where the task may skip the child: a duplicate policy, no path check") {
  const Board start = parse_board(Shape{3, 3}, "7 2 4 5 0 6 8 3 1").value();
  Task on_push = path_checked(Algorithm::Idastar);
  on_push.semantics.duplicates = Duplicates::OnPush;
  CHECK_FALSE(read_script(on_push, start, true).named);
  Task reverse = path_checked(Algorithm::Idastar);
  reverse.semantics.cycle_check = CycleCheck::ReverseMove;
  CHECK_FALSE(read_script(reverse, start, true).named);
  Task greedy = path_checked(Algorithm::Idastar);
  greedy.algorithm = Algorithm::Astar;
  CHECK_FALSE(read_script(greedy, start, true).named);
}

}  // namespace round_branches_testing
}  // namespace tile
