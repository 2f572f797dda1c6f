// `bench [NAME...]`: runs the registered benchmark cases and prints their figures.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench/bench.h"

namespace tile::bench {

std::vector<Case>& registry() {
  static std::vector<Case> cases;
  return cases;
}

int add_case(std::string name, std::string what, std::function<void()> run) {
  registry().push_back({std::move(name), std::move(what), std::move(run)});
  return 0;
}

double best_seconds(int repeats, const std::function<void()>& fn) {
  double best = 1e300;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    fn();
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count());
  }
  return best;
}

double best_cpu_seconds(int repeats, const std::function<void()>& fn) {
  auto now = [] {
    timespec at{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &at);
    return static_cast<double>(at.tv_sec) + static_cast<double>(at.tv_nsec) * 1e-9;
  };
  double best = 1e300;
  for (int i = 0; i < repeats; ++i) {
    const double start = now();
    fn();
    best = std::min(best, now() - start);
  }
  return best;
}

void figure(const std::string& label, double value, const std::string& unit) {
  std::printf("  %-58s %14.3f %s\n", label.c_str(), value, unit.c_str());
  std::fflush(stdout);
}

std::string source_dir() {
  const char* env = std::getenv("TILEGRADE_SOURCE_DIR");
  return env ? env : TILEGRADE_SOURCE_DIR;
}

std::string shared_dir() {
  const char* env = std::getenv("TILEGRADE_SHARED_DIR");
  return env ? env : source_dir() + "/../shared";
}

}  // namespace tile::bench

int main(int argc, char** argv) {
  using namespace tile::bench;
  auto cases = registry();
  std::sort(cases.begin(), cases.end(), [](const Case& a, const Case& b) { return a.name < b.name; });
  int ran = 0;
  for (const Case& c : cases) {
    bool wanted = argc == 1;
    for (int i = 1; i < argc; ++i) wanted = wanted || c.name == argv[i];
    if (!wanted) continue;
    std::printf("%s: %s\n", c.name.c_str(), c.what.c_str());
    std::fflush(stdout);
    c.run();
    ++ran;
  }
  if (ran == 0) {
    std::printf("no benchmark matched; available:\n");
    for (const Case& c : cases) std::printf("  %s\n", c.name.c_str());
    return 2;
  }
  return 0;
}
