#include "grader/judge/reproduction.h"

#include <algorithm>
#include <atomic>

#include "grader/judge/comparison.h"
#include "grader/spec/expectation.h"

namespace tile {

namespace {

std::atomic<std::uint64_t> searches_run{0};

// Every engine search of the judge's reproductions, counted.
SearchResult counted_search(const Problem& problem, const SearchSpec& spec) {
  searches_run.fetch_add(1, std::memory_order_relaxed);
  return search(problem, spec);
}

}  // namespace

std::uint64_t judge_searches() { return searches_run.load(std::memory_order_relaxed); }

const std::vector<CountKind>& count_kinds() {
  static const std::vector<CountKind> kinds =
      engine_values<CountKind>([](CountKind kind) { return count_name(kind); });
  return kinds;
}
bool has_evidence(const StudentSearchRun& run) {
  return run.completed || run.out_of_expansions || run.returned_no_path || !run.expansions.empty();
}

Reproduction reproduce(const Task& task, const Problem& problem, Heuristic* heuristic,
                       const Variant& candidate, const StudentSearchRun& run) {
  SearchSpec spec = variant_spec(task, candidate, heuristic, false);
  if (run.returned_no_path) {
    // The search ended without the goal: the candidate must find nothing after the same
    // expansions (capped as below; the count returned says nothing without a path).
    spec.limits.max_nodes =
        std::min<std::uint64_t>(spec.limits.max_nodes, node_cap(run.expansions.size()));
    SearchResult result = counted_search(problem, spec);
    if (result.status != SearchStatus::NoSolution ||
        result.counters.expanded != run.expansions.size()) {
      return {};
    }
    spec.record_trace = true;
    result = counted_search(problem, spec);
    return result.trace == run.expansions ? Reproduction{true, kAnyCount} : Reproduction{};
  }
  if (!run.completed) {
    // A run stopped before it returned (the expansion budget, the clock, an error): the
    // candidate's search must begin with the same expansions (the first kComparedExpansions); a
    // budget-stopped run's must go on past them, as the student's tried to.
    const std::size_t made = std::min(run.expansions.size(), kComparedExpansions);
    spec.record_trace = true;
    // Enough nodes for one expansion more than the student made.
    spec.limits.max_nodes = std::min<std::uint64_t>(spec.limits.max_nodes, node_cap(made + 1));
    const SearchResult result = counted_search(problem, spec);
    const std::size_t needed = run.out_of_expansions ? made + 1 : made;
    const bool same = result.trace.size() >= needed &&
                      std::equal(run.expansions.begin(),
                                 run.expansions.begin() + static_cast<std::ptrdiff_t>(made),
                                 result.trace.begin());
    return {same, same ? kAnyCount : 0};
  }
  // Without a trace first: most variants already differ in their path, and traces of long
  // depth-first runs are the expensive part. A variant that needs more expansions than the
  // student made cannot match: cap its nodes.
  spec.limits.max_nodes = std::min<std::uint64_t>(spec.limits.max_nodes, node_cap(run.expanded));
  SearchResult result = counted_search(problem, spec);
  // A search that counts its last round only still makes every round's expansions: its counter
  // cannot stand for the trace's length, so only the trace below can rule it out.
  const bool counts_every_expansion = spec.semantics.rounds_counted != RoundsCounted::Last;
  if (result.status != SearchStatus::Solved || result.path != run.path ||
      (counts_every_expansion && result.counters.expanded != run.expanded)) {
    return {};
  }
  spec.record_trace = true;
  result = counted_search(problem, spec);
  // The whole expansion order and the path, whatever the task's checks compare.
  const Compared everything{PathCheck::Exact, false, false, 0, true};
  const Counters counters = result.counters;
  const std::int64_t offset = result.semantics.count_offset;  // a count started at 1, say
  const Expectation candidate_run = expectation_of(std::move(result), CountKind::Expanded);
  if (!compare_run(everything, candidate_run,
                   summary_of(run, problem.start, problem.goal, CostModel::Unit))
           .empty()) {
    return {};
  }
  if (!task.checks.count || !run.reported_count) return {true, kAnyCount};
  CountMask counts = 0;
  for (CountKind kind : count_kinds()) {
    const auto raw = static_cast<std::int64_t>(counters.selected(kind));
    if (*run.reported_count == std::max<std::int64_t>(0, raw + offset)) {
      counts |= bit(kind);
    }
  }
  return {true, counts};
}

std::size_t common_prefix(const Task& task, const Problem& problem, Heuristic* heuristic,
                          const Variant& candidate, const StudentSearchRun& run) {
  const std::size_t made = std::min(run.expansions.size(), kComparedExpansions);
  SearchSpec spec = variant_spec(task, candidate, heuristic, true);
  spec.limits.max_nodes = std::min<std::uint64_t>(spec.limits.max_nodes, node_cap(made));
  const SearchResult result = counted_search(problem, spec);
  const std::size_t common = std::min(made, result.trace.size());
  return static_cast<std::size_t>(
      std::mismatch(result.trace.begin(), result.trace.begin() + static_cast<std::ptrdiff_t>(common),
                    run.expansions.begin())
          .first -
      result.trace.begin());
}

}  // namespace tile
