// How many names a diagnosis gives: one mistake under one name, even when the catalogue holds
// another variant that is the same search; and a path mistake named from every test of the task,
// as search mistakes are.
#include <doctest/doctest.h>

#include "grader/judge/adequacy.h"
#include "grader/judge/diagnosis.h"
#include "tests/grader/judge/variant_lookup.h"
#include "grader/spec/expectation.h"
#include "tests/support/task_builders.h"
#include "tests/support/student_runs.h"

using namespace tile;
using tile::testing::variant_named;

namespace {

Task bfs_task(std::vector<std::string> starts) {
  return testing::on_push_bfs_task(starts);
}

// The run of a student whose code has exactly this mistake: the engine's run under it.
StudentSearchRun run_with(const Task& task, const TestCase& test,
                          const ResolvedSemantics& semantics, CountKind counted) {
  SearchSpec spec = engine_spec(task, nullptr, true);
  spec.semantics = semantics;
  const SearchResult result = search({test.start, task.goal}, spec);
  return testing::student_run_of(result.path, result.trace, result.counters.selected(counted));
}

}  // namespace

TEST_CASE("children pushed in reverse are named once, not again as the reversed action order") {
  const Task task = bfs_task({"1 2 5 3 4 0 6 7 8"});
  const auto variants = mistake_catalogue(task);
  const Variant& reverse_push = variant_named(variants, "push-order-reverse");
  const Variant& reverse_actions = variant_named(variants, "action-order-RLDU");
  CHECK(same_search(task, reverse_push, reverse_actions));
  CHECK_FALSE(same_search(task, reverse_push, variant_named(variants, "action-order-LRUD")));
  // A tie key that reads the action order tells the two apart.
  Task ranked = task;
  ranked.algorithm = Algorithm::Astar;
  Semantics on_push;  // the bfs task's, kept under A*
  on_push.duplicates = Duplicates::OnPush;
  ranked.semantics = resolve(on_push, Algorithm::Astar);
  ranked.heuristic = "manhattan";
  ranked.semantics.tie_break = std::vector<TieKey>{TieKey::Action};
  const auto ranked_variants = mistake_catalogue(ranked);
  CHECK_FALSE(same_search(ranked, variant_named(ranked_variants, "push-order-reverse"),
                          variant_named(ranked_variants, "action-order-RLDU")));

  const auto diagnosis = diagnose_search(
      task, task.tests[0], run_with(task, task.tests[0], reverse_push.semantics,
                                    CountKind::Expanded));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "push-order-reverse");
  CHECK(diagnosis->explanation == reverse_push.explanation);
}

TEST_CASE("a variant that is the reference under the task's checks is no second explanation") {
  // A board on which recording states when popped (visited-on-pop) changes the expansions, so
  // that the one thing left to name is the counter.
  const Task task = bfs_task({"6 3 5 7 2 1 0 4 8"});
  const ResolvedSemantics& base = task.semantics;
  // Breadth-first, reopening a cheaper state never happens: the same search as marking on push.
  CHECK(same_search(task, reference_variant(task),
                    variant_named(mistake_catalogue(task), "duplicates-reopen-if-cheaper")));
  const auto diagnosis =
      diagnose_search(task, task.tests[0], run_with(task, task.tests[0], base, CountKind::Popped));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "counts-popped");
  INFO(diagnosis->explanation);
  CHECK(diagnosis->explanation.find("Two mistakes") == std::string::npos);
}

TEST_CASE("a path reversed and tile-centred is named so on a one-move test too") {
  // One move (Up), then three (Up, Left, Left): the one-move path turned round is also simply
  // tile-centred, which the longer path rules out.
  const Task task = bfs_task({"3 1 2 0 4 5 6 7 8", "1 2 5 3 4 0 6 7 8"});
  const ResolvedSemantics& base = task.semantics;
  std::vector<StudentSearchRun> runs;
  for (const TestCase& test : task.tests) {
    StudentSearchRun run = run_with(task, test, base, CountKind::Expanded);
    std::reverse(run.path.begin(), run.path.end());
    for (Move& move : run.path) move = reverse_move(move);
    runs.push_back(run);
  }
  TaskDiagnoser diagnoser(task, {&task.tests[0], &task.tests[1]}, {&runs[0], &runs[1]});
  for (std::size_t i = 0; i < runs.size(); ++i) {
    CAPTURE(i);
    const auto diagnosis = diagnoser.diagnose(i);
    REQUIRE(diagnosis);
    CHECK(diagnosis->code == "path-reversed-tile-centred");
  }
  // Alone, the one-move test says the simplest: tile-centred.
  const auto alone = diagnose_search(task, task.tests[0], runs[0]);
  REQUIRE(alone);
  CHECK(alone->code == "path-tile-centred");
}
