// Grading a class (issues 5 and 24): 1,000 generated submissions of classic-8puzzle, graded by
// run_batch with 2 worker processes. Goal: at most 40 s on 2 cores. The class is built in a temp dir
// in a fixed proportion: 60% copies of the reference solution, 30% the known mutants (cycled), 10% hostile
// scripts from tests/hostile (cycled). Each copy gets its own trailing comment, so every student
// has a distinct file (and content hash), as in a real class.
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <utility>
#include <sstream>
#include <string>
#include <vector>

#include "bench/bench.h"
#include "grader/batch/batch.h"
#include "grader/run/grade.h"

namespace tile::bench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kStudents = 1000;
constexpr int kSolutionPercent = 60;
constexpr int kMutantPercent = 30;  // the rest, 10%, hostile

// Hostile scripts in the mix. They attack `heuristic`, which classic-8puzzle never calls, so
// against this assignment they exercise the failure paths a real class hits: scripts that do not
// load (syntax error, bytecode) and scripts without the functions asked for. load_time_loop.lua is
// left out: a script that loops at load time is stopped by the per-call limit (call_seconds, 10 s
// here) the one time it is loaded, so each such student costs 10 s of one thread, waiting.
const std::vector<std::string> kHostile = {
    "syntax_error.lua",   "bytecode_chunk.lua", "infinite_loop.lua", "memory_table_bomb.lua",
    "os_execute.lua",     "io_open.lua",        "deep_recursion.lua", "catastrophic_pattern.lua",
    "print_flood.lua",    "string_metatable.lua"};

std::string read_text(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream bytes;
  bytes << file.rdbuf();
  return bytes.str();
}

std::string fmt_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU seconds used so far by this process and its reaped children (the grading children): the
// machine's load does not change it, so it says what the batch would take on two idle cores.
double cpu_of(int who) {
  rusage usage{};
  getrusage(who, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}
double cpu_seconds() { return cpu_of(RUSAGE_SELF) + cpu_of(RUSAGE_CHILDREN); }

struct Class {
  fs::path root;
  std::map<std::string, int> split;            // kind -> students
  std::map<std::string, std::string> example;  // kind -> the file of its first student
};

Class build_class(const fs::path& source) {
  Class made;
  std::string pattern = (fs::temp_directory_path() / "bench_batch.XXXXXX").string();
  made.root = mkdtemp(pattern.data());
  fs::create_directories(made.root / "class");
  const std::string solution = read_text(source / "reference/classic-8puzzle/solution.lua");
  std::vector<std::string> mutants;
  for (const auto& item : fs::directory_iterator(source / "reference/classic-8puzzle/mutants")) {
    if (item.path().extension() == ".lua") mutants.push_back(item.path().string());
  }
  std::sort(mutants.begin(), mutants.end());
  int mutant_next = 0;
  int hostile_next = 0;
  for (int i = 0; i < kStudents; ++i) {
    const int slot = i % 100;  // the proportion holds in every block of 100 students
    std::string text;
    std::string kind;
    if (slot < kSolutionPercent) {
      text = solution;
      kind = "solution";
    } else if (slot < kSolutionPercent + kMutantPercent) {
      const std::string& path = mutants[static_cast<std::size_t>(mutant_next++) % mutants.size()];
      text = read_text(path);
      kind = "mutant " + fs::path(path).stem().string();
    } else {
      const std::string& name = kHostile[static_cast<std::size_t>(hostile_next++) % kHostile.size()];
      text = read_text(source / "tests/hostile" / name);
      kind = "hostile " + name;
    }
    if (text.rfind("\x1bLua", 0) != 0) text += "\n-- student " + std::to_string(i) + "\n";
    char name[32];
    std::snprintf(name, sizeof name, "student%04d.lua", i);
    std::ofstream(made.root / "class" / name, std::ios::binary) << text;
    ++made.split[kind];
    made.example.emplace(kind, name);
  }
  return made;
}

// `tilegrade batch ASSIGNMENT CLASS --out OUT --jobs 2`, the binary beside this
// one, as an instructor runs it: the CLI also gives its heap huge pages (grader/cli/huge_pages.h),
// which this process, started without them, cannot. Wall and processor seconds (its and its
// children's), or nullopt if it could not run or failed.
std::optional<std::pair<double, double>> run_cli_batch(const fs::path& assignment,
                                                       const fs::path& class_dir,
                                                       const fs::path& out) {
  std::error_code error;
  const fs::path binary = fs::read_symlink("/proc/self/exe", error).parent_path() / "tilegrade";
  if (error || !fs::exists(binary)) return std::nullopt;
  std::vector<std::string> words = {binary.string(), "batch", assignment.string(),
                                    class_dir.string(), "--out", out.string(), "--jobs", "2"};
  std::vector<char*> args;
  for (std::string& word : words) args.push_back(word.data());
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  const auto started = Clock::now();
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, binary.c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return std::nullopt;
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return std::nullopt;
  }
  const auto seconds = [](const timeval& time) {
    return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) * 1e-6;
  };
  return std::pair{since(started), seconds(usage.ru_utime) + seconds(usage.ru_stime)};
}

}  // namespace

TILE_BENCH("batch_1000",
           "grade 1,000 classic-8puzzle submissions (60% solution, 30% mutants, 10% hostile) "
           "with 2 worker processes; goal: at most 40 s on 2 cores") {
  const fs::path source = source_dir();
  const Class made = build_class(source);
  std::printf("  split:");
  for (const auto& [kind, count] : made.split) std::printf(" %s=%d,", kind.c_str(), count);
  std::printf("\n");

  auto started = Clock::now();
  const double expectations_cpu_before = cpu_of(RUSAGE_SELF);
  auto assignment = load_assignment((source / "assignments/classic-8puzzle").string());
  if (!assignment) {
    std::printf("  cannot load the assignment: %s\n", assignment.error().c_str());
    return;
  }
  auto prepared = PreparedAssignment::prepare(*assignment);
  if (!prepared) {
    std::printf("  no expectations: %s\n", prepared.error().c_str());
    return;
  }
  const double expectations_s = since(started);
  const double expectations_cpu = cpu_of(RUSAGE_SELF) - expectations_cpu_before;
  figure("engine expectations, once per batch", expectations_s, "s");

  // Where the time goes: one student of each kind graded alone (one thread), CPU of the grader
  // and of its children together.
  BatchOptions one;
  std::map<std::string, double> share;  // kind -> CPU seconds of all its students
  for (const auto& [kind, file] : made.example) {
    const fs::path alone = made.root / "alone" / file;
    fs::create_directories(alone / "class");
    fs::copy_file(made.root / "class" / file, alone / "class" / file);
    auto entries = find_students((alone / "class").string());
    if (!entries) continue;
    const double self_before = cpu_of(RUSAGE_SELF);
    const double children_before = cpu_of(RUSAGE_CHILDREN);
    started = Clock::now();
    auto graded = run_batch(*prepared, (alone / "class").string(), *entries,
                            (alone / "out").string(), one);
    const double wall = since(started);
    const double children = cpu_of(RUSAGE_CHILDREN) - children_before;
    const double self = cpu_of(RUSAGE_SELF) - self_before;
    if (!graded) continue;
    figure(kind + ": CPU, grader " + fmt_seconds(self) + " + children " + fmt_seconds(children) +
               ", wall " + fmt_seconds(wall),
           self + children, "s");
    share[kind] = (self + children) * made.split.at(kind);
  }
  double estimate = 0;
  for (const auto& [kind, cpu] : share) estimate += cpu;
  for (const auto& [kind, cpu] : share) {
    if (cpu >= 0.05 * estimate) figure("share of the class's CPU: " + kind, 100 * cpu / estimate, "%");
  }
  figure("class CPU estimated from the costs above", estimate, "s");

  auto students = find_students((made.root / "class").string());
  if (!students) return;
  BatchOptions options;
  options.jobs = 2;
  GradeTimes times;
  options.grade.times = &times;
  const double cpu_before = cpu_seconds();
  started = Clock::now();
  auto result = run_batch(*prepared, (made.root / "class").string(), *students,
                          (made.root / "out").string(), options);
  const double seconds = since(started);
  if (!result) {
    std::printf("  batch failed: %s\n", result.error().c_str());
    return;
  }
  const double cpu = cpu_seconds() - cpu_before;
  figure("batch of 1000, jobs=2, wall", seconds, "s");
  figure("batch of 1000, CPU (grader + children)", cpu, "s");
  figure("batch of 1000, CPU / 2: the wall time on two idle cores", cpu / 2, "s");
  // Where the batch's CPU went, with the expectations searched once before it: the students' Lua
  // runs in the sandboxed children (one a student, forked by the worker grading the student); the
  // workers run the engine to diagnose failing runs, the judge's other checks, and the rest (forking
  // and waiting for the children, reading their runs, writing the reports and records), and this
  // process hands out the students and collects their rows.
  const double children_cpu = static_cast<double>(times.children_ns.load()) * 1e-9;
  const double judging = static_cast<double>(times.judging_ns.load()) * 1e-9;
  const double diagnosis = static_cast<double>(times.diagnosis_ns.load()) * 1e-9;
  const double whole = cpu + expectations_cpu;
  figure("share in the students' Lua: the grading children, sandbox and API included",
         100 * children_cpu / whole, "%");
  figure("share in the engine: expectations, once", 100 * expectations_cpu / whole, "%");
  figure("share in the engine: diagnosis of failing runs", 100 * diagnosis / whole, "%");
  figure("share in the judge's other checks", 100 * (judging - diagnosis) / whole, "%");
  figure("share in the rest of the grader: children, runs read, reports written",
         100 * (cpu - children_cpu - judging) / whole, "%");
  figure("submissions per second", static_cast<double>(result->rows.size()) / seconds, "/s");
  std::map<std::string, int> statuses;
  for (const GradebookRow& row : result->rows) ++statuses[row.status];
  for (const auto& [status, count] : statuses) figure("rows " + status, count, "");

  // The same class through the CLI, into a fresh folder: what an instructor's run costs.
  if (auto cli = run_cli_batch(source / "assignments/classic-8puzzle", made.root / "class",
                               made.root / "out-cli")) {
    figure("batch of 1000 by `tilegrade batch --jobs 2` (huge-page heap), wall", cli->first, "s");
    figure("batch of 1000 by `tilegrade batch --jobs 2`, CPU (with children)", cli->second, "s");
  } else {
    std::printf("  `tilegrade batch` beside this binary did not run: no CLI figure\n");
  }

  // The same batch again: every student is reused (the resume path).
  started = Clock::now();
  auto again = run_batch(*prepared, (made.root / "class").string(), *students,
                         (made.root / "out").string(), options);
  if (again) figure("rerun, all reused (" + std::to_string(again->reused) + ")", since(started), "s");

  std::error_code ignored;
  fs::remove_all(made.root, ignored);
}

}  // namespace tile::bench
