#include "grader/judge/reproduction.h"

#include <algorithm>
#include <atomic>

#include "engine/candidate_search.h"
#include "engine/semantics_values.h"
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
  static const std::vector<CountKind> kinds = all_values<CountKind>();
  return kinds;
}
bool made_no_calls(const StudentSearchRun& run) {
  return run.completed && run.api_calls == 0 && run.expansions.empty() &&
         run.observed.total_calls() == 0;
}

bool has_evidence(const StudentSearchRun& run) {
  // A function that searched nothing: its path says nothing of a goal test or of how a path was
  // rebuilt, and naming either would be a claim its run never showed.
  if (made_no_calls(run)) return false;
  return run.completed || run.out_of_expansions || run.returned_no_path || !run.expansions.empty();
}

namespace {

// What one run is compared on, and how far a candidate's search needs to go.
struct Reference {
  // The boards a candidate's expansions must follow: its search stops at the first that differs
  // or goes past them (engine/candidate_search.h). Null: the run's trace is not whole (a long
  // completed run keeps its first boards and a digest), so each candidate runs to its end.
  const std::vector<Board>* boards = nullptr;
  std::vector<Board> prefix;       // the first kComparedExpansions, when a stopped run has more
  std::uint64_t max_nodes = 0;     // the cap on each candidate's search
};

Reference reference_of(const StudentSearchRun& run) {
  Reference out;
  const std::size_t kept = run.expansions.size();
  if (run.returned_no_path) {
    // The candidate must find nothing after the same expansions (the count returned says
    // nothing without a path).
    out.boards = &run.expansions;
    out.max_nodes = node_cap(kept);
  } else if (!run.completed) {
    // A run stopped before it returned (the expansion budget, the clock, an error): the
    // candidate's search must begin with the same expansions (the first kComparedExpansions),
    // and have enough nodes for one expansion more than the student made.
    const std::size_t made = std::min(kept, kComparedExpansions);
    if (made < kept) {
      out.prefix.assign(run.expansions.begin(),
                        run.expansions.begin() + static_cast<std::ptrdiff_t>(made));
      out.boards = &out.prefix;
    } else {
      out.boards = &run.expansions;
    }
    out.max_nodes = node_cap(made + 1);
  } else {
    // A variant that needs more expansions than the student made cannot match: cap its nodes.
    out.max_nodes = node_cap(run.expanded);
    if (kept >= run.expanded) out.boards = &run.expansions;  // every board kept
  }
  return out;
}

// Which counters, read with the candidate's count offset, equal the count the student returned.
CountMask counts_matching(const Task& task, const SearchResult& result,
                          const StudentSearchRun& run) {
  if (!task.checks.count || !run.reported_count) return kAnyCount;
  CountMask counts = 0;
  const std::int64_t offset = result.semantics.count_offset;  // a count started at 1, say
  for (CountKind kind : count_kinds()) {
    const auto raw = static_cast<std::int64_t>(result.counters.selected(kind));
    if (*run.reported_count == std::max<std::int64_t>(0, raw + offset)) counts |= bit(kind);
  }
  return counts;
}

// Whether a completed search equals the student's completed run: the whole expansion order and
// the path, whatever the task's checks compare. `result` has its whole trace.
bool same_run(const Problem& problem, SearchResult result, const StudentSearchRun& run) {
  const Compared everything{PathCheck::Exact, false, false, 0, true};
  const Expectation candidate_run = expectation_of(std::move(result), CountKind::Expanded);
  return compare_run(everything, candidate_run,
                     summary_of(run, problem.start, problem.goal, CostModel::Unit))
      .empty();
}

// Whether a finished search ends as the student's completed run did: solved, on the same path,
// after as many expansions. A search that counts its last round only still makes every round's
// expansions: its counter cannot stand for the trace's length, so only the trace can rule it out.
bool ends_like(const SearchSpec& spec, const SearchResult& result, const StudentSearchRun& run) {
  const bool counts_every_expansion = spec.semantics.rounds_counted != RoundsCounted::Last;
  return result.status == SearchStatus::Solved && result.path == run.path &&
         (!counts_every_expansion || result.counters.expanded == run.expanded);
}

// A completed run with no whole trace to follow: each candidate without a trace first (most
// differ in their path, and traces of long depth-first runs are the expensive part), then with.
Reproduction reproduce_to_the_end(const Task& task, const Problem& problem, SearchSpec spec,
                                  const StudentSearchRun& run) {
  spec.record_trace = false;
  SearchResult result = counted_search(problem, spec);
  if (!ends_like(spec, result, run)) return {};
  spec.record_trace = true;
  result = counted_search(problem, spec);
  const CountMask counts = counts_matching(task, result, run);
  if (!same_run(problem, std::move(result), run)) return {};
  return {true, counts};
}

// One candidate's search, stopped where it left the student's boards, read as the run requires.
Reproduction read_followed(const Task& task, const Problem& problem, const SearchSpec& spec,
                           const SearchResult& result, const StudentSearchRun& run,
                           std::size_t made) {
  if (run.returned_no_path) {
    const bool same = !result.diverged_at && result.status == SearchStatus::NoSolution &&
                      result.counters.expanded == run.expansions.size() &&
                      result.trace.size() == run.expansions.size();
    return same ? Reproduction{true, kAnyCount} : Reproduction{};
  }
  if (!run.completed) {
    // Going past the student's boards (a divergence at `made`) is what a budget-stopped run's
    // search must do, as the student's tried to.
    const std::size_t needed = run.out_of_expansions ? made + 1 : made;
    const bool same =
        result.diverged_at ? *result.diverged_at == made : result.trace.size() >= needed;
    return {same, same ? kAnyCount : 0};
  }
  if (result.diverged_at || !ends_like(spec, result, run)) return {};
  if (!same_run(problem, result, run)) return {};
  return {true, counts_matching(task, result, run)};
}

}  // namespace

std::vector<Reproduction> reproduce_all(const Task& task, const Problem& problem,
                                        Heuristic* heuristic,
                                        const std::vector<Variant>& candidates,
                                        const StudentSearchRun& run) {
  const Reference reference = reference_of(run);
  std::vector<SearchSpec> specs;
  specs.reserve(candidates.size());
  for (const Variant& candidate : candidates) {
    SearchSpec spec = variant_spec(task, candidate, heuristic, reference.boards != nullptr);
    spec.limits.max_nodes = std::min<std::uint64_t>(spec.limits.max_nodes, reference.max_nodes);
    spec.reference_trace = reference.boards;
    specs.push_back(spec);
  }
  std::vector<Reproduction> out;
  out.reserve(candidates.size());
  if (reference.boards == nullptr) {
    for (const SearchSpec& spec : specs) {
      out.push_back(reproduce_to_the_end(task, problem, spec, run));
    }
    return out;
  }
  const CandidateResults results = search_candidates(problem, specs);
  searches_run.fetch_add(results.runs, std::memory_order_relaxed);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    out.push_back(read_followed(task, problem, specs[i], results.results[i], run,
                                reference.boards->size()));
  }
  return out;
}

Reproduction reproduce(const Task& task, const Problem& problem, Heuristic* heuristic,
                       const Variant& candidate, const StudentSearchRun& run) {
  return reproduce_all(task, problem, heuristic, {candidate}, run).front();
}

std::vector<std::size_t> common_prefixes(const Task& task, const Problem& problem,
                                         Heuristic* heuristic,
                                         const std::vector<Variant>& candidates,
                                         const StudentSearchRun& run) {
  const std::size_t made = std::min(run.expansions.size(), kComparedExpansions);
  const std::vector<Board> prefix(run.expansions.begin(),
                                  run.expansions.begin() + static_cast<std::ptrdiff_t>(made));
  std::vector<SearchSpec> specs;
  for (const Variant& candidate : candidates) {
    SearchSpec spec = variant_spec(task, candidate, heuristic, true);
    spec.limits.max_nodes = std::min<std::uint64_t>(spec.limits.max_nodes, node_cap(made));
    spec.reference_trace = &prefix;
    specs.push_back(spec);
  }
  const CandidateResults results = search_candidates(problem, specs);
  searches_run.fetch_add(results.runs, std::memory_order_relaxed);
  std::vector<std::size_t> out;
  for (const SearchResult& result : results.results) {
    // Where it left the student's boards, or how far it went before its search ended.
    out.push_back(std::min(made, result.diverged_at.value_or(result.trace.size())));
  }
  return out;
}

}  // namespace tile
