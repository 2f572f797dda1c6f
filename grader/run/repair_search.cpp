#include "grader/run/repair_search.h"

#include <algorithm>
#include <ctime>
#include <functional>
#include <set>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "grader/judge/checks.h"
#include "grader/judge/second_call.h"
#include "grader/run/submission_runner.h"
#include "grader/sandbox/child_process.h"
#include "grader/sandbox/clocks.h"
#include "grader/sandbox/memory_room.h"
#include "grader/spec/limits.h"

namespace tile {

namespace {

using nlohmann::json;

// The edits a repair may make, in the order they are tried and preferred. The budget runs out
// on a script with many candidates, so a kind comes earlier the more repairs it made per
// candidate it adds on the mutation corpus (bench/RESULTS.md, helper h-reach: the 333 failing
// mutants of scripts/repair-corpus.sh --per-source 15): a kind with few places that often mends
// (`and` for `or`, the other end of a table, a `+ 1` dropped) before one that adds hundreds of
// candidates for a few repairs (another variable read), and the kinds that mended none there
// last, the fewest candidates first. The undoing of a one-token slip still comes before the
// same change spelled otherwise (`#children` for `#children - 1`, not `#children * 1`), and the
// moved and copied lines after every one-token change: a script a single token mends is mended
// by that token, not by a statement moved around it. (An added `+ 1` precedes another variable
// read: it mended 12 corpus mutants from 52 candidates each, the variable 17 from 297.)
// Every corpus operator but the one that turns a copy into an alias, which never mends a script
// (its inverse, writing a copy, needs a function the script may not have).
constexpr EditKind kRepairKinds[] = {
    EditKind::LogicalOperator,     EditKind::InsertRemoveOtherEnd, EditKind::OffsetDropped,
    EditKind::NegationRemoved,     EditKind::BreakReturnMoved,     EditKind::RelationalOperator,
    EditKind::ConstantOffByOne,    EditKind::LoopShifted,          EditKind::ArithmeticOperator,
    EditKind::IndexOffByOne,       EditKind::StatementsSwapped,    EditKind::OffsetAdded,
    EditKind::VariableReplaced,    EditKind::StatementMovedOut,    EditKind::StatementMovedPast,
    EditKind::InitialValueChanged, EditKind::ConditionNegated,     EditKind::LineCopied,
    EditKind::StatementDeleted};

std::size_t preference(EditKind kind) {
  return static_cast<std::size_t>(std::find(std::begin(kRepairKinds), std::end(kRepairKinds),
                                            kind) -
                                  std::begin(kRepairKinds));
}

// How many of the best single edits are tried in pairs.
constexpr std::size_t kPairedSingles = 12;

double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

const std::vector<Board>* expansion_order_to_follow(const Task& task, const Expectation& expected) {
  if (task.kind != TaskKind::Search || !task.checks.order || expected.trace.empty()) return nullptr;
  return &expected.trace;
}

TestResult check_without_diagnosis(const Task& task, const PreparedTest& test,
                                   const JobObservation& observation) {
  if (task.kind == TaskKind::Function) {
    return check_function_test(task, *test.test, *test.expected, observation, 1,
                               [](const TestCase&) { return std::nullopt; });
  }
  TestResult result =
      check_search_test(task, *test.test, *test.expected, observation, 1,
                        [](const TestCase&, const StudentSearchRun&) { return std::nullopt; });
  // A first test called twice in one state ("twice_in_one_state") passes only when the second
  // call answers the same, as the grade judges it.
  if (observation.search && observation.search_again) {
    judge_second_call(task, *observation.search, *observation.search_again, result);
  }
  return result;
}

// How close a candidate came: the tests it passed, in the order tried (failing ones first), then
// how many expansions of the first test it failed followed the reference's order.
struct Closeness {
  std::size_t tests_passed = 0;
  std::uint64_t expansions_followed = 0;
  bool all_passed = false;

  auto key() const { return std::pair(tests_passed, expansions_followed); }
};

class CandidateRunner {
 public:
  CandidateRunner(const PreparedAssignment& prepared, std::size_t task_index,
                  const std::vector<RepairTest>& tests, std::string chunk_name)
      : assignment_(prepared.assignment()),
        task_index_(task_index),
        task_(assignment_.tasks[task_index]),
        chunk_name_(std::move(chunk_name)),
        lua_memory_(grading_lua_memory(assignment_.limits.lua_memory_bytes)) {
    // A candidate that runs much longer than the student's own script is not the repair: its
    // calls get a few times the slowest of the student's runs, not the assignment's limit.
    double slowest = 0;
    for (const RepairTest& test : tests) slowest = std::max(slowest, test.cpu_seconds);
    // (Not std::clamp: an assignment may set call_seconds below the floor, down to 0.1.)
    assignment_.limits.call_seconds =
        std::min(std::max(3 * slowest + 0.25, 0.25), assignment_.limits.call_seconds);
    // The failing tests first: a candidate that cannot pass them is done after one run.
    for (const bool failing : {true, false}) {
      for (const RepairTest& test : tests) {
        if (test.passed == failing) continue;
        Job job = test.test->job;
        job.stop_at_divergence = expansion_order_to_follow(task_, *test.test->expected);
        order_.push_back({test.test, job, candidate_limits(*test.test->expected)});
      }
    }
  }

  Closeness run(const std::string& source) {
    ++scripts_run_;
    const ScriptSource script{chunk_name_, source};
    std::string load_failure;
    Closeness closeness;
    for (const auto& [test, job, limits] : order_) {
      assignment_.tasks[task_index_].limits.search = limits;
      const JobObservation observation =
          run_job(assignment_, job, 0, script, load_failure, {}, lua_memory_);
      if (!check_without_diagnosis(task_, *test, observation).passed) {
        if (job.stop_at_divergence != nullptr && observation.search) {
          closeness.expansions_followed = observation.search->expanded;
        }
        return closeness;
      }
      ++closeness.tests_passed;
    }
    closeness.all_passed = true;
    return closeness;
  }

  std::size_t scripts_run() const { return scripts_run_; }

 private:
  struct Run {
    const PreparedTest* test;
    Job job;
    SearchCallLimits limits;
  };

  // A search's budgets for a candidate on one test: a few times what the reference's own run of
  // that test expands, within the task's. A script whose mistake is a search that never ends
  // (a bound never raised, a child pushed again and again) spends the task's whole budget on
  // every candidate that leaves the mistake in place (a million API calls, about 0.23 s, on a
  // test the reference solves in far fewer), and most candidates leave it in place. A candidate
  // that passes a test whose order or count is checked does about the reference's work; where
  // only the path is, kCandidateExpansions times the reference's leaves room for a search that
  // expands more on the way (a tree search), and the proof grades the edited script with the
  // task's own budgets, so a repair this misses is one that needs ten times the reference's work.
  SearchCallLimits candidate_limits(const Expectation& expected) const {
    SearchCallLimits limits = task_.limits.search;
    if (task_.kind != TaskKind::Search) return limits;
    const std::uint64_t expansions =
        std::max(kCandidateExpansionsFloor, kCandidateExpansions * expected.counters.expanded);
    limits.max_expansions = std::min(limits.max_expansions, expansions);
    limits.max_api_calls = std::min(limits.max_api_calls, kCandidateCallsPerExpansion * expansions);
    return limits;
  }

  static constexpr std::uint64_t kCandidateExpansions = 10;
  static constexpr std::uint64_t kCandidateExpansionsFloor = 1000;
  // problem:successors, is_goal, key and h for every child, several times over.
  static constexpr std::uint64_t kCandidateCallsPerExpansion = 50;

  // A copy: its call limit and search budgets are the candidates' own.
  Assignment assignment_;
  std::size_t task_index_;
  const Task& task_;
  std::string chunk_name_;
  std::size_t lua_memory_;
  std::vector<Run> order_;
  std::size_t scripts_run_ = 0;
};

std::string with_edits(std::string_view script, std::vector<ScriptEdit> edits) {
  // From the last to the first, so that each edit's offsets still hold.
  std::sort(edits.begin(), edits.end(),
            [](const ScriptEdit& a, const ScriptEdit& b) { return a.begin > b.begin; });
  std::string out(script);
  for (const ScriptEdit& edit : edits) out = apply_edit(out, edit);
  return out;
}

bool overlap(const ScriptEdit& a, const ScriptEdit& b) {
  return a.begin < b.end && b.begin < a.end;
}

json edits_to_json(const std::vector<ScriptEdit>& edits) {
  json out = json::array();
  for (const ScriptEdit& edit : edits) {
    out.push_back({{"kind", edit_kind_name(edit.kind)},
                   {"begin", edit.begin},
                   {"end", edit.end},
                   {"replacement", edit.replacement},
                   {"line", edit.line}});
  }
  return out;
}

// The child's answer, read back; an edit that does not fit the script is dropped with the rest.
std::vector<ScriptEdit> edits_from_json(const json& value, std::string_view script) {
  std::vector<ScriptEdit> edits;
  if (!value.is_array() || value.size() > 2) return {};
  for (const json& item : value) {
    if (!item.is_object()) return {};
    const auto kind = edit_kind_from_name(item.value("kind", ""));
    const auto begin = item.value("begin", std::size_t{0});
    const auto end = item.value("end", std::size_t{0});
    if (!kind || begin > end || end > script.size()) return {};
    edits.push_back(ScriptEdit{.kind = *kind,
                               .begin = begin,
                               .end = end,
                               .replacement = item.value("replacement", ""),
                               .line = item.value("line", 0)});
  }
  return edits;
}

// The search itself, in the child: single edits ranked by how close each came, then pairs of the
// closest. Writes one line: {"edits": [...], "scripts_run": n}.
void search_in_child(CandidateRunner& runner, const std::string& source, double budget_seconds,
                     LineWriter& writer) {
  const double started = process_cpu_seconds();
  const auto within_budget = [&] { return process_cpu_seconds() - started < budget_seconds; };
  const auto answer = [&](const std::vector<ScriptEdit>& edits) {
    writer.write_line(
        json{{"edits", edits_to_json(edits)}, {"scripts_run", runner.scripts_run()}}.dump());
  };
  auto candidates = candidate_edits(source, kRepairKinds, kRepairVariableChoices);
  if (!candidates) return answer({});
  std::stable_sort(candidates->begin(), candidates->end(),
                   [](const ScriptEdit& a, const ScriptEdit& b) {
                     return preference(a.kind) < preference(b.kind);
                   });
  const Closeness original = runner.run(source);
  if (original.all_passed) return answer({});  // nothing to mend (a test that only timed out)

  // Scripts already run, by hash: two edits can make the same script (a pair's edits in either
  // order, a swap found twice), and a whole script per candidate would hold megabytes. A
  // collision only skips one candidate.
  std::set<std::size_t> tried{std::hash<std::string>{}(source)};
  const auto first_time = [&](const std::string& edited) {
    return tried.insert(std::hash<std::string>{}(edited)).second;
  };
  std::vector<std::pair<Closeness, std::size_t>> closer;  // singles that got further, by index
  for (std::size_t i = 0; i < candidates->size() && within_budget(); ++i) {
    std::string edited = apply_edit(source, (*candidates)[i]);
    if (!first_time(edited)) continue;
    const Closeness closeness = runner.run(edited);
    if (closeness.all_passed) return answer({(*candidates)[i]});
    if (closeness.key() > original.key()) closer.emplace_back(closeness, i);
  }
  std::stable_sort(closer.begin(), closer.end(), [](const auto& a, const auto& b) {
    return a.first.key() > b.first.key();
  });
  if (closer.size() > kPairedSingles) closer.resize(kPairedSingles);
  // Each of the closest with every other candidate: the second mistake may be anywhere, but one
  // of the two must have brought the run closer on its own.
  for (const auto& [closeness, first] : closer) {
    for (std::size_t second = 0; second < candidates->size() && within_budget(); ++second) {
      const ScriptEdit& a = (*candidates)[first];
      const ScriptEdit& b = (*candidates)[second];
      if (second == first || overlap(a, b)) continue;
      std::string edited = with_edits(source, {a, b});
      if (!first_time(edited)) continue;
      if (runner.run(edited).all_passed) {
        return answer(a.begin < b.begin ? std::vector{a, b} : std::vector{b, a});
      }
    }
  }
  answer({});
}

// The lines of `script` that [begin, end) spans, whole.
std::pair<std::size_t, std::size_t> spanned_lines(std::string_view script, std::size_t begin,
                                                  std::size_t end) {
  const std::size_t newline_before = begin == 0 ? std::string_view::npos
                                                : script.rfind('\n', begin - 1);
  const std::size_t first = newline_before == std::string_view::npos ? 0 : newline_before + 1;
  std::size_t last = script.find('\n', std::max(end, begin + 1) - 1);
  if (end > begin && script[end - 1] == '\n') last = end - 1;
  if (last == std::string_view::npos) last = script.size();
  return {first, last};
}

std::string trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return "";
  const auto last = text.find_last_not_of(" \t\r");
  return std::string(text.substr(first, last - first + 1));
}

// The edits that move or copy a statement span other lines than the statement's own: the change
// is shown at the statement's line, as the student wrote it and as the edit leaves the lines.
bool moves_a_line(EditKind kind) {
  return kind == EditKind::StatementMovedOut || kind == EditKind::StatementMovedPast ||
         kind == EditKind::LineCopied;
}

RepairChange change_of(std::string_view script, const ScriptEdit& edit) {
  RepairChange change;
  const auto [first, last] = spanned_lines(script, edit.begin, edit.end);
  if (moves_a_line(edit.kind)) {
    // The statement's own line: its first byte, found from the start of the script.
    std::size_t start = 0;
    for (int line = 1; line < edit.line && start != std::string_view::npos; ++line) {
      const std::size_t newline = script.find('\n', start);
      start = newline == std::string_view::npos ? newline : newline + 1;
    }
    if (start != std::string_view::npos) {
      const std::size_t stop = std::min(script.find('\n', start), script.size());
      change.line = edit.line;
      change.first_column = 1;
      change.last_column = static_cast<int>(stop - start);
      change.original = std::string(script.substr(edit.begin, edit.end - edit.begin));
      change.replacement = edit.replacement;
      change.kind = std::string(edit_kind_name(edit.kind));
      change.words = repair_words(edit.kind, edit.line, false);
      change.words_here = repair_words(edit.kind, edit.line, true);
      change.line_before = trimmed(script.substr(start, stop - start));
      std::string after(script.substr(first, edit.begin - first));
      after += edit.replacement;
      after += script.substr(edit.end, last - edit.end);
      change.line_after = trimmed(after);
      return change;
    }
  }
  change.line = edit.line;
  change.first_column = static_cast<int>(edit.begin - first) + 1;
  change.last_column = static_cast<int>(edit.end - first);
  change.original = std::string(script.substr(edit.begin, edit.end - edit.begin));
  change.replacement = edit.replacement;
  change.kind = std::string(edit_kind_name(edit.kind));
  change.words = repair_words(edit.kind, edit.line, false);
  change.words_here = repair_words(edit.kind, edit.line, true);
  const std::string_view before = script.substr(first, last - first);
  std::string after(script.substr(first, edit.begin - first));
  after += edit.replacement;
  after += script.substr(edit.end, last - edit.end);
  change.line_before = trimmed(before);
  change.line_after = trimmed(after);
  return change;
}

}  // namespace

std::string repair_words(EditKind kind, int line, bool named_already) {
  const std::string here = named_already ? "this line" : "line " + std::to_string(line);
  const std::string in_line = " in " + here;
  switch (kind) {
    case EditKind::RelationalOperator: return "a change to the comparison" + in_line;
    case EditKind::ArithmeticOperator: return "a change to the arithmetic" + in_line;
    case EditKind::LogicalOperator: return "a change to the `and` or `or`" + in_line;
    case EditKind::ConstantOffByOne: return "a change to a number" + in_line;
    case EditKind::IndexOffByOne: return "a change to an index" + in_line;
    case EditKind::LoopShifted: return "a change to the loop's bounds" + in_line;
    case EditKind::StatementDeleted: return "removing the statement" + in_line;
    case EditKind::StatementsSwapped:
      return named_already ? "swapping this line with the next"
                           : "swapping lines " + std::to_string(line) + " and " +
                                 std::to_string(line + 1);
    case EditKind::VariableReplaced: return "a change to which variable is read" + in_line;
    case EditKind::InsertRemoveOtherEnd:
      return "a change to which end of the table is used" + in_line;
    case EditKind::BreakReturnMoved: return "moving the `break` or `return`" + in_line;
    case EditKind::CopyMadeAlias: return "a change to whether a board is copied" + in_line;
    case EditKind::ConditionNegated: return "a change to the condition" + in_line;
    case EditKind::OffsetDropped: return "a change to the arithmetic" + in_line;
    case EditKind::NegationRemoved: return "a change to the condition" + in_line;
    case EditKind::StatementMovedOut:
      return "moving " + here + " out of the loop or `if` it is in, to just before or after it";
    case EditKind::StatementMovedPast:
      return "moving " + here + " above or below the lines next to it";
    case EditKind::OffsetAdded: return "adding 1 to a value, or taking 1 from it," + in_line;
    case EditKind::InitialValueChanged:
      return "a different starting value for the variable set" + in_line;
    case EditKind::LineCopied:
      return "repeating " + here + " at the start of the loop or `if` branch next to it";
  }
  return "a change" + in_line;
}

RepairCandidate search_repair(const PreparedAssignment& prepared, std::size_t task_index,
                              const std::vector<RepairTest>& tests, const ScriptSource& script,
                              const RepairBudget& budget) {
  RepairCandidate found;
  const Assignment& assignment = prepared.assignment();
  // The child is built before the fork: only its work runs in the child.
  CandidateRunner runner(prepared, task_index, tests, script.name);
  ChildLimits limits;
  // The budget is checked between candidates; one candidate may then run its per-call limit on
  // each of its tests, so the child's own limit leaves room for that, as a backstop.
  limits.cpu_seconds = budget.cpu_seconds + assignment.limits.call_seconds + 1;
  limits.wall_seconds = wall_backstop_seconds(limits.cpu_seconds);
  limits.stall_seconds = stall_seconds(limits.cpu_seconds);
  const ChildOutcome outcome = run_in_child(
      [&](LineWriter& writer) {
        search_in_child(runner, script.source, budget.cpu_seconds, writer);
        return 0;
      },
      limits);
  found.cpu_seconds = outcome.cpu_seconds;
  if (outcome.lines.empty()) return found;
  const json answer = json::parse(outcome.lines.back(), nullptr, false);
  if (!answer.is_object()) return found;
  found.edits = edits_from_json(answer.value("edits", json::array()), script.source);
  found.scripts_run = answer.value("scripts_run", std::size_t{0});
  return found;
}

std::optional<TaskRepair> prove_repair(const PreparedAssignment& prepared, std::size_t task_index,
                                       const std::vector<RepairTest>& tests,
                                       const ScriptSource& script,
                                       const std::vector<ScriptEdit>& edits) {
  if (edits.empty() || tests.empty()) return std::nullopt;
  const Assignment& assignment = prepared.assignment();
  const Task& task = assignment.tasks[task_index];
  std::vector<Job> jobs;
  for (const RepairTest& test : tests) jobs.push_back(test.test->job);
  const ScriptSource edited{script.name, with_edits(script.source, edits)};
  const std::vector<JobObservation> observations = run_script(assignment, jobs, edited);
  TaskRepair repair;
  repair.task = task.name;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    if (!check_without_diagnosis(task, *tests[i].test, observations[i]).passed) return std::nullopt;
    const bool visible = tests[i].test->test->visibility == Visibility::Visible;
    repair.visible_tests += visible ? 1 : 0;
    repair.failing_visible_tests += visible && !tests[i].passed ? 1 : 0;
  }
  repair.tests = tests.size();
  for (const ScriptEdit& edit : edits) repair.changes.push_back(change_of(script.source, edit));
  return repair;
}

}  // namespace tile
