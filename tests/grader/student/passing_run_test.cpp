// The reference's passing run, as the grading child compares a run with it: only an equal run on
// every field the checks read keeps its observed record's counts alone.
#include "grader/student/passing_run.h"

#include <doctest/doctest.h>

using namespace tile;

namespace passing_run_testing {

StudentSearchRun finished_run() {
  StudentSearchRun run;
  run.completed = true;
  run.path = {Move::Up, Move::Left};
  run.reported_count = 7;
  run.expanded = 7;
  run.expansion_digest = 0x1234;
  return run;
}

PassingRun passing() {
  return PassingRun{.known = true,
                    .path = {Move::Up, Move::Left},
                    .count = 7,
                    .expanded = 7,
                    .expansion_digest = 0x1234};
}

TEST_CASE("a run equals the passing run only on every field the checks read") {
  CHECK(equals_passing_run(finished_run(), passing()));
  CHECK_FALSE(equals_passing_run(finished_run(), PassingRun{}));  // none named: keep the record
  const auto differs = [](auto change) {
    StudentSearchRun run = finished_run();
    change(run);
    return !equals_passing_run(run, passing());
  };
  CHECK(differs([](StudentSearchRun& run) { run.completed = false; }));
  CHECK(differs([](StudentSearchRun& run) { run.path = {Move::Left, Move::Up}; }));
  CHECK(differs([](StudentSearchRun& run) { run.reported_count = 8; }));
  CHECK(differs([](StudentSearchRun& run) { run.reported_count.reset(); }));
  CHECK(differs([](StudentSearchRun& run) { run.expanded = 6; }));
  CHECK(differs([](StudentSearchRun& run) { run.expansion_digest = 0x1235; }));
  CHECK(differs([](StudentSearchRun& run) { run.out_of_expansions = true; }));
  CHECK(differs([](StudentSearchRun& run) {
    run.returned_boards = {Board{}};
  }));
}

}  // namespace passing_run_testing
