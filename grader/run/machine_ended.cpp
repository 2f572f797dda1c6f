#include "grader/run/machine_ended.h"

#include <cstdio>

namespace tile {

std::optional<std::string> machine_ended(const ChildOutcome& outcome) {
  if (!outcome.start_error.empty()) {
    return "the grader " + outcome.describe() +
           ", before any of the script ran: the machine or the grader's set-up failed";
  }
  if (outcome.end == ChildOutcome::End::TimedOut) {
    char text[240];
    std::snprintf(text, sizeof text,
                  "its grading process was stopped by the wall-clock backstop, having used %.1f s "
                  "of processor time in this test: the machine stopped it or was too busy to "
                  "run it",
                  outcome.cpu_seconds_since_line);
    return std::string(text);
  }
  if (outcome.killed_from_outside()) {
    return "its grading process was " + outcome.describe() +
           " from outside the grader (an out-of-memory killer, a container's limit or an "
           "operator does this), while under its own limits";
  }
  if (outcome.end == ChildOutcome::End::Exited && outcome.exit_code == kStarvedCallExitCode) {
    return "a call into the script was starved of the processor: the machine was too busy to run "
           "it";
  }
  return std::nullopt;
}

}  // namespace tile
