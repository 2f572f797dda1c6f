#include "grader/run/submission_runner.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <string_view>
#include <functional>
#include <map>
#include <optional>

#include "engine/state_table.h"
#include "grader/report/report.h"
#include "grader/run/machine_ended.h"
#include "grader/run/recording_heuristic.h"
#include "grader/run/second_call.h"
#include "grader/run/student_heuristic_job.h"
#include "grader/sandbox/memory_room.h"
#include "grader/sandbox/child_process.h"
#include "grader/sandbox/clocks.h"
#include "grader/spec/expectation.h"
#include "engine/fnv1a.h"
#include "grader/spec/task_heuristic.h"
#include "grader/sandbox/lua_function.h"
#include "grader/sandbox/lua_heuristic.h"
#include "grader/sandbox/lua_problem.h"
#include "grader/sandbox/lua_sandbox.h"

namespace tile {

namespace {

// How many evaluated boards get all their neighbours evaluated too, for the consistency check.
constexpr std::size_t kConsistencySample = 64;

constexpr double kStuckGraceSeconds = 2;
// How many times a job the machine ended (killed from outside, starved) is run in all before it
// is a grader fault: once more, since one busy moment should not cost a grade, and no more, since
// a machine that keeps killing the same test will not stop.
constexpr int kRunsBeforeGraderFault = 2;

// math.random's seed for one test: from the task's and the test's names, not from the job's place
// in the run, so a test draws the same numbers in every run that includes it (`tilegrade check`
// runs the visible tests only, and must give their real verdicts). FNV-1a.
std::uint64_t random_seed_of(const Task& task, const TestCase& test) {
  Fnv1a hash;
  for (const std::string* part : {&task.name, &test.name}) {
    hash.add(*part);
    hash.add_byte(0xff);  // a separator no name contains, so "ab"/"c" and "a"/"bc" differ
  }
  return hash.value();
}

// Not an observation line (observation.h: those start with JSON), so never mistaken for one.
constexpr const char* kLoadedLine = "loaded";

// How the child ended, as a failure of the job it was running or, `loading`, of the script (it
// died while loading it, before any test ran).
JobObservation why_the_child_ended(std::size_t job, const ChildOutcome& outcome,
                                   const SubmissionLimits& limits, bool loading = false) {
  std::string what;
  if (outcome.forbidden_call) {
    // The OS confinement (confinement.h) stopped it: only native code, a bug of the Lua
    // interpreter exploited, can make a system call that no Lua function makes.
    what = outcome.describe() +
           ", which was blocked and ended it: a script cannot open files, start programs or use "
           "the network, however it tries";
  } else if (outcome.end == ChildOutcome::End::Exited &&
             outcome.exit_code == kStuckCallExitCode) {
    char text[200];
    std::snprintf(text, sizeof text,
                  "a call into it was still running %g s after its time limit of %g s, inside "
                  "one library function that no time limit can interrupt (a catastrophic string "
                  "pattern ends like this)",
                  kStuckGraceSeconds, limits.call_seconds);
    what = text;
  } else if (outcome.output_limit_exceeded) {
    what = "what it did in this test took more than " +
           std::to_string(outcome.limits.max_output_bytes >> 20) +
           " MiB to report (millions of expansions, or a path that long)";
  } else {
    what = outcome.describe() +
           " (an endless loop inside one library call, such as a catastrophic string pattern, or "
           "exhausting memory, ends like this)";
  }
  if (loading) {
    return failed_job(job, FailureKind::DidNotLoad,
                      "it stopped the grader's process while loading: " + what);
  }
  return failed_job(job, FailureKind::StoppedProcess, what);
}

// What ended a job so that its task's later jobs are not run: a processor-time limit, or the
// memory limit (a search that filled it on one board will fill it on the next, each time after
// spending its processor time to get there).
struct LimitMet {
  FailureKind skipped_kind;
  std::string what;  // "did not return within 10 s of processor time"
};

LimitMet clock_met(double seconds) {
  char limit[64];
  std::snprintf(limit, sizeof limit, "%g s", seconds);
  return {FailureKind::SkippedAfterTimeout,
          std::string("did not return within ") + limit + " of processor time"};
}

// BYTES: the limit the sandbox had (fitted to the machine: memory_room.h), in the words of the
// sandbox's own error ("memory limit of 128 MiB exceeded").
LimitMet memory_met(std::size_t bytes) {
  char limit[64];
  std::snprintf(limit, sizeof limit, "%.4g MiB", static_cast<double>(bytes) / (1 << 20));
  return {FailureKind::SkippedAfterMemoryLimit,
          std::string("ran out of memory (its memory limit of ") + limit + ")"};
}

// After a job ended by a clock or the memory limit, the same task's later jobs are not run
// (unless the assignment says "after_timeout": "run-all"): the first of them says why, once, and
// the others point to it. Called by the child and the parent alike on the same facts, so both
// skip the same jobs.
void skip_rest_of_task(const Assignment& assignment, const std::vector<Job>& jobs,
                       std::size_t stopped, const LimitMet& met, std::vector<char>& skipped,
                       std::vector<JobObservation>& observations) {
  if (assignment.run_all_after_timeout) return;
  const Task& task = assignment.tasks[jobs[stopped].task_index];
  const TestCase& test = task.tests[jobs[stopped].test_index];
  // A test the student does not see yet is never named in a test they see (its name may say what
  // its board is): "in a test that is not shown yet".
  const std::string where = shown_at_once(test.visibility)
                                ? "in test " + test.name
                                : std::string("in a test of this task that is not shown yet");
  // The first skipped test the student sees says why; the later ones point to it (a hidden one
  // before it says why too, where no student reads it).
  std::string pointed;
  for (std::size_t j = stopped + 1; j < jobs.size(); ++j) {
    if (jobs[j].task_index != jobs[stopped].task_index || skipped[j]) continue;
    skipped[j] = 1;
    const TestCase& skipped_test = task.tests[jobs[j].test_index];
    if (pointed.empty()) {
      observations[j] = failed_job(j, met.skipped_kind,
                                   "Not run: your `" + task.function + "` " + met.what + " " +
                                       where + ".");
      if (shown_at_once(skipped_test.visibility)) pointed = skipped_test.name;
    } else {
      observations[j] = failed_job(j, FailureKind::SameAsEarlierTest, pointed);
    }
  }
}

// The limit a child's end says the job did not return within, if a processor-time limit ended
// it: the test's, or the per-call limit of a call stuck in one library function.
std::optional<double> clock_that_ended(const ChildOutcome& outcome,
                                       const SubmissionLimits& limits) {
  if (outcome.end == ChildOutcome::End::Signalled && outcome.signal == SIGXCPU) {
    return limits.test_seconds;
  }
  if (outcome.end == ChildOutcome::End::Exited && outcome.exit_code == kStuckCallExitCode) {
    return limits.call_seconds;
  }
  return std::nullopt;
}

JobObservation run_heuristic_job(LuaSandbox& sandbox, const Task& task, const TestCase& test,
                                 const Job& job) {
  JobObservation out;
  auto lua = LuaHeuristic::create(sandbox, task.function, task.goal,
                                  task.limits.heuristic_calls);
  if (!lua) return failed_job(0, FailureKind::CouldNotStart, lua.error());
  RecordingHeuristic recorder(**lua);
  HeuristicRun run;
  const SearchResult result =
      search(Problem{test.start, task.goal}, engine_spec(task, &recorder, false));
  run.status = result.status;
  run.message = result.message;
  run.path = result.path;
  run.cost = result.cost;
  run.counters = result.counters;
  if (result.status != SearchStatus::HeuristicFailed) {
    // Probes: the boards the checks need, a second look at the start (determinism), and the
    // neighbours of the first evaluated boards (consistency on sampled edges).
    std::vector<Board> probes = job.probes;
    probes.push_back(test.start);
    const std::size_t sample = std::min(kConsistencySample, recorder.values().size());
    for (std::size_t i = 0; i < sample; ++i) {
      const Board board = recorder.values()[i].first;
      for (Move move : kAllMoves) {
        if (board.can_move(move)) probes.push_back(board.moved(move));
      }
    }
    for (const Board& board : probes) {
      if (!recorder.estimate(board)) {
        run.status = SearchStatus::HeuristicFailed;
        run.message = recorder.failure_message();
        break;
      }
    }
  }
  run.values = recorder.values();
  run.nondeterminism = recorder.nondeterminism();
  run.calls = (*lua)->calls();
  out.heuristic = std::move(run);
  return out;
}

JobObservation run_search_job(LuaSandbox& sandbox, const Task& task, const TestCase& test,
                              const Job& job, std::uint64_t random_seed) {
  JobObservation out;
  std::unique_ptr<Heuristic> heuristic;
  if (task.heuristic) {
    auto made = make_task_heuristic(task);
    if (!made) return failed_job(0, FailureKind::CouldNotStart, made.error());
    heuristic = std::move(*made);
  }
  out.search = run_student_search(sandbox, task.function, Problem{test.start, task.goal},
                                  task.semantics, heuristic.get(),
                                  task.limits.search, job.keep_expansions, job.passing_run,
                                  job.stop_at_divergence);
  if (calls_twice(task, job.test_index)) {
    out.search_again = call_search_again(sandbox, task, test, heuristic.get(), random_seed);
  }
  return out;
}

// Whether the script's call ended in an error (a budget, the memory limit, a Lua error) rather than
// returning something the checks read.
bool ended_in_error(const JobObservation& out) {
  if (out.failed()) return false;  // it never ran the script's function
  if (out.search) return !out.search->completed && !out.search->error.empty();
  if (out.heuristic) return out.heuristic->status == SearchStatus::HeuristicFailed;
  if (out.function) return !out.function->completed;
  return false;
}

// One run of a job in a fresh sandbox. `starved`: the wall-clock backstop ended a call that had
// not used its processor time, so the run says nothing about the script.
JobObservation run_job_once(const Assignment& assignment, const Job& job, std::size_t job_index,
                            const ScriptSource& script, std::string& load_failure,
                            const std::function<void()>& loaded, std::size_t lua_memory_bytes,
                            bool& starved) {
  const Task& task = assignment.tasks[job.task_index];
  const TestCase& test = task.tests[job.test_index];
  JobObservation out;
  out.job = job_index;
  if (!load_failure.empty()) return failed_job(job_index, FailureKind::DidNotLoad, load_failure);
  SandboxLimits limits;
  limits.memory_bytes =
      lua_memory_bytes > 0 ? lua_memory_bytes : assignment.limits.lua_memory_bytes;
  limits.call_seconds = assignment.limits.call_seconds;
  limits.random_seed = random_seed_of(task, test);
  // No message: the parent words the child's end (why_the_child_ended, machine_ended).
  limits.exit_when_stuck = StuckCallExit{.grace_seconds = kStuckGraceSeconds,
                                         .exit_code = kStuckCallExitCode,
                                         .message = {},
                                         .starved_exit_code = kStarvedCallExitCode,
                                         .starved_message = {}};
  // A fresh state per job: no test sees globals an earlier test left behind.
  auto sandbox = LuaSandbox::from_source(script.name, script.source, limits);
  if (sandbox && loaded) loaded();
  if (!sandbox) {
    load_failure = sandbox.error();
    out = failed_job(job_index, FailureKind::DidNotLoad, load_failure);
  } else if (!(*sandbox)->has_function(task.function)) {
    out = failed_job(job_index, FailureKind::MissingFunction, task.function);
  } else if (task.kind == TaskKind::Heuristic) {
    out = run_heuristic_job(**sandbox, task, test, job);
  } else if (task.kind == TaskKind::Function) {
    out.function = run_student_function(**sandbox, task.function, test.start, task.goal);
  } else if (uses_student_heuristic(task)) {
    out = run_student_heuristic_search_job(**sandbox, script, limits, task, test,
                                           job.keep_expansions,
                                           calls_twice(task, job.test_index));
  } else {
    out = run_search_job(**sandbox, task, test, job, limits.random_seed);
  }
  out.job = job_index;
  // The per-call clock ended it (the sandbox knows; its error text only says so to the student).
  out.out_of_time = sandbox && (*sandbox)->call_deadline_expired();
  starved = sandbox && (*sandbox)->call_starved() && !out.out_of_time;
  // Refused memory and then ended in an error: it met the memory limit (a script that caught the
  // refusal and still returned an answer did not, and its later tests run).
  out.out_of_memory = sandbox && (*sandbox)->memory_limit_met() && !out.out_of_time &&
                      ended_in_error(out);
  return out;
}

}  // namespace

void skip_rest_after_memory_limit(const Assignment& assignment, const std::vector<Job>& jobs,
                                  std::size_t stopped, std::size_t memory_bytes,
                                  std::vector<char>& skipped,
                                  std::vector<JobObservation>& observations) {
  skip_rest_of_task(assignment, jobs, stopped, memory_met(memory_bytes), skipped, observations);
}

// `load_failure`: a script loads the same way every time (its math.random is seeded per test, but
// a script that fails to load depending on it is not worth the cost), so that failure stands for
// every later job instead of being paid again: a script that loops at load time costs
// call_seconds per load.
JobObservation run_job(const Assignment& assignment, const Job& job, std::size_t job_index,
                       const ScriptSource& script, std::string& load_failure,
                       const std::function<void()>& loaded, std::size_t lua_memory_bytes) {
  // A starved call is the machine's doing: run again, as run_submission does for a child the
  // machine ended, and after as many runs give no verdict.
  for (int run = 1;; ++run) {
    bool starved = false;
    JobObservation out =
        run_job_once(assignment, job, job_index, script, load_failure, loaded, lua_memory_bytes,
                     starved);
    if (!starved) return out;
    if (run == kRunsBeforeGraderFault) {
      return failed_job(job_index, FailureKind::GraderFault,
                        "a call into the script was starved of the processor, twice: the machine "
                        "was too busy to run it");
    }
  }
}

std::vector<JobObservation> run_submission(const Assignment& assignment,
                                           const std::vector<Job>& jobs,
                                           const std::string& submission_path) {
  // Read here, once: a confined child cannot open it (confinement.h).
  const auto script = LuaSandbox::read_script(submission_path);
  if (!script) {
    std::vector<JobObservation> observations(jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      observations[i] = failed_job(i, FailureKind::DidNotLoad, script.error());
    }
    return observations;
  }
  return run_script(assignment, jobs, *script);
}

std::vector<JobObservation> run_script(const Assignment& assignment, const std::vector<Job>& jobs,
                                       const ScriptSource& script) {
  std::vector<JobObservation> observations(jobs.size());
  // What the machine gives: where it is less than lua_memory_mb, a script holding most of its
  // limit would be killed by the kernel, an end that is not the script's to answer for; fitted
  // to the memory there is, the limit the script meets is its own (memory_room.h).
  const std::size_t lua_memory = grading_lua_memory(assignment.limits.lua_memory_bytes);
  const std::size_t memory_limit =
      lua_memory > 0 ? lua_memory : assignment.limits.lua_memory_bytes;  // as run_job_once has it
  ChildLimits limits;
  limits.cpu_seconds = assignment.limits.test_seconds;  // decides: "did not return within"
  // Only a backstop, behind the larger of the two processor-time limits a job runs under (the
  // assignment may set call_seconds above test_seconds).
  const double longest = std::max(assignment.limits.test_seconds, assignment.limits.call_seconds);
  limits.wall_seconds = wall_backstop_seconds(longest);
  limits.stall_seconds = stall_seconds(longest);
  limits.per_line = true;
  // One child runs the jobs in order, one line each; a job that kills it (or runs out of time)
  // fails alone, and a new child takes up the jobs after it. Each child also writes one
  // kLoadedLine once the script has loaded in it: a child that dies before that died loading the
  // script (stuck in one C call at its top level), and a script loads the same way every time, so
  // that stands for every job left instead of costing the time limits once per test.
  std::vector<char> skipped(jobs.size(), 0);
  std::vector<int> runs(jobs.size(), 0);  // children that ended while running each job
  std::size_t next = 0;
  const auto pass_skipped = [&] {
    while (next < jobs.size() && skipped[next]) ++next;
  };
  while (next < jobs.size()) {
    const std::size_t first = next;
    bool child_loaded = false;
    // Each line is decoded as it arrives: the parent holds one undecoded line at a time, never a
    // child's whole output (docs/grading-a-class.md, memory).
    const auto take_line = [&](std::string&& line) {
      if (line == kLoadedLine) {
        child_loaded = true;
        return;
      }
      if (next == jobs.size()) return;
      JobObservation& observation = observations[next];
      auto decoded =
          observation_from_line(line, assignment.tasks[jobs[next].task_index].goal.shape);
      line = std::string();  // its bytes are no longer needed once the observation is decoded
      if (decoded && decoded->job != next) decoded = Error{"results out of order"};
      if (decoded) {
        observation = std::move(*decoded);
      } else {
        observation = failed_job(next, FailureKind::Internal,
                                 "unreadable result from the grading child: " + decoded.error());
      }
      observation.job = next;
      if (observation.out_of_time) {
        skip_rest_of_task(assignment, jobs, next, clock_met(assignment.limits.call_seconds),
                          skipped, observations);
      } else if (observation.out_of_memory) {
        skip_rest_of_task(assignment, jobs, next, memory_met(memory_limit), skipped, observations);
      }
      ++next;
      pass_skipped();
    };
    const ChildOutcome outcome = run_in_child(
        [&](LineWriter& writer) {
          std::string load_failure;
          bool told = false;
          const auto loaded = [&] {
            if (!told) writer.write_line(kLoadedLine);
            told = true;
          };
          for (std::size_t i = first; i < jobs.size() && writer.ok(); ++i) {
            if (skipped[i]) continue;
            const JobObservation out =
                run_job(assignment, jobs[i], i, script, load_failure, loaded, lua_memory);
            if (out.out_of_time) {
              skip_rest_of_task(assignment, jobs, i, clock_met(assignment.limits.call_seconds),
                                skipped, observations);
            } else if (out.out_of_memory) {
              skip_rest_of_task(assignment, jobs, i, memory_met(memory_limit), skipped,
                                observations);
            }
            writer.write_line(observation_line(out));
          }
          return 0;
        },
        limits, take_line);
    if (next == jobs.size()) break;
    if (const auto machine = machine_ended(outcome)) {
      // Not the script's doing: run the job again in a new child, or, the second time, give it no
      // verdict (grade.cpp: the submission is graded again later, never judged on this).
      if (++runs[next] < kRunsBeforeGraderFault) continue;
      observations[next] = failed_job(next, FailureKind::GraderFault, *machine + ", twice");
      ++next;
      pass_skipped();
      continue;
    }
    if (!child_loaded && next == first) {
      // It died loading the script, before any job ran: the script never loads.
      for (; next < jobs.size(); ++next) {
        observations[next] = why_the_child_ended(next, outcome, assignment.limits, true);
      }
      break;
    }
    // The child ended before reporting job `next`: that job ended it.
    observations[next] = why_the_child_ended(next, outcome, assignment.limits);
    if (const auto seconds = clock_that_ended(outcome, assignment.limits)) {
      observations[next].out_of_time = true;
      skip_rest_of_task(assignment, jobs, next, clock_met(*seconds), skipped, observations);
    }
    ++next;
    pass_skipped();
  }
  return observations;
}

}  // namespace tile
