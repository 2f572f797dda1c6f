// TaskDiagnoser's confirmations across a task's runs (diagnosis_confirmation.cpp): a variant
// every failing run confirms is named on each; one that reproduces a single board while the
// task's other failing runs show another mistake is a symptom of that board, never named on it.
#include <doctest/doctest.h>

#include "grader/judge/diagnosis.h"
#include "grader/spec/expectation.h"
#include "tests/grader/judge/variant_lookup.h"
#include "tests/support/task_builders.h"
#include "tests/support/student_runs.h"

using namespace tile;
using tile::testing::variant_named;

namespace {

// A breadth-first task on boards three to five moves from the goal.
Task confirmation_task(std::vector<std::string> starts) {
  return testing::on_push_bfs_task(starts);
}

StudentSearchRun run_under(const Task& task, const TestCase& test, const Semantics& semantics) {
  SearchSpec spec = engine_spec(task, nullptr, true);
  spec.semantics = semantics;
  const SearchResult result = search({test.start, task.goal}, spec);
  REQUIRE(result.solved());
  return testing::student_run_of(result.path, result.trace, result.counters.selected(CountKind::Expanded));
}

}  // namespace

TEST_CASE("a mistake every failing run shows is named on each of them") {
  const Task task = confirmation_task({"1 2 5 3 4 0 6 7 8", "1 2 5 3 4 8 6 0 7"});
  const auto variants = mistake_catalogue(task);
  const Variant& reverse = variant_named(variants, "push-order-reverse");
  std::vector<StudentSearchRun> runs;
  for (const TestCase& test : task.tests) runs.push_back(run_under(task, test, reverse.semantics));
  TaskDiagnoser diagnoser(task, {&task.tests[0], &task.tests[1]}, {&runs[0], &runs[1]});
  for (std::size_t i = 0; i < runs.size(); ++i) {
    CAPTURE(i);
    const auto diagnosis = diagnoser.diagnose(i);
    REQUIRE(diagnosis);
    CHECK(diagnosis->code == "push-order-reverse");
  }
}

TEST_CASE("a mistake one board shows and the other failing runs refute is not named there") {
  const Task task =
      confirmation_task({"1 2 5 3 4 0 6 7 8", "1 2 5 3 4 8 6 0 7", "1 4 2 3 5 0 6 7 8"});
  const auto variants = mistake_catalogue(task);
  const Variant& reverse = variant_named(variants, "push-order-reverse");
  const Variant& other = variant_named(variants, "action-order-LRUD");
  std::vector<StudentSearchRun> runs = {run_under(task, task.tests[0], reverse.semantics),
                                        run_under(task, task.tests[1], other.semantics),
                                        run_under(task, task.tests[2], other.semantics)};
  TaskDiagnoser diagnoser(task, {&task.tests[0], &task.tests[1], &task.tests[2]},
                          {&runs[0], &runs[1], &runs[2]});
  const auto first = diagnoser.diagnose(0);
  if (first) CHECK(first->code != "push-order-reverse");
  // The two runs that show the same mistake confirm each other (two of three).
  const auto second = diagnoser.diagnose(1);
  REQUIRE(second);
  CHECK(second->code == "action-order-LRUD");
}
