// Telling apart an end of a grading child that the machine caused from one the script caused: the
// first says nothing about the script, so its job is run again and, if the machine does it twice,
// has no verdict (FailureKind::GraderFault), never a failing test the student must puzzle over.
#pragma once

#include <optional>
#include <string>

#include "grader/sandbox/child_process.h"

namespace tile {

// A grading child ends itself with this code when a call into the script is stuck inside one C
// function (SandboxLimits::exit_when_stuck), long before the parent's wall-clock limit would.
inline constexpr int kStuckCallExitCode = 86;
// ... and with this one when such a call is stuck past the wall-clock backstop without having used
// its processor time: the machine starved it, so the job is run again.
inline constexpr int kStarvedCallExitCode = 87;

// What the machine, not the script, did to the child, if anything: the child could not be started
// at all (no process, no pipe, no confinement: nothing of the script ran), the wall-clock backstop
// ended a child that had not used its processor time, a signal came from outside, or a call was
// starved while stuck in one library function. Nullopt when the end may be the script's doing.
std::optional<std::string> machine_ended(const ChildOutcome& outcome);

}  // namespace tile
