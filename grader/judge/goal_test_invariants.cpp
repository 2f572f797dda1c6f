#include "grader/judge/goal_test_invariants.h"

#include <algorithm>
#include <string>
#include <vector>

#include "grader/judge/invariants.h"

namespace tile {

// Named, not anonymous: the unity build puts this file in one unit with the judge's others.
namespace goal_test_detail {

// One search, no depth limit and no round bound: every correct placement then tests every new
// child (on generate) or every expanded board (on pop).
bool checked(const Task& task) {
  const Algorithm algorithm = task.algorithm;
  if (algorithm == Algorithm::Dls || algorithm == Algorithm::Iddfs ||
      algorithm == Algorithm::Idastar || algorithm == Algorithm::Bibfs) {
    return false;
  }
  return !task.semantics.depth_limit;
}

// The board's index in the tree when it is the goal.
std::optional<std::uint32_t> goal_index(const Task& task, const ObservedTree& tree) {
  return tree.find(task.goal);
}

// Under on-generate: the first child generated for the first time and not tested before the next
// expansion of another board. Named only where the run shows it tests children as they are
// generated: some new child tested before the next expansion, other than the board expanded
// next (a search that tests each board it pops tests that one, and only that one, there).
std::optional<Diagnosis> child_untested(const Task& task, const StudentSearchRun& run,
                                        const ObservedTree& tree) {
  const auto goal = goal_index(task, tree);
  const ObservedSearch& observed = run.observed;
  std::size_t step = 0;
  std::optional<std::uint32_t> current;
  std::vector<std::uint32_t> waiting;  // new children of the current expansion
  std::size_t generated_step = 0;
  std::vector<bool> tested(tree.nodes.size(), false);
  std::vector<std::uint32_t> tested_line(tree.nodes.size(), 0);  // of each board's first test
  std::optional<Diagnosis> first;
  bool tests_children = false;
  std::uint32_t children_test_line = 0;  // the script's goal test of new children, where known
  for (const ObservedCall& call : observed.calls) {
    if (call.kind == ObservedCallKind::IsGoal) {
      if (!tested[call.board]) tested_line[call.board] = call.line;
      tested[call.board] = true;
      if (goal && call.board == *goal) break;  // the search is over
      continue;
    }
    if (call.kind != ObservedCallKind::Successors) continue;
    ++step;
    if (tree.expanded_ungenerated && step >= *tree.expanded_ungenerated) break;
    if (current && call.board == *current) continue;  // one expansion asked twice
    for (const std::uint32_t child : waiting) {
      if (tested[child]) {
        if (child != call.board && children_test_line == 0) {
          children_test_line = tested_line[child];
        }
        tests_children = tests_children || child != call.board;
        continue;
      }
      if (first) continue;
      StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
      evidence.boards.push_back(evidence_board("generated, not yet tested", tree.nodes[child]));
      evidence.boards.push_back(evidence_board("and you expanded", tree.nodes[call.board]));
      first = named(DiagnosisId::ChildNotGoalTested, {{"step", std::to_string(step)},
                                              {"generated", std::to_string(generated_step)}});
      first->step = std::move(evidence);
    }
    waiting.clear();
    current = call.board;
    generated_step = step;
    for (std::uint32_t c = 0; c < call.child_count; ++c) {
      const std::uint32_t child = observed.children[call.first_child + c].board;
      if (child != 0 && tree.nodes[child].generated_at == step) waiting.push_back(child);
    }
  }
  // The evidence points at the goal test the child escaped: the problem:is_goal call that tests
  // the other new children.
  if (first && children_test_line > 0) {
    first->step->call = "is_goal";
    first->step->line = children_test_line;
  }
  return tests_children ? first : std::nullopt;
}

// Under on-pop: the first board expanded with no is_goal call on it since the previous
// expansion of another board, nor after it before the next. Named only where the run shows it
// tests boards as they are popped: some board other than the start tested there that the
// previous expansion did not generate (a search that tests each child as it is generated tests
// only those there).
std::optional<Diagnosis> expansion_untested(const Task& task, const StudentSearchRun& run,
                                            const ObservedTree& tree) {
  const auto goal = goal_index(task, tree);
  const ObservedSearch& observed = run.observed;
  std::size_t step = 0;
  std::optional<std::uint32_t> current;
  std::size_t current_step = 0;
  bool current_tested = false;
  std::vector<std::uint32_t> tested_since;  // boards tested since the current expansion began
  std::optional<Diagnosis> first;
  bool tests_pops = false;
  // Whether the expansion `call` of `board` returned it as a child.
  auto made = [&](const ObservedCall& call, std::uint32_t board) {
    for (std::uint32_t c = 0; c < call.child_count; ++c) {
      if (observed.children[call.first_child + c].board == board) return true;
    }
    return false;
  };
  std::optional<ObservedCall> current_call;
  std::optional<ObservedCall> previous_call;
  for (const ObservedCall& call : observed.calls) {
    if (call.kind == ObservedCallKind::IsGoal) {
      if (goal && call.board == *goal) break;  // the search is over
      if (current && call.board == *current) current_tested = true;
      tested_since.push_back(call.board);
      continue;
    }
    if (call.kind != ObservedCallKind::Successors) continue;
    ++step;
    if (tree.expanded_ungenerated && step >= *tree.expanded_ungenerated) break;
    if (current && call.board == *current) continue;  // one expansion asked twice
    if (current && current_tested && *current != 0 &&
        !(previous_call && made(*previous_call, *current))) {
      tests_pops = true;
    }
    if (current && !current_tested && !first) {
      StepEvidence evidence{StepUnit::Expansion, current_step, {}, {}};
      const ObservedNode& node = tree.nodes[*current];
      evidence.boards.push_back(evidence_board("expanded, no test since the last one", node));
      first = named(DiagnosisId::ExpandedNotGoalTested, {{"step", std::to_string(current_step)}});
      first->step = std::move(evidence);
    }
    previous_call = current_call;
    current = call.board;
    current_call = call;
    current_step = step;
    current_tested = std::find(tested_since.begin(), tested_since.end(), call.board) !=
                     tested_since.end();
    tested_since.clear();
  }
  return tests_pops ? first : std::nullopt;
}

}  // namespace goal_test_detail

std::optional<Diagnosis> goal_test_misplaced(const Task& task, const StudentSearchRun& run,
                                             const ObservedTree& tree) {
  if (tree.nodes.empty() || !goal_test_detail::checked(task)) return std::nullopt;
  if (task.semantics.goal_test == GoalTest::OnPop) {
    return goal_test_detail::expansion_untested(task, run, tree);
  }
  return goal_test_detail::child_untested(task, run, tree);
}

}  // namespace tile
