#include <doctest/doctest.h>

#include "grader/judge/diagnosis.h"
#include "grader/judge/reproduction.h"

using namespace tile;

namespace {

Task bfs_task_of(std::initializer_list<const char*> starts) {
  Task task;
  task.goal = goal_board({3, 3}, GoalLayout::BlankFirst);
  task.name = "bfs";
  task.algorithm = Algorithm::Bfs;
  task.semantics.duplicates = Duplicates::OnPush;
  for (const char* start : starts) {
    task.tests.push_back({"t", parse_board({3, 3}, start).value(), Visibility::Visible});
  }
  return task;
}

// What a stub returns: an empty path and a count of 0, without one call to the problem.
StudentSearchRun stub_run() {
  StudentSearchRun run;
  run.completed = true;
  run.reported_count = 0;
  return run;
}

}  // namespace

TEST_CASE("a run that never called the problem is no evidence; one that did is") {
  StudentSearchRun run = stub_run();
  CHECK_FALSE(has_evidence(run));
  run.api_calls = 1;  // it asked is_goal of the start, say
  CHECK(has_evidence(run));
  StudentSearchRun stopped;
  stopped.out_of_expansions = true;
  CHECK(has_evidence(stopped));
}

TEST_CASE("a stub's empty path is named no mistake: not a goal test, not a dropped move") {
  // One move from the goal (an empty path is then one move short of it) and three moves from it
  // (an empty path ends at a board that is not the goal): neither is what the stub did.
  const Task task = bfs_task_of({"3 1 2 0 4 5 6 7 8", "1 2 5 3 4 0 6 7 8"});
  std::vector<const TestCase*> tests = {&task.tests[0], &task.tests[1]};
  const StudentSearchRun one = stub_run();
  const StudentSearchRun two = stub_run();
  std::vector<const StudentSearchRun*> runs = {&one, &two};
  TaskDiagnoser diagnoser(task, tests, runs);
  CHECK_FALSE(diagnoser.diagnose(0));
  CHECK_FALSE(diagnoser.diagnose(1));
}
