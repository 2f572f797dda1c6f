// Which clocks decide and which only back them up (docs/student-api.md, Limits). A time limit that
// can end a test with a verdict is counted in the grading process's own processor time, which a
// busy machine does not change: eight busy processes beside a grading child on two cores make its
// wall time several times longer, and its processor time hardly at all. A wall clock stays behind
// each processor-time limit only to stop a process that is stopped or starved, and what it ends is
// the machine's doing: the job is run again, never judged.
#pragma once

#include <time.h>

#include <algorithm>
#include <optional>

namespace tile {

// The backstop has two parts. A process (or a call) whose processor time has not moved for
// stall_seconds(limit) of wall time is stopped or blocked: a runnable process is scheduled many
// times a second however busy the machine (Linux's fair scheduler gives each of fifty runnable
// processes a turn within a fraction of a second), so a grading child, which never sleeps, that
// has not run for that long is not going to. And one that has run kWallBackstopFactor times its
// limit of wall time in all gets less than a thirtieth of a core: a machine too busy to grade on.
inline constexpr double kWallBackstopFactor = 30;

inline double wall_backstop_seconds(double limit) { return kWallBackstopFactor * limit; }

inline double stall_seconds(double limit) { return std::clamp(2 * limit, 1.0, 5.0); }

// The seconds a processor-time clock (a thread's or a process's) has counted; nullopt when it
// cannot be read (its thread or process has ended).
inline std::optional<double> processor_seconds(clockid_t clock) {
  timespec used{};
  if (clock_gettime(clock, &used) != 0) return std::nullopt;
  return static_cast<double>(used.tv_sec) + static_cast<double>(used.tv_nsec) * 1e-9;
}

}  // namespace tile
