#include <doctest/doctest.h>

#include <algorithm>

#include "engine/named_heuristic.h"
#include "engine/random_boards.h"
#include "grader/judge/adequacy.h"
#include "grader/judge/diagnosis.h"
#include "grader/judge/suggested_tests.h"
#include "tests/grader/judge/variant_lookup.h"
#include "tests/support/student_runs.h"

using namespace tile;
using tile::testing::variant_named;

namespace {

Task search_task(Algorithm algorithm, const Semantics& semantics, Shape shape = {3, 3}) {
  Task task;
  task.name = std::string("search");
  task.algorithm = algorithm;
  task.goal = goal_board(shape, GoalLayout::BlankLast);
  task.semantics = resolve(semantics, algorithm);
  if (uses_heuristic(algorithm)) task.heuristic = "manhattan";
  task.limits.search.max_expansions = 20'000;
  task.limits.engine_nodes = 200'000;
  return task;
}

// What a student whose search is exactly this variant reports.
StudentSearchRun run_of(const Task& task, const Variant& variant, const Board& start) {
  std::unique_ptr<Heuristic> heuristic;
  if (task.heuristic) heuristic = std::move(make_named_heuristic(*task.heuristic, task.goal).value());
  const SearchResult result =
      search({start, task.goal}, variant_spec(task, variant, heuristic.get(), true));
  return testing::student_run_of(result.path, result.trace,
                                 result.counters.selected(task.semantics.count));
}

}  // namespace

TEST_CASE("an equivalent variant never differs from the reference on random boards") {
  // Differential check of the equivalence rules against the engine: 30 boards per task.
  Semantics bfs_semantics;
  bfs_semantics.duplicates = Duplicates::OnPush;
  Semantics greedy_semantics;
  greedy_semantics.duplicates = Duplicates::OnPush;
  greedy_semantics.queue = QueueKind::PythonHeapq;
  greedy_semantics.tie_break = std::vector<TieKey>{TieKey::State};
  for (const Task& task : {search_task(Algorithm::Bfs, bfs_semantics),
                           search_task(Algorithm::Greedy, greedy_semantics, {2, 3}),
                           search_task(Algorithm::Bfs, bfs_semantics, {2, 3})}) {
    std::unique_ptr<Heuristic> heuristic;
    if (task.heuristic) heuristic = std::move(make_named_heuristic(*task.heuristic, task.goal).value());
    std::size_t equivalent = 0;
    for (const Variant& variant : mistake_catalogue(task)) {
      if (!equivalence_reason(task, variant)) continue;
      ++equivalent;
      for (std::uint64_t seed = 0; seed < 30; ++seed) {
        const Board start = scrambled_board(task.goal, 14, seed);
        auto reference = compute_expectation(task, {"r", start, Visibility::Hidden});
        REQUIRE(reference);
        CHECK_MESSAGE(differences(task, variant, start, *reference, heuristic.get()).empty(),
                      variant.code << " differs on " << format_tiles(start));
      }
    }
    CHECK(equivalent > 0);
  }
}

TEST_CASE("the adequacy report finds what a test detects, and misses what no test reaches") {
  Semantics semantics;
  semantics.duplicates = Duplicates::OnPush;
  Task task = search_task(Algorithm::Bfs, semantics);
  task.tests.push_back({"goal", task.goal, Visibility::Visible});
  auto reference = compute_expectation(task, task.tests[0]);
  REQUIRE(reference);
  TaskAdequacy only_goal = task_adequacy(task, {&*reference});
  CHECK(only_goal.start_is_goal_tested);
  // On the goal itself every variant returns the empty path at once but the one that never tests
  // its start: it alone of the searches is detected, beside the counters that count the goal's
  // pop, its goal test or the start itself, and a count started at 1 (a count the task checks).
  std::size_t searches_detected = 0;
  for (const VariantAdequacy& one : only_goal.variants) {
    if (one.status != Detection::Detected) continue;
    if (one.variant.counter_only || one.name.starts_with("count-offset-")) {
      CHECK(one.name != "counts-generated");  // nothing is generated on the goal
      continue;
    }
    ++searches_detected;
    CHECK(one.name == "start-never-goal-tested");
  }
  CHECK(searches_detected == 1);
  CHECK(only_goal.count(Detection::Undetected) > 0);

  const Suggestions suggested = suggest_tests(task, only_goal, 1, SuggestLimits{200, 600, {}});
  CHECK_FALSE(suggested.tests.empty());
  const Suggestions again = suggest_tests(task, only_goal, 1, SuggestLimits{200, 600, {}});
  REQUIRE(again.tests.size() == suggested.tests.size());
  for (std::size_t i = 0; i < again.tests.size(); ++i) {
    CHECK(again.tests[i].start == suggested.tests[i].start);
  }
}

TEST_CASE("new catalogue entries are diagnosed from a run made under them") {
  const Board start = parse_board({3, 3}, "5 3 8 1 6 7 4 0 2").value();
  Semantics bfs_semantics;
  bfs_semantics.duplicates = Duplicates::OnPush;
  const Task bfs = search_task(Algorithm::Bfs, bfs_semantics);
  const TestCase near{"near", parse_board({3, 3}, "1 2 3 4 5 6 0 7 8").value(), Visibility::Visible};
  auto diagnosis = diagnose_search(bfs, near, run_of(bfs, variant_named(mistake_catalogue(bfs),
                                                                        "frontier-stack"),
                                                     near.start));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "frontier-stack");
  CHECK(diagnosis->explanation.find("table.remove(t)") != std::string::npos);

  Semantics astar_semantics;
  const Task astar = search_task(Algorithm::Astar, astar_semantics);
  const TestCase test{"far", start, Visibility::Visible};
  for (const char* code : {"priority-h-only", "priority-weighted"}) {
    diagnosis = diagnose_search(astar, test,
                                run_of(astar, variant_named(mistake_catalogue(astar), code), start));
    REQUIRE(diagnosis);
    CHECK(diagnosis->code == code);
  }
  // A correct run in the reference's own order is never diagnosed.
  CHECK_FALSE(diagnose_search(astar, test, run_of(astar, reference_variant(astar), start)));
}

TEST_CASE("path mistakes are read from the path itself") {
  Semantics semantics;
  semantics.duplicates = Duplicates::OnPush;
  const Task bfs = search_task(Algorithm::Bfs, semantics);
  const TestCase test{"t", parse_board({3, 3}, "1 2 3 4 5 6 0 7 8").value(), Visibility::Visible};
  StudentSearchRun run = run_of(bfs, reference_variant(bfs), test.start);
  REQUIRE(run.path.size() == 2);  // Right Right
  StudentSearchRun missing = run;
  missing.path.pop_back();
  CHECK(diagnose_search(bfs, test, missing)->code == "path-missing-last-move");
  StudentSearchRun tile_centred = run;
  for (Move& move : tile_centred.path) move = reverse_move(move);
  CHECK(diagnose_search(bfs, test, tile_centred)->code == "path-tile-centred");
  StudentSearchRun longer = run;
  longer.path.push_back(Move::Left);  // one move past the goal
  CHECK(diagnose_search(bfs, test, longer)->code == "path-one-move-too-long");
  // From "1 2 3 / 4 . 6 / 7 5 8" the path is Down Right; Right Down is it reversed.
  const TestCase two{"two", parse_board({3, 3}, "1 2 3 4 0 6 7 5 8").value(), Visibility::Visible};
  StudentSearchRun reversed = run_of(bfs, reference_variant(bfs), two.start);
  REQUIRE(reversed.path == std::vector<Move>{Move::Down, Move::Right});
  std::reverse(reversed.path.begin(), reversed.path.end());
  CHECK(diagnose_search(bfs, two, reversed)->code == "path-reversed");
  // Down Right with its first move dropped after the search: Right alone.
  StudentSearchRun late = run_of(bfs, reference_variant(bfs), two.start);
  late.path.erase(late.path.begin());
  const auto first_missing = diagnose_search(bfs, two, late);
  REQUIRE(first_missing);
  CHECK(first_missing->code == "path-missing-first-move");
  CHECK(first_missing->explanation.find("the blank moving down") != std::string::npos);
}

TEST_CASE("each detected mistake carries the checks that catch it, the count alone among them") {
  Semantics semantics;
  semantics.duplicates = Duplicates::OnPush;
  Task task = search_task(Algorithm::Bfs, semantics);
  const Board start = scrambled_board(task.goal, 10, 5);
  task.tests.push_back({"far", start, Visibility::Visible});
  auto reference = compute_expectation(task, task.tests[0]);
  REQUIRE(reference);
  const TaskAdequacy adequacy = task_adequacy(task, {&*reference});
  std::size_t seen = 0;
  for (const VariantAdequacy& one : adequacy.variants) {
    CAPTURE(one.name);
    if (one.status != Detection::Detected) {
      CHECK(one.detecting_checks.empty());
      continue;
    }
    ++seen;
    // The union of what each detecting test saw (its "(path, count)"), each check once, in the
    // order the checks are named everywhere.
    REQUIRE_FALSE(one.detecting_checks.empty());
    for (const std::string& check : one.detecting_checks) {
      const bool named = std::any_of(one.detected_by.begin(), one.detected_by.end(),
                                     [&](const std::string& by) {
                                       return by.find(check) != std::string::npos;
                                     });
      CHECK(named);
    }
    const std::vector<std::string> order = {"path", "cost", "count", "order", "budget"};
    CHECK(std::is_sorted(one.detecting_checks.begin(), one.detecting_checks.end(),
                         [&](const std::string& a, const std::string& b) {
                           return std::find(order.begin(), order.end(), a) <
                                  std::find(order.begin(), order.end(), b);
                         }));
    CHECK(std::adjacent_find(one.detecting_checks.begin(), one.detecting_checks.end()) ==
          one.detecting_checks.end());
    // Another counter changes the count and nothing the search does.
    if (one.variant.counter_only) CHECK(one.detecting_checks == std::vector<std::string>{"count"});
  }
  CHECK(seen > 0);
  // A search that pops in another order is caught by the order, whatever else it changes.
  const auto reversed = std::find_if(adequacy.variants.begin(), adequacy.variants.end(),
                                     [](const VariantAdequacy& one) {
                                       return one.name == "push-order-reverse";
                                     });
  REQUIRE(reversed != adequacy.variants.end());
  REQUIRE(reversed->status == Detection::Detected);
  CHECK(std::find(reversed->detecting_checks.begin(), reversed->detecting_checks.end(),
                  "order") != reversed->detecting_checks.end());
}
