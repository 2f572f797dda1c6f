// Whether one engine candidate reproduces one student run: the same path and expansion order
// (for a run stopped early, the same first expansions), and which counters equal the count the
// student returned. Diagnosis (one candidate at a time), pairs (two mistakes combined) and the
// path family (a path-only task) all ask this one question.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/search.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// Every counter the engine keeps, from its own table: a count returned is read against each.
const std::vector<CountKind>& count_kinds();
using CountMask = unsigned;  // one bit per counter whose value is the count the student returned
inline constexpr CountMask kAnyCount = ~0u;
inline CountMask bit(CountKind kind) { return 1u << static_cast<unsigned>(kind); }

// How many of a budget-stopped run's expansions are compared: enough to tell the variants apart,
// and a bound on the engine's work (a BFS budget may be millions, times every variant).
inline constexpr std::size_t kComparedExpansions = 20'000;
static_assert(kMinKeptExpansions >= kComparedExpansions, "a run keeps what is compared");

// Whether a run left anything to compare: a whole search, or the expansions it made before the
// budget, the clock or an error stopped it; never a run that returned without calling the
// problem at all.
bool has_evidence(const StudentSearchRun& run);
// A run that returned without one call to the problem (a stub's placeholder, an answer written in
// by hand): it searched nothing ("search-made-no-calls").
bool made_no_calls(const StudentSearchRun& run);

struct Reproduction {
  bool path_and_order = false;
  CountMask counts = 0;
};

Reproduction reproduce(const Task& task, const Problem& problem, Heuristic* heuristic,
                       const Variant& candidate, const StudentSearchRun& run);

// The same for each candidate, in order, their searches run together (engine/candidate_search.h):
// candidates that differ only in their count share one search, and each stops at its first
// expansion that leaves the student's boards. A completed run whose boards were not all kept
// (it expanded more than the record keeps) has no trace to follow: each candidate runs to its
// end, without a trace first.
std::vector<Reproduction> reproduce_all(const Task& task, const Problem& problem,
                                        Heuristic* heuristic,
                                        const std::vector<Variant>& candidates,
                                        const StudentSearchRun& run);

// For each candidate, how many of the run's first expansions (at most kComparedExpansions) its
// search makes too, in the same order: what pairs are guided by. Run together as above.
std::vector<std::size_t> common_prefixes(const Task& task, const Problem& problem,
                                         Heuristic* heuristic,
                                         const std::vector<Variant>& candidates,
                                         const StudentSearchRun& run);

// Engine searches the judge has run in this process, every thread: what the bench divides by the
// time a diagnosis takes (the judge's reach, in searches per second).
std::uint64_t judge_searches();

}  // namespace tile
