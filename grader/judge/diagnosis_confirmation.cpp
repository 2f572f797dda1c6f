// TaskDiagnoser's confirmations (issue 33 part 3): a variant, a pair of mistakes or a path-only
// task's swap is named on one run only when the share of the task's other failing runs the
// ranking asks for shows it too; one board matching by accident is a symptom, not the cause.
#include <functional>
#include <optional>
#include <vector>

#include "grader/judge/diagnosis.h"
#include "grader/judge/diagnosis_evidence.h"
#include "grader/judge/frontier_invariants.h"
#include "grader/judge/invariants.h"
#include "grader/judge/reproduction.h"

namespace tile {

using diagnosis_detail::Named;

std::vector<std::size_t> TaskDiagnoser::failing_elsewhere(std::size_t position) const {
  std::vector<std::size_t> out;
  // Only where every difference from the reference fails a test (its order checked) does a run
  // the reference does not reproduce show the mistake; a path-only task passes other paths too.
  if (!task_.checks.order) return out;
  const CountKind wanted = task_.semantics.count;
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const std::vector<Reproduction>& evidence = evidence_->per_run[i];
    if (i == position || evidence.empty()) continue;
    const bool count_right = !task_.checks.count || (evidence[0].counts & bit(wanted)) != 0;
    if (evidence[0].path_and_order && count_right) continue;  // the reference reproduces it
    out.push_back(i);
  }
  return out;
}

std::optional<Diagnosis> TaskDiagnoser::confirmed_variant(std::size_t position,
                                                          Share share) const {
  const StudentSearchRun& run = *runs_[position];
  const Named confirmed =
      name_from(task_, evidence_->candidates.variants, evidence_->per_run[position],
                run.reported_count, [&](std::size_t candidate, CountKind kind) {
                  return confirmed_elsewhere(position, candidate, kind, share);
                });
  // wrong-count here only says the accepted candidates left the count unexplained: not said.
  if (confirmed.diagnosis && confirmed.diagnosis->code != code_of(DiagnosisId::WrongCount)) {
    return confirmed.diagnosis;
  }
  return std::nullopt;
}

bool TaskDiagnoser::share_confirms(const std::vector<std::size_t>& others, Share share,
                                   const std::function<bool(std::size_t)>& confirms) {
  const std::size_t runs = others.size() + 1;
  const std::size_t needed = share == Share::Every ? runs : (runs + 1) / 2;
  std::size_t confirmed = 1;  // the run being named
  for (std::size_t k = 0; k < others.size() && confirmed < needed; ++k) {
    if (confirmed + (others.size() - k) < needed) return false;  // too few left to reach it
    if (confirms(others[k])) ++confirmed;
  }
  return confirmed >= needed;
}

bool TaskDiagnoser::confirmed_elsewhere(std::size_t position, std::size_t candidate,
                                        CountKind counter, Share share) const {
  const CountKind wanted = task_.semantics.count;
  return share_confirms(failing_elsewhere(position), share, [&](std::size_t i) {
    const Reproduction& other = evidence_->per_run[i][candidate];
    const bool counted =
        (counter == wanted && !task_.checks.count) || (other.counts & bit(counter)) != 0;
    // Where the reference's own search gives that run's path and order, the candidate explains
    // it only with the task's own counter (as name_from reads one run).
    const bool reference_search = evidence_->per_run[i][0].path_and_order;
    const bool only_the_count = candidate > 0 && reference_search && task_.checks.count &&
                                (other.counts & bit(wanted)) == 0;
    return other.path_and_order && counted && !only_the_count;
  });
}

bool TaskDiagnoser::pair_confirmed(std::size_t position, CandidatePair pair) const {
  const std::vector<Variant>& variants = evidence_->candidates.variants;
  const auto both = combine(variants[0], variants[pair.first], variants[pair.second]);
  if (!both) return false;
  return share_confirms(failing_elsewhere(position), Share::Every, [&](std::size_t i) {
    const Problem problem{tests_[i]->start, task_.goal};
    return reproduce(task_, problem, evidence_->candidates.heuristic.get(), *both, *runs_[i])
        .path_and_order;
  });
}

const PathSwapReading& TaskDiagnoser::path_reading(std::size_t position, Heuristic* heuristic) {
  auto& readings = evidence_->path_readings;
  if (readings.empty()) readings.resize(runs_.size());
  if (!readings[position]) {
    const Problem problem{tests_[position]->start, task_.goal};
    readings[position] = read_path_swap(task_, evidence_->candidates.variants, heuristic, problem,
                                        *runs_[position]);
  }
  return *readings[position];
}

std::optional<Diagnosis> TaskDiagnoser::confirmed_path_swap(std::size_t position,
                                                            Heuristic* heuristic) {
  const std::optional<Diagnosis> swap = path_reading(position, heuristic).swap;
  if (!swap) return std::nullopt;
  // The other runs no style of the reference returns (this one is among them: it shows a swap).
  std::vector<std::size_t> others;
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    if (i == position || !has_evidence(*runs_[i])) continue;
    const PathSwapReading& reading = path_reading(i, heuristic);
    if (reading.readable && !reading.reference) others.push_back(i);
  }
  // One board alone matching a swap may be an accident: another failing run must be read too.
  if (others.empty()) return std::nullopt;
  const bool most = share_confirms(others, Share::Half, [&](std::size_t i) {
    const std::optional<Diagnosis>& theirs = path_reading(i, heuristic).swap;
    return theirs && theirs->code == swap->code;
  });
  if (!most) return std::nullopt;
  // Every such run shows it: the swap is an exact variant of the task's paths, and its sentence
  // stands (diagnose() keeps it). On half of them only, it is what this run shows.
  const bool every = share_confirms(others, Share::Every, [&](std::size_t i) {
    const std::optional<Diagnosis>& theirs = path_reading(i, heuristic).swap;
    return theirs && theirs->code == swap->code;
  });
  Diagnosis confirmed = *swap;
  if (every) confirmed.proof = Proof::Variant;
  return confirmed;
}

std::optional<Diagnosis> TaskDiagnoser::count_one_below_everywhere(std::size_t position) {
  const StudentSearchRun& run = *runs_[position];
  if (!task_.checks.count || task_.checks.count_tolerance != 0 || !run.reported_count) {
    return std::nullopt;
  }
  const ResolvedSemantics resolved = task_.semantics;
  const CountMask wanted = bit(resolved.count);
  if (!evidence_->count_one_below) {
    // The reference's own search, its count read one lower: a run it reproduces with this
    // counter returned the counter less one (or 0 where the counter is 0).
    Variant one_below = reference_variant(task_);
    one_below.semantics.count_offset = -1;
    std::size_t failing = 0;
    bool holds = true;
    for (std::size_t i = 0; i < runs_.size() && holds; ++i) {
      const std::vector<Reproduction>& evidence = evidence_->per_run[i];
      if (evidence.empty()) continue;  // nothing to compare: no evidence either way
      const std::optional<std::int64_t> count = runs_[i]->reported_count;
      const bool right = evidence[0].path_and_order && (evidence[0].counts & wanted) != 0;
      if (right) {
        holds = count && *count == 0;  // a count above 0 that is right is not one too few
        continue;
      }
      // A count of 0 one below the counter is weak evidence (a counter never incremented, 0
      // expansions where the start is the goal): it must agree, but the two runs are others.
      if (count && *count > 0) ++failing;
      const Problem problem{tests_[i]->start, task_.goal};
      holds = evidence[0].path_and_order && count &&
              (reproduce(task_, problem, evidence_->candidates.heuristic.get(), one_below,
                         *runs_[i])
                   .counts &
               wanted) != 0;
    }
    evidence_->count_one_below = holds && failing >= 2;
  }
  if (!*evidence_->count_one_below) return std::nullopt;
  const std::int64_t count = *run.reported_count;
  StepEvidence evidence{StepUnit::Expansion, 0, {}, {}};
  const std::string assignment = count_phrase(resolved.count, task_.algorithm, resolved);
  evidence.counts = {{"your count", static_cast<std::uint64_t>(count)},
                     {assignment, static_cast<std::uint64_t>(count + 1)}};
  Diagnosis diagnosis = named(DiagnosisId::CountOffsetMinusOne,
                              {{"count", std::to_string(count)},
                               {"assignment", assignment},
                               {"wanted", std::to_string(count + 1)}});
  diagnosis.step = std::move(evidence);
  return diagnosis;
}

std::string TaskDiagnoser::count_word_everywhere(std::size_t position,
                                                 Heuristic* heuristic) const {
  const CountMask wanted = bit(task_.semantics.count);
  std::string word;
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const std::vector<Reproduction>& evidence = evidence_->per_run[i];
    if (i == position || evidence.empty()) continue;
    const bool count_right = (evidence[0].counts & wanted) != 0;
    if (evidence[0].path_and_order && count_right) continue;  // the reference reproduces it
    if (!evidence[0].path_and_order) return {};  // another mistake: it confirms nothing here
    const ObservedTree tree = observed_tree_of(task_, *runs_[i], heuristic);
    const auto named = count_equals_other(task_, *runs_[i], tree);
    constexpr std::string_view kFamily = "count-equals-";
    if (!named || !named->code.starts_with(kFamily)) return {};
    const std::string theirs = named->code.substr(kFamily.size());
    if (!word.empty() && theirs != word) return {};
    word = theirs;
  }
  return word;
}

std::string TaskDiagnoser::count_identity(std::size_t position, Heuristic* heuristic,
                                          const ObservedTree& own_tree) const {
  constexpr std::string_view kFamily = "count-equals-";
  std::string word;
  if (auto own = count_equals_other(task_, *runs_[position], own_tree)) {
    word = own->code.substr(kFamily.size());
  } else {
    word = count_word_everywhere(position, heuristic);
  }
  if (word.empty()) return {};
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    // A run the judge could not compare (it did not finish, or returned no answer) is a test
    // on which the identity is not shown: then it is no identity of the task.
    if (evidence_->per_run[i].empty()) return {};
    const bool held = i == position
                          ? count_equals_number(task_, *runs_[i], own_tree, word)
                          : count_equals_number(task_, *runs_[i],
                                                observed_tree_of(task_, *runs_[i], heuristic),
                                                word);
    if (!held) return {};
  }
  return word;
}

bool TaskDiagnoser::keys_kept_everywhere(Heuristic* heuristic) {
  if (!evidence_->keys_kept) {
    bool kept = true;
    for (std::size_t i = 0; i < runs_.size() && kept; ++i) {
      const std::vector<Reproduction>& evidence = evidence_->per_run[i];
      if (evidence.empty() || evidence[0].path_and_order) continue;  // nothing, or right
      const ObservedTree tree = observed_tree_of(task_, *runs_[i], heuristic);
      const auto broken = priority_order_broken(task_, tree);
      kept = !broken || !broken->code.starts_with("frontier-not-least-");
    }
    evidence_->keys_kept = kept;
  }
  return *evidence_->keys_kept;
}

std::vector<std::size_t> TaskDiagnoser::guide_pairs(Heuristic* heuristic) const {
  std::vector<RunOnBoard> failing;
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const std::vector<Reproduction>& evidence = evidence_->per_run[i];
    if (evidence.empty() || evidence[0].path_and_order) continue;  // nothing, or nothing wrong
    failing.push_back({Problem{tests_[i]->start, task_.goal}, runs_[i]});
  }
  return pair_guide(task_, evidence_->candidates.variants, heuristic, failing);
}

}  // namespace tile
