#include "grader/run/grade.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

#include <memory>
#include <optional>
#include <mutex>
#include <tuple>

#include <sys/resource.h>

#include "engine/exact_table.h"
#include "engine/state_table.h"
#include "grader/judge/task_judging.h"
#include "grader/judge/thread_cpu_timer.h"
#include "grader/report/repair_text.h"
#include "grader/run/repair_agreement.h"
#include "grader/run/repair_search.h"
#include "grader/run/student_heuristic_replay.h"
#include "grader/run/submission_runner.h"
#include "grader/spec/task_heuristic.h"

namespace tile {

namespace {

// The complete table of exact distances for small boards (unit cost), built once per goal and
// shared by every submission graded in this process (a batch grades hundreds).
std::shared_ptr<const ExactTable> complete_table(const Task& task) {
  if (task.goal.cells() > ExactTable::kMaxCells ||
      task.semantics.cost != CostModel::Unit) {
    return nullptr;
  }
  static std::mutex mutex;
  // Keyed by shape and tiles: a 2x3 and a 3x2 goal can share the same tile sequence.
  using Key = std::tuple<int, int, std::array<std::uint8_t, kMaxCells>>;
  static std::map<Key, std::shared_ptr<const ExactTable>> tables;
  const std::lock_guard<std::mutex> lock(mutex);
  auto& table = tables[Key{task.goal.shape.rows, task.goal.shape.cols, task.goal.tiles}];
  if (!table) {
    auto built = ExactTable::build(task.goal);
    if (built) table = std::make_shared<const ExactTable>(std::move(*built));
  }
  return table;
}

// A task's points are shared equally by its tests, the ones a student copy leaves out included.
double points_per_test(const Task& task) {
  const std::size_t tests = task.total_tests();
  return tests == 0 ? 0 : task.points / static_cast<double>(tests);
}

bool selected(const GradeOptions& options, const Task& task, const TestCase& test) {
  return (options.only_task.empty() || options.only_task == task.name) &&
         (options.only_test.empty() || options.only_test == test.name);
}

// Informedness totals a task's tests: it is judged only when all of them are graded.
bool whole_task(const GradeOptions& options, const Task& task) {
  for (const TestCase& test : task.tests) {
    if (!selected(options, task, test)) return false;
  }
  return true;
}

}  // namespace

Status check_selection(const Assignment& assignment, const GradeOptions& options) {
  std::vector<std::string> tasks, tests;  // the choices, in order, each once
  for (const Task& task : assignment.tasks) {
    tasks.push_back(task.name);
    if (!options.only_task.empty() && task.name != options.only_task) continue;
    for (const TestCase& test : task.tests) {
      if (std::find(tests.begin(), tests.end(), test.name) == tests.end()) {
        tests.push_back(test.name);
      }
    }
  }
  const auto listed = [](const std::vector<std::string>& names, const std::string& name) {
    return name.empty() || std::find(names.begin(), names.end(), name) != names.end();
  };
  const auto joined = [](const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
    return out;
  };
  if (!listed(tasks, options.only_task)) {
    return Error{"--task " + options.only_task + ": no such task (tasks: " + joined(tasks) + ")"};
  }
  if (!listed(tests, options.only_test)) {
    return Error{"--test " + options.only_test + ": no such test (tests: " + joined(tests) + ")"};
  }
  return success();
}

namespace {


// What to run and what to compare it with: the prepared tests the run includes, one job each,
// in the prepared order.
struct GradingPlan {
  std::vector<Job> jobs;
  std::vector<const PreparedTest*> tests;  // one per job
  NotChecked not_checked;  // tests left out of this run (not selected, or hidden from `check`)
};

GradingPlan plan_grading(const PreparedAssignment& prepared, const GradeOptions& options) {
  GradingPlan plan;
  for (const PreparedTest& prepared_test : prepared.tests()) {
    const Task& task = *prepared_test.task;
    const TestCase& test = *prepared_test.test;
    if (!selected(options, task, test)) {
      plan.not_checked.unselected_tests += 1;
      plan.not_checked.unselected_points += points_per_test(task);
      continue;
    }
    if (options.visible_only && test.visibility != Visibility::Visible) {
      plan.not_checked.hidden_tests += 1;
      plan.not_checked.hidden_points += points_per_test(task);
      continue;
    }
    plan.jobs.push_back(prepared_test.job);
    plan.tests.push_back(&prepared_test);
  }
  return plan;
}

// Exact distances for a heuristic task's checks: every board, where a complete table exists;
// above that size, the boards along each test's optimal path (whose distances the solution
// proves).
ExactDistance exact_distance_for(const Task& task, const DistanceMap& distances) {
  std::shared_ptr<const ExactTable> table;
  if (task.kind == TaskKind::Heuristic) table = complete_table(task);
  return [&distances, table](const Board& board) -> std::optional<std::int64_t> {
    if (table) {
      const int distance = table->distance(board);
      if (distance < 0) return std::nullopt;
      return distance;
    }
    const auto it = distances.find(pack(board));
    if (it == distances.end()) return std::nullopt;
    return it->second;
  };
}

std::int64_t children_cpu_ns() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  const auto ns = [](const timeval& time) {
    return static_cast<std::int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_usec * 1'000;
  };
  return ns(usage.ru_utime) + ns(usage.ru_stime);
}

// A search task with the student's heuristic, made ready to judge from this submission's run
// (student_heuristic_replay.h): the task with the recorded values, and each job's expected run.
struct ReplayedTask {
  StudentHeuristicReplay replay;
  std::map<std::size_t, std::size_t> slot_of_job;  // job -> its place in replay.expected
};

std::map<const Task*, ReplayedTask> replay_student_heuristics(
    const GradingPlan& plan, std::vector<JobObservation>& observations) {
  std::map<const Task*, ReplayedTask> out;
  std::map<const Task*, std::vector<std::size_t>> jobs_of;
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    if (uses_student_heuristic(*plan.tests[j]->task)) jobs_of[plan.tests[j]->task].push_back(j);
  }
  for (const auto& [task, jobs] : jobs_of) {
    std::vector<const TestCase*> tests;
    std::vector<JobObservation*> runs;
    ReplayedTask replayed;
    for (std::size_t j : jobs) {
      replayed.slot_of_job[j] = tests.size();
      tests.push_back(plan.tests[j]->test);
      runs.push_back(&observations[j]);
    }
    replayed.replay = replay_student_heuristic(*task, tests, runs);
    out.emplace(task, std::move(replayed));
  }
  return out;
}

// Judges one task's runs in job order (grader/judge/task_judging.h) and says what the run could
// not check of it: its withheld tests, and its informedness when some of its tests did not run.
// `replayed`: the task's expected runs from the student's heuristic, when its search uses it; the
// checks and the judge's reproductions then read the task with the recorded values.
void judge_task_runs(const Task& task, const GradingPlan& plan, const DistanceMap& distances,
                     const std::vector<JobObservation>& observations, const GradeOptions& options,
                     const ReplayedTask* replayed, GradeReport& report) {
  const Task& judged = replayed ? replayed->replay.task : task;
  const auto expected_of = [&](std::size_t j) -> const Expectation* {
    if (replayed) {
      const auto& replay = replayed->replay.expected[replayed->slot_of_job.at(j)];
      if (replay) return &*replay;
    }
    return plan.tests[j]->expected;
  };
  const double per_test = points_per_test(task);
  report.not_checked.hidden_tests += task.withheld_tests;
  report.not_checked.hidden_points += per_test * static_cast<double>(task.withheld_tests);
  std::vector<JudgedRun> runs;
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    if (plan.tests[j]->task != &task) continue;
    runs.push_back({&*plan.tests[j]->test, expected_of(j), &observations[j]});
  }
  TaskJudging judging;
  judging.points_per_test = per_test;
  judging.exact = exact_distance_for(task, distances);
  judging.every_test_ran =
      !options.visible_only && task.withheld_tests == 0 && whole_task(options, task);
  judging.diagnosis_ns = options.times ? &options.times->diagnosis_ns : nullptr;
  judge_task(judged, runs, judging, report);
}

// A script that does not load fails every job with the same error. It becomes the submission's
// script_error, said once; each job's test says the line that points to it (check_support.h).
std::string load_failure_of(const std::vector<JobObservation>& observations) {
  for (const JobObservation& observation : observations) {
    if (observation.failure == FailureKind::DidNotLoad) {
      return "Your script did not load: " + observation.failure_message;
    }
  }
  return "";
}

// The first job the machine ended twice, as "bfs: published-2: <what happened>"; "" if none.
std::string grader_fault_of(const GradingPlan& plan,
                            const std::vector<JobObservation>& observations) {
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    if (observations[j].failure != FailureKind::GraderFault) continue;
    return plan.tests[j]->task->name + ": " + plan.tests[j]->test->name + ": " +
           observations[j].failure_message;
  }
  return "";
}

// A job that never ran because the script lacks the task's function points to the task's first
// test instead of saying it again: a student who has not written bfs yet reads it once, not once
// per test. (A test that ran and was stopped says so itself, even when others were stopped too.)
void point_to_first_missing_function(const GradingPlan& plan,
                                     std::vector<JobObservation>& observations) {
  std::map<std::size_t, std::string> first_test;  // task index -> the test that said it
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    if (observations[j].failure != FailureKind::MissingFunction) continue;
    const std::string& test = plan.tests[j]->test->name;
    const auto [at, first] = first_test.try_emplace(plan.jobs[j].task_index, test);
    if (!first) observations[j] = failed_job(j, FailureKind::SameAsEarlierTest, at->second);
  }
}

// Whether a task's failures leave something to mend: its script ran (not a load failure, a
// missing function, a refusal or the grader's own fault) on at least one of its tests, and no
// test ran out of time or memory (each candidate would spend that again, and a script that does
// not return is told so by its tests already).
bool repairable(const Task& task, const GradingPlan& plan,
                const std::vector<JobObservation>& observations) {
  if (task.kind == TaskKind::Heuristic) return false;
  // A search with the student's own heuristic has no prepared expectation to grade a candidate
  // edit against (its expected run is replayed per submission): never repaired.
  if (uses_student_heuristic(task)) return false;
  bool ran = false;
  for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
    if (plan.tests[j]->task != &task) continue;
    if (observations[j].out_of_time) return false;
    switch (observations[j].failure) {
      case FailureKind::SkippedAfterTimeout:
      case FailureKind::SkippedAfterMemoryLimit:
      case FailureKind::DidNotLoad:
      case FailureKind::MissingFunction:
      case FailureKind::SameAsEarlierTest:
      case FailureKind::Refused:
      case FailureKind::Internal:
      case FailureKind::GraderFault:
        return false;
      default:
        break;
    }
    ran = ran || observations[j].search || observations[j].function;
  }
  return ran;
}

// Searches every failing task for a verified repair within the assignment's budget, and puts
// what the student may read of it on the task's first failing test they see.
void attach_repairs(const PreparedAssignment& prepared, const GradingPlan& plan,
                    const std::vector<JobObservation>& observations,
                    const std::string& submission_path, GradeReport& report) {
  const Assignment& assignment = prepared.assignment();
  const auto script = LuaSandbox::read_script(submission_path);
  if (!script) return;
  double budget = assignment.repair.cpu_seconds;
  // The edits that mended an earlier task, proved first on each later one: one mistake in a line
  // every search shares (a helper, the path's builder) fails several tasks, and one grading proves
  // it where a second search would spend what is left of the budget finding it again.
  std::vector<ScriptEdit> mended_before;
  for (std::size_t t = 0; t < assignment.tasks.size() && budget > 0; ++t) {
    const Task& task = assignment.tasks[t];
    if (!repairable(task, plan, observations)) continue;
    std::vector<RepairTest> tests;
    std::vector<TestResult*> results;
    bool failing = false;
    for (std::size_t j = 0; j < plan.jobs.size(); ++j) {
      if (plan.tests[j]->task != &task) continue;
      const auto result = std::find_if(report.tests.begin(), report.tests.end(),
                                       [&](const TestResult& r) {
                                         return r.task == task.name &&
                                                r.test == plan.tests[j]->test->name;
                                       });
      if (result == report.tests.end()) return;  // every graded test has its result
      const auto& search = observations[j].search;
      tests.push_back({plan.tests[j], result->passed, search ? search->cpu_seconds : 0});
      results.push_back(&*result);
      failing = failing || !result->passed;
    }
    if (!failing) continue;
    std::optional<TaskRepair> repair;
    if (!mended_before.empty()) repair = prove_repair(prepared, t, tests, *script, mended_before);
    if (!repair) {
      const RepairCandidate found = search_repair(prepared, t, tests, *script, {budget});
      budget -= found.cpu_seconds;
      repair = prove_repair(prepared, t, tests, *script, found.edits);
      if (repair) mended_before = found.edits;
    }
    if (!repair) continue;
    put_beside_catalogue(*repair, results);
    for (TestResult* result : results) {
      if (result->passed || result->visibility != Visibility::Visible) continue;
      result->repair = repair_paragraph(*repair, assignment.repair.shown);
      break;
    }
    report.repairs.push_back(std::move(*repair));
  }
}

}  // namespace

GradeReport grade_submission(const PreparedAssignment& prepared,
                             const std::string& submission_path, const GradeOptions& options) {
  const Assignment& assignment = prepared.assignment();
  const auto started = std::chrono::steady_clock::now();
  GradeReport report;
  report.assignment = assignment.title;
  report.submission = std::filesystem::path(submission_path).filename().string();
  const GradingPlan plan = plan_grading(prepared, options);
  report.not_checked = plan.not_checked;
  const std::int64_t children_before = options.times ? children_cpu_ns() : 0;
  std::vector<JobObservation> observations =
      options.run_jobs ? options.run_jobs(assignment, plan.jobs, submission_path)
                       : run_submission(assignment, plan.jobs, submission_path);
  if (options.times) options.times->children_ns += children_cpu_ns() - children_before;
  report.script_error = load_failure_of(observations);
  report.grader_fault = grader_fault_of(plan, observations);
  point_to_first_missing_function(plan, observations);
  {
    const ThreadCpuTimer timer(options.times ? &options.times->judging_ns : nullptr);
    const auto replays = replay_student_heuristics(plan, observations);
    for (const Task& task : assignment.tasks) {
      const auto replayed = replays.find(&task);
      judge_task_runs(task, plan, prepared.distances(), observations, options,
                      replayed == replays.end() ? nullptr : &replayed->second, report);
    }
  }
  report.repair_shown = assignment.repair.shown;
  if (options.repair && !options.run_jobs && assignment.repair.shown != RepairShown::None &&
      report.script_error.empty() && report.grader_fault.empty()) {
    attach_repairs(prepared, plan, observations, submission_path, report);
  }
  report.execution_time =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace tile
