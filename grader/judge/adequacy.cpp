#include "grader/judge/adequacy.h"

#include <algorithm>
#include <array>
#include <memory>
#include <set>

#include "grader/spec/task_heuristic.h"
#include "engine/state_table.h"
#include "grader/judge/comparison.h"

namespace tile {

namespace {

// Boards this small are few (360 on 2x3): a variant no test detects is tried on every one, and
// when none tells it apart it is equivalent by exhaustion.
constexpr int kExhaustiveCells = 6;

// Marks equivalent every undetected variant no board of the task's (small) size tells apart.
void settle_by_exhaustion(const Task& task, Heuristic* heuristic, TaskAdequacy& adequacy) {
  if (task.goal.cells() > kExhaustiveCells || adequacy.count(Detection::Undetected) == 0) return;
  std::vector<VariantAdequacy*> left;
  for (VariantAdequacy& one : adequacy.variants) {
    if (one.status == Detection::Undetected) left.push_back(&one);
  }
  const std::vector<Board> boards = every_board(task.goal);
  for (const Board& start : boards) {
    if (left.empty()) return;
    auto reference = compute_expectation(task, {"exhaustive", start, Visibility::Hidden});
    if (!reference) return;  // a board the engine cannot solve: no proof either way
    std::erase_if(left, [&](const VariantAdequacy* one) {
      return !differences(task, one->variant, start, *reference, heuristic).empty();
    });
  }
  for (VariantAdequacy* one : left) {
    one->status = Detection::Equivalent;
    one->reason = "no board of this size tells it apart: all " + std::to_string(boards.size()) +
                  " boards that can reach the goal were tried";
  }
}

// Adds CHECK to CHECKS, kept in the order differences() names them, each once.
void add_check(std::vector<std::string>& checks, const std::string& check) {
  static constexpr std::array<std::string_view, 5> kOrder = {"path", "cost", "count", "order",
                                                             "budget"};
  if (std::find(checks.begin(), checks.end(), check) != checks.end()) return;
  const auto rank = [](std::string_view name) {
    return std::find(kOrder.begin(), kOrder.end(), name) - kOrder.begin();
  };
  checks.insert(std::find_if(checks.begin(), checks.end(),
                             [&](const std::string& other) { return rank(other) > rank(check); }),
                check);
}

}  // namespace

std::vector<Board> every_board(const Board& goal) {
  std::vector<Board> boards = {goal};
  std::set<PackedState> seen = {pack(goal)};
  for (std::size_t i = 0; i < boards.size(); ++i) {
    for (Move move : kAllMoves) {
      if (!boards[i].can_move(move)) continue;
      Board next = boards[i].moved(move);
      if (seen.insert(pack(next)).second) boards.push_back(std::move(next));
    }
  }
  return boards;
}

std::string_view detection_name(Detection detection) {
  switch (detection) {
    case Detection::Detected: return "detected";
    case Detection::Equivalent: return "equivalent";
    case Detection::Undetected: return "undetected";
  }
  return "";
}

std::size_t TaskAdequacy::count(Detection detection) const {
  return static_cast<std::size_t>(std::count_if(
      variants.begin(), variants.end(),
      [&](const VariantAdequacy& one) { return one.status == detection; }));
}

std::vector<std::string> differences(const Task& task, const Variant& variant, const Board& start,
                                     const Expectation& reference, Heuristic* heuristic) {
  const ResolvedSemantics base = task.semantics;
  SearchSpec spec = variant_spec(task, variant, heuristic, task.checks.order);
  // A variant that expands more than the student's budget fails the test by running out: no
  // need to follow it further.
  spec.limits.max_nodes =
      std::min<std::uint64_t>(spec.limits.max_nodes, node_cap(task.limits.search.max_expansions));
  const SearchResult result = search({start, task.goal}, spec);
  // The path's cost under the task's model; the count the variant's own counter gives.
  const Comparison differs = compare_run(Compared::by_checks(task.checks), reference,
                                         summary_of(result, start, base.cost, variant.semantics.count));
  std::vector<std::string> out;
  for (Difference difference : differs.differences) {
    out.emplace_back(difference_name(difference));
  }
  return out;
}


TaskAdequacy task_adequacy(const Task& task, const std::vector<const Expectation*>& expectations) {
  TaskAdequacy out;
  out.task = task.name;
  for (const TestCase& test : task.tests) {
    out.start_is_goal_tested = out.start_is_goal_tested || test.start == task.goal;
  }
  std::unique_ptr<Heuristic> heuristic;
  if (task.heuristic) {
    if (auto made = make_task_heuristic(task)) heuristic = std::move(*made);
  }
  for (Variant& variant : mistake_catalogue(task)) {
    VariantAdequacy one;
    one.name = variant.code + (variant.detail.empty() ? "" : " (" + variant.detail + ")");
    one.variant = std::move(variant);
    const auto declared = task.declared_equivalent.find(one.variant.code);
    if (declared != task.declared_equivalent.end()) {  // the instructor's proof, repeated
      one.status = Detection::Equivalent;
      one.reason = "declared equivalent in assignment.json: " + declared->second;
    } else if (auto reason = equivalence_reason(task, one.variant)) {
      one.status = Detection::Equivalent;
      one.reason = *reason;
    } else {
      for (std::size_t i = 0; i < task.tests.size() && i < expectations.size(); ++i) {
        const auto differ = differences(task, one.variant, task.tests[i].start, *expectations[i],
                                        heuristic.get());
        if (differ.empty()) continue;
        std::string what;
        for (const std::string& d : differ) {
          what += (what.empty() ? "" : ", ") + d;
          add_check(one.detecting_checks, d);
        }
        one.detected_by.push_back(task.tests[i].name + " (" + what + ")");
      }
      one.status = one.detected_by.empty() ? Detection::Undetected : Detection::Detected;
    }
    out.variants.push_back(std::move(one));
  }
  settle_by_exhaustion(task, heuristic.get(), out);
  return out;
}

std::vector<std::string> unknown_declared_equivalences(const Task& task) {
  std::vector<std::string> unknown;
  if (task.declared_equivalent.empty()) return unknown;
  const std::vector<Variant> catalogue = mistake_catalogue(task);
  for (const auto& declared : task.declared_equivalent) {
    // (clang 14 cannot capture a structured binding in a lambda: the pair's key, by name)
    const std::string& code = declared.first;
    const bool known = std::any_of(catalogue.begin(), catalogue.end(),
                                   [&](const Variant& variant) { return variant.code == code; });
    if (!known) unknown.push_back(code);
  }
  return unknown;
}

std::vector<TaskAdequacy> assignment_adequacy(const Assignment& assignment,
                                              const std::vector<Expectation>& expectations) {
  std::vector<TaskAdequacy> out;
  std::size_t next = 0;
  for (const Task& task : assignment.tasks) {
    std::vector<const Expectation*> mine;
    for (std::size_t i = 0; i < task.tests.size() && next < expectations.size(); ++i) {
      mine.push_back(&expectations[next++]);
    }
    // A search with the student's own heuristic has no expected run before a submission gives
    // its heuristic's values, so no mistake can be measured against one.
    if (task.kind == TaskKind::Search && !uses_student_heuristic(task)) {
      out.push_back(task_adequacy(task, mine));
    }
  }
  return out;
}

}  // namespace tile
