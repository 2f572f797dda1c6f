#include "grader/judge/checks.h"

#include <algorithm>
#include <cstdint>
#include <set>

#include "grader/judge/check_support.h"
#include "grader/judge/comparison.h"
#include "grader/judge/diagnosis.h"
#include "grader/judge/heuristic_sources.h"
#include "grader/judge/path_mistakes.h"
#include "grader/judge/reproduction.h"
#include "grader/judge/weighted_score.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

// A path as a student reads it: its letters, or "(empty)".
std::string letters(const std::vector<Move>& path) {
  return path.empty() ? "(empty)" : format_moves(path);
}

std::string shorten(const std::string& text, std::size_t limit = 80) {
  return text.size() <= limit ? text : text.substr(0, limit) + "... (" +
                                           std::to_string(text.size()) + " moves)";
}

std::string unsigned_text(std::uint64_t value) { return std::to_string(value); }

// Where a path that reaches the goal parts from the reference's: "At move 3 you move Left; the
// reference moves Up." (or the move one of them has and the other lacks).
std::string first_move_difference(const std::vector<Move>& path, const std::vector<Move>& reference,
                                  const std::string& reference_name = "the reference") {
  std::size_t at = 0;
  while (at < path.size() && at < reference.size() && path[at] == reference[at]) ++at;
  const std::string where = "At move " + std::to_string(at + 1) + " ";
  if (at < path.size() && at < reference.size()) {
    return where + "you move " + std::string(move_name(path[at])) + "; " + reference_name +
           " moves " + std::string(move_name(reference[at])) + ".";
  }
  if (at < path.size()) {
    return where + "you move on (" + std::string(move_name(path[at])) + "); " + reference_name +
           " has arrived.";
  }
  return where + "you stop; " + reference_name + " moves " + std::string(move_name(reference[at])) +
         ".";
}

// The structured side of a test's output, for reports that draw it (report.h, TestFigures).
TestFigures base_figures(const Task& task, const TestCase& test) {
  TestFigures figures;
  figures.start = test.start;
  figures.goal = task.goal;
  if (task.kind != TaskKind::Function) {
    figures.count_name = count_name(task.semantics.count);
  }
  return figures;
}

// The same first difference first_divergence() describes in words.
void add_divergence(TestFigures& figures, const std::vector<Board>& student,
                    const std::vector<Board>& reference) {
  std::size_t step = 0;
  while (step < student.size() && step < reference.size() && student[step] == reference[step]) {
    ++step;
  }
  if (step == student.size() && step == reference.size()) return;
  figures.divergence_step = step + 1;
  if (step < student.size()) figures.divergence_student = student[step];
  if (step < reference.size()) figures.divergence_reference = reference[step];
}

// The task's other wrong answers that show the same finding, for a student to look at: the
// visible ones only (a hidden test's board is not shown before its time), by name in the text and
// drawn where a report draws boards.
void add_function_evidence(TestResult& result, const Task& task, const FunctionFinding& finding) {
  std::vector<std::string> names;
  TestFigures::Counterexample drawn{"Your other answers that show the same", {}};
  for (std::size_t i = 1; i < finding.shown_by.size(); ++i) {
    const AnswerOnBoard& other = finding.shown_by[i];
    if (other.test->visibility != Visibility::Visible) continue;
    const FunctionValue answer = reference_answer(task.computes, other.test->start, task.goal);
    if (answer_accepted(task.computes, answer, other.got)) continue;
    names.push_back(other.test->name);
    drawn.boards.push_back({other.test->start, other.test->name + ": you returned " +
                                                   describe_value(other.got)});
  }
  if (names.empty()) return;
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
  result.diagnosis.evidence = "Your answers to this task's tests " + list + " show the same.";
  result.figures.counterexamples.push_back(std::move(drawn));
}

}  // namespace

void CheckList::add(const std::string& name, bool passed, const std::string& detail,
                    std::string_view key) {
  lines_.push_back({name, passed, detail, std::string(key)});
}

bool CheckList::all_passed() const {
  for (const Line& line : lines_) {
    if (!line.passed) return false;
  }
  return true;
}

TestResult CheckList::finish(TestResult result, double max_score) const {
  std::vector<ScoredCheck> scored;
  for (const Line& line : lines_) {
    // What the student reads of it is report/'s to write (test_output_text).
    result.checks.push_back({line.key, line.name, line.passed, line.detail});
    scored.push_back({line.key, line.passed});
  }
  const WeightedShare share = weighted_share(scored, weights_);
  result.max_score = max_score;
  result.score = max_score * share.fraction;
  result.passed = !lines_.empty() && all_passed();
  if (!share.note.empty()) result.notes.push_back(share.note);
  return result;
}

namespace check_support {

TestResult new_result(const Task& task, const TestCase& test) {
  TestResult result;
  result.task = task.name;
  result.name = task.name + ": " + test.name;
  result.test = test.name;
  result.visibility = test.visibility;
  result.figures = base_figures(task, test);
  return result;
}

TestResult unchecked(TestResult result, double max_score, const std::string& header,
                     const std::string& reason, std::string_view diagnosis) {
  result.max_score = max_score;
  result.header = header;
  result.notes.push_back("\n" + reason + "\n");
  result.diagnosis.code = diagnosis;
  return result;
}

void add_diagnosis(TestResult& result, const Diagnosis& diagnosis) {
  result.diagnosis = {diagnosis.code, diagnosis.explanation, result.diagnosis.evidence,
                      diagnosis.step};
  // Only where the judge knows better than the code's own proof; the reports read the code's
  // otherwise (diagnosis_proof in report.h).
  if (diagnosis.proof) result.diagnosis.proof = proof_name(*diagnosis.proof);
  result.diagnosis.line = diagnosis.line;
}

TestResult out_of_expansions(const Task& task, const Expectation& expected,
                             const StudentSearchRun& run, TestResult result,
                             const std::optional<Diagnosis>& diagnosis) {
  if (task.checks.order) {
    add_divergence(result.figures, run.expansions, expected.trace);
    if (auto divergence = first_divergence(run.expansions, expected.trace)) {
      result.notes.push_back(*divergence);
    }
  }
  if (diagnosis) add_diagnosis(result, *diagnosis);
  return result;
}

std::string failure_of(const JobObservation& observation) {
  const std::string& message = observation.failure_message;
  switch (observation.failure) {
    case FailureKind::None: return "no result";
    // Its error stands once above the tests (grade.cpp), and so does a refusal's reason.
    case FailureKind::DidNotLoad: return kNotRunScriptError;
    case FailureKind::Refused: return kNotRunRefused;
    case FailureKind::MissingFunction:
      return "Your script defines no function named '" + message + "', which this task calls.";
    case FailureKind::StoppedProcess:
      return "your script stopped the grader's process in this test: " + message;
    case FailureKind::StoppedByPage: return "your script was stopped in this test: " + message;
    case FailureKind::SameAsEarlierTest:
      return "Not run, for the same reason as this task's test " + message + ".";
    case FailureKind::Internal: return "internal error: " + message;
    // Never shown as a verdict: a report with one is not delivered (grade.h, GradeReport).
    case FailureKind::GraderFault: return "not graded: " + message;
    case FailureKind::CouldNotStart:
    case FailureKind::SkippedAfterTimeout:
    case FailureKind::SkippedAfterMemoryLimit: return message;
  }
  return message;
}

}  // namespace check_support

using namespace check_support;

TestResult check_search_test(const Task& task, const TestCase& test, const Expectation& expected,
                             const JobObservation& observation, double max_score,
                             const SearchDiagnose& diagnose) {
  auto name_mistake = [&](const TestCase& one, const StudentSearchRun& run) {
    return diagnose ? diagnose(one, run) : diagnose_search(task, one, run);
  };
  TestResult result = new_result(task, test);
  result.figures.reference_count = expected.count;
  const std::string header = "start:\n" + draw_board(test.start);
  if (observation.failed() || !observation.search) {
    return unchecked(result, max_score, header, failure_of(observation), codes::kDidNotRun);
  }
  const StudentSearchRun& run = *observation.search;
  // The run's fingerprint for the class's similarity section, whatever the verdict below.
  result.expanded = std::max<std::uint64_t>(run.expanded, run.expansions.size());
  if (result.expanded > 0) result.expansion_digest = run.expansion_digest;
  if (run.out_of_expansions) {
    return out_of_expansions(task, expected, run,
                             unchecked(result, max_score, header, run.error,
                                       codes::kExpansionBudget),
                             name_mistake(test, run));
  }
  if (!run.completed && run.returned_no_path) {
    // No path, but a whole search to compare and diagnose (one that never tested its start).
    return out_of_expansions(task, expected, run,
                             unchecked(result, max_score, header, run.error, codes::kError),
                             name_mistake(test, run));
  }
  if (!run.completed) {
    TestResult failed = unchecked(result, max_score, header, run.error, codes::kError);
    // Stopped by the clock or an error after some expansions: where they first left the
    // reference's, and the mistake that reproduces them, if any (prefix match, as for a budget).
    if (!run.expansions.empty()) {
      if (task.checks.order) {
        const std::size_t kept = std::min(run.expansions.size(), expected.trace.size());
        const std::vector<Board> made(run.expansions.begin(),
                                      run.expansions.begin() + static_cast<std::ptrdiff_t>(kept));
        const std::vector<Board> wanted(expected.trace.begin(),
                                        expected.trace.begin() + static_cast<std::ptrdiff_t>(kept));
        if (auto divergence = first_divergence(made, wanted)) {
          add_divergence(failed.figures, run.expansions, expected.trace);
          failed.notes.push_back(*divergence);
        }
      }
      if (auto diagnosis = name_mistake(test, run)) add_diagnosis(failed, *diagnosis);
    }
    return failed;
  }
  result.figures.path = format_moves(run.path);
  result.figures.student_count = run.reported_count;
  const ResolvedSemantics semantics = task.semantics;
  auto reached = apply_moves(test.start, std::span<const Move>(run.path));
  // Boards instead of moves are no path, even where the empty path would do (start is goal).
  const bool boards = !run.returned_boards.empty();
  CheckList checks(boards ? weights_for_returned_boards(test.weights) : test.weights);
  const RunSummary summary = summary_of(run, test.start, task.goal, semantics.cost);
  const Comparison differs = compare_run(Compared::by_checks(task.checks), expected, summary);
  const bool valid = summary.reaches_goal;
  std::string path_detail;
  if (boards) {
    path_detail = describe_returned_boards(test.start, run.returned_boards);
  } else if (!reached) {
    path_detail = "Your path is not legal: " + reached.error();
  } else if (!valid) {
    path_detail = "Your path ends here, not at the goal:\n" + draw_board(*reached);
  }
  const std::int64_t cost = summary.cost;
  const bool path_right = !differs.has(Difference::Path);
  switch (task.checks.path) {
    case PathCheck::Exact:
      checks.add("path is the reference path (" + shorten(letters(expected.path)) + ")",
                 path_right,
                 valid && !path_right
                     ? "Your path " + shorten(letters(run.path)) + " reaches the goal but is not "
                       "the one this assignment's search finds: " +
                       shorten(letters(expected.path)) + ". " +
                       first_move_difference(run.path, expected.path)
                     : path_detail,
                 "path");
      break;
    case PathCheck::Optimal:
      checks.add("path reaches the goal at optimal cost " +
                     std::to_string(expected.optimal_cost.value_or(expected.cost)),
                 path_right, valid ? "Your path costs " + std::to_string(cost) : path_detail,
                 "path");
      break;
    case PathCheck::Valid:
      checks.add("path reaches the goal", path_right, path_detail, "path");
      break;
  }
  if (task.checks.cost) {
    const bool cost_right = !differs.has(Difference::Cost);
    checks.add("path cost is " + std::to_string(expected.cost), cost_right,
               valid && !cost_right ? "Your path costs " + std::to_string(cost) : "", "cost");
  }
  if (task.checks.count) {
    const bool ok = !differs.has(Difference::Count);
    std::string name = std::string(count_name(semantics.count)) + " count is " +
                       unsigned_text(expected.count);
    if (task.checks.count_tolerance > 0) {
      name += " (within " + unsigned_text(task.checks.count_tolerance) + ")";
    }
    // Says what the count should have counted, not just the number: "You returned 156" alone
    // leaves a stuck student guessing which nodes the assignment counts.
    const std::string wanted = "; the assignment counts " +
                               count_phrase(semantics.count, task.algorithm, semantics) + ": " +
                               unsigned_text(expected.count) + ".";
    checks.add(name, ok,
               ok ? ""
                  : (run.reported_count ? "You returned a count of " +
                                              std::to_string(*run.reported_count)
                                        : std::string("You returned no count")) +
                        wanted,
               "count");
  }
  std::optional<std::string> divergence;
  if (task.checks.order) {
    if (differs.has(Difference::Order)) {
      divergence = first_divergence(run.expansions, expected.trace);
      // Every board kept agrees and the digest of the rest differs: say where the boards end.
      if (!divergence) divergence = "Your expansions differ from the reference's after the "
                                    "first " + counted(run.expansions.size(), "expansion") + ".";
    }
    add_divergence(result.figures, run.expansions, expected.trace);
    checks.add("expansion order matches the reference (" +
                   counted(expected.trace.size(), "expansion") + ")",
               !divergence, divergence.value_or(""), "order");
  }
  const std::string path_shown =
      boards ? counted(run.returned_boards.size(), "board") + ", not moves"
             : shorten(letters(run.path));
  result.header = header + "your path: " + path_shown + ", your count: " +
                  (run.reported_count ? std::to_string(*run.reported_count) : "none") + "\n";
  TestResult finished = checks.finish(result, max_score);
  if (!finished.passed) {
    if (boards) {
      add_diagnosis(finished, named(DiagnosisId::PathOfBoards));
    } else if (auto diagnosis = name_mistake(test, run)) {
      add_diagnosis(finished, *diagnosis);
    } else if (made_no_calls(run)) {
      // The run's one fact: no call to the problem at all, so no step to compare.
      add_diagnosis(finished, named(DiagnosisId::SearchMadeNoCalls, {{"function", task.function}}));
    } else {
      // The fallback sends the student to the first difference, so one must be shown: the first
      // differing expansion when the task shows expansions, else the first differing move.
      const bool expansion_shown = task.checks.order && divergence.has_value();
      const bool move_shown = task.checks.path == PathCheck::Exact && valid;
      if (!expansion_shown && !move_shown && run.path != expected.path) {
        finished.diagnosis.evidence = first_move_difference(
            run.path, expected.path,
            task.checks.path == PathCheck::Exact ? "the reference"
                                                 : "the reference's optimal path");
      }
      add_diagnosis(finished, named(DiagnosisId::Unrecognised));
    }
  }
  return finished;
}

TestResult check_function_test(const Task& task, const TestCase& test,
                               const Expectation& expected, const JobObservation& observation,
                               double max_score, const FunctionDiagnose& diagnose) {
  TestResult result = new_result(task, test);
  const std::string header = "board:\n" + draw_board(test.start);
  if (observation.failed() || !observation.function) {
    return unchecked(result, max_score, header, failure_of(observation), codes::kDidNotRun);
  }
  const StudentFunctionRun& run = *observation.function;
  if (!run.completed) return unchecked(result, max_score, header, run.error, codes::kError);
  if (!expected.answer) {
    return unchecked(result, max_score, header, "internal error: no reference answer",
                     codes::kError);
  }
  const FunctionValue& answer = *expected.answer;
  const bool right = answer_accepted(task.computes, answer, run.value);
  std::string detail;
  if (!right) {
    detail = "You returned " + describe_value(run.value) + "; the answer is " +
             describe_value(answer);
    if (answer.kind == FunctionValue::Kind::False && task.computes != BoardFunction::IsGoal) {
      detail += " (the blank cannot move that way from here)";
    }
    if (answer.kind == FunctionValue::Kind::Board) detail += ":\n" + draw_board(answer.board);
  }
  CheckList checks;
  checks.add(task.function + " returns " + describe_value(answer), right, detail, "answer");
  result.header = header;
  TestResult finished = checks.finish(result, max_score);
  if (!right) {
    std::optional<FunctionFinding> finding;
    if (diagnose) finding = diagnose(test);
    if (!finding) {
      const AnswerOnBoard alone{&test, run.value};
      finding = diagnose_function_task(task.computes, task.function, task.goal, {&alone, 1})[0];
    }
    if (finding) {
      add_diagnosis(finished, finding->diagnosis);
      add_function_evidence(finished, task, *finding);
    }
  }
  return finished;
}

TestResult check_informedness(const Task& task, const std::vector<const JobObservation*>& runs,
                              const std::vector<const Expectation*>& expected,
                              bool all_tests_correct, const TestDiagnosis* failed_check) {
  TestResult result;
  result.task = task.name;
  result.name = task.name + ": informedness";
  result.test = "informedness";
  // A total over the task's tests tells of every one of them (the note below says whether they
  // all passed): it is shown no sooner than the least visible of them.
  result.visibility = task.visibility;
  for (const auto& test : task.tests) {
    result.visibility = least_visible(result.visibility, test.visibility);
  }
  const ResolvedSemantics semantics = task.semantics;
  std::uint64_t total = 0;
  std::uint64_t baseline = 0;
  bool complete = true;
  // A heuristic that never ran (not defined, did not load) stopped none.
  bool every_test_ran = true;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    baseline += expected[i]->baseline_count.value_or(0);
    if (!runs[i]->heuristic || runs[i]->heuristic->status != SearchStatus::Solved) {
      complete = false;
      if (!runs[i]->heuristic) every_test_ran = false;
      continue;
    }
    total += runs[i]->heuristic->counters.selected(semantics.count);
  }
  double points = 0;
  double max_points = 0;
  std::string lines;
  for (const InformednessThreshold& threshold : task.checks.informedness) {
    max_points += threshold.points;
    const bool met = complete && all_tests_correct && total <= threshold.max_expanded;
    if (met) points += threshold.points;
    result.figures.thresholds.push_back({threshold.max_expanded, threshold.points, met});
    lines += std::string(met ? "  ok    " : "  --    ") + "at most " +
             std::to_string(threshold.max_expanded) + " " +
             std::string(count_name(semantics.count)) +
             " in total: " + score_text(threshold.points) +
             (threshold.points == 1 ? " point\n" : " points\n");
  }
  result.score = points;
  result.max_score = max_points;
  result.figures.count_name = count_name(semantics.count);
  if (complete) result.figures.informedness_total = total;
  result.passed = points == max_points;
  // A correct heuristic that expands too much is its own, common mistake: name it, so that a
  // known-weak submission (plain misplaced tiles) can be validated like any other mutant; and say
  // why, when its values show it (heuristic_sources.h): the same value everywhere, or tiles whose
  // moves never change it.
  if (!result.passed && complete && all_tests_correct) {
    result.diagnosis.code = codes::kNotInformed;
    std::vector<const HeuristicValues*> values;
    std::set<PackedState> boards;
    for (const JobObservation* run : runs) {
      values.push_back(&run->heuristic->values);
      for (const auto& [board, h] : run->heuristic->values) boards.insert(pack(board));
    }
    if (const auto constant = constant_value(values)) {
      add_diagnosis(result, constant_diagnosis(*constant, boards.size()));
      result.diagnosis.heuristic_source = result.diagnosis.code;
    } else if (const IgnoredTiles ignored = ignored_tiles(values, task.goal);
               !ignored.tiles.empty()) {
      say_source(result.diagnosis, ignored_tiles_diagnosis(ignored));
    }
  }
  if (!result.passed && !all_tests_correct && failed_check && !failed_check->code.empty()) {
    result.diagnosis.code = failed_check->code;
    result.diagnosis.heuristic_source = failed_check->heuristic_source;
  }
  result.header = "Total " + std::string(count_name(semantics.count)) + " over " +
                  counted(runs.size(), "test") + ": " +
                  (complete ? std::to_string(total) : std::string("incomplete (a search failed)")) +
                  (task.baseline ? " (" + *task.baseline + ": " + std::to_string(baseline) + ")"
                                 : std::string()) +
                  "\n";
  result.notes.push_back(lines);
  if (!every_test_ran) {
    result.notes.push_back(
        "No informedness points: your heuristic did not run on every test (the tests above say "
        "why), so there is no total to compare.\n");
  } else if (!complete) {
    // Not the admissibility rule: a search that stopped (its call budget, an error) has no
    // total to compare, whatever its values.
    result.notes.push_back(
        "No informedness points: a search with your heuristic stopped before it found the goal, "
        "so there is no total to compare.\n");
  } else if (!all_tests_correct) {
    result.notes.push_back(
        "No informedness points: the heuristic must first pass every correctness check (an "
        "inadmissible heuristic can look informed by overestimating).\n");
  }
  return result;
}

}  // namespace tile
