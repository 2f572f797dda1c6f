#include "grader/judge/comparison.h"

#include <algorithm>
#include <span>

namespace tile {

std::string_view difference_name(Difference difference) {
  switch (difference) {
    case Difference::Path: return "path";
    case Difference::Cost: return "cost";
    case Difference::Count: return "count";
    case Difference::Order: return "order";
    case Difference::Budget: return "budget";
  }
  return "";
}

Compared Compared::by_checks(const TaskChecks& checks) {
  return {checks.path, checks.cost, checks.count, checks.count_tolerance, checks.order};
}

bool Comparison::has(Difference difference) const {
  return std::find(differences.begin(), differences.end(), difference) != differences.end();
}

std::string Comparison::describe() const {
  std::string out;
  for (Difference difference : differences) {
    out += (out.empty() ? "" : ", ") + std::string(difference_name(difference));
  }
  return out;
}

std::uint64_t count_gap(std::int64_t a, std::uint64_t b) {
  // Computed in unsigned arithmetic, where wrap-around is defined.
  if (a < 0) {
    // -(a + 1) + 1 is |a| for every negative a, math.mininteger included.
    const std::uint64_t magnitude = static_cast<std::uint64_t>(-(a + 1)) + 1;
    return b > UINT64_MAX - magnitude ? UINT64_MAX : b + magnitude;
  }
  const auto unsigned_a = static_cast<std::uint64_t>(a);
  return unsigned_a > b ? unsigned_a - b : b - unsigned_a;
}

std::uint64_t node_cap(std::uint64_t expansions) {
  constexpr std::uint64_t kMost = (UINT64_MAX - 1) / kMoveCount - 1;
  return (std::min(expansions, kMost) + 1) * kMoveCount + 1;
}

namespace {

// Whether the run expanded exactly the reference's trace; where not, the first expansion that
// differs when both are known that far. Boards first (the kept ones against the trace), then the
// number of expansions, then, for what the run did not keep, the digests.
bool same_order(const Expectation& expected, const RunSummary& run,
                std::optional<std::size_t>& first) {
  static const std::uint64_t kEmptyTrace = trace_digest({});
  if (run.expansions == nullptr ||
      (expected.trace.empty() && expected.trace_digest != kEmptyTrace)) {
    // No boards on one side (an expectation read back from expected.json keeps only its digest).
    return run.expansion_digest == expected.trace_digest;
  }
  const std::vector<Board>& kept = *run.expansions;
  const std::vector<Board>& trace = expected.trace;
  const std::size_t common = std::min(kept.size(), trace.size());
  const auto differ = std::mismatch(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(common),
                                    trace.begin());
  if (differ.first != kept.begin() + static_cast<std::ptrdiff_t>(common)) {
    first = static_cast<std::size_t>(differ.first - kept.begin());
    return false;
  }
  if (run.expanded != trace.size()) {
    if (kept.size() > common || kept.size() == run.expanded) first = common;
    return false;
  }
  return kept.size() == run.expanded || run.expansion_digest == expected.trace_digest;
}

}  // namespace

Comparison compare_run(const Compared& compared, const Expectation& expected,
                       const RunSummary& run) {
  Comparison out;
  if (run.stopped) {
    out.differences.push_back(Difference::Budget);
    return out;
  }
  const bool valid = run.reaches_goal && run.path != nullptr;
  switch (compared.path) {
    case PathCheck::Exact:
      if (!valid || *run.path != expected.path) out.differences.push_back(Difference::Path);
      break;
    case PathCheck::Optimal:
      if (!valid || run.cost != expected.optimal_cost.value_or(expected.cost)) {
        out.differences.push_back(Difference::Path);
      }
      break;
    case PathCheck::Valid:
      if (!valid) out.differences.push_back(Difference::Path);
      break;
  }
  if (compared.cost && (!valid || run.cost != expected.cost)) {
    out.differences.push_back(Difference::Cost);
  }
  if (compared.count &&
      (!run.count || count_gap(*run.count, expected.count) > compared.count_tolerance)) {
    out.differences.push_back(Difference::Count);
  }
  if (compared.order && !same_order(expected, run, out.first_divergence)) {
    out.differences.push_back(Difference::Order);
  }
  return out;
}

RunSummary summary_of(const SearchResult& result, const Board& start, CostModel cost,
                      CountKind count) {
  RunSummary out;
  out.stopped = result.status != SearchStatus::Solved;
  out.reaches_goal = !out.stopped;
  out.path = &result.path;
  if (!out.stopped) out.cost = path_cost(start, result.path, cost);
  // The search's own count_offset applies to whichever counter is read: a candidate counting
  // from 1 is off by one on every counter alike.
  out.count = std::max<std::int64_t>(
      0, static_cast<std::int64_t>(result.counters.selected(count)) + result.semantics.count_offset);
  out.expansions = &result.trace;
  out.expanded = result.trace.size();
  out.expansion_digest = trace_digest(result.trace);
  return out;
}

RunSummary summary_of(const StudentSearchRun& run, const Board& start, const Board& goal,
                      CostModel cost) {
  RunSummary out;
  out.stopped = run.out_of_expansions;
  const auto reached = apply_moves(start, std::span<const Move>(run.path));
  out.reaches_goal = run.returned_boards.empty() && reached && *reached == goal;
  out.path = &run.path;
  if (out.reaches_goal) out.cost = path_cost(start, run.path, cost);
  out.count = run.reported_count;
  out.expansions = &run.expansions;
  // A record never keeps more boards than it counted (a hand-made one may count none).
  out.expanded = std::max<std::uint64_t>(run.expanded, run.expansions.size());
  out.expansion_digest = run.expansion_digest;
  return out;
}

Expectation expectation_of(SearchResult result, CountKind count) {
  Expectation out;
  out.status = result.status;
  out.path = std::move(result.path);
  out.cost = result.cost;
  out.counters = result.counters;
  out.count = static_cast<std::uint64_t>(std::max<std::int64_t>(
      0, static_cast<std::int64_t>(result.counters.selected(count)) + result.semantics.count_offset));
  out.trace_digest = trace_digest(result.trace);
  out.trace = std::move(result.trace);
  return out;
}

}  // namespace tile
