#include <doctest/doctest.h>

#include "grader/cli/budget_clock.h"

using namespace tile::cli;

namespace {

BudgetProjection projection(double seconds, double budget_seconds, double clock_seconds) {
  BudgetProjection p;
  p.task = "bfs";
  p.tests = 3;
  p.seconds = seconds;
  p.expansions = 3000;
  p.api_calls = 9000;
  p.budget = "max_expansions";
  p.budget_seconds = budget_seconds;
  p.clock_seconds = clock_seconds;
  return p;
}

}  // namespace

TEST_CASE("a budget reached within the limit even four times as slow is not too close") {
  const BudgetProjection p = projection(0.5, 2.0, 10.0);  // 4 x 2 s = 8 s < 10 s
  CHECK(p.measurable());
  CHECK_FALSE(p.too_close());
  CHECK(p.sentence() ==
        "the reference's 3 tests of bfs (3000 expansions, 9000 problem calls in 0.50 s of "
        "processor time) reach, at that pace, max_expansions in about 2.00 s; 8.00 s with the "
        "safety factor of 4, within the processor-time limit of 10 s");
}

TEST_CASE("a budget the limit would cut short on a slower machine is too close, and says so") {
  const BudgetProjection p = projection(0.5, 3.0, 10.0);  // 4 x 3 s = 12 s > 10 s
  CHECK(p.too_close());
  CHECK(p.sentence().find(", past the processor-time limit of 10 s") != std::string::npos);
}

TEST_CASE("too little processor time to scale is said, never projected") {
  const BudgetProjection p = projection(kMinTimedSeconds / 2, 100.0, 1.0);
  CHECK_FALSE(p.measurable());
  CHECK_FALSE(p.too_close());  // a jittery clock must not raise a warning
  CHECK(p.sentence().find("too little to scale") != std::string::npos);
  CHECK(p.sentence().find("under 5 ms") != std::string::npos);
}
