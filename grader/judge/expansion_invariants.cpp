#include "grader/judge/expansion_invariants.h"

#include <string>
#include <vector>

#include "grader/judge/invariants.h"

namespace tile {

// Named, not anonymous: the unity build puts this file in one unit with the judge's others.
namespace expansion_invariant_detail {

// What the student does to expand each board once, under each policy that does.
std::string expand_once_fix(Duplicates policy) {
  switch (policy) {
    case Duplicates::OnPush:
      return "mark each board as seen when you push it, and never push a board already seen";
    case Duplicates::ClosedOnExpand:
      return "add each board you expand to a closed set, and skip a popped board already in it";
    default:
      return "add each board you pop to a closed set, and skip a popped board already in it";
  }
}

// How often the words say a count of times.
std::string times(std::size_t n) {
  if (n == 1) return "once";
  if (n == 2) return "twice";
  return std::to_string(n) + " times";
}

// "visited-child-pushed", under visited-on-pop (one search, no rounds): a board is visited when
// popped, and a visited child is never pushed, so each board's entries are its start entry and
// the generations before its first pop; every pop expands. A board expanded more often than that
// (at most the generations before its first expansion, the start's entry added) was expanded
// from a copy pushed after it was visited. Two successors calls in a row on one board count once.
std::optional<Diagnosis> visited_child_expanded(const ObservedTree& tree) {
  std::vector<std::size_t> generated(tree.nodes.size(), 0);  // generations so far
  std::vector<std::size_t> allowed(tree.nodes.size(), 0);    // entries it could have had
  std::vector<std::size_t> expanded(tree.nodes.size(), 0);
  for (std::size_t k = 0; k < tree.expansions.size(); ++k) {
    const std::size_t step = k + 1;
    if (tree.expanded_ungenerated && step >= *tree.expanded_ungenerated) break;
    const ObservedExpansion& expansion = tree.expansions[k];
    const std::uint32_t board = expansion.node;
    if (k == 0 || tree.expansions[k - 1].node != board) {
      if (expanded[board] == 0) allowed[board] = generated[board] + (board == 0 ? 1 : 0);
      ++expanded[board];
      if (expanded[board] > allowed[board]) {
        const ObservedNode& node = tree.nodes[board];
        StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
        evidence.boards.push_back(evidence_board("you expanded again", node));
        const std::size_t children_before = allowed[board] - (board == 0 ? 1 : 0);
        evidence.counts = {{"times you expanded it", expanded[board]},
                           {"times your search generated it before", children_before}};
        std::string before = board == 0 ? "it was your start" : "";
        if (children_before > 0) {
          if (!before.empty()) before += " and ";
          before += "your search had generated it " + times(children_before);
        }
        if (before.empty()) return std::nullopt;  // never generated: expanded_ungenerated's
        Diagnosis diagnosis = named(DiagnosisId::VisitedChildPushed,
                                    {{"step", std::to_string(step)},
                                     {"expanded", times(expanded[board])},
                                     {"first", std::to_string(*node.expanded_at)},
                                     {"before", before}});
        diagnosis.step = std::move(evidence);
        return diagnosis;
      }
    }
    for (std::uint32_t c = 0; c < expansion.child_count; ++c) {
      ++generated[tree.children[expansion.first_child + c].board];
    }
  }
  return std::nullopt;
}

bool expands_each_board_once(Duplicates policy) {
  return policy == Duplicates::OnPush || policy == Duplicates::ClosedOnPop ||
         policy == Duplicates::ReplaceIfCheaper || policy == Duplicates::ClosedOnExpand;
}

}  // namespace expansion_invariant_detail

std::optional<Diagnosis> expanded_again(const Task& task, const ObservedTree& tree) {
  using expansion_invariant_detail::expand_once_fix;
  if (task.algorithm == Algorithm::Bibfs || tree.nodes.empty()) return std::nullopt;
  const ResolvedSemantics resolved = task.semantics;
  const Duplicates policy = resolved.duplicates;
  const bool rounds =
      task.algorithm == Algorithm::Iddfs || task.algorithm == Algorithm::Idastar;
  if (policy == Duplicates::VisitedOnPop && !rounds) {
    return expansion_invariant_detail::visited_child_expanded(tree);
  }
  if (!expansion_invariant_detail::expands_each_board_once(policy)) return std::nullopt;
  // start_marked no: the start is pushed once more when a child reaches it.
  const bool start_twice =
      policy == Duplicates::OnPush && resolved.start_marked == StartMarked::No;
  // Rounds are told apart by the start's expansions, which a start expanded twice blurs.
  if (rounds && start_twice) return std::nullopt;
  std::vector<std::size_t> round_of(tree.nodes.size(), 0);
  std::vector<std::size_t> first_at(tree.nodes.size(), 0);
  std::vector<int> times(tree.nodes.size(), 0);
  std::size_t round = 1;
  for (std::size_t k = 0; k < tree.expansions.size(); ++k) {
    const std::size_t step = k + 1;
    if (tree.expanded_ungenerated && step >= *tree.expanded_ungenerated) break;
    const std::uint32_t board = tree.expansions[k].node;
    if (k > 0 && tree.expansions[k - 1].node == board) continue;  // one expansion asked twice
    if (rounds && board == 0 && k > 0) ++round;
    if (round_of[board] != round) {
      round_of[board] = round;
      first_at[board] = step;
      times[board] = 1;
      continue;
    }
    ++times[board];
    if (times[board] <= (board == 0 && start_twice ? 2 : 1)) continue;
    StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
    EvidenceBoard again = evidence_board("you expanded again", tree.nodes[board]);
    again.expanded_at = first_at[board];
    evidence.boards.push_back(std::move(again));
    std::string first = std::to_string(first_at[board]);
    if (rounds) first += ", in the same round";
    Diagnosis diagnosis = named(DiagnosisId::BoardExpandedAgain, {{"step", std::to_string(step)},
                                                         {"first", first},
                                                         {"fix", expand_once_fix(policy)}});
    diagnosis.step = std::move(evidence);
    return diagnosis;
  }
  return std::nullopt;
}

std::optional<Diagnosis> goal_not_stopped(const Task& task, const Board& start,
                                          const StudentSearchRun& run, const ObservedTree& tree) {
  if (task.algorithm == Algorithm::Bibfs || tree.nodes.empty()) return std::nullopt;
  const ResolvedSemantics resolved = task.semantics;
  const auto found = tree.find(task.goal);
  if (!found) return std::nullopt;
  const ObservedNode& goal = tree.nodes[*found];
  const std::uint64_t expansions = run.observed.successors_calls;
  // On generate, the goal child is tested once it is admitted; a depth limit or a round's bound
  // may keep it out, untested, and a depth-limited round may generate it at the limit.
  const bool tests_children = resolved.goal_test != GoalTest::OnPop;
  const bool limited = resolved.depth_limit || task.algorithm == Algorithm::Dls ||
                       task.algorithm == Algorithm::Iddfs ||
                       task.algorithm == Algorithm::Idastar;
  std::optional<Diagnosis> generated;
  if (tests_children && !limited && goal.generated_at && *goal.generated_at < expansions) {
    const std::size_t step = *goal.generated_at;
    StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
    evidence.boards.push_back(evidence_board("you expanded", tree.nodes[*goal.parent]));
    evidence.boards.push_back(evidence_board("and generated the goal", goal));
    generated = named(DiagnosisId::GoalGeneratedNotStopped, {{"step", std::to_string(step)}});
    generated->step = std::move(evidence);
  }
  const bool start_untested_by_design =
      start == task.goal && resolved.goal_test == GoalTest::OnGenerateNotStart;
  if (!goal.expanded_at || *goal.expanded_at >= expansions || start_untested_by_design) {
    return generated;
  }
  const std::size_t step = *goal.expanded_at;
  if (generated && generated->step->step <= step) return generated;
  // goal_tested_at counts the expansions made before the test: below `step`, it came first.
  const bool tested = goal.goal_tested_at && *goal.goal_tested_at < step;
  StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
  evidence.boards.push_back(evidence_board("you expanded the goal", goal));
  if (tested && goal.goal_tested_line > 0) {  // the goal test that accepted it, and was not heeded
    evidence.call = "is_goal";
    evidence.line = goal.goal_tested_line;
  }
  Diagnosis diagnosis =
      named(tested ? DiagnosisId::GoalTestedNotStopped : DiagnosisId::GoalExpandedUntested,
            {{"step", std::to_string(step)}});
  diagnosis.step = std::move(evidence);
  return diagnosis;
}

std::optional<Diagnosis> popped_more_than_generated(const Task& task, const StudentSearchRun& run,
                                                    const ObservedTree& tree) {
  // A depth limit or a round's bound may rightly end a search without the goal.
  const bool limited = task.semantics.depth_limit || task.algorithm == Algorithm::Dls ||
                       task.algorithm == Algorithm::Iddfs ||
                       task.algorithm == Algorithm::Idastar || task.algorithm == Algorithm::Bibfs;
  if (limited || !run.returned_no_path || tree.nodes.empty()) return std::nullopt;
  const ObservedSearch& observed = run.observed;
  std::vector<std::uint32_t> generated(tree.nodes.size(), 0);
  std::vector<std::uint32_t> popped(tree.nodes.size(), 0);
  std::optional<std::uint32_t> last;  // the board expanded last
  bool tested_since = false;          // a problem:is_goal call on it since
  std::size_t step = 0;
  for (const ObservedCall& call : observed.calls) {
    if (call.kind == ObservedCallKind::IsGoal && last == call.board) tested_since = true;
    if (call.kind != ObservedCallKind::Successors) continue;
    ++step;
    if (tree.expanded_ungenerated && step >= *tree.expanded_ungenerated) break;
    const std::uint32_t board = call.board;
    if (!(last == board && !tested_since)) ++popped[board];
    // The start's entry was pushed without a generation.
    if (board != 0 && generated[board] > 0 && popped[board] > generated[board]) {
      using expansion_invariant_detail::times;
      StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
      evidence.boards.push_back(evidence_board("you expanded again", tree.nodes[board]));
      evidence.counts = {{"times you expanded it", popped[board]},
                         {"times your search generated it", generated[board]}};
      Diagnosis diagnosis =
          named(DiagnosisId::ExpandedMoreThanGenerated, {{"step", std::to_string(step)},
                                                 {"expanded", times(popped[board])},
                                                 {"generated", times(generated[board])}});
      diagnosis.step = std::move(evidence);
      return diagnosis;
    }
    for (std::uint32_t c = 0; c < call.child_count; ++c) {
      ++generated[observed.children[call.first_child + c].board];
    }
    last = board;
    tested_since = false;
  }
  return std::nullopt;
}

}  // namespace tile
