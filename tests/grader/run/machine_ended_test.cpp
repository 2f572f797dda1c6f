// Which ends of a grading child the machine caused (run again, then no verdict) and which may be
// the script's (judged as its failure): a child that never started is never the script's.
#include "grader/run/machine_ended.h"

#include <doctest/doctest.h>

#include <csignal>

using namespace tile;

namespace machine_ended_testing {

ChildOutcome exited(int code) {
  ChildOutcome outcome;
  outcome.end = ChildOutcome::End::Exited;
  outcome.exit_code = code;
  return outcome;
}

TEST_CASE("a child that could not be started is the machine's doing, with what failed") {
  ChildOutcome outcome = exited(-1);
  outcome.start_error = "could not confine it: seccomp_attr_set: Invalid argument";
  const auto said = machine_ended(outcome);
  REQUIRE(said);
  CHECK(said->find("seccomp_attr_set: Invalid argument") != std::string::npos);
  CHECK(said->find("before any of the script ran") != std::string::npos);
  // Even when the failed start also looks like a signal from outside.
  outcome.end = ChildOutcome::End::Signalled;
  outcome.signal = SIGTERM;
  CHECK(machine_ended(outcome));
}

TEST_CASE("the backstop, a signal from outside and a starved call are the machine's") {
  ChildOutcome timed_out;
  timed_out.end = ChildOutcome::End::TimedOut;
  timed_out.cpu_seconds_since_line = 1.5;
  const auto backstop = machine_ended(timed_out);
  REQUIRE(backstop);
  CHECK(backstop->find("1.5 s of processor time") != std::string::npos);

  ChildOutcome terminated;
  terminated.end = ChildOutcome::End::Signalled;
  terminated.signal = SIGTERM;
  REQUIRE(machine_ended(terminated));
  CHECK(machine_ended(terminated)->find("from outside the grader") != std::string::npos);

  REQUIRE(machine_ended(exited(kStarvedCallExitCode)));
}

TEST_CASE("an end the script may have caused is not the machine's") {
  CHECK_FALSE(machine_ended(exited(0)));
  CHECK_FALSE(machine_ended(exited(3)));
  CHECK_FALSE(machine_ended(exited(kStuckCallExitCode)));  // stuck in a call: its own limit
  ChildOutcome crashed;
  crashed.end = ChildOutcome::End::Signalled;
  crashed.signal = SIGSEGV;
  CHECK_FALSE(machine_ended(crashed));
  ChildOutcome forbidden = crashed;
  forbidden.signal = SIGSYS;
  forbidden.forbidden_call = true;
  CHECK_FALSE(machine_ended(forbidden));
}

}  // namespace machine_ended_testing
