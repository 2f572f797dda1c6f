#include <doctest/doctest.h>

#include <algorithm>

#include "engine/named_heuristic.h"
#include "engine/random_boards.h"
#include "grader/judge/diagnosis.h"
#include "grader/spec/expectation.h"
#include "tests/support/task_builders.h"
#include "tests/support/student_runs.h"
#include "tests/grader/judge/variant_lookup.h"

using namespace tile;
using testing::has_code;

namespace {

Assignment eight_puzzle() {
  Assignment assignment;
  assignment.shape = {3, 3};
  assignment.goal = goal_board(assignment.shape, GoalLayout::BlankFirst);
  return assignment;
}

Task bfs_task(const Board& start) {
  Task task = testing::on_push_bfs_task();
  task.tests.push_back({"t", start, Visibility::Visible});
  return task;
}

// What a student whose code has exactly this mistake would report: the engine run under it.
StudentSearchRun run_with(const Assignment& assignment, const Task& task, const Semantics& s,
                          CountKind counted) {
  SearchSpec spec = engine_spec(task, nullptr, true);
  spec.semantics = SearchSpec::of(task.algorithm, s).semantics;
  const SearchResult result = search({task.tests[0].start, assignment.goal}, spec);
  return testing::student_run_of(result.path, result.trace, result.counters.selected(counted));
}

}  // namespace

TEST_CASE("the catalogue names the common mistakes and never the reference itself") {
  const Assignment assignment = eight_puzzle();
  Task task = bfs_task(parse_board({3, 3}, "1 2 5 3 4 0 6 7 8").value());
  const auto variants = mistake_catalogue(task);
  CHECK(has_code(variants, "goal-test-on-generate"));
  CHECK(has_code(variants, "no-duplicate-detection"));
  CHECK(has_code(variants, "duplicates-closed-on-pop"));
  CHECK(has_code(variants, "push-order-reverse"));
  CHECK(has_code(variants, "ties-lifo"));
  CHECK(has_code(variants, "action-order-RLDU"));
  CHECK_FALSE(has_code(variants, "action-order-UDLR"));
  CHECK_FALSE(has_code(variants, "depth-limit-off-by-one"));  // no depth limit in this task
  const ResolvedSemantics& base = task.semantics;
  // algorithm-bibfs runs another algorithm under the same fields: still not the reference.
  CHECK(has_code(variants, "algorithm-bibfs"));
  for (const Variant& variant : variants) {
    CHECK_FALSE((variant.semantics == base && variant.algorithm == task.algorithm));
  }
}

TEST_CASE("a run made under a mistake is diagnosed as that mistake") {
  const Assignment assignment = eight_puzzle();
  const Task task = bfs_task(parse_board({3, 3}, "1 2 5 3 4 0 6 7 8").value());
  const Semantics base = as_written(task.semantics);

  Semantics on_generate = base;
  on_generate.goal_test = GoalTest::OnGenerate;
  auto diagnosis = diagnose_search(task, task.tests[0],
                                   run_with(assignment, task, on_generate, CountKind::Expanded));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "goal-test-on-generate");

  diagnosis = diagnose_search(task, task.tests[0],
                              run_with(assignment, task, base, CountKind::Popped));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "counts-popped");

  // A correct run has nothing to diagnose.
  CHECK_FALSE(diagnose_search(task, task.tests[0],
                              run_with(assignment, task, base, CountKind::Expanded)));
}

TEST_CASE("a completed run that kept only its first expansions is diagnosed as a whole one") {
  // The grading child sends the first expansions and the count and digest of all (docs/grading-a-class.md,
  // memory): the diagnosis must be the one the whole sequence gets.
  const Assignment assignment = eight_puzzle();
  const Task task = bfs_task(parse_board({3, 3}, "1 2 5 3 4 0 6 7 8").value());
  Semantics on_generate = as_written(task.semantics);
  on_generate.goal_test = GoalTest::OnGenerate;
  const StudentSearchRun whole = run_with(assignment, task, on_generate, CountKind::Expanded);
  REQUIRE(whole.expansions.size() > 3);
  const auto expected = diagnose_search(task, task.tests[0], whole);
  REQUIRE(expected);
  CHECK(expected->code == "goal-test-on-generate");

  const auto capped = [&](std::vector<Board> boards) {
    StudentSearchRun run = whole;
    run.expansions.clear();
    run.expanded = 0;
    run.expansion_digest = StudentSearchRun{}.expansion_digest;
    for (const Board& board : boards) record_expansion(run, board, 3);
    return run;
  };
  const auto kept = diagnose_search(task, task.tests[0], capped(whole.expansions));
  REQUIRE(kept);
  CHECK(kept->code == expected->code);
  CHECK(kept->explanation == expected->explanation);

  // The same count and the same first three, but two later expansions swapped: only the digest
  // tells, and no variant reproduces that order.
  std::vector<Board> swapped = whole.expansions;
  std::swap(swapped[swapped.size() - 1], swapped[swapped.size() - 2]);
  REQUIRE_FALSE(swapped == whole.expansions);
  const auto other = diagnose_search(task, task.tests[0], capped(swapped));
  CHECK_FALSE((other && other->code == expected->code));
}

TEST_CASE("where no count is graded, path and expansion order alone name the mistake") {
  const Assignment assignment = eight_puzzle();
  Task task = bfs_task(parse_board({3, 3}, "1 2 5 3 4 0 6 7 8").value());
  task.checks.count = false;
  Semantics on_generate = as_written(task.semantics);
  on_generate.goal_test = GoalTest::OnGenerate;
  StudentSearchRun run = run_with(assignment, task, on_generate, CountKind::Expanded);
  run.reported_count.reset();  // the function returns its path only
  const auto diagnosis = diagnose_search(task, task.tests[0], run);
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "goal-test-on-generate");

  task.checks.count = true;  // graded but not returned: the count check says so, and the
                             // path and order still name the mistake
  const auto without_count = diagnose_search(task, task.tests[0], run);
  REQUIRE(without_count);
  CHECK(without_count->code == "goal-test-on-generate");
}

TEST_CASE("a run stopped by the expansion budget is diagnosed from the expansions it made") {
  const Assignment assignment = eight_puzzle();
  Task task = bfs_task(parse_board({3, 3}, "1 3 0 4 2 5 6 7 8").value());
  task.algorithm = Algorithm::Dfs;
  task.semantics = resolve({}, Algorithm::Dfs);  // on-push, as bfs_task's
  task.semantics.push_order = PushOrder::Reverse;
  const Semantics base = as_written(task.semantics);
  Semantics forward = base;
  forward.push_order = PushOrder::Forward;

  // What the budget leaves of a student's DFS: its first 500 expansions, no path, no count.
  auto stopped = [&](const Semantics& semantics, std::size_t budget) {
    StudentSearchRun run = run_with(assignment, task, semantics, CountKind::Expanded);
    REQUIRE(run.expansions.size() > budget);
    run.expansions.resize(budget);
    run.completed = false;
    run.out_of_expansions = true;
    run.path.clear();
    run.reported_count.reset();
    return run;
  };
  const auto diagnosis = diagnose_search(task, task.tests[0], stopped(forward, 500));
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "push-order-forward");

  // The reference's own search (402 expansions here) cut short means the budget is too small for
  // it, not that the student is wrong: nothing to name.
  CHECK_FALSE(diagnose_search(task, task.tests[0], stopped(base, 100)));

  // Expansions that no variant begins with: nothing to name either.
  StudentSearchRun scrambled = stopped(forward, 500);
  std::swap(scrambled.expansions[3], scrambled.expansions[4]);
  CHECK_FALSE(diagnose_search(task, task.tests[0], scrambled));
}

TEST_CASE("a long budget-stopped run is judged on its first 20,000 expansions") {
  const Assignment assignment = eight_puzzle();
  // Forward push from here wanders through the whole 8-puzzle space before the goal.
  Task task = bfs_task(parse_board({3, 3}, "3 1 2 0 4 5 6 7 8").value());
  task.algorithm = Algorithm::Dfs;
  task.semantics = resolve({}, Algorithm::Dfs);  // on-push, as bfs_task's
  task.semantics.push_order = PushOrder::Reverse;
  Semantics forward = as_written(task.semantics);
  forward.push_order = PushOrder::Forward;
  StudentSearchRun run = run_with(assignment, task, forward, CountKind::Expanded);
  REQUIRE(run.expansions.size() > 30'000);
  run.expansions.resize(30'000);
  std::swap(run.expansions[25'000], run.expansions[25'001]);  // past what is compared
  run.completed = false;
  run.out_of_expansions = true;
  run.path.clear();
  run.reported_count.reset();
  const auto diagnosis = diagnose_search(task, task.tests[0], run);
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "push-order-forward");

  std::swap(run.expansions[5'000], run.expansions[5'001]);  // within it: no variant matches
  CHECK_FALSE(diagnose_search(task, task.tests[0], run));
}

TEST_CASE("first_divergence points at the first differing expansion") {
  const Board a = parse_board({3, 3}, "1 2 3 4 5 6 7 8 0").value();
  const Board b = parse_board({3, 3}, "1 2 3 4 5 6 7 0 8").value();
  CHECK_FALSE(first_divergence({a, b}, {a, b}));
  const auto differ = first_divergence({a, a}, {a, b});
  REQUIRE(differ);
  CHECK(differ->find("Expansion 2 differs") != std::string::npos);
  CHECK(differ->find("you expanded") != std::string::npos);
  const auto shorter = first_divergence({a}, {a, b});
  REQUIRE(shorter);
  CHECK(shorter->find("stopped after 1") != std::string::npos);
}

TEST_CASE("a path-only task says by how much a path to the goal is dearer, and only that") {
  Task task;
  task.name = "astar";
  task.algorithm = Algorithm::Astar;
  task.semantics = resolve({}, Algorithm::Astar);
  task.heuristic = "manhattan";
  task.goal = goal_board({3, 3}, GoalLayout::BlankLast);
  task.checks.path = PathCheck::Optimal;
  task.checks.order = false;
  task.checks.count = false;
  const TestCase test{"t", parse_board({3, 3}, "1 2 3 4 0 6 7 5 8").value(), Visibility::Visible};
  // A run no variant reproduces (the start expanded twice) that returns `path`.
  const auto run_returning = [&](std::vector<Move> path) {
    StudentSearchRun run;
    run.completed = true;
    run.path = std::move(path);
    run.expansions = {test.start, test.start};
    return run;
  };
  const auto diagnosed = [&](const StudentSearchRun& run, std::optional<std::int64_t> cheapest) {
    TaskDiagnoser diagnoser(task, {&test}, {&run});
    diagnoser.know_optimal_costs({cheapest});
    return diagnoser.diagnose(0);
  };
  // Down, back Up, Down again, Right: legal, at the goal, two moves dearer than Down Right.
  const auto dearer = run_returning({Move::Down, Move::Up, Move::Down, Move::Right});
  const auto diagnosis = diagnosed(dearer, 2);
  REQUIRE(diagnosis);
  CHECK(diagnosis->code == "path-dearer-than-cheapest");
  CHECK(diagnosis->explanation.starts_with("Your path is legal and reaches the goal, but it "
                                           "costs 4 where the cheapest path costs 2"));
  REQUIRE(diagnosis->step);
  CHECK(diagnosis->step->counts.size() == 2);
  // Not without the engine's cheapest cost, not for a cheapest path in another order, not for a
  // path that misses the goal.
  const auto unknown = diagnosed(dearer, std::nullopt);
  CHECK((!unknown || unknown->code != "path-dearer-than-cheapest"));
  const auto cheapest = diagnosed(run_returning({Move::Down, Move::Right}), 2);
  CHECK((!cheapest || cheapest->code != "path-dearer-than-cheapest"));
  const auto short_of_goal = diagnosed(run_returning({Move::Down, Move::Up, Move::Down}), 2);
  CHECK((!short_of_goal || short_of_goal->code != "path-dearer-than-cheapest"));
}

TEST_CASE("weighted A* run as A*, or with the weight on g, is named so") {
  const Assignment assignment = eight_puzzle();
  Task task = bfs_task(goal_board({3, 3}, GoalLayout::BlankFirst));
  task.name = "weighted-astar";
  task.algorithm = Algorithm::WeightedAstar;
  task.semantics = resolve({}, Algorithm::WeightedAstar);  // its own duplicates, not bfs_task's
  task.heuristic = "manhattan";
  task.weight = Weight{3, 1};
  auto manhattan = make_named_heuristic("manhattan", assignment.goal).value();
  // The student's search: the engine under another algorithm or weight, on a board where the
  // three orders differ (found here, not assumed).
  const auto run_as = [&](const Board& start, Algorithm algorithm, Weight weight) {
    SearchSpec spec = engine_spec(task, manhattan.get(), true);
    spec.algorithm = algorithm;
    spec.weight = weight;
    const SearchResult result = search({start, assignment.goal}, spec);
    return testing::student_run_of(result.path, result.trace, result.counters.expanded);
  };
  int named_boards = 0;
  for (std::uint64_t seed = 1; seed <= 30 && named_boards < 2; ++seed) {
    task.tests = {{"t", scrambled_board(assignment.goal, 24, seed), Visibility::Visible}};
    const Board start = task.tests[0].start;
    const StudentSearchRun reference = run_as(start, Algorithm::WeightedAstar, task.weight);
    const StudentSearchRun plain = run_as(start, Algorithm::Astar, {});
    const StudentSearchRun on_g = run_as(start, Algorithm::WeightedAstar, Weight{1, 3});
    if (plain.expansions == reference.expansions || on_g.expansions == reference.expansions ||
        plain.expansions == on_g.expansions) {
      continue;
    }
    CAPTURE(format_tiles(start));
    const auto missing = diagnose_search(task, task.tests[0], plain);
    REQUIRE(missing);
    CHECK(missing->code == "weight-missing");
    const auto weight_on_g = diagnose_search(task, task.tests[0], on_g);
    REQUIRE(weight_on_g);
    CHECK(weight_on_g->code == "weight-on-g");
    CHECK_FALSE(diagnose_search(task, task.tests[0], reference));
    ++named_boards;
  }
  CHECK(named_boards == 2);
}

TEST_CASE("a path-only task says a rule's path as an observation, and never a rule it leaves free") {
  const auto bare = [](std::string code) {
    Diagnosis diagnosis;
    diagnosis.code = std::move(code);
    diagnosis.explanation = "the catalogue's sentence";
    return diagnosis;
  };
  // A search rule that returns this run's path: its observation, not its cause.
  const auto priority = path_only_reading(bare("priority-h-only"));
  REQUIRE(priority);
  CHECK(priority->code == "priority-h-only");
  CHECK(priority->proof == Proof::Observed);
  CHECK(priority->explanation.starts_with(
      "On this test a search with one rule changed returns exactly your path: "));
  // How ties fall and the moves' order are the student's to choose here: nothing is said, alone
  // or as half of two mistakes.
  CHECK_FALSE(path_only_reading(bare("ties-in-textbook-heap-order")));
  CHECK_FALSE(path_only_reading(bare("action-order-ULDR")));
  CHECK_FALSE(path_only_reading(bare("duplicates-on-push+ties-in-textbook-heap-order")));
  // A path's own mistake, an observed fact and what a count counts pass as they are (the rounds'
  // counters are counters, whatever their code's first word).
  for (const char* code : {"path-reversed", "frontier-not-least-f", "rounds-counted-last"}) {
    const auto kept = path_only_reading(bare(code));
    REQUIRE(kept);
    CHECK(kept->explanation == "the catalogue's sentence");
    CHECK_FALSE(kept->proof.has_value());
  }
}

TEST_CASE("a claim about the returned path points at the return that gave it, and only that claim") {
  StudentSearchRun run;
  run.return_line = 27;
  Diagnosis reversed = named(DiagnosisId::PathReversed);
  point_at_returned_path(reversed, run);
  CHECK(reversed.line == 27);
  // A family member of the path family is read by its row.
  Diagnosis layout = named(DiagnosisId::GoalLayout, {{"layout", "blank-last"}, {"where", "last"},
                                                  {"board", "b"}, {"goal", "g"}});
  point_at_returned_path(layout, run);
  CHECK(layout.line == 27);
  // A claim about the search, not its path, points at no return.
  Diagnosis search = named(DiagnosisId::GoalTestOnGenerate);
  point_at_returned_path(search, run);
  CHECK(search.line == 0);
  // A claim whose step names the call it is about keeps that line, and is given no other.
  Diagnosis called = named(DiagnosisId::PathRevisitsBoard, {{"step", "3"}});
  called.step = StepEvidence{StepUnit::PathMove, 3, {}, {}};
  called.step->line = 12;
  point_at_returned_path(called, run);
  CHECK(called.line == 0);
  // An unknown return line stays unknown.
  Diagnosis unknown = named(DiagnosisId::PathReversed);
  point_at_returned_path(unknown, StudentSearchRun{});
  CHECK(unknown.line == 0);
}
