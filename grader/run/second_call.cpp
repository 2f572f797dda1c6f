#include "grader/run/second_call.h"

#include "grader/sandbox/lua_problem.h"

namespace tile {

bool calls_twice(const Task& task, std::size_t test_index) {
  return task.kind == TaskKind::Search && task.twice_in_one_state && test_index == 0;
}

StudentSearchRun call_search_again(LuaSandbox& sandbox, const Task& task, const TestCase& test,
                                   Heuristic* heuristic, std::uint64_t random_seed) {
  if (auto reseeded = sandbox.reseed(random_seed); !reseeded) {
    StudentSearchRun failed;
    failed.error = reseeded.error();
    return failed;
  }
  StudentSearchRun again =
      run_student_search(sandbox, task.function, Problem{test.start, task.goal}, task.semantics,
                         heuristic, task.limits.search, /*keep_expansions=*/0);
  again.observed = {};  // the judge compares answers only; the calls would only fill the pipe
  return again;
}

}  // namespace tile
