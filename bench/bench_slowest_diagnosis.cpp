// The slowest diagnosis (issue 33, "How it is measured"): the diagnosis of one failing search test,
// the observed tree and the invariants included, stays under 1 s on 2 cores. Every script of the
// forensic set (tests/grader/run/submissions/forensic_set/) and every bundled mutant
// (reference/*/mutants/) is graded as `grade` does it, its jobs in sandboxed children; then each
// of its failing search tests is diagnosed again, alone, by a fresh TaskDiagnoser (so the evidence
// it shares with the task's other tests, which the first diagnosed test pays for in a grade, is
// paid by every one here: the worst case of each test). Peer in the same run: the reference
// engine's own work for that test (compute_expectation: its search with the whole trace).
// Processor time of this thread, best of 3. Beside them, two long failing runs on a BFS task with
// a budget of 2,000,000 expansions (as tests/e2e/batch_memory.sh grades them): one that calls
// problem:successors until the budget stops it, one that expands 1,900,000 times and then
// finishes a real BFS with the wrong count and order.
#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "bench/bench.h"
#include "grader/judge/diagnosis.h"
#include "grader/run/grade.h"
#include "grader/spec/expectation.h"

namespace tile::bench {
namespace {

namespace fs = std::filesystem;

struct Graded {
  std::vector<Job> jobs;
  std::vector<JobObservation> observations;
  GradeReport report;
  double judging_seconds = 0;  // grade's own measure: checks and diagnosis of every test
};

Graded grade_capturing(const PreparedAssignment& prepared, const std::string& script) {
  Graded graded;
  GradeTimes times;
  GradeOptions options;
  options.times = &times;
  options.run_jobs = [&graded](const Assignment& a, const std::vector<Job>& jobs,
                               const std::string& path) {
    graded.jobs = jobs;
    graded.observations = run_submission(a, jobs, path);
    return graded.observations;
  };
  graded.report = grade_submission(prepared, script, options);
  graded.judging_seconds = static_cast<double>(times.judging_ns.load()) * 1e-9;
  return graded;
}

constexpr std::uint64_t kLongRun = 10'000;

struct Slowest {
  double seconds = 0;
  double reference = 0;
  std::string where;
  std::uint64_t expanded = 0;
  std::size_t tree_calls = 0;
  std::string named;
};

struct Totals {
  std::size_t scripts = 0, failing_tests = 0;
  double diagnosis_seconds = 0;
  // The slowest diagnosis; the slowest of a run of more than kLongRun expansions.
  Slowest slowest, slowest_long;
  // The observed-search records of every search run graded, as the parent holds them (vectors
  // of their exact size: observation.cpp decodes them so), over the expansions they keep.
  std::uint64_t record_bytes = 0, kept_expansions = 0;
  double most_bytes_per_expansion = 0;
  double slowest_judging = 0;
  std::string slowest_judging_script;
};

bool failed(const GradeReport& report, const std::string& name) {
  return std::any_of(report.tests.begin(), report.tests.end(), [&](const TestResult& result) {
    return result.name == name && !result.passed;
  });
}

// Each failing search test of one graded script, diagnosed alone.
void diagnose_each(const Assignment& assignment, const Graded& graded, const std::string& label,
                   Totals& totals) {
  for (std::size_t t = 0; t < assignment.tasks.size(); ++t) {
    const Task& task = assignment.tasks[t];
    if (task.kind != TaskKind::Search) continue;
    std::vector<const TestCase*> tests;
    std::vector<const StudentSearchRun*> runs;
    for (std::size_t j = 0; j < graded.jobs.size(); ++j) {
      if (graded.jobs[j].task_index != t || !graded.observations[j].search) continue;
      tests.push_back(&task.tests[graded.jobs[j].test_index]);
      runs.push_back(&*graded.observations[j].search);
    }
    for (const StudentSearchRun* run : runs) {
      const ObservedSearch& observed = run->observed;
      const std::uint64_t bytes = observed.boards.size() * sizeof(Board) +
                                  observed.calls.size() * sizeof(ObservedCall) +
                                  observed.children.size() * sizeof(ObservedChild);
      const auto kept = static_cast<std::uint64_t>(
          std::count_if(observed.calls.begin(), observed.calls.end(), [](const ObservedCall& c) {
            return c.kind == ObservedCallKind::Successors;
          }));
      if (kept == 0) continue;
      totals.record_bytes += bytes;
      totals.kept_expansions += kept;
      totals.most_bytes_per_expansion = std::max(
          totals.most_bytes_per_expansion, static_cast<double>(bytes) / static_cast<double>(kept));
    }
    for (std::size_t i = 0; i < tests.size(); ++i) {
      if (!failed(graded.report, task.name + ": " + tests[i]->name)) continue;
      std::optional<Diagnosis> named;
      const double took = best_cpu_seconds(3, [&] {
        TaskDiagnoser diagnoser(task, tests, runs);
        named = diagnoser.diagnose(i);
      });
      ++totals.failing_tests;
      totals.diagnosis_seconds += took;
      const auto measured = [&] {
        const double reference =
            best_cpu_seconds(3, [&] { (void)compute_expectation(task, *tests[i]); });
        return Slowest{took, reference, label + ": " + task.name + ": " + tests[i]->name,
                       runs[i]->expanded, runs[i]->observed.calls.size(),
                       named ? named->code : "(nothing named)"};
      };
      if (took > totals.slowest.seconds) totals.slowest = measured();
      if (runs[i]->expanded > kLongRun && took > totals.slowest_long.seconds) {
        totals.slowest_long = measured();
      }
    }
  }
}

void print(const char* what, const Slowest& s) {
  std::printf("  %s: %s (%llu expansions, %zu API calls recorded), named %s\n", what,
              s.where.c_str(), static_cast<unsigned long long>(s.expanded), s.tree_calls,
              s.named.c_str());
}

// The two long runs of the header, written into a temp folder: assignments/long-runs/ and
// tests/long-runs/*.lua in the layout the scan below reads.
fs::path write_long_runs() {
  std::string pattern = (fs::temp_directory_path() / "bench_diagnosis.XXXXXX").string();
  const fs::path root = mkdtemp(pattern.data());
  fs::create_directories(root / "assignments/long-runs");
  fs::create_directories(root / "scripts");
  std::ofstream(root / "assignments/long-runs/assignment.json") << R"({
  "title": "Long runs", "size": "3x3", "goal": "blank-first",
  "limits": {"test_seconds": 120, "call_seconds": 60, "lua_memory_mb": 64},
  "tasks": [
    {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 3,
     "limits": {"max_expansions": 2000000},
     "tests": [{"name": "scrambled", "generate": {"count": 3, "seed": 1, "scramble": 10}}]}
  ]
})";
  for (const char* script : {"spinner.lua", "wanderer.lua"}) {
    fs::copy_file(fs::path(source_dir()) / "tests/support" / script, root / "scripts" / script);
  }
  return root;
}

}  // namespace

TILE_BENCH("diagnosis_slowest",
           "every failing search test of the forensic set and the bundled mutants, diagnosed "
           "alone (observed tree and invariants included), vs the reference engine on that test") {
  std::map<std::string, std::vector<fs::path>> scripts;  // assignment -> scripts
  const fs::path forensic = fs::path(source_dir()) / "tests/grader/run/submissions/forensic_set";
  for (const auto& folder : fs::directory_iterator(fs::path(source_dir()) / "assignments")) {
    const std::string name = folder.path().filename().string();
    for (const fs::path& dir : {forensic / name, fs::path(source_dir()) / "reference" / name /
                                                     "mutants"}) {
      if (!fs::is_directory(dir)) continue;
      for (const auto& file : fs::directory_iterator(dir)) {
        if (file.path().extension() == ".lua") scripts[name].push_back(file.path());
      }
    }
  }
  const fs::path long_runs = write_long_runs();
  scripts["long-runs"] = {long_runs / "scripts/spinner.lua", long_runs / "scripts/wanderer.lua"};
  Totals totals;
  for (auto& [name, files] : scripts) {
    std::sort(files.begin(), files.end());
    const fs::path home = name == "long-runs" ? long_runs : fs::path(source_dir());
    const auto assignment = load_assignment((home / "assignments" / name).string());
    if (!assignment) {
      std::printf("  cannot load %s: %s\n", name.c_str(), assignment.error().c_str());
      continue;
    }
    const auto prepared = PreparedAssignment::prepare(*assignment);
    if (!prepared) {
      std::printf("  %s: %s\n", name.c_str(), prepared.error().c_str());
      continue;
    }
    for (const fs::path& file : files) {
      const Graded graded = grade_capturing(*prepared, file.string());
      const std::string from = file.parent_path().filename() == "mutants" ? "mutant"
                               : name == "long-runs"                       ? "long run"
                                                                           : "forensic set";
      const std::string label = name + ", " + from + " " + file.stem().string();
      ++totals.scripts;
      if (graded.judging_seconds > totals.slowest_judging) {
        totals.slowest_judging = graded.judging_seconds;
        totals.slowest_judging_script = label;
      }
      diagnose_each(*assignment, graded, label, totals);
    }
  }
  fs::remove_all(long_runs);
  std::printf("  %zu scripts graded, %zu failing search tests diagnosed\n", totals.scripts,
              totals.failing_tests);
  print("slowest", totals.slowest);
  figure("slowest diagnosis of one failing test (goal: < 1000)", totals.slowest.seconds * 1e3,
         "ms");
  figure("peer: the reference engine on that test", totals.slowest.reference * 1e3, "ms");
  print("slowest of a run over 10,000 expansions", totals.slowest_long);
  figure("its diagnosis", totals.slowest_long.seconds * 1e3, "ms");
  figure("peer: the reference engine on that test", totals.slowest_long.reference * 1e3, "ms");
  figure("mean diagnosis of one failing test",
         totals.failing_tests ? totals.diagnosis_seconds / totals.failing_tests * 1e3 : 0, "ms");
  figure("the record's memory per kept expansion, all search runs",
         totals.kept_expansions ? static_cast<double>(totals.record_bytes) /
                                      static_cast<double>(totals.kept_expansions)
                                : 0,
         "bytes");
  figure("the most of one run", totals.most_bytes_per_expansion, "bytes");
  std::printf("  slowest judging of a whole script (grade's checks and diagnoses): %s\n",
              totals.slowest_judging_script.c_str());
  figure("its judging, every test", totals.slowest_judging * 1e3, "ms");
}

}  // namespace tile::bench
