// The step-through of a failing search test (grader/judge/step_through_builder.h): where it
// centres, what each side shows, and that a hidden test gets none.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/search.h"
#include "grader/judge/step_through_builder.h"
#include "grader/spec/expectation.h"

using namespace tile;

namespace {

const Shape k3x3{3, 3};

Board board(const char* tiles) { return parse_board(k3x3, tiles).value(); }

Task step_through_bfs_task() {
  Task task;
  task.name = std::string("bfs");  // GCC 12's -Wrestrict misfires on assigning a short literal
  task.kind = TaskKind::Search;
  task.algorithm = Algorithm::Bfs;
  task.goal = board("0 1 2 3 4 5 6 7 8");
  task.checks.order = true;
  return task;
}

TestCase test_case(Visibility visibility = Visibility::Visible) {
  return {.name = "t", .start = board("1 2 5 3 4 0 6 7 8"), .visibility = visibility,
          .weights = {}};
}

// A student's run that expands `trace`, each expansion returning every legal child in the order
// Up, Down, Left, Right, recorded as the sandbox records it.
StudentSearchRun run_of(const Board& start, const std::vector<Board>& trace) {
  StudentSearchRun run;
  run.completed = true;
  ObservedSearchRecorder recorder(run.observed, start);
  for (const Board& expanded : trace) {
    record_expansion(run, expanded, 100000);
    std::vector<Board> children;
    std::vector<Move> moves;
    for (const Move move : {Move::Up, Move::Down, Move::Left, Move::Right}) {
      if (!expanded.can_move(move)) continue;
      children.push_back(expanded.moved(move));
      moves.push_back(move);
    }
    recorder.successors(expanded, children.data(), moves.data(), static_cast<int>(moves.size()), 0);
  }
  return run;
}

}  // namespace

TEST_CASE("a run that parts from the reference is centred on the first step that differs") {
  const Task task = step_through_bfs_task();
  const TestCase test = test_case();
  const Expectation expected = compute_expectation(task, test).value();
  REQUIRE(expected.trace.size() > 6);
  // The student's run: the reference's first five expansions, then two of its own order.
  std::vector<Board> mine(expected.trace.begin(), expected.trace.begin() + 5);
  mine.push_back(expected.trace[6]);
  mine.push_back(expected.trace[5]);
  StudentSearchRun run = run_of(test.start, mine);
  run.path = expected.path;
  const auto through = build_step_through(task, test, expected, run, {});
  REQUIRE(through.has_value());
  CHECK(through->divergence == 6u);
  CHECK(through->focus == 6u);
  CHECK(through->focus_is == StepThrough::Focus::Divergence);
  CHECK(through->key_name == "depth");
  CHECK(through->student_expansions == 7u);
  CHECK(through->reference_expansions == expected.trace.size());
  REQUIRE_FALSE(through->steps.empty());
  CHECK(through->steps.front().step == 1u);
  CHECK(through->steps.back().step ==
        std::min<std::size_t>(expected.trace.size(), 6 + kStepsAfter));
  for (const ThroughStep& step : through->steps) {
    REQUIRE(step.reference.expanded.has_value());
    CHECK(step.reference.expanded->board == expected.trace[step.step - 1]);
    CHECK(step.reference.frontier.size() <= kFrontierShown);
    if (step.step <= mine.size()) {
      REQUIRE(step.student.expanded.has_value());
      CHECK(step.student.expanded->board == mine[step.step - 1]);
      CHECK(step.student.expanded->depth.has_value());
    } else {
      CHECK_FALSE(step.student.expanded.has_value());
    }
  }
  // Up to the divergence the student's run is the reference's, so the boards it had generated and
  // not expanded are the reference's frontier, as a set, and as many.
  CHECK(through->student_frontier_known);
  for (std::size_t s = 0; s + 1 < 5; ++s) {
    const ThroughStep& step = through->steps[s];
    CHECK(step.student.frontier_size == step.reference.frontier_size);
    if (step.reference.frontier_size <= kFrontierShown) {
      std::set<std::string> yours;
      std::set<std::string> theirs;
      for (const StepBoard& entry : step.student.frontier) yours.insert(format_tiles(entry.board));
      for (const StepBoard& entry : step.reference.frontier) {
        theirs.insert(format_tiles(entry.board));
      }
      CHECK(yours == theirs);
    }
  }
  CHECK_FALSE(through->path_leaves_at.has_value());
}

TEST_CASE("the judge's own step decides where the view centres") {
  const Task task = step_through_bfs_task();
  const TestCase test = test_case();
  const Expectation expected = compute_expectation(task, test).value();
  StudentSearchRun run = run_of(test.start, expected.trace);
  run.path = {Move::Up};
  TestDiagnosis diagnosis;
  diagnosis.step = StepEvidence{StepUnit::Expansion, 3, {}, {}};
  const auto through = build_step_through(task, test, expected, run, diagnosis);
  REQUIRE(through.has_value());
  CHECK_FALSE(through->divergence.has_value());
  CHECK(through->focus == 3u);
  CHECK(through->focus_is == StepThrough::Focus::JudgeStep);
  CHECK(through->path_leaves_at == 2u);  // "U" is the reference's first move, then it stops
  CHECK_FALSE(through->path_illegal_at.has_value());
}

TEST_CASE("an illegal move of the returned path is found; a hidden test gets no view") {
  const Task task = step_through_bfs_task();
  const Expectation expected = compute_expectation(task, test_case()).value();
  StudentSearchRun run = run_of(test_case().start, {test_case().start});
  run.path = {Move::Right};  // the blank is on the right edge
  const auto through = build_step_through(task, test_case(), expected, run, {});
  REQUIRE(through.has_value());
  CHECK(through->path_illegal_at == 1u);
  CHECK_FALSE(build_step_through(task, test_case(Visibility::Hidden), expected, run, {}));
  CHECK_FALSE(build_step_through(task, test_case(Visibility::AfterDueDate), expected, run, {}));
}

TEST_CASE("a run stopped by its budget is compared as far as it went") {
  const Task task = step_through_bfs_task();
  const TestCase test = test_case();
  const Expectation expected = compute_expectation(task, test).value();
  REQUIRE(expected.trace.size() > 4);
  std::vector<Board> mine(expected.trace.begin(), expected.trace.begin() + 3);
  mine.push_back(expected.trace[4]);
  StudentSearchRun run = run_of(test.start, mine);
  run.out_of_expansions = true;
  const auto through = build_step_through(task, test, expected, run, {});
  REQUIRE(through.has_value());
  CHECK(through->divergence == 4u);
  CHECK(through->focus_is == StepThrough::Focus::Divergence);
}

TEST_CASE("astar: the student's frontier keys are the engine's, where the runs agree") {
  Task task = step_through_bfs_task();
  task.algorithm = Algorithm::Astar;
  task.semantics = resolve({}, Algorithm::Astar);
  task.heuristic = std::string("manhattan");
  const TestCase test = {.name = "t", .start = board("1 2 5 3 4 8 6 7 0"),
                         .visibility = Visibility::Visible, .weights = {}};
  const Expectation expected = compute_expectation(task, test).value();
  REQUIRE(expected.trace.size() > 2);
  StudentSearchRun run = run_of(test.start, expected.trace);
  run.path = {Move::Up};
  const auto through = build_step_through(task, test, expected, run, {});
  REQUIRE(through.has_value());
  CHECK(through->key_name == "f");
  const ThroughStep& first = through->steps.front();
  REQUIRE(first.student.expanded.has_value());
  REQUIRE(first.reference.expanded.has_value());
  CHECK(first.student.expanded->key == first.reference.expanded->key);
  const ThroughStep& second = through->steps[1];
  REQUIRE_FALSE(second.reference.frontier.empty());
  std::multiset<std::int64_t> yours;
  std::multiset<std::int64_t> theirs;
  for (const StepBoard& entry : second.student.frontier) yours.insert(entry.key.value_or(-1));
  for (const StepBoard& entry : second.reference.frontier) theirs.insert(entry.key.value_or(-1));
  CHECK(yours == theirs);
}
