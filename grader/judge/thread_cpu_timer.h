// Processor time of the calling thread, added to a running total: how a grading measures where
// its time goes (grader/run/grade.h's GradeTimes) without a wall clock, so the figures hold under
// any load.
#pragma once

#include <atomic>
#include <cstdint>
#include <ctime>

namespace tile {

inline std::int64_t thread_cpu_ns() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// Adds the calling thread's processor time from construction to destruction to `total`, if set.
class ThreadCpuTimer {
 public:
  explicit ThreadCpuTimer(std::atomic<std::int64_t>* total)
      : total_(total), started_(total != nullptr ? thread_cpu_ns() : 0) {}
  ~ThreadCpuTimer() {
    if (total_ != nullptr) total_->fetch_add(thread_cpu_ns() - started_);
  }
  ThreadCpuTimer(const ThreadCpuTimer&) = delete;
  ThreadCpuTimer& operator=(const ThreadCpuTimer&) = delete;

 private:
  std::atomic<std::int64_t>* total_;
  std::int64_t started_;
};

}  // namespace tile
