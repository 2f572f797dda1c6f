#include "grader/judge/diagnosis.h"

#include <algorithm>
#include <array>
#include <sstream>

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

}  // namespace diagnosis_detail

using diagnosis_detail::Candidates;
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
                const std::vector<Reproduction>& evidence, std::optional<std::int64_t> count) {
  const Semantics resolved = resolve(task.semantics, task.algorithm);
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
        if (kind == wanted) {
          if (candidate.code.empty()) return {std::nullopt, true};  // nothing wrong
          found.push_back({candidate.code, candidate.explanation});
          found_from.push_back(i);
          break;  // the variant with the task's own counter: its other counters add nothing
        }
        const Diagnosis counted =
            named("counts-{counter}", {{"counter", std::string(count_name(kind))},
                                       {"yours", count_phrase(kind, task.algorithm, resolved)},
                                       {"assignment", count_phrase(wanted, task.algorithm, resolved)}});
        found.push_back(candidate.code.empty()
                            ? counted
                            : Diagnosis{candidate.code + "+" + counted.code,
                                        candidate.explanation + " " + counted.explanation});
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

}  // namespace

std::string count_phrase(CountKind kind) {
  switch (kind) {
    case CountKind::Expanded: return "expanded nodes (pops that generated successors)";
    case CountKind::Popped: return "every pop, the goal pop included";
    case CountKind::Generated: return "generated successors";
    case CountKind::Discovered: return "distinct states discovered";
    case CountKind::Pushed: return "frontier insertions";
    case CountKind::GoalTests: return "goal tests";
    case CountKind::Built: return "successors built, the goal's later siblings included";
    case CountKind::ExpandedBelowLimit: return "expansions above the depth limit";
  }
  return "";
}

bool is_recursive_shape(Algorithm algorithm, const Semantics& resolved) {
  const bool depth_first = algorithm == Algorithm::Dfs || algorithm == Algorithm::Dls ||
                           algorithm == Algorithm::Iddfs || algorithm == Algorithm::Idastar;
  return depth_first && resolved.duplicates == Duplicates::None;
}

std::string count_phrase(CountKind kind, Algorithm algorithm, const Semantics& resolved) {
  if (algorithm == Algorithm::Bibfs) {
    // bibfs's goal test is the meeting test: each state looked up among the other side's.
    return (kind == CountKind::GoalTests
                ? std::string("meeting tests (the start against the goal, then each state "
                              "looked up among the other side's)")
                : count_phrase(kind)) +
           ", both sides added up";
  }
  if (!is_recursive_shape(algorithm, resolved)) return count_phrase(kind);
  std::string phrase;
  switch (kind) {
    case CountKind::Expanded: phrase = "expanded nodes (calls that generated successors)"; break;
    case CountKind::Popped: phrase = "every node your search reached, the goal included"; break;
    case CountKind::Generated: phrase = "generated successors"; break;
    case CountKind::Discovered: phrase = "distinct states discovered"; break;
    case CountKind::Pushed: phrase = "children your search went on to (one call each)"; break;
    case CountKind::GoalTests: phrase = "goal tests"; break;
    case CountKind::Built: phrase = "successors built, the goal's later siblings included"; break;
    case CountKind::ExpandedBelowLimit: phrase = "expansions above the depth limit"; break;
  }
  if (algorithm == Algorithm::Iddfs || algorithm == Algorithm::Idastar) {
    phrase += resolved.rounds_counted == RoundsCounted::All ? ", added up over every round"
                                                            : ", in the last round only";
  }
  return phrase;
}

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
  // How far each candidate follows the expansions of the runs the reference does not reproduce,
  // added up (pairs.h): measured the first time a test needs a pair.
  std::optional<std::vector<std::size_t>> pair_guide;
  std::optional<CandidatePair> named_pair;  // the pair a test of the task was named by
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
      if (mistakes.empty()) continue;
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
  if (own.explained) {
    // The path and order are the reference's and the count is no engine counter: a number of
    // the student's own run names it when exactly one does.
    if (own.diagnosis && own.diagnosis->code == "wrong-count") {
      if (auto other = count_equals_other(task_, run, tree())) return other;
    }
    return own.diagnosis;
  }
  const auto mistakes = path_mistakes_of(task_, *tests_[position], run);
  for (const Diagnosis& mistake : mistakes) {
    const auto& common = evidence_->common_path_codes;
    if (std::find(common.begin(), common.end(), mistake.code) != common.end()) return mistake;
  }
  if (!mistakes.empty()) return mistakes.front();
  // No variant reproduces the run and no transformation mends its path: a broken invariant of
  // the run itself outranks any variant matched on one symptom (issue 33: the ranking).
  const Problem problem{tests_[position]->start, task_.goal};
  if (auto broken = broken_path_integrity(task_, problem.start, run, tree())) return broken;
  // A path-only task's swapped priority named from the path, two mistakes at once, or the goal
  // the path reaches.
  if (run.returned_boards.empty()) {
    if (auto from_path = diagnose_from_path(task_, variants, heuristic, problem, run)) {
      return from_path;
    }
    if (!evidence_->pair_guide) evidence_->pair_guide = guide_pairs(heuristic);
    if (auto pair = find_pair(task_, variants, heuristic, *evidence_->pair_guide, problem, run,
                              evidence_->named_pair)) {
      evidence_->named_pair = pair;
      return pair_diagnosis(variants, *pair);
    }
  }
  // No pair reproduces the run either: the first expansion that breaks the algorithm's goal
  // test, duplicate policy or frontier order.
  if (auto broken = search_invariant_broken(task_, problem.start, run, tree())) return broken;
  if (run.completed) {
    if (auto reached = goal_reached_instead(problem.start, problem.goal, run.path)) return reached;
  }
  return count_equals_other(task_, run, tree());
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

std::string draw_side_by_side(const Board& left, const std::string& left_caption,
                              const Board& right, const std::string& right_caption) {
  auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    std::stringstream stream(text);
    for (std::string line; std::getline(stream, line);) out.push_back(line);
    return out;
  };
  const auto a = lines(draw_board(left));
  const auto b = lines(draw_board(right));
  std::size_t width = left_caption.size();
  for (const auto& line : a) width = std::max(width, line.size());
  width += 4;
  std::string out = left_caption + std::string(width - left_caption.size(), ' ') + right_caption +
                    "\n";
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const std::string l = i < a.size() ? a[i] : "";
    out += l + std::string(width - l.size(), ' ') + (i < b.size() ? b[i] : "") + "\n";
  }
  return out;
}

namespace {

// How many expansions agree before the first that differs, as the sentence says it.
std::string agreeing(std::size_t before) {
  if (before == 0) return "";
  return before == 1 ? " (the first agrees)" : " (the first " + std::to_string(before) + " agree)";
}

}  // namespace

std::optional<std::string> first_divergence(const std::vector<Board>& student,
                                            const std::vector<Board>& reference) {
  const std::size_t common = std::min(student.size(), reference.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (!(student[i] == reference[i])) {
      return "Expansion " + std::to_string(i + 1) + " differs" + agreeing(i) + ":\n" +
             draw_side_by_side(student[i], "you expanded", reference[i], "the reference expanded");
    }
  }
  if (student.size() == reference.size()) return std::nullopt;
  if (student.size() < reference.size()) {
    return "You stopped after " + counted(student.size(), "expansion") +
           "; the reference goes on to expansion " + std::to_string(common + 1) + ":\n" +
           draw_board(reference[common]);
  }
  return "The reference stops after " + counted(reference.size(), "expansion") +
         "; your expansion " + std::to_string(common + 1) + " is extra:\n" +
         draw_board(student[common]);
}

}  // namespace tile
