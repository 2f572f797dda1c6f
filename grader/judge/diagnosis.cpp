#include "grader/judge/diagnosis.h"

#include <algorithm>
#include <array>
#include <functional>

#include "engine/named_heuristic.h"
#include "grader/judge/adequacy.h"
#include "grader/judge/comparison.h"
#include "grader/judge/function_patterns.h"
#include "grader/judge/invariants.h"
#include "grader/judge/pairs.h"
#include "grader/judge/path_family.h"
#include "grader/judge/path_mistakes.h"
#include "grader/judge/reproduction.h"
#include "grader/spec/expectation.h"
#include "grader/spec/text.h"

namespace tile {

// The two records TaskDiagnoser::Evidence (declared in diagnosis.h) holds live in a named
// namespace: a member of a class with linkage may not have a type from an anonymous one, which the
// unity build (CMakeLists.txt), where this file is included into another, would warn of.
namespace diagnosis_detail {

// The candidates (the reference first, then the catalogue) and the task's heuristic.
struct Candidates {
  std::vector<Variant> variants;
  std::unique_ptr<Heuristic> heuristic;
  bool usable = true;  // false: the task's heuristic could not be made
};

// The mistake that evidence names: every candidate and counter consistent with it, in catalogue
// order (the task's own counter first); the first two are named. Nullopt when the reference with
// the task's counter is consistent (nothing wrong), or nothing is.
struct Named {
  std::optional<Diagnosis> diagnosis;
  bool explained = false;  // false: no candidate is consistent with the evidence
};

// Whether a candidate, read with one counter, may be named: name_from names only those it
// accepts (the ones every failing run of the task confirms, when naming one test's run).
using Accept = std::function<bool(std::size_t candidate, CountKind counter)>;

}  // namespace diagnosis_detail

using diagnosis_detail::Candidates;
using diagnosis_detail::Accept;
using diagnosis_detail::Named;

namespace {

Candidates candidates_for(const Task& task) {
  Candidates out;
  if (task.heuristic) {
    auto made = make_named_heuristic(*task.heuristic, task.goal);
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

// One reproduction per candidate for one run.
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
                const Accept& accept = {}) {
  const Semantics resolved = task.resolved_semantics();
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
            named("counts-{counter}", {{"counter", std::string(count_name(kind))},
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
    return {named("wrong-count", {{"count", count ? std::to_string(*count) : "none"}}), true};
  }
  if (found.empty()) return {};
  if (found.size() == 1) return {found[0], true};
  return {Diagnosis{found[0].code, "Two mistakes explain what your search did. Either: " +
                                       found[0].explanation + " Or: " + found[1].explanation},
          true};
}

std::vector<Diagnosis> path_mistakes_of(const Task& task, const TestCase& test,
                                        const StudentSearchRun& run) {
  if (!run.completed) return {};
  return path_mistakes(test.start, task.goal, run.path);
}

// Whether `path` is a legal route from `start` to `goal`.
bool reaches(const Board& start, const Board& goal, const std::vector<Move>& path) {
  Board board = start;
  for (Move move : path) {
    if (!board.can_move(move)) return false;
    board = board.moved(move);
  }
  return board == goal;
}

}  // namespace

std::optional<Diagnosis> diagnose_search(const Task& task, const TestCase& test,
                                         const StudentSearchRun& run) {
  TaskDiagnoser diagnoser(task, {&test}, {&run});
  return diagnoser.diagnose(0);
}

struct TaskDiagnoser::Evidence {
  Candidates candidates;
  std::vector<std::vector<Reproduction>> per_run;
  Named combined;
  // The path mistakes every run with a mendable path shares, in the order path_mistakes gives.
  std::vector<std::string> common_path_codes;
  // Whether every run whose path misses the goal has a mendable path: only then does a path
  // mistake common to them explain every such run, and rank with a variant that reproduces them.
  bool every_missed_path_mendable = true;
  // How far each candidate follows the expansions of the runs the reference does not reproduce,
  // added up (pairs.h): measured the first time a test needs a pair.
  std::optional<std::vector<std::size_t>> pair_guide;
  std::optional<CandidatePair> named_pair;  // the pair a test of the task was named by
  // Each run read by the path-only task's swaps (path_family.h), the first time one is needed.
  std::vector<std::optional<PathSwapReading>> path_readings;
};

TaskDiagnoser::TaskDiagnoser(const Task& task, std::vector<const TestCase*> tests,
                             std::vector<const StudentSearchRun*> runs)
    : task_(task), tests_(std::move(tests)), runs_(std::move(runs)) {}

TaskDiagnoser::~TaskDiagnoser() = default;

std::optional<Diagnosis> TaskDiagnoser::diagnose(std::size_t position) {
  const StudentSearchRun& run = *runs_[position];
  if (!has_evidence(run)) return std::nullopt;
  if (!evidence_) {
    evidence_ = std::make_unique<Evidence>();
    evidence_->candidates = candidates_for(task_);
    if (!evidence_->candidates.usable) return std::nullopt;
    std::vector<Reproduction> all(evidence_->candidates.variants.size(), {true, kAnyCount});
    bool any = false;
    for (std::size_t i = 0; i < runs_.size(); ++i) {
      evidence_->per_run.push_back(
          evidence_of(task_, evidence_->candidates, *tests_[i], *runs_[i]));
      const std::vector<Reproduction>& one = evidence_->per_run.back();
      if (one.empty()) continue;  // a run with nothing to compare says nothing
      any = true;
      for (std::size_t c = 0; c < all.size(); ++c) {
        all[c].path_and_order = all[c].path_and_order && one[c].path_and_order;
        all[c].counts &= one[c].counts;
      }
    }
    // Path mistakes, like search mistakes, are named from every run of the task: a one-move
    // path turned round is tile-centred or reversed and tile-centred, and the task's longer
    // paths say which.
    bool first_mendable = true;
    for (std::size_t i = 0; i < runs_.size(); ++i) {
      const auto mistakes = path_mistakes_of(task_, *tests_[i], *runs_[i]);
      if (mistakes.empty()) {
        const StudentSearchRun& other = *runs_[i];
        if (other.completed && other.returned_boards.empty() &&
            !reaches(tests_[i]->start, task_.goal, other.path)) {
          evidence_->every_missed_path_mendable = false;
        }
        continue;
      }
      std::vector<std::string> codes;
      for (const Diagnosis& mistake : mistakes) codes.push_back(mistake.code);
      if (first_mendable) {
        evidence_->common_path_codes = codes;
        first_mendable = false;
      } else {
        std::erase_if(evidence_->common_path_codes, [&](const std::string& code) {
          return std::find(codes.begin(), codes.end(), code) == codes.end();
        });
      }
    }
    if (any && runs_.size() > 1) {
      // wrong-count is this run's own finding, never the task's: the count differs per board.
      evidence_->combined = name_from(task_, evidence_->candidates.variants, all, std::nullopt);
      if (evidence_->combined.diagnosis &&
          evidence_->combined.diagnosis->code == "wrong-count") {
        evidence_->combined = {};
      }
    }
  }
  if (!evidence_->candidates.usable) return std::nullopt;
  const std::vector<Variant>& variants = evidence_->candidates.variants;
  // The task's evidence names a mistake only for a run it does not call correct.
  const Named own = name_from(task_, variants, evidence_->per_run[position], run.reported_count);
  if (own.explained && !own.diagnosis) return std::nullopt;  // the reference reproduces this run
  if (evidence_->combined.explained && evidence_->combined.diagnosis) {
    return evidence_->combined.diagnosis;
  }
  Heuristic* heuristic = evidence_->candidates.heuristic.get();
  // The run's observed tree, built the first time an invariant is checked.
  std::optional<ObservedTree> built_tree;
  auto tree = [&]() -> const ObservedTree& {
    if (!built_tree) built_tree = observed_tree_of(task_, run, heuristic);
    return *built_tree;
  };
  // The ranking of evidence (issue 33 part 3). First what reproduces this run and every other
  // failing run of the task: a variant of the search, a path mistake, two mistakes at once.
  if (own.explained) {
    // The path and order are the reference's and the count is no engine counter: a number of
    // the student's own run names it when exactly one does.
    if (own.diagnosis && own.diagnosis->code == "wrong-count") {
      if (auto other = count_equals_other(task_, run, tree())) return other;
      return own.diagnosis;
    }
    // Only what the task's other failing runs confirm: a variant that matches this board alone
    // (a broken search that happens to agree with it here) is a symptom, never the cause, and
    // "Either ... Or ..." is said only of two that both reproduce the same failing runs.
    if (auto everywhere = confirmed_variant(position, Share::Every)) return everywhere;
  }
  const auto mistakes = path_mistakes_of(task_, *tests_[position], run);
  if (evidence_->every_missed_path_mendable) {
    for (const Diagnosis& mistake : mistakes) {
      const auto& common = evidence_->common_path_codes;
      if (std::find(common.begin(), common.end(), mistake.code) != common.end()) return mistake;
    }
  }
  // No path transformation mends every run: a broken invariant of the run itself outranks any
  // variant or transformation matched on one symptom.
  const Problem problem{tests_[position]->start, task_.goal};
  if (auto broken = broken_path_integrity(task_, problem.start, run, tree())) return broken;
  // Two mistakes at once, when no single one reproduces every failing run.
  if (run.returned_boards.empty() && !run.expansions.empty()) {
    if (!evidence_->pair_guide) evidence_->pair_guide = guide_pairs(heuristic);
    if (auto pair = find_pair(task_, variants, heuristic, *evidence_->pair_guide, problem, run,
                              evidence_->named_pair)) {
      if (pair_confirmed(position, *pair)) {
        evidence_->named_pair = pair;
        return pair_diagnosis(variants, *pair);
      }
    }
  }
  // A variant that reproduces this run and at least half of the task's failing runs: a mistake
  // most boards show, which another mistake or a record the judge cannot compare hides on the
  // rest; more than a symptom of one board.
  if (own.explained) {
    if (auto most = confirmed_variant(position, Share::Half)) return most;
  }
  // A path-only task's swapped priority, when at least half of the runs no style of the
  // reference returns show that same swap: more than one board matching by accident.
  if (auto swap = confirmed_path_swap(position, heuristic)) return swap;
  // Nothing reproduces the failing runs: the first expansion that breaks the algorithm's goal
  // test, duplicate policy or frontier order.
  if (auto broken = search_invariant_broken(task_, problem.start, run, tree())) return broken;
  if (auto counted = count_equals_other(task_, run, tree())) return counted;
  // A path-only task's dearer path is a fact of the run, where one board's match of a swapped
  // priority (below) would only be a guess.
  const auto cheapest = position < optimal_costs_.size() ? optimal_costs_[position] : std::nullopt;
  if (task_.checks.path == PathCheck::Optimal && cheapest && run.completed &&
      run.returned_boards.empty()) {
    if (auto dearer = path_dearer_than_cheapest(problem.start, problem.goal, run.path,
                                                task_.semantics.cost, *cheapest)) {
      return dearer;
    }
  }
  // Below the invariants, what a symptom of this run alone shows. A variant or a pair that other
  // failing runs refute is not said: it is not what the student's code does.
  if (own.explained) return std::nullopt;
  if (!mistakes.empty()) {
    for (const Diagnosis& mistake : mistakes) {
      const auto& common = evidence_->common_path_codes;
      if (std::find(common.begin(), common.end(), mistake.code) != common.end()) return mistake;
    }
    return mistakes.front();
  }
  // A path-only task's swapped priority named from this run's path alone (read once, above).
  if (auto from_path = path_reading(position, heuristic).swap) return from_path;
  if (run.completed) return goal_reached_instead(problem.start, problem.goal, run.path);
  return std::nullopt;
}

std::vector<std::size_t> TaskDiagnoser::failing_elsewhere(std::size_t position) const {
  std::vector<std::size_t> out;
  // Only where every difference from the reference fails a test (its order checked) does a run
  // the reference does not reproduce show the mistake; a path-only task passes other paths too.
  if (!task_.checks.order) return out;
  const CountKind wanted = task_.resolved_semantics().count;
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
  if (confirmed.diagnosis && confirmed.diagnosis->code != "wrong-count") {
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
  const CountKind wanted = task_.resolved_semantics().count;
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
  return swap;
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

Diagnosis diagnose_answer(BoardFunction function, const Board& board, const Board& goal,
                          const FunctionValue& got) {
  // One answer read alone, as function_patterns.h reads a task's answers together.
  TestCase test;
  test.start = board;
  const AnswerOnBoard alone{&test, got};
  const auto finding = diagnose_function_task(function, board_function_name(function), goal,
                                              {&alone, 1})[0];
  return finding ? finding->diagnosis : named("wrong-board");
}

}  // namespace tile
