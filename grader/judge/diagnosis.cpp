// TaskDiagnoser's ranking of evidence (issue 33 part 3): what reproduces a run and the task's
// other failing runs, then a path mistake they share, a broken path, a pair, and below them the
// run's own invariants; the naming itself is variant_naming.h's, the confirmations across runs
// diagnosis_confirmation.cpp's.
#include "grader/judge/diagnosis.h"

#include <algorithm>

#include "grader/judge/diagnosis_evidence.h"
#include "grader/judge/function_patterns.h"
#include "grader/judge/invariants.h"
#include "grader/judge/path_of_expansions.h"
#include "grader/judge/path_mistakes.h"
#include "grader/judge/reproduction.h"
#include "grader/judge/variant_naming.h"

namespace tile {

using diagnosis_detail::Named;

namespace {

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

TaskDiagnoser::TaskDiagnoser(const Task& task, std::vector<const TestCase*> tests,
                             std::vector<const StudentSearchRun*> runs)
    : task_(task), tests_(std::move(tests)), runs_(std::move(runs)) {}

TaskDiagnoser::~TaskDiagnoser() = default;

namespace {

// A code's rule in words, for the observed sentences: its meaning, where a family's ends with an
// example ("..., e.g. RLDU"), with this code instead.
std::string rule_of(const DiagnosisCode& row, std::string_view code) {
  std::string rule(row.meaning);
  if (const auto example = rule.find(", e.g."); example != std::string::npos) {
    rule = rule.substr(0, example) + " (" + std::string(code) + ")";
  }
  return rule;
}

// A rule a search may choose freely where only the path is checked and any cheapest path is
// accepted: how ties fall, the order of the moves, which end children are pushed from.
bool free_where_only_the_path_counts(std::string_view code) {
  for (std::string_view prefix : {"ties-", "action-order-", "push-order-", "queue-", "next-side-"}) {
    if (code.starts_with(prefix)) return true;
  }
  return false;
}

// A search rule of the catalogue (not a path's own mistake, a goal layout or a counter), read
// from its row's family: a prefix test called the rounds' counters (rounds-counted-*) rules.
bool search_rule(std::string_view code) {
  const DiagnosisCode* row = diagnosis_row_of(code);
  return row != nullptr && row->family == DiagnosisFamily::Search &&
         proof_of_code(code) == Proof::Variant;
}

}  // namespace

std::optional<Diagnosis> path_only_reading(const Diagnosis& diagnosis) {
  // Said by the judge as proved (a swap every failing run of the task shows), or as something
  // other than a variant: it stands as it is.
  if (diagnosis.proof) return diagnosis;
  const std::vector<std::string_view> parts = diagnosis_code_parts(diagnosis.code);
  bool any_rule = false;
  for (std::string_view part : parts) {
    if (free_where_only_the_path_counts(part)) return std::nullopt;
    any_rule = any_rule || search_rule(part);
  }
  if (!any_rule) return diagnosis;
  if (parts.size() > 1 || diagnosis.parts.size() > 1) return std::nullopt;
  const DiagnosisCode* row = diagnosis_row_of(diagnosis.code);
  if (row == nullptr) return std::nullopt;
  const std::string rule = rule_of(*row, diagnosis.code);
  Diagnosis seen = diagnosis;
  seen.explanation = fill(observed_sentences::kPathOnly, {{"rule", rule}});
  seen.proof = Proof::Observed;
  return seen;
}

std::optional<Diagnosis> TaskDiagnoser::diagnose(std::size_t position) {
  std::optional<Diagnosis> named = read_evidence(position);
  if (named && task_.checks.path == PathCheck::Optimal && !task_.checks.order) {
    named = path_only_reading(*named);
  }
  if (named) point_at_returned_path(*named, *runs_[position]);
  return named;
}

void point_at_returned_path(Diagnosis& diagnosis, const StudentSearchRun& run) {
  // A claim about the returned path is about the `return` that gave it: the line the student
  // looks at first (issue 47 part 3). A claim whose step names a call has its line already.
  const DiagnosisCode* row = diagnosis_row_of(diagnosis.code);
  if (row == nullptr || row->family != DiagnosisFamily::Path || diagnosis.line > 0) return;
  if (diagnosis.step && diagnosis.step->line > 0) return;
  diagnosis.line = run.return_line;
}

std::optional<Diagnosis> TaskDiagnoser::read_evidence(std::size_t position) {
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
          evidence_->combined.diagnosis->code == code_of(DiagnosisId::WrongCount)) {
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
  // The number of the run the count equals, said only as an identity of the task: the same
  // number equals the count on every test (count_identity).
  auto count_fact = [&]() -> std::optional<Diagnosis> {
    const std::string word = count_identity(position, heuristic, tree());
    if (word.empty()) return std::nullopt;
    return count_equals_other(task_, run, tree(), word);
  };
  // The ranking of evidence (issue 33 part 3). First what reproduces this run and every other
  // failing run of the task: a variant of the search, a path mistake, two mistakes at once.
  if (own.explained) {
    // The path and order are the reference's and the count is no engine counter: a number of
    // the student's own run names it when exactly one does.
    if (own.diagnosis && own.diagnosis->code == code_of(DiagnosisId::WrongCount)) {
      if (auto other = count_fact()) return other;
      if (auto one_below = count_one_below_everywhere(position)) return one_below;
      return own.diagnosis;
    }
    // Only what the task's other failing runs confirm: a variant that matches this board alone
    // (a broken search that happens to agree with it here) is a symptom, never the cause, and
    // "Either ... Or ..." is said only of two that both reproduce the same failing runs.
    if (auto everywhere = confirmed_variant(position, Share::Every)) return everywhere;
    // The reference's path and order, and a count another counter of its search happens to
    // give on this board alone (0 expansions where the start is the goal): one too few, when
    // that is what every failing run of the task shows, this one included.
    if (own.diagnosis && evidence_->per_run[position][0].path_and_order) {
      if (auto one_below = count_one_below_everywhere(position)) return one_below;
    }
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
  if (auto joined = path_of_every_expansion(task_, problem.start, run, tree())) return joined;
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
  // A variant that reproduces this run and at least half of the task's failing runs, but not
  // all, is no exact variant: its sentence states a cause ("you test for the goal when a node
  // is generated") that the runs it does not reproduce refute. What is true is said instead, as
  // an observation of this run (issue 47: on the mutation corpus such claims were as often an
  // edit elsewhere that happened to agree on some boards).
  if (own.explained) {
    if (auto most = confirmed_variant(position, Share::Half)) {
      if (auto seen = reproduced_on_this_run(*most)) return seen;
    }
  }
  // A path-only task's swapped priority, when at least half of the runs no style of the
  // reference returns show that same swap: more than one board matching by accident.
  if (auto swap = confirmed_path_swap(position, heuristic)) return swap;
  // Nothing reproduces the failing runs: the first expansion that breaks the algorithm's goal
  // test, duplicate policy or frontier order.
  if (auto broken = search_invariant_broken(task_, problem.start, run, tree())) {
    if (broken->code != code_of(DiagnosisId::TiesNotLexicographic) ||
        keys_kept_everywhere(heuristic)) {
      return broken;
    }
  }
  if (auto counted = count_fact()) {
    return counted;
  }
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
  // A path mistake of this run, which not every failing run of the task may share: a fact of
  // this returned path, which its code's proof (observed) says.
  if (!mistakes.empty()) {
    for (const Diagnosis& mistake : mistakes) {
      const auto& common = evidence_->common_path_codes;
      if (std::find(common.begin(), common.end(), mistake.code) != common.end()) return mistake;
    }
    return mistakes.front();
  }
  // A path-only task's swapped priority named from this run's path alone (read once, above).
  if (auto from_path = path_reading(position, heuristic).swap) return from_path;
  if (run.completed) {
    // The goal test is blamed only where it is the student's own: the whole record shows no
    // call of problem:is_goal at all. A search that calls it and returns elsewhere stopped for
    // another reason (a path rebuilt wrongly, a return before the goal), and a cut record (a
    // long search keeps its first calls only) cannot show what came after the cut.
    const ObservedSearch& observed = run.observed;
    const bool own_goal_test = observed.complete() && observed.goal_tests == 0;
    return goal_reached_instead(problem.start, problem.goal, run.path, !own_goal_test);
  }
  return std::nullopt;
}

std::optional<Diagnosis> reproduced_on_this_run(const Diagnosis& variant) {
  // One mistake only: "Either ... Or ..." and a search mistake joined to a counting one say
  // more than one rule, which this sentence cannot.
  if (variant.code.find('+') != std::string::npos || variant.parts.size() > 1) return std::nullopt;
  const DiagnosisCode* row = diagnosis_row_of(variant.code);
  if (row == nullptr) return std::nullopt;
  const std::string rule = rule_of(*row, variant.code);
  Diagnosis seen = variant;
  seen.explanation = fill(observed_sentences::kThisRunOnly, {{"rule", rule}});
  seen.proof = Proof::Observed;
  return seen;
}

Diagnosis diagnose_answer(BoardFunction function, const Board& board, const Board& goal,
                          const FunctionValue& got) {
  // One answer read alone, as function_patterns.h reads a task's answers together.
  TestCase test;
  test.start = board;
  const AnswerOnBoard alone{&test, got};
  const auto finding = diagnose_function_task(function, board_function_name(function), goal,
                                              {&alone, 1})[0];
  return finding ? finding->diagnosis : named(DiagnosisId::WrongBoard);
}

}  // namespace tile
