#include "grader/run/student_heuristic_job.h"

#include <utility>

#include "grader/run/recording_heuristic.h"
#include "grader/run/second_call.h"
#include "grader/sandbox/lua_heuristic.h"
#include "grader/sandbox/lua_problem.h"
#include "grader/spec/expectation.h"
#include "grader/spec/recorded_heuristic.h"

namespace tile {

JobObservation run_student_heuristic_search_job(LuaSandbox& sandbox, const ScriptSource& script,
                                                const SandboxLimits& limits, const Task& task,
                                                const TestCase& test,
                                                std::size_t keep_expansions, bool twice) {
  const std::string function = student_heuristic_function(*task.heuristic);
  auto heuristic_state = LuaSandbox::from_source(script.name, script.source, limits);
  // The script loaded once already, in `sandbox`: a second load fails only as the first did.
  if (!heuristic_state) return failed_job(0, FailureKind::DidNotLoad, heuristic_state.error());
  if (!(*heuristic_state)->has_function(function)) {
    return failed_job(0, FailureKind::MissingFunction, function);
  }
  auto lua = LuaHeuristic::create(**heuristic_state, function, task.goal,
                                  task.limits.heuristic_calls);
  if (!lua) return failed_job(0, FailureKind::CouldNotStart, lua.error());
  RecordingHeuristic recorder(**lua);

  JobObservation out;
  HeuristicRun engine_run;
  const SearchResult result =
      search(Problem{test.start, task.goal}, engine_spec(task, &recorder, false));
  engine_run.status = result.status;
  engine_run.message = result.message;
  engine_run.path = result.path;
  engine_run.cost = result.cost;
  engine_run.counters = result.counters;
  // The student's search runs even when the heuristic failed the engine: its run is still
  // reported, and the judge says why it cannot be checked.
  out.search = run_student_search(sandbox, task.function, Problem{test.start, task.goal},
                                  task.semantics, &recorder, task.limits.search,
                                  keep_expansions);
  if (twice) {
    out.search_again = call_search_again(sandbox, task, test, &recorder, limits.random_seed);
  }
  engine_run.values = recorder.values();
  engine_run.nondeterminism = recorder.nondeterminism();
  engine_run.calls = (*lua)->calls();
  out.heuristic = std::move(engine_run);
  return out;
}

}  // namespace tile
