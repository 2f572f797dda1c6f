// The one comparison of a run with an expectation: what differs (path, cost, count, expansion
// order, budget) as a task's checks compare. The checks (checks.cpp) score it, the adequacy report
// (adequacy.cpp) asks whether a mistake shows on a board, and the diagnosis (diagnosis.cpp) asks
// whether a candidate reproduces a student's run; none of them compares on its own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"
#include "grader/student/student_run.h"

namespace tile {

enum class Difference { Path, Cost, Count, Order, Budget };
std::string_view difference_name(Difference difference);

// What is compared: the task's checks, or (for diagnosis) everything a reproduction must match.
struct Compared {
  PathCheck path = PathCheck::Exact;
  bool cost = false;
  bool count = false;
  std::uint64_t count_tolerance = 0;
  bool order = false;

  static Compared by_checks(const TaskChecks& checks);
};

// A run as the comparison reads it, whoever made it (a student's script or an engine search).
struct RunSummary {
  bool stopped = false;       // it did not finish (an expansion or node budget): only that is said
  bool reaches_goal = false;  // its path is legal and ends at the goal
  const std::vector<Move>* path = nullptr;
  std::int64_t cost = -1;     // the path's cost under the task's cost model, when it reaches the goal
  std::optional<std::int64_t> count;  // the count returned (a student) or selected (the engine)
  // The boards expanded, in order: all of them or the first ones (`expanded` says how many there
  // were, `expansion_digest` covers them all), or none kept, with only the digest.
  const std::vector<Board>* expansions = nullptr;
  std::uint64_t expanded = 0;
  std::uint64_t expansion_digest = 0;
};

struct Comparison {
  std::vector<Difference> differences;  // in the order of Difference
  // When the order is compared and differs: the first expansion (0-based) that differs, or where
  // one side stops, when both traces are known that far.
  std::optional<std::size_t> first_divergence;

  bool has(Difference difference) const;
  bool empty() const { return differences.empty(); }
  // "path, count": how adequacy and `tilegrade tests` say it.
  std::string describe() const;
};

Comparison compare_run(const Compared& compared, const Expectation& expected,
                       const RunSummary& run);

// An engine search's summary (its path is the engine's, legal and ending at the goal when solved).
RunSummary summary_of(const SearchResult& result, const Board& start, CostModel cost,
                      CountKind count);

// A student's completed search (the path checked against the goal here).
RunSummary summary_of(const StudentSearchRun& run, const Board& start, const Board& goal,
                      CostModel cost);

// An engine search's result as an expectation: what a student's run is compared with when the
// judge asks whether a candidate reproduces it.
Expectation expectation_of(SearchResult result, CountKind count);

// The node budget an engine search needs to make `expansions` expansions and one more (each
// expansion creates at most four nodes, and the start is one): the one place the judge caps a
// candidate's search by what the student's run did.
std::uint64_t node_cap(std::uint64_t expansions);

// |a - b| without overflow for any pair (a script may return math.mininteger), saturating.
std::uint64_t count_gap(std::int64_t a, std::uint64_t b);

}  // namespace tile
