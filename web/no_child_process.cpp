// child_process.h in a browser tab, which cannot fork: run_in_child starts nothing and says so
// (as a failed fork() does natively). The page never calls it: it grades with the in-process
// runner (grader/run/in_process_runner.h). This file replaces grader/sandbox/child_process.cpp in
// the WebAssembly link, where its process machinery (fork, rlimits, signal names) does not exist.
#include "grader/sandbox/child_process.h"

namespace tile {

void LineWriter::write_line(std::string_view) {
  (void)fd_;  // no pipe to write to here
  ok_ = false;
}

std::string ChildOutcome::describe() const {
  return start_error.empty() ? "exited with code " + std::to_string(exit_code) : start_error;
}

// No child ever runs here, so none is killed from outside.
bool ChildOutcome::killed_from_outside() const { return false; }

ChildOutcome run_in_child(const std::function<int(LineWriter&)>&, const ChildLimits& limits,
                          const LineHandler&) {
  ChildOutcome outcome;
  outcome.exit_code = -1;
  outcome.start_error = "a browser tab cannot start child processes";
  outcome.limits = limits;
  return outcome;
}

}  // namespace tile
