// The per-call deadline counts the calling thread's processor time, so a busy machine cannot end a
// call early; the wall-clock backstop ends a call that stops using the processor and says it was
// starved, never that the script ran out of time (docs/student-api.md, Limits; grader/sandbox/clocks.h).
#include <doctest/doctest.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include "grader/sandbox/clocks.h"
#include "grader/sandbox/lua_sandbox.h"
#include "tests/grader/sandbox/lua_test_support.h"

namespace tile {
namespace {

using testing::must_load;

double thread_processor_seconds() {
  timespec used{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &used);
  return static_cast<double>(used.tv_sec) + static_cast<double>(used.tv_nsec) * 1e-9;
}

struct BodyPlan {
  LuaSandbox* sandbox = nullptr;
  double sleep_seconds = 0;    // waited first, using no processor time
  double compute_seconds = 0;  // then computed (0: compute until the call is aborted)
  bool sleep_until_aborted = false;
};

// A host function the script is "in": it waits and computes as planned, checking for an abort as
// API functions do. No Lua runs, so nothing but the clocks decides how the call ends.
void planned_body(lua_State*, void* context) {
  auto& plan = *static_cast<BodyPlan*>(context);
  const auto started = std::chrono::steady_clock::now();
  while (plan.sleep_until_aborted ||
         std::chrono::steady_clock::now() - started <
             std::chrono::duration<double>(plan.sleep_seconds)) {
    if (plan.sandbox->call_aborted()) return;
    usleep(2000);
  }
  const double from = thread_processor_seconds();
  while (plan.compute_seconds == 0 || thread_processor_seconds() - from < plan.compute_seconds) {
    if (plan.sandbox->call_aborted()) return;
  }
}

SandboxLimits limits_of(double call_seconds) {
  SandboxLimits limits;
  limits.call_seconds = call_seconds;
  limits.memory_bytes = 8 << 20;
  return limits;
}

TEST_CASE("waiting does not count against a call's limit: only processor time does") {
  // Four times the limit spent waiting (as a call does on a machine whose other processes have
  // the cores), then half the limit computing: a wall-clock deadline would have ended it.
  auto sandbox = must_load("", limits_of(0.1));
  REQUIRE(sandbox);
  BodyPlan plan{sandbox.get(), 0.4, 0.05};
  const Status ran = sandbox->protected_call(planned_body, &plan);
  CHECK_MESSAGE(ran, ran.error());
  CHECK_FALSE(sandbox->call_deadline_expired());
  CHECK_FALSE(sandbox->call_starved());
}

TEST_CASE("a call that computes past its limit is out of time") {
  auto sandbox = must_load("", limits_of(0.1));
  REQUIRE(sandbox);
  BodyPlan plan{sandbox.get(), 0, 0};
  const auto started = std::chrono::steady_clock::now();
  const Status ran = sandbox->protected_call(planned_body, &plan);
  REQUIRE_FALSE(ran);
  CHECK(ran.error().find("processor-time limit of 0.1 s per call exceeded") != std::string::npos);
  CHECK(sandbox->call_deadline_expired());
  CHECK_FALSE(sandbox->call_starved());
  // Ended by its processor time, well before the backstop.
  CHECK(std::chrono::steady_clock::now() - started <
        std::chrono::duration<double>(wall_backstop_seconds(0.1)));
}

TEST_CASE("a call starved of the processor is ended by the backstop as starved, not out of time") {
  auto sandbox = must_load("", limits_of(0.05));
  REQUIRE(sandbox);
  BodyPlan plan{sandbox.get(), 0, 0, true};
  const auto started = std::chrono::steady_clock::now();
  const Status ran = sandbox->protected_call(planned_body, &plan);
  REQUIRE_FALSE(ran);
  CHECK(ran.error().find("the machine was too busy") != std::string::npos);
  CHECK(ran.error().find("exceeded") == std::string::npos);
  CHECK(sandbox->call_starved());
  CHECK_FALSE(sandbox->call_deadline_expired());
  // Ended once its processor time had stood still for the stall window (clocks.h).
  CHECK(std::chrono::steady_clock::now() - started >=
        std::chrono::duration<double>(stall_seconds(0.05)));
  // The next call starts clean.
  BodyPlan quick{sandbox.get(), 0, 0.001};
  CHECK(sandbox->protected_call(planned_body, &quick));
}

}  // namespace
}  // namespace tile
