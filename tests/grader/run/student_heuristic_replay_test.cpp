// A search task with the student's own heuristic: the parent's replay of the engine's search from
// the values a grading child recorded. Held against a simple independent model: the same search
// run directly with the built-in heuristic whose values the "child" recorded.
#include "grader/run/student_heuristic_replay.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "engine/named_heuristic.h"
#include "grader/run/recording_heuristic.h"
#include "grader/spec/expectation.h"

using namespace tile;

namespace {

// A* with the student's heuristic on the 8-puzzle (and the heuristic task that grades it).
Assignment own_h_assignment() {
  auto parsed = parse_assignment(R"({"title": "t", "size": "3x3", "goal": "blank-first",
    "semantics": {"action_order": "UDLR", "duplicates": "on-push", "count": "expanded"},
    "tasks": [
      {"name": "h", "kind": "heuristic", "function": "heuristic", "algorithm": "astar",
       "points": 10, "tests": [{"start": "1 2 5 3 4 0 6 7 8"}]},
      {"name": "astar", "kind": "search", "function": "astar", "algorithm": "astar",
       "heuristic": "student:heuristic", "points": 10,
       "semantics": {"queue": "python-heapq", "tie_break": ["action"]},
       "tests": [{"name": "a", "start": "1 2 5 3 4 0 6 7 8"},
                 {"name": "b", "start": "3 1 2 4 0 5 6 7 8"},
                 {"name": "c", "generate": {"count": 2, "seed": 9, "scramble": 14}}]}]})",
                                 ".");
  REQUIRE_MESSAGE(parsed, parsed.error());
  return std::move(*parsed);
}

// What a grading child reports for one test when the student's heuristic is `name` (a built-in):
// the engine's search with it, every value recorded, and a student run (not judged here).
JobObservation own_h_child_report(const Task& task, const TestCase& test, const std::string& name,
                            std::size_t job) {
  auto inner = make_named_heuristic(name, task.goal);
  REQUIRE(inner);
  RecordingHeuristic recorder(**inner);
  const SearchResult result =
      search(Problem{test.start, task.goal}, engine_spec(task, &recorder, false));
  JobObservation out;
  out.job = job;
  out.search = StudentSearchRun{};
  HeuristicRun run;
  run.status = result.status;
  run.path = result.path;
  run.cost = result.cost;
  run.counters = result.counters;
  run.values = recorder.values();
  out.heuristic = run;
  return out;
}

struct OwnHReports {
  std::vector<const TestCase*> tests;
  std::vector<JobObservation> observations;
  std::vector<JobObservation*> pointers() {
    std::vector<JobObservation*> out;
    for (JobObservation& observation : observations) out.push_back(&observation);
    return out;
  }
};

OwnHReports own_h_reports(const Task& task, const std::string& name) {
  OwnHReports out;
  for (const TestCase& test : task.tests) {
    out.tests.push_back(&test);
    out.observations.push_back(own_h_child_report(task, test, name, out.observations.size()));
  }
  return out;
}

}  // namespace

TEST_CASE("the replay from recorded values is the search with the heuristic itself") {
  const Assignment a = own_h_assignment();
  const Task& task = a.tasks[1];
  // Manhattan and a weaker heuristic: the expected run follows whichever the student wrote.
  for (const char* name : {"manhattan", "misplaced"}) {
    CAPTURE(name);
    OwnHReports reports = own_h_reports(task, name);
    const StudentHeuristicReplay replay =
        replay_student_heuristic(task, reports.tests, reports.pointers());
    Task direct = task;
    direct.heuristic = name;
    for (std::size_t i = 0; i < task.tests.size(); ++i) {
      CAPTURE(task.tests[i].name);
      CHECK_FALSE(reports.observations[i].failed());
      REQUIRE(replay.expected[i]);
      auto model = compute_expectation(direct, task.tests[i]);
      REQUIRE(model);
      CHECK(replay.expected[i]->path == model->path);
      CHECK(replay.expected[i]->count == model->count);
      CHECK(replay.expected[i]->trace == model->trace);
    }
  }
  // The two heuristics give different expected runs (else the loop above proves little).
  OwnHReports manhattan = own_h_reports(task, "manhattan");
  OwnHReports misplaced = own_h_reports(task, "misplaced");
  const auto with_manhattan = replay_student_heuristic(task, manhattan.tests, manhattan.pointers());
  const auto with_misplaced = replay_student_heuristic(task, misplaced.tests, misplaced.pointers());
  bool any_differs = false;
  for (std::size_t i = 0; i < task.tests.size(); ++i) {
    any_differs = any_differs || with_manhattan.expected[i]->count != with_misplaced.expected[i]->count;
  }
  CHECK(any_differs);
}

TEST_CASE("a board the replay needs and the record lacks is the grader's failure, never a pass") {
  const Assignment a = own_h_assignment();
  const Task& task = a.tasks[1];
  OwnHReports reports = own_h_reports(task, "manhattan");
  // The child left out the last value of every test: the replay cannot finish any of them.
  for (JobObservation& observation : reports.observations) observation.heuristic->values.pop_back();
  const StudentHeuristicReplay replay =
      replay_student_heuristic(task, reports.tests, reports.pointers());
  for (std::size_t i = 0; i < task.tests.size(); ++i) {
    CAPTURE(task.tests[i].name);
    // Another test's record may hold the board; a test whose own board is missing everywhere fails.
    if (replay.expected[i]) continue;
    CHECK(reports.observations[i].failure == FailureKind::Internal);
    CHECK(reports.observations[i].failure_message.find("could not be replayed") !=
          std::string::npos);
  }
  CHECK(std::any_of(reports.observations.begin(), reports.observations.end(),
                    [](const JobObservation& o) { return o.failure == FailureKind::Internal; }));
}

TEST_CASE("a child whose account differs from the replay is not believed") {
  const Assignment a = own_h_assignment();
  const Task& task = a.tasks[1];
  OwnHReports reports = own_h_reports(task, "manhattan");
  reports.observations[1].heuristic->path.push_back(Move::Up);
  const StudentHeuristicReplay replay =
      replay_student_heuristic(task, reports.tests, reports.pointers());
  CHECK_FALSE(replay.expected[1]);
  CHECK(reports.observations[1].failure == FailureKind::Internal);
  CHECK(replay.expected[0]);
}

TEST_CASE("a heuristic that failed or gave two values leaves the search unchecked, said as such") {
  const Assignment a = own_h_assignment();
  const Task& task = a.tasks[1];
  OwnHReports reports = own_h_reports(task, "manhattan");
  reports.observations[0].heuristic->status = SearchStatus::HeuristicFailed;
  reports.observations[0].heuristic->message = "submission.lua:3: attempt to index a nil value";
  reports.observations[1].heuristic->nondeterminism = "the heuristic gave 3 and later 4";
  // One board given 1 in test c and 2 in test d (each test runs in a fresh Lua state): neither
  // value is the heuristic's, so both tests are marked.
  const Board far = parse_board(Shape{3, 3}, "8 7 6 5 4 3 2 1 0").value();
  reports.observations[2].heuristic->values.emplace_back(far, 1);
  reports.observations[3].heuristic->values.emplace_back(far, 2);
  const StudentHeuristicReplay replay =
      replay_student_heuristic(task, reports.tests, reports.pointers());
  for (std::size_t i = 0; i < 4; ++i) {
    CAPTURE(i);
    CHECK_FALSE(replay.expected[i]);
    CHECK(reports.observations[i].failure == FailureKind::CouldNotStart);
    CHECK(reports.observations[i].failure_message.starts_with(
        "Your search cannot be checked on this test: "));
  }
  CHECK(reports.observations[0].failure_message.find(
            "your heuristic failed when the reference astar used it: submission.lua:3") !=
        std::string::npos);
  CHECK(reports.observations[2].failure_message.find("in another test") != std::string::npos);
}

TEST_CASE("a reference search that outgrows the engine's budget with the heuristic says so") {
  const Assignment a = own_h_assignment();
  const Task& task = a.tasks[1];
  OwnHReports reports = own_h_reports(task, "zero");
  reports.observations[1].heuristic->status = SearchStatus::NodeBudgetExceeded;
  const StudentHeuristicReplay replay =
      replay_student_heuristic(task, reports.tests, reports.pointers());
  CHECK_FALSE(replay.expected[1]);
  CHECK(reports.observations[1].failure == FailureKind::CouldNotStart);
  CHECK(reports.observations[1].failure_message ==
        "Your search cannot be checked on this test: with your heuristic the reference astar did "
        "not reach the goal within the grader's limit of " +
            std::to_string(task.limits.engine_nodes) + " nodes");
  CHECK(replay.expected[0]);
}
