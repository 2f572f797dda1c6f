// Whole tilegrade processes: `validate` on every bundled assignment (spec, expected.json, the
// reference solution and every mutant, each diagnosed by re-running the engine) beside one `grade`
// of the reference solution (the part of validate without mutants or diagnosis), and one `solve`
// of seed 001's DFS-60 (its page faults too), timed with the tilegrade built beside this bench,
// and with an earlier build for comparison when TILEGRADE_BEFORE names one (scripts/bench.sh
// builds it from TILEGRADE_BEFORE_COMMIT). Both run in the same loop, alternating, so that the
// machine's load falls on both alike.
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
  double cpu = 1e300;   // processor time (user + system) of the process and its children
  double faults = 1e300;  // minor page faults, fewest of the runs
  bool ok = true;
};

struct Usage {
  double cpu;
  double faults;
};

Usage children_usage() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  return {static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
              static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6,
          static_cast<double>(usage.ru_minflt)};
}

// Runs `binary arguments` through the shell (the shell's own share is in the figures, alike for
// both builds) and keeps the best of each figure.
void time_process(const std::string& binary, const std::string& arguments, Timing& timing) {
  const std::string command = "'" + binary + "' " + arguments + " >/dev/null";
  const Usage before = children_usage();
  const auto start = std::chrono::steady_clock::now();
  const int status = std::system(command.c_str());
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  const Usage after = children_usage();
  timing.ok = timing.ok && status == 0;
  timing.wall = std::min(timing.wall, took.count());
  timing.cpu = std::min(timing.cpu, after.cpu - before.cpu);
  timing.faults = std::min(timing.faults, after.faults - before.faults);
}

void time_validate(const std::string& binary, const fs::path& assignment, Timing& timing) {
  time_process(binary, "validate '" + assignment.string() + "'", timing);
}

// The tilegrade binary built beside this bench (both go to the build folder).
std::string sibling_tilegrade() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? std::string("tilegrade") : (self.parent_path() / "tilegrade").string();
}

}  // namespace

TILE_BENCH("validate_assignments",
           "tilegrade validate on every bundled assignment, beside grading its reference solution "
           "and TILEGRADE_BEFORE (an earlier build), whole processes, best of 3") {
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
    const std::string name = assignment.filename().string();
    // The peer always measured: grading the reference solution once, which validate does too,
    // before it grades and diagnoses every mutant.
    const fs::path solution = fs::path(source_dir()) / "reference" / name / "solution.lua";
    Timing now, then, grade_solution;
    for (int run = 0; run < 3; ++run) {
      time_validate(after, assignment, now);
      time_process(after, "grade '" + assignment.string() + "' '" + solution.string() + "'",
                   grade_solution);
      if (!before.empty()) time_validate(before, assignment, then);
    }
    std::printf("  %s%s\n", name.c_str(), now.ok ? "" : " (validate FAILED with this build)");
    figure("    this build: wall, best of 3", now.wall * 1e3, "ms");
    figure("    this build: processor time", now.cpu * 1e3, "ms");
    figure("    peer: grade of the reference solution, wall", grade_solution.wall * 1e3, "ms");
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

TILE_BENCH("solve_process_dfs60",
           "a whole `tilegrade solve` process for seed 001's DFS-60, this build vs TILEGRADE_BEFORE, "
           "best of 9") {
  const std::string after = sibling_tilegrade();
  const char* before_env = std::getenv("TILEGRADE_BEFORE");
  const std::string before = before_env ? before_env : "";
  const std::string arguments = "solve --size 3x3 --start '4 1 2 7 0 6 8 3 5' --algorithm dfs "
                                "--semantics '" + source_dir() + "/tests/semantics/seed001_dfs.json'";
  Timing now, then;
  for (int run = 0; run < 9; ++run) {
    time_process(after, arguments, now);
    if (!before.empty()) time_process(before, arguments, then);
  }
  figure("this build: wall, best of 9", now.wall * 1e3, "ms");
  figure("this build: processor time", now.cpu * 1e3, "ms");
  figure("this build: minor page faults", now.faults, "faults");
  if (!before.empty()) {
    figure("before: wall, best of 9", then.wall * 1e3, "ms");
    figure("before: processor time", then.cpu * 1e3, "ms");
    figure("before: minor page faults", then.faults, "faults");
  }
}

}  // namespace tile::bench
