#include "grader/judge/path_family.h"

#include <algorithm>

#include "grader/judge/comparison.h"
#include "grader/judge/reproduction.h"

namespace tile {

namespace {

// The frontier styles a student's search may have: how repeats are handled, and how ties are
// taken (a heap comparing the priority alone, Python's heapq or one written by hand, or a queue
// keeping equal priorities oldest or newest first).
std::vector<ResolvedSemantics> styles_of(const ResolvedSemantics& semantics) {
  struct Ties {
    QueueKind queue;
    std::vector<TieKey> keys;
  };
  const Ties ties_styles[] = {{QueueKind::PythonHeapq, {}},
                              {QueueKind::BinaryHeap, {}},
                              {QueueKind::Stable, {TieKey::Fifo}},
                              {QueueKind::Stable, {TieKey::Lifo}}};
  std::vector<ResolvedSemantics> out;
  for (Duplicates duplicates : {Duplicates::ClosedOnPop, Duplicates::None, Duplicates::OnPush,
                                Duplicates::ReopenIfCheaper}) {
    for (const Ties& ties : ties_styles) {
      ResolvedSemantics style = semantics;
      style.duplicates = duplicates;
      style.queue = ties.queue;
      style.tie_break = ties.keys;
      out.push_back(std::move(style));
    }
  }
  return out;
}

// Whether `variant` in one of its styles returns the student's path (a finished run) or begins
// with its expansions (a run stopped early).
bool matches_in_some_style(const Task& task, const Variant& variant, Heuristic* heuristic,
                           const Problem& problem, const StudentSearchRun& run) {
  for (const ResolvedSemantics& style : styles_of(variant.semantics)) {
    Variant styled = variant;
    styled.semantics = style;
    if (!run.completed) {
      if (reproduce(task, problem, heuristic, styled, run).path_and_order) return true;
      continue;
    }
    SearchSpec spec = variant_spec(task, styled, heuristic, false);
    spec.limits.max_nodes =
        std::min<std::uint64_t>(spec.limits.max_nodes, node_cap(task.limits.search.max_expansions));
    const SearchResult result = search(problem, spec);
    if (result.status == SearchStatus::Solved && result.path == run.path) return true;
  }
  return false;
}

}  // namespace

PathSwapReading read_path_swap(const Task& task, const std::vector<Variant>& candidates,
                               Heuristic* heuristic, const Problem& problem,
                               const StudentSearchRun& run) {
  PathSwapReading reading;
  if (task.checks.order || candidates.empty() || !run.returned_boards.empty()) return reading;
  if (!run.completed && run.expansions.empty()) return reading;
  reading.readable = true;
  if (matches_in_some_style(task, candidates.front(), heuristic, problem, run)) {
    reading.reference = true;
    return reading;
  }
  for (std::size_t i = 1; i < candidates.size(); ++i) {
    const Variant& swap = candidates[i];
    if (swap.algorithm == task.algorithm) continue;
    if (matches_in_some_style(task, swap, heuristic, problem, run)) {
      reading.swap = Diagnosis{swap.code, swap.explanation};
      return reading;
    }
  }
  return reading;
}

}  // namespace tile
