#include "grader/judge/variant_naming.h"

#include <algorithm>
#include <string>

#include "grader/spec/task_heuristic.h"
#include "grader/judge/comparison.h"
#include "grader/judge/diagnosis.h"
#include "grader/judge/equivalence.h"
#include "grader/spec/text.h"

namespace tile {

using diagnosis_detail::Accept;
using diagnosis_detail::Candidates;
using diagnosis_detail::Named;

Candidates candidates_for(const Task& task) {
  Candidates out;
  if (task.heuristic) {
    auto made = make_task_heuristic(task);
    if (!made) {
      out.usable = false;
      return out;
    }
    out.heuristic = std::move(*made);
  }
  out.variants.push_back(reference_variant(task));
  // Another counter is read from every candidate's counters (name_from), not run on its own.
  for (Variant& variant : mistake_catalogue(task)) {
    if (!variant.counter_only) out.variants.push_back(std::move(variant));
  }
  return out;
}

std::vector<Reproduction> evidence_of(const Task& task, Candidates& candidates,
                                      const TestCase& test, const StudentSearchRun& run) {
  std::vector<Reproduction> out;
  // Boards instead of moves (path-of-boards) leave no path to compare: no evidence either way.
  if (!has_evidence(run) || !run.returned_boards.empty()) {
    return out;
  }
  const Problem problem{test.start, task.goal};
  return reproduce_all(task, problem, candidates.heuristic.get(), candidates.variants, run);
}

Named name_from(const Task& task, const std::vector<Variant>& variants,
                const std::vector<Reproduction>& evidence, std::optional<std::int64_t> count,
                const Accept& accept) {
  const ResolvedSemantics resolved = task.semantics;
  const CountKind wanted = resolved.count;
  std::vector<Diagnosis> found;
  std::vector<std::size_t> found_from;  // the candidate each diagnosis in `found` names
  // A candidate that is the same search as one already named (BFS's children pushed in reverse
  // and its actions in reverse; duplicate policies breadth-first search cannot tell apart) is
  // another name for that explanation, not a second one.
  auto repeats = [&](std::size_t i) {
    return std::any_of(found_from.begin(), found_from.end(), [&](std::size_t j) {
      return same_search(task, variants[j], variants[i]);
    });
  };
  // Goal tests, successors built and expansions above the limit are most often another counter's
  // value (pops, generated, expanded) under the same search: they are read only when no other
  // counter of any candidate explains the count.
  auto shadows = [](CountKind kind) {
    return kind == CountKind::GoalTests || kind == CountKind::Built ||
           kind == CountKind::ExpandedBelowLimit;
  };
  // When the reference's own search already gives the student's path and order, a candidate
  // that does too is the same search on this board (a parent never overwritten, a start never
  // reached again): it explains nothing more, unless it explains the count with the task's own
  // counter (a count started at 1, a last round counted alone).
  const bool reference_explains =
      !variants.empty() && variants[0].code.empty() && !evidence.empty() &&
      evidence[0].path_and_order;
  for (const bool with_shadows : {false, true}) {
    if (!found.empty()) break;
    for (std::size_t i = 0; i < evidence.size() && found.size() < 2; ++i) {
      if (!evidence[i].path_and_order || repeats(i)) continue;
      if (i > 0 && reference_explains && !(evidence[i].counts & bit(wanted))) continue;
      // A count one too high is most often another counter (the goal's pop): it is named only
      // when no other counter explains the count.
      if (variants[i].count_offset && !with_shadows) continue;
      const Variant& candidate = variants[i];
      std::vector<CountKind> kinds = {wanted};
      for (CountKind kind : count_kinds()) {
        if (kind != wanted) kinds.push_back(kind);
      }
      for (CountKind kind : kinds) {
        if (!(evidence[i].counts & bit(kind)) || found.size() == 2) continue;
        if (kind != wanted && shadows(kind) && !with_shadows) continue;
        if (kind == wanted && candidate.code.empty()) return {std::nullopt, true};
        if (accept && !accept(i, kind)) continue;  // not what the task's other runs show
        if (kind == wanted) {
          found.push_back({candidate.code, candidate.explanation, std::nullopt, candidate.parts});
          found_from.push_back(i);
          break;  // the variant with the task's own counter: its other counters add nothing
        }
        const Diagnosis counted =
            named(DiagnosisId::Counts, {{"counter", std::string(count_name(kind))},
                                       {"yours", count_phrase(kind, task.algorithm, resolved)},
                                       {"assignment", count_phrase(wanted, task.algorithm, resolved)}});
        std::vector<DiagnosisPart> parts = candidate.parts;
        parts.insert(parts.end(), counted.parts.begin(), counted.parts.end());
        found.push_back(candidate.code.empty()
                            ? counted
                            : Diagnosis{candidate.code + "+" + counted.code,
                                        candidate.explanation + " " + counted.explanation,
                                        std::nullopt, std::move(parts)});
        found_from.push_back(i);
      }
    }
  }
  if (found.empty() && !evidence.empty() && evidence[0].path_and_order) {
    return {named(DiagnosisId::WrongCount, {{"count", count ? std::to_string(*count) : "none"}}),
            true};
  }
  if (found.empty()) return {};
  if (found.size() == 1) return {found[0], true};
  return {Diagnosis{found[0].code, "Two mistakes explain what your search did. Either: " +
                                       found[0].explanation + " Or: " + found[1].explanation},
          true};
}

}  // namespace tile
