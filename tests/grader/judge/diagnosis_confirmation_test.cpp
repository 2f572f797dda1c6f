// TaskDiagnoser's confirmations across a task's runs (diagnosis_confirmation.cpp): a variant
// every failing run confirms is named on each; one that reproduces a single board while the
// task's other failing runs show another mistake is a symptom of that board, never named on it.
#include <doctest/doctest.h>

#include "grader/judge/diagnosis.h"
#include "grader/judge/invariants.h"
#include "grader/spec/expectation.h"
#include "tests/grader/judge/variant_lookup.h"
#include "tests/grader/student/observed_support.h"
#include "tests/support/task_builders.h"
#include "tests/support/student_runs.h"

using namespace tile;
using tile::testing::variant_named;

namespace {

// A breadth-first task on boards three to five moves from the goal.
Task confirmation_task(std::vector<std::string> starts) {
  return testing::on_push_bfs_task(starts);
}

StudentSearchRun run_under(const Task& task, const TestCase& test,
                           const ResolvedSemantics& semantics) {
  SearchSpec spec = engine_spec(task, nullptr, true);
  spec.semantics = semantics;
  const SearchResult result = search({test.start, task.goal}, spec);
  REQUIRE(result.solved());
  return testing::student_run_of(result.path, result.trace,
                                 result.counters.selected(CountKind::Expanded));
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
  // Two runs that show the same mistake are not enough for its cause either: the first refutes
  // it, so it is no exact variant of the task. Each of the two is told what is true of it: its
  // run is that mistake's, as an observation (the cause's sentence is not said).
  for (std::size_t i : {1, 2}) {
    const auto named = diagnoser.diagnose(i);
    REQUIRE(named);
    CHECK(named->code == "action-order-LRUD");
    CHECK(named->proof == Proof::Observed);
    CHECK(named->explanation.starts_with(
        "On this test your run is exactly the run of a search with one rule changed: "
        "successors generated in another order (action-order-LRUD)."));
  }
}

// The reference's own runs of `task`'s tests, each count moved by its `offsets` entry.
std::vector<StudentSearchRun> counts_moved(const Task& task, std::vector<std::int64_t> offsets) {
  std::vector<StudentSearchRun> runs;
  for (std::size_t i = 0; i < task.tests.size(); ++i) {
    runs.push_back(run_under(task, task.tests[i], task.semantics));
    *runs.back().reported_count += offsets[i];
  }
  return runs;
}

std::vector<std::string> codes_of(const Task& task, const std::vector<StudentSearchRun>& runs) {
  std::vector<const TestCase*> tests;
  std::vector<const StudentSearchRun*> pointers;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    tests.push_back(&task.tests[i]);
    pointers.push_back(&runs[i]);
  }
  TaskDiagnoser diagnoser(task, tests, pointers);
  std::vector<std::string> codes;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto diagnosis = diagnoser.diagnose(i);
    codes.push_back(diagnosis ? diagnosis->code : "");
  }
  return codes;
}

TEST_CASE("a count one too low is named only when every failing run of the task shows it") {
  const Task task =
      confirmation_task({"1 2 5 3 4 0 6 7 8", "1 2 5 3 4 8 6 0 7", "1 4 2 3 5 0 6 7 8"});
  using Codes = std::vector<std::string>;
  const std::string minus = "count-offset-minus-one";
  CHECK(codes_of(task, counts_moved(task, {-1, -1, -1})) == Codes{minus, minus, minus});
  std::vector<StudentSearchRun> runs = counts_moved(task, {-1, -1, -1});
  TaskDiagnoser diagnoser(task, {&task.tests[0], &task.tests[1], &task.tests[2]},
                          {&runs[0], &runs[1], &runs[2]});
  const auto diagnosis = diagnoser.diagnose(0);
  REQUIRE(diagnosis);
  const std::int64_t count = *runs[0].reported_count;
  CHECK(diagnosis->explanation ==
        "Your count (" + std::to_string(count) + ") is one less than this assignment's count "
        "of expanded nodes (pops that generated successors), which in your run is " +
        std::to_string(count + 1) + ", and it is one less on every test where your count is "
        "wrong: each time your count leaves out exactly one of them.");
  // Not named: the right count on one test (above 0), so one too few is not what the code does;
  // one failing run alone; one run two too few; correct runs; a count one too high (here every
  // pop, the goal's included).
  CHECK(codes_of(task, counts_moved(task, {-1, -1, 0}))[0] != minus);
  CHECK(codes_of(task, counts_moved(task, {-1, 0, 0}))[0] != minus);
  CHECK(codes_of(task, counts_moved(task, {-1, -1, -2}))[0] != minus);
  CHECK(codes_of(task, counts_moved(task, {0, 0, 0})) == Codes{"", "", ""});
  CHECK(codes_of(task, counts_moved(task, {1, 1, 1}))[0] == "counts-popped");
}

TEST_CASE("one too few where the start is the goal, though another counter gives that 0 too") {
  // Counting states discovered, one too few: 0 on a start that is the goal, which is also its
  // expansions' count, so that run alone names nothing; the task's other failing runs do.
  Task task =
      confirmation_task({"1 2 5 3 4 0 6 7 8", "1 2 5 3 4 8 6 0 7", "0 1 2 3 4 5 6 7 8"});
  task.semantics.count = CountKind::Discovered;
  std::vector<StudentSearchRun> runs;
  for (const TestCase& test : task.tests) {
    const SearchResult result = search({test.start, task.goal}, engine_spec(task, nullptr, true));
    runs.push_back(testing::student_run_of(
        result.path, result.trace,
        static_cast<std::int64_t>(result.counters.selected(CountKind::Discovered)) - 1));
  }
  REQUIRE(*runs[2].reported_count == 0);
  // The script's one call there: the start tested, and found to be the goal.
  ObservedSearchRecorder(runs[2].observed, task.tests[2].start)
      .call(ObservedCallKind::IsGoal, task.tests[2].start, 0);
  ++runs[2].api_calls;
  using Codes = std::vector<std::string>;
  const std::string minus = "count-offset-minus-one";
  CHECK(codes_of(task, runs) == Codes{minus, minus, minus});
  // Not named there when a right count above 0 refutes it, nor beside one other failing run
  // alone (its 0 is no second run: a counter never incremented returns it too).
  std::vector<StudentSearchRun> refuted = runs;
  *refuted[1].reported_count += 1;
  CHECK(codes_of(task, refuted)[2] != minus);
  Task two = task;
  two.tests.erase(two.tests.begin() + 1);
  CHECK(codes_of(two, {runs[0], runs[2]})[1] != minus);
}

TEST_CASE("a count two numbers of a run equal is named by the one the task's other runs show") {
  // One move from the goal, its first child (the start's children: 3 returned, 3 boards
  // generated), then two longer ones; every count is the run's distinct boards generated.
  const Task task =
      confirmation_task({"3 1 2 0 4 5 6 7 8", "1 2 5 3 4 0 6 7 8", "1 2 5 3 4 8 6 0 7"});
  std::vector<StudentSearchRun> runs = counts_moved(task, {0, 0, 0});
  for (std::size_t i = 0; i < runs.size(); ++i) {
    // The calls a script makes for these expansions: a goal test, then successors, on each.
    StudentSearchRun& run = runs[i];
    ObservedSearchRecorder recorder(run.observed, task.tests[i].start);
    for (const Board& board : run.expansions) {
      recorder.call(ObservedCallKind::IsGoal, board, 0);
      testing::record_expansion_of(recorder, board);
    }
    const ObservedTree tree = observed_tree_of(task, run, nullptr);
    std::int64_t generated = 0;
    for (const ObservedNode& node : tree.nodes) generated += node.generated_at ? 1 : 0;
    run.reported_count = generated;
  }
  REQUIRE(runs[0].observed.children_returned == 3);
  REQUIRE(*runs[0].reported_count == 3);
  REQUIRE_FALSE(count_equals_other(task, runs[0], observed_tree_of(task, runs[0], nullptr)));
  const std::string generated = "count-equals-distinct-generated";
  CHECK(codes_of(task, runs) == std::vector<std::string>{generated, generated, generated});
  // Alone, or beside a run whose count is another number, the first names nothing.
  CHECK(codes_of(task, {runs[0]})[0] != generated);
  std::vector<StudentSearchRun> other = runs;
  other[2].reported_count = static_cast<std::int64_t>(other[2].observed.children_returned);
  CHECK(codes_of(task, other)[0] != generated);
}

TEST_CASE("a count fact is said only as an identity: the same number on every test of the task") {
  // Each run's count is its distinct boards generated; said so on every test. Then the second
  // test's count is made right (a count of 2 per expansion, say, is right nowhere but matches a
  // number of the run here and there by chance): the same number no longer explains every
  // test, so the third test's count, which still equals it, is said as a fact of that run only.
  const Task task =
      confirmation_task({"3 1 2 0 4 5 6 7 8", "1 2 5 3 4 0 6 7 8", "1 2 5 3 4 8 6 0 7"});
  std::vector<StudentSearchRun> runs = counts_moved(task, {0, 0, 0});
  std::vector<std::int64_t> right;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    StudentSearchRun& run = runs[i];
    right.push_back(*run.reported_count);
    ObservedSearchRecorder recorder(run.observed, task.tests[i].start);
    for (const Board& board : run.expansions) {
      recorder.call(ObservedCallKind::IsGoal, board, 0);
      testing::record_expansion_of(recorder, board);
    }
    const ObservedTree tree = observed_tree_of(task, run, nullptr);
    std::int64_t generated = 0;
    for (const ObservedNode& node : tree.nodes) generated += node.generated_at ? 1 : 0;
    run.reported_count = generated;
  }
  const std::string generated = "count-equals-distinct-generated";
  // Alone, the third run's count is that number and no other (so it was named on its own).
  REQUIRE(count_equals_other(task, runs[2], observed_tree_of(task, runs[2], nullptr)));
  CHECK(codes_of(task, runs)[2] == generated);
  std::vector<StudentSearchRun> mixed = runs;
  mixed[1].reported_count = right[1];
  const auto codes = codes_of(task, mixed);
  CHECK(codes[1].empty());  // its count is right
  CHECK(codes[2] == "wrong-count");
}
