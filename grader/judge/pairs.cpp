#include "grader/judge/pairs.h"

#include <algorithm>

#include "engine/semantics_fields.h"
#include "grader/judge/reproduction.h"

namespace tile {

namespace {

// Takes `b`'s change of one field over `a`'s; false when both change it, differently.
template <class T>
bool merge(T& out, const T& reference, const T& b) {
  if (b == reference || b == out) return true;
  if (!(out == reference)) return false;
  out = b;
  return true;
}

// Every field of the semantics, as engine/semantics_fields.h lists them.
bool merge_semantics(ResolvedSemantics& out, const ResolvedSemantics& reference,
                     const ResolvedSemantics& b) {
  return !any_semantics_field([&](const auto& field) {
    return !merge(out.*field.resolved, reference.*field.resolved, b.*field.resolved);
  });
}

}  // namespace

std::optional<Variant> combine(const Variant& reference, const Variant& a, const Variant& b) {
  if (a.parts.empty() || b.parts.empty()) return std::nullopt;  // no catalogue entry to name
  Variant out = a;
  if (!merge_semantics(out.semantics, reference.semantics, b.semantics)) return std::nullopt;
  if (b.algorithm != reference.algorithm) {
    if (a.algorithm != reference.algorithm) return std::nullopt;
    out.algorithm = b.algorithm;
    out.weight = b.weight;
  }
  if (out.semantics == a.semantics && out.algorithm == a.algorithm) return std::nullopt;
  if (out.semantics == b.semantics && out.algorithm == b.algorithm) return std::nullopt;
  out.code = a.code + "+" + b.code;
  out.parts = {a.parts.front(), b.parts.front()};
  out.explanation = two_mistakes_sentence(out.parts[0], out.parts[1]);
  out.detail.clear();
  return out;
}

std::vector<std::size_t> pair_guide(const Task& task, const std::vector<Variant>& candidates,
                                    Heuristic* heuristic, const std::vector<RunOnBoard>& runs) {
  std::vector<std::size_t> followed(candidates.size(), 0);
  for (const RunOnBoard& one : runs) {
    if (one.run->expansions.empty()) continue;
    const std::vector<std::size_t> prefix =
        common_prefixes(task, one.problem, heuristic, candidates, *one.run);
    for (std::size_t i = 0; i < candidates.size(); ++i) followed[i] += prefix[i];
  }
  return followed;
}

namespace {

// Whether a mistake may be half of a pair on this task: never one about a rule the task does not
// read, which two other changes can stand in for by chance. A unit-cost task's student charges
// every move 1 (no cost-* mistake), and a task that checks no expansion order cannot see where
// the goal is tested (no goal-test-* mistake) (issue 47: "you charge k for moving tile k" said to
// a student whose moves all cost 1).
bool half_the_task_reads(const Task& task, const Variant& variant) {
  const ResolvedSemantics& semantics = task.semantics;
  if (variant.code.starts_with("cost-") && semantics.cost == CostModel::Unit) return false;
  const bool goal_test = variant.code.starts_with("goal-test-on-") ||
                         variant.code == code_of(DiagnosisId::StartNeverGoalTested);
  return !(goal_test && !task.checks.order);
}

std::optional<Variant> combined(const std::vector<Variant>& candidates, CandidatePair pair) {
  return combine(candidates[0], candidates[pair.first], candidates[pair.second]);
}

}  // namespace

std::optional<CandidatePair> find_pair(const Task& task, const std::vector<Variant>& candidates,
                                       Heuristic* heuristic, const std::vector<std::size_t>& guide,
                                       const Problem& problem, const StudentSearchRun& run,
                                       std::optional<CandidatePair> tried_first) {
  if (candidates.size() < 3 || run.expansions.empty() || guide.size() != candidates.size()) {
    return std::nullopt;
  }
  std::size_t searches = 0;
  auto reproduces = [&](const Variant& both) {
    searches += 2;  // reproduce() runs at most two searches
    return reproduce(task, problem, heuristic, both, run).path_and_order;
  };
  if (tried_first && half_the_task_reads(task, candidates[tried_first->first]) &&
      half_the_task_reads(task, candidates[tried_first->second])) {
    if (const auto both = combined(candidates, *tried_first); both && reproduces(*both)) {
      return tried_first;
    }
  }
  // The leaders: the mistakes that follow the student further than the reference does. Where a
  // student made two mistakes, the one whose effect shows first is followed longest (until the
  // other's shows), so each leader is paired with every other mistake, in catalogue order.
  std::vector<std::size_t> leaders;
  for (std::size_t i = 1; i < candidates.size(); ++i) {
    if (guide[i] > guide[0]) leaders.push_back(i);
  }
  std::stable_sort(leaders.begin(), leaders.end(),
                   [&](std::size_t x, std::size_t y) { return guide[x] > guide[y]; });
  leaders.resize(std::min(leaders.size(), kLeaders));
  for (std::size_t leader : leaders) {
    for (std::size_t other = 1; other < candidates.size(); ++other) {
      if (other == leader) continue;
      // The earlier of the two in the catalogue is named first.
      const CandidatePair pair{std::min(leader, other), std::max(leader, other)};
      if (tried_first && pair.first == tried_first->first && pair.second == tried_first->second) {
        continue;
      }
      if (!half_the_task_reads(task, candidates[leader]) ||
          !half_the_task_reads(task, candidates[other])) {
        continue;
      }
      const auto both = combined(candidates, pair);
      if (!both) continue;
      if (searches + 2 > kPairSearchBudget) return std::nullopt;
      if (reproduces(*both)) return pair;
    }
  }
  return std::nullopt;
}

Diagnosis pair_diagnosis(const std::vector<Variant>& candidates, CandidatePair pair) {
  const auto both = combined(candidates, pair);
  return both ? Diagnosis{both->code, both->explanation, std::nullopt, both->parts} : Diagnosis{};
}

}  // namespace tile
