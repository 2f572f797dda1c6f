// The price of confining a grading child (grader/sandbox/confinement.h): one child that writes one
// line, confined and not, measured alternately so a loaded machine disturbs both alike. The
// difference is what every child of a batch pays (a submission starts one child, plus one per test
// that kills its child). Goal: under 5% of a student's grading (batch_1000 prints that figure).
// Processor time (this process and its reaped children, per child) is the figure that a loaded
// machine leaves alone; the wall-clock medians are printed beside it.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench/bench.h"
#include "grader/sandbox/child_process.h"

namespace tile::bench {
namespace {

using Clock = std::chrono::steady_clock;

double one_child_ms(bool confine) {
  ChildLimits limits;
  limits.confine = confine;
  const auto started = Clock::now();
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        out.write_line("done");
        return 0;
      },
      limits);
  const double ms = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
  if (!outcome.exited_normally()) std::printf("  child failed: %s\n", outcome.describe().c_str());
  return ms;
}

// Processor seconds of this process and its reaped children so far.
double cpu_seconds() {
  double total = 0;
  for (const int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
    rusage usage{};
    getrusage(who, &usage);
    total += static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
             static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  }
  return total;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

TILE_BENCH("confinement",
           "start, confine and reap one child that writes one line, confined (no new privileges, "
           "user+network namespace, seccomp filter) against unconfined; median of 200 each") {
  constexpr int kRounds = 200;
  std::vector<double> confined;
  std::vector<double> unconfined;
  double cpu_confined = 0;
  double cpu_unconfined = 0;
  for (int i = 0; i < kRounds; ++i) {
    double before = cpu_seconds();
    unconfined.push_back(one_child_ms(false));
    cpu_unconfined += cpu_seconds() - before;
    before = cpu_seconds();
    confined.push_back(one_child_ms(true));
    cpu_confined += cpu_seconds() - before;
  }
  figure("one child, unconfined: processor time (mean)", 1000 * cpu_unconfined / kRounds, "ms");
  figure("one child, confined: processor time (mean)", 1000 * cpu_confined / kRounds, "ms");
  figure("confinement's processor time per child", 1000 * (cpu_confined - cpu_unconfined) / kRounds,
         "ms");
  const double with = median(confined);
  const double without = median(unconfined);
  figure("one child, unconfined (median)", without, "ms");
  figure("one child, confined (median)", with, "ms");
  figure("confinement's cost per child", with - without, "ms");
}

}  // namespace tile::bench
