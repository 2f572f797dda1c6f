// The checks of a heuristic task: what the student's heuristic returned on every board the search
// asked about, against exact distances, its own values one move away, the goal and itself.
#include <map>

#include "engine/state_table.h"
#include "grader/judge/check_support.h"
#include "grader/judge/checks.h"
#include "grader/judge/heuristic_sources.h"
#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/text.h"

namespace tile {

using namespace check_support;

namespace {

using ValueOf = std::map<PackedState, std::int64_t>;

struct Admissibility {
  std::size_t compared = 0;             // boards whose exact distance is known
  std::optional<Overestimate> smallest;  // the overestimate nearest the goal
  std::optional<std::string> over;       // the same, drawn
  TestFigures::Counterexample drawn;     // the same, for reports that draw boards
};

// Engine nodes spent, per test, on solving boards of unknown distance where h may overestimate
// (heuristic_sources.h): a near-goal board takes a few hundred.
constexpr std::uint64_t kSolveNodes = 200'000;

// Every value whose board has a known exact distance, and the overestimate nearest the goal.
Admissibility check_admissible(const HeuristicRun& run, const ExactDistance& exact,
                               const Board& goal, CostModel cost) {
  Admissibility out;
  for (const auto& [board, value] : run.values) {
    if (exact(board)) ++out.compared;
  }
  out.smallest = smallest_overestimate(run.values, exact, goal, cost, kSolveNodes);
  if (!out.smallest) return out;
  const Overestimate& over = *out.smallest;
  // No count of the overestimated boards: it depends on which distances are known, and a
  // student copy, without the hidden tests' paths, knows fewer (docs/student-copies.md).
  out.over = "h = " + std::to_string(over.h) + " but the true distance is " +
             std::to_string(over.distance) +
             " (the board nearest the goal where it is seen to overestimate) for:\n" +
             draw_board(over.board);
  out.drawn = {"Your heuristic overestimates",
               {{over.board, "h = " + std::to_string(over.h) + ", true distance " +
                                 std::to_string(over.distance)}}};
  // The moves the true distance counts, when the engine finds them cheaply and they cost exactly
  // that (else nothing is said of a path).
  const auto path = optimal_path(over.board, goal, cost, kSolveNodes);
  if (path && path_cost(over.board, *path, cost) == over.distance) {
    out.drawn.path = format_moves(*path);
    if (!path->empty()) {
      *out.over += "An optimal path from it to the goal: " + out.drawn.path + " (" +
                  counted(path->size(), "move") + ").\n";
    }
  }
  return out;
}

struct InconsistentMove {
  std::string said;                   // drawn side by side, for text
  TestFigures::Counterexample drawn;  // the two boards, for reports that draw them
};

// The first move between two evaluated boards across which h drops by more than the move costs.
std::optional<InconsistentMove> find_inconsistent_move(const HeuristicRun& run,
                                                       const ValueOf& value_of, CostModel cost) {
  for (const auto& [board, value] : run.values) {
    for (Move move : kAllMoves) {
      if (!board.can_move(move)) continue;
      const Board next = board.moved(move);
      const auto it = value_of.find(pack(next));
      if (it == value_of.end()) continue;
      const std::int64_t step = step_cost(board, move, cost);
      if (value > step + it->second) {
        const std::string from = "h = " + std::to_string(value);
        const std::string to = "h = " + std::to_string(it->second);
        return InconsistentMove{
            "h drops from " + std::to_string(value) + " to " + std::to_string(it->second) +
                " across one move of cost " + std::to_string(step) + ":\n" +
                draw_side_by_side(board, from, next, to),
            {"Your heuristic is not consistent: h drops by more than the move costs (" +
                 std::to_string(step) + ")",
             {{board, from}, {next, to}}}};
      }
    }
  }
  return std::nullopt;
}

// One name for the root cause: noise makes values look inconsistent or too high, and a non-zero
// goal is an overestimate there, so the more specific mistake is named first.
std::string heuristic_diagnosis(bool nondeterministic, bool goal_not_zero, bool overestimates,
                                bool inconsistent) {
  if (nondeterministic) return std::string(code_of(DiagnosisId::Nondeterministic));
  if (goal_not_zero) return std::string(code_of(DiagnosisId::GoalNotZero));
  if (overestimates) return std::string(code_of(DiagnosisId::Inadmissible));
  if (inconsistent) return std::string(code_of(DiagnosisId::Inconsistent));
  return "";
}

// What the values of a search its budget stopped prove, named by the check they fail (the same
// ranking as a finished run's): one board given two values, h(goal) above 0, a board of known
// distance overestimated, a move across which h drops by more than it costs. Each is a fact of
// the values the run gave, shown with its boards; the test still earns nothing.
void name_stopped_values(TestResult& stopped, const Task& task, const HeuristicRun& run,
                         const ExactDistance& exact) {
  const TaskChecks& wanted = task.checks;
  const CostModel cost = task.semantics.cost;
  ValueOf value_of;
  for (const auto& [board, value] : run.values) value_of[pack(board)] = value;
  const bool nondeterministic = wanted.deterministic && !run.nondeterminism.empty();
  const auto goal = value_of.find(pack(task.goal));
  const bool goal_not_zero = wanted.goal_zero && goal != value_of.end() && goal->second != 0;
  std::optional<Admissibility> admissible;
  if (wanted.admissible) admissible = check_admissible(run, exact, task.goal, cost);
  const bool overestimates = admissible && admissible->over;
  std::optional<InconsistentMove> bad_move;
  if (wanted.consistent) bad_move = find_inconsistent_move(run, value_of, cost);
  const std::string code =
      heuristic_diagnosis(nondeterministic, goal_not_zero, overestimates, bad_move.has_value());
  if (code.empty()) return;
  stopped.diagnosis.code = code;
  if (nondeterministic) {
    stopped.notes.push_back(run.nondeterminism + "\n");
    say_source(stopped.diagnosis, differs_between_calls_diagnosis());
  } else if (goal_not_zero) {
    stopped.notes.push_back("Before it stopped, your heuristic gave the goal h = " +
                            std::to_string(goal->second) + "; h(goal) must be 0.\n");
    stopped.figures.counterexamples.push_back(
        {"Your heuristic is not 0 at the goal",
         {{task.goal, "h = " + std::to_string(goal->second)}}});
  } else if (overestimates) {
    stopped.notes.push_back("Before it stopped, your heuristic overestimated: " +
                            *admissible->over);
    stopped.figures.counterexamples.push_back(admissible->drawn);
  } else {
    stopped.notes.push_back("Before it stopped, your heuristic was not consistent: " +
                            bad_move->said);
    stopped.figures.counterexamples.push_back(bad_move->drawn);
  }
}

std::string counts_summary(const Task& task, const Expectation& expected, const HeuristicRun& run,
                           CountKind count) {
  std::string summary = std::string(count_name(count)) + " with your heuristic: " +
                        std::to_string(run.counters.selected(count));
  if (expected.baseline_count) {
    summary += ", with " + task.baseline.value_or("the baseline") + ": " +
               std::to_string(*expected.baseline_count);
  }
  return summary;
}

}  // namespace

bool heuristic_check_claim(std::string_view code) {
  // A heuristic's row that a test carries and that claims something: the checks' codes but
  // not-informed (no cause), and a constant value (its own code).
  const DiagnosisCode* row = diagnosis_row_of(code);
  return row != nullptr && row->proof != Proof::None && row->reported_as == ReportedAs::Itself &&
         (row->family == DiagnosisFamily::Heuristic ||
          row->family == DiagnosisFamily::HeuristicSource);
}

TestResult check_heuristic_test(const Task& task, const TestCase& test,
                                const Expectation& expected,
                                const JobObservation& observation, const ExactDistance& exact,
                                double max_score) {
  TestResult result = new_result(task, test);
  result.figures.baseline_count = expected.baseline_count;
  result.figures.baseline_name = task.baseline.value_or("");
  const std::string header = "start:\n" + draw_board(test.start);
  if (observation.failed() || !observation.heuristic) {
    return unchecked(result, max_score, header, failure_of(observation), codes::kDidNotRun);
  }
  const HeuristicRun& run = *observation.heuristic;
  const ResolvedSemantics semantics = task.semantics;
  const std::vector<const HeuristicValues*> own = {&run.values};
  const std::optional<std::int64_t> constant = constant_value(own);
  if (run.status != SearchStatus::Solved) {
    // A heuristic that fails (an error, a bad value, a budget) earns nothing on this test: the
    // other checks would only describe the boards it managed before failing.
    TestResult stopped = unchecked(result, max_score, header,
                                   "The search with your heuristic stopped (" +
                                       std::string(status_name(run.status)) + "): " + run.message,
                                   codes::kError);
    // Why it ran out, when the values show it: a heuristic that never changes leaves A* to
    // expand what uniform-cost search would. Only a budget's stop: an error is its own cause.
    const bool out_of_budget = run.status == SearchStatus::NodeBudgetExceeded ||
                               run.status == SearchStatus::MemoryBudgetExceeded ||
                               run.calls >= task.limits.heuristic_calls;
    if (constant && out_of_budget) {
      add_diagnosis(stopped, constant_diagnosis(*constant, run.values.size()));
      stopped.diagnosis.heuristic_source = stopped.diagnosis.code;
    } else if (out_of_budget) {
      name_stopped_values(stopped, task, run, exact);
    }
    return stopped;
  }
  result.figures.path = format_moves(run.path);
  result.figures.student_count = static_cast<std::int64_t>(run.counters.selected(semantics.count));
  ValueOf value_of;
  for (const auto& [board, value] : run.values) value_of[pack(board)] = value;
  const TaskChecks& wanted = task.checks;
  CheckList checks;

  const Admissibility admissible = check_admissible(run, exact, task.goal, semantics.cost);
  if (wanted.admissible) {
    if (admissible.over) result.figures.counterexamples.push_back(admissible.drawn);
    checks.add("admissible (h <= true distance on " + std::to_string(admissible.compared) +
                   " boards)",
               !admissible.over,
               admissible.over ? "Your heuristic overestimates: " + *admissible.over : "",
               "admissible");
  }
  std::optional<InconsistentMove> bad_move;
  if (wanted.consistent) {
    bad_move = find_inconsistent_move(run, value_of, semantics.cost);
    checks.add("consistent on sampled moves", !bad_move,
               bad_move ? "Your heuristic is not consistent: " + bad_move->said : "",
               "consistent");
    if (bad_move) result.figures.counterexamples.push_back(bad_move->drawn);
  }
  bool goal_not_zero = false;
  if (wanted.goal_zero) {
    const auto it = value_of.find(pack(task.goal));
    const bool ok = it != value_of.end() && it->second == 0;
    goal_not_zero = !ok;
    checks.add("h(goal) = 0", ok,
               ok || it == value_of.end() ? "" : "h(goal) is " + std::to_string(it->second),
               "goal_zero");
    if (!ok && it != value_of.end()) {
      result.figures.counterexamples.push_back(
          {"Your heuristic is not 0 at the goal", {{task.goal, "h = " + std::to_string(it->second)}}});
    }
  }
  if (wanted.deterministic) {
    checks.add("deterministic (same board, same value)", run.nondeterminism.empty(),
               run.nondeterminism, "deterministic");
  }
  const bool nondeterministic = wanted.deterministic && !run.nondeterminism.empty();
  const bool overestimates = admissible.over && wanted.admissible;
  result.diagnosis.code =
      heuristic_diagnosis(nondeterministic, goal_not_zero, overestimates, bad_move.has_value());
  // Where the wrong values come from, when the values prove it: the check's code stays (it is
  // what the checks saw), and the sentence says the source (heuristic_sources.h), under the
  // check's code the source's row of the code table names (say_source).
  // The source is a field of the diagnosis too, for the reports and the class's tallies.
  if (constant && !result.diagnosis.code.empty()) {
    add_diagnosis(result, constant_diagnosis(*constant, run.values.size()));
    result.diagnosis.heuristic_source = result.diagnosis.code;
  } else if (nondeterministic) {
    say_source(result.diagnosis, differs_between_calls_diagnosis());
  } else if (overestimates) {
    if (const auto base = counts_blank(own, task.goal)) {
      say_source(result.diagnosis,
                 counts_blank_diagnosis(*base, run.values.size(), *admissible.smallest));
    }
  }
  if (wanted.path != PathCheck::Valid && expected.optimal_cost) {
    checks.add("finds an optimal path (cost " + std::to_string(*expected.optimal_cost) + ")",
               run.cost == *expected.optimal_cost,
               run.cost != *expected.optimal_cost
                   ? "The search with your heuristic found a path of cost " +
                         std::to_string(run.cost)
                   : "",
               "path");
  }
  result.header = header + counts_summary(task, expected, run, semantics.count) + "\n";
  return checks.finish(result, max_score);
}

}  // namespace tile
