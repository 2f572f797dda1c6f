// A tiny benchmark registry: each bench/*.cpp file adds cases with TILE_BENCH, and the one `bench`
// binary runs all of them (or those named on the command line) and prints figures. Benchmarks
// report; they never pass or fail, and no unit test times anything.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace tile::bench {

struct Case {
  std::string name;
  std::string what;  // one line: the work measured and the peer it is compared with
  std::function<void()> run;
};

std::vector<Case>& registry();
int add_case(std::string name, std::string what, std::function<void()> run);

// Seconds of wall-clock time taken by fn, best of `repeats` runs (the least disturbed one).
double best_seconds(int repeats, const std::function<void()>& fn);

// Processor time of the calling thread taken by fn, best of `repeats` runs: other processes on a
// shared machine inflate it far less than wall time.
double best_cpu_seconds(int repeats, const std::function<void()>& fn);

// Prints one figure line: "  label: value unit".
void figure(const std::string& label, double value, const std::string& unit);

// Where the repository is.
std::string source_dir();
// Where the shared seeds and data are (seeds/, data/korf100.txt): $TILEGRADE_SHARED_DIR, or
// shared/ beside the repository.
std::string shared_dir();

}  // namespace tile::bench

#define TILE_BENCH_CONCAT2(a, b) a##b
#define TILE_BENCH_CONCAT(a, b) TILE_BENCH_CONCAT2(a, b)
// TILE_BENCH("name", "what it measures") { ...body... }
#define TILE_BENCH(name, what)                                                          \
  static void TILE_BENCH_CONCAT(bench_body_, __LINE__)();                              \
  [[maybe_unused]] static const int TILE_BENCH_CONCAT(bench_reg_, __LINE__) =          \
      ::tile::bench::add_case(name, what, TILE_BENCH_CONCAT(bench_body_, __LINE__));   \
  static void TILE_BENCH_CONCAT(bench_body_, __LINE__)()
