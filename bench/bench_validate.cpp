// `tilegrade validate` on every bundled assignment (spec, expected.json, the reference solution and
// every mutant, each diagnosed by re-running the engine), timed as a whole process: with the
// tilegrade built beside this bench, and with an earlier build for comparison when
// TILEGRADE_BEFORE names one (scripts/bench.sh builds it from TILEGRADE_BEFORE_COMMIT). Both run in
// the same loop, alternating, so that the machine's load falls on both alike.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "bench/bench.h"

namespace tile::bench {
namespace {

namespace fs = std::filesystem;

struct Timing {
  double wall = 1e300;  // best of the runs
  double cpu = 1e300;   // processor time (user + system) of the validate process and its children
  bool ok = true;
};

double children_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

void time_validate(const std::string& binary, const fs::path& assignment, Timing& timing) {
  const std::string command = "'" + binary + "' validate '" + assignment.string() + "' >/dev/null";
  const double cpu_before = children_cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  const int status = std::system(command.c_str());
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  timing.ok = timing.ok && status == 0;
  timing.wall = std::min(timing.wall, took.count());
  timing.cpu = std::min(timing.cpu, children_cpu_seconds() - cpu_before);
}

// The tilegrade binary built beside this bench (both go to the build folder).
std::string sibling_tilegrade() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? std::string("tilegrade") : (self.parent_path() / "tilegrade").string();
}

}  // namespace

TILE_BENCH("validate_assignments",
           "tilegrade validate on every bundled assignment, this build vs TILEGRADE_BEFORE (an "
           "earlier build), whole processes, best of 3") {
  const std::string after = sibling_tilegrade();
  const char* before_env = std::getenv("TILEGRADE_BEFORE");
  const std::string before = before_env ? before_env : "";
  if (before.empty()) {
    std::printf("  no TILEGRADE_BEFORE: this build alone (scripts/bench.sh sets it)\n");
  }
  std::vector<fs::path> assignments;
  for (const auto& entry : fs::directory_iterator(fs::path(source_dir()) / "assignments")) {
    if (fs::exists(entry.path() / "assignment.json")) assignments.push_back(entry.path());
  }
  std::sort(assignments.begin(), assignments.end());
  double total_after = 0, total_before = 0, cpu_after = 0, cpu_before = 0;
  for (const fs::path& assignment : assignments) {
    Timing now, then;
    for (int run = 0; run < 3; ++run) {
      time_validate(after, assignment, now);
      if (!before.empty()) time_validate(before, assignment, then);
    }
    const std::string name = assignment.filename().string();
    std::printf("  %s%s\n", name.c_str(), now.ok ? "" : " (validate FAILED with this build)");
    figure("    this build: wall, best of 3", now.wall * 1e3, "ms");
    figure("    this build: processor time", now.cpu * 1e3, "ms");
    total_after += now.wall;
    cpu_after += now.cpu;
    if (!before.empty()) {
      figure("    before: wall, best of 3", then.wall * 1e3, "ms");
      figure("    before: processor time", then.cpu * 1e3, "ms");
      total_before += then.wall;
      cpu_before += then.cpu;
    }
  }
  figure("all assignments, this build: wall", total_after * 1e3, "ms");
  figure("all assignments, this build: processor time", cpu_after * 1e3, "ms");
  if (!before.empty()) {
    figure("all assignments, before: wall", total_before * 1e3, "ms");
    figure("all assignments, before: processor time", cpu_before * 1e3, "ms");
  }
}

}  // namespace tile::bench
