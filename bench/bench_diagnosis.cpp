// Naming a mistake (issue 12, "Speed"): the diagnosis of a failing search test re-runs the engine
// under every catalogue variant of its task, so one diagnosis costs many searches. Goal: each under
// 1 s. Measured on classic-8puzzle's DFS, whose budget is 10,000 expansions: for every test and
// every catalogue variant, the student's run is the engine's run under that variant, cut at the
// budget as the sandbox cuts a student's (out of expansions, its first 10,000 boards kept), and
// diagnose_search names it. Peers in the same run: the reference search of the same test alone
// (what grading without any diagnosis costs the engine) and one engine search making the mistake
// (diagnosis runs up to one per catalogue entry). Then the task's whole diagnosis as grading does
// it (TaskDiagnoser: the variants on every test of the task, once for all the failing tests).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bench.h"
#include "engine/search.h"
#include "grader/judge/diagnosis.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/pairs.h"
#include "grader/judge/reproduction.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile::bench {
namespace {

// What a student whose search has exactly this mistake hands in, as the sandbox records it.
StudentSearchRun student_run(const Task& task, const Variant& variant, const TestCase& test) {
  const SearchResult result = search({test.start, task.goal}, variant_spec(task, variant, nullptr,
                                                                           true));
  StudentSearchRun run;
  const std::uint64_t budget = task.limits.search.max_expansions;
  run.expansions = result.trace;
  if (run.expansions.size() > budget) {
    run.expansions.resize(budget);
    run.out_of_expansions = true;
    run.error = "budget";
    return run;
  }
  run.completed = true;
  run.path = result.path;
  run.reported_count =
      static_cast<std::int64_t>(result.counters.selected(result.semantics.count));
  return run;
}

struct Slowest {
  double seconds = 0;
  std::string test;
  std::string variant;
  std::size_t expansions = 0;
  std::string named;
};

}  // namespace

TILE_BENCH("diagnosis_dfs_10000",
           "diagnose_search on classic-8puzzle's DFS (budget 10,000 expansions), every test x "
           "every catalogue mistake, vs the reference search of the same test; best of 3 each") {
  auto loaded = load_assignment(source_dir() + "/assignments/classic-8puzzle");
  if (!loaded) {
    std::printf("  cannot load classic-8puzzle: %s\n", loaded.error().c_str());
    return;
  }
  const Task* found = nullptr;
  for (const Task& task : loaded->tasks) {
    if (task.name == "dfs") found = &task;
  }
  if (found == nullptr) return;
  const Task& task = *found;
  std::printf("  budget: %llu expansions\n",
              static_cast<unsigned long long>(task.limits.search.max_expansions));

  const std::vector<Variant> variants = mistake_catalogue(task);
  Slowest slowest;
  double total = 0;
  std::size_t diagnosed = 0, at_budget = 0;
  double slowest_reference = 0, slowest_mistake = 0;
  std::uint64_t searches = 0;  // the judge's engine searches over every diagnosis timed
  for (const TestCase& test : task.tests) {
    const double reference = best_seconds(3, [&] {
      search({test.start, task.goal}, engine_spec(task, nullptr, true));
    });
    for (const Variant& variant : variants) {
      const StudentSearchRun run = student_run(task, variant, test);
      std::optional<Diagnosis> named;
      const std::uint64_t before = judge_searches();
      const double took = best_seconds(3, [&] { named = diagnose_search(task, test, run); });
      if (!named) continue;  // the variant does nothing wrong on this test
      searches += (judge_searches() - before) / 3;
      total += took;
      ++diagnosed;
      at_budget += run.out_of_expansions ? 1 : 0;
      if (took > slowest.seconds) {
        slowest = {took, test.name, variant.code + variant.detail, run.expansions.size(),
                   named->code};
        slowest_reference = reference;
        slowest_mistake = best_seconds(3, [&] { student_run(task, variant, test); });
      }
    }
  }
  std::printf("  %zu failing (test, mistake) runs diagnosed, %zu of them stopped at the budget\n",
              diagnosed, at_budget);
  std::printf("  slowest: test %s, mistake %s (%zu expansions), named %s\n", slowest.test.c_str(),
              slowest.variant.c_str(), slowest.expansions, slowest.named.c_str());
  figure("slowest diagnosis of one failing test (goal: < 1000)", slowest.seconds * 1e3, "ms");
  figure("peer: the reference search of that test", slowest_reference * 1e3, "ms");
  figure("peer: one engine search making that mistake", slowest_mistake * 1e3, "ms");
  std::printf("  (%zu mistakes in the catalogue of this task)\n", variants.size());
  figure("mean diagnosis of one failing test", diagnosed ? total / diagnosed * 1e3 : 0, "ms");
  figure("engine searches during those diagnoses", static_cast<double>(searches), "searches");
  figure("engine searches per second, diagnosing", total > 0 ? static_cast<double>(searches) / total : 0,
         "searches/s");

  // Two mistakes at once: the first kPairedMistakes of the catalogue, two by two, on every test;
  // the runs no single mistake reproduces go on to the pair search.
  constexpr std::size_t kPairedMistakes = 6;
  const Variant reference = reference_variant(task);
  double slowest_pair = 0, pair_total = 0;
  std::size_t pair_runs = 0, pairs_named = 0;
  std::string slowest_pair_name;
  for (std::size_t a = 0; a < std::min(kPairedMistakes, variants.size()); ++a) {
    for (std::size_t b = a + 1; b < std::min(kPairedMistakes, variants.size()); ++b) {
      const auto both = combine(reference, variants[a], variants[b]);
      if (!both) continue;
      for (const TestCase& test : task.tests) {
        const StudentSearchRun run = student_run(task, *both, test);
        std::optional<Diagnosis> named;
        const double took = best_seconds(1, [&] { named = diagnose_search(task, test, run); });
        if (!named) continue;
        ++pair_runs;
        pair_total += took;
        if (named->code == both->code) ++pairs_named;
        if (took > slowest_pair) {
          slowest_pair = took;
          slowest_pair_name = test.name + ", " + both->code + ", named " + named->code;
        }
      }
    }
  }
  std::printf("  two mistakes at once: %zu failing runs, %zu named as both; slowest: %s\n",
              pair_runs, pairs_named, slowest_pair_name.c_str());
  figure("slowest diagnosis of a two-mistake run (goal: < 1000)", slowest_pair * 1e3, "ms");
  figure("mean diagnosis of a two-mistake run", pair_runs ? pair_total / pair_runs * 1e3 : 0,
         "ms");

  // As grading does it: one student with the slowest mistake on every test of the task.
  std::vector<StudentSearchRun> runs;
  const Variant* worst = nullptr;
  for (const Variant& variant : variants) {
    if (variant.code + variant.detail == slowest.variant) worst = &variant;
  }
  if (worst == nullptr) return;
  std::vector<const TestCase*> tests;
  for (const TestCase& test : task.tests) {
    tests.push_back(&test);
    runs.push_back(student_run(task, *worst, test));
  }
  std::vector<const StudentSearchRun*> run_pointers;
  for (const StudentSearchRun& run : runs) run_pointers.push_back(&run);
  const std::uint64_t before_task = judge_searches();
  const double whole_task = best_seconds(3, [&] {
    TaskDiagnoser diagnoser(task, tests, run_pointers);
    for (std::size_t i = 0; i < tests.size(); ++i) diagnoser.diagnose(i);
  });
  const std::uint64_t task_searches = (judge_searches() - before_task) / 3;
  const double references = best_seconds(3, [&] {
    for (const TestCase& test : task.tests) {
      search({test.start, task.goal}, engine_spec(task, nullptr, true));
    }
  });
  std::printf("  that mistake on all %zu tests, as grade diagnoses a task:\n", tests.size());
  figure("  TaskDiagnoser, every test diagnosed", whole_task * 1e3, "ms");
  figure("  engine searches per second, diagnosing the task",
         whole_task > 0 ? static_cast<double>(task_searches) / whole_task : 0, "searches/s");
  figure("  peer: the reference searches of those tests", references * 1e3, "ms");
}

}  // namespace tile::bench
