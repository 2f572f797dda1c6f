// Two mistakes at once: when no single candidate reproduces a run, pairs of them are tried, each
// the task's semantics with both mistakes applied. The search is guided by the expansion trace
// (the mistakes whose searches follow the student's expansions longest are each combined with every other) and
// bounded by a count of engine searches, never by the clock, so that the same run gets the same
// report on every machine.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "engine/search.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// Engine searches one pair search may make, the prefixes of single mistakes included: a count,
// not seconds, so that a report never depends on the machine's speed.
inline constexpr std::size_t kPairSearchBudget = 400;
// How many of the mistakes that follow the student's expansions longest lead a pair.
inline constexpr std::size_t kLeaders = 3;

// The two mistakes' variants combined: `a` with every field `b` changes from `reference` set as
// `b` sets it; nullopt when both change the same field (or the algorithm) differently.
std::optional<Variant> combine(const Variant& reference, const Variant& a, const Variant& b);

// "A+B" and both sentences, for the first pair (guided as above) that reproduces the run;
// `candidates` as diagnosis tries them, the reference first.
std::optional<Diagnosis> diagnose_pair(const Task& task, const std::vector<Variant>& candidates,
                                       Heuristic* heuristic, const Problem& problem,
                                       const StudentSearchRun& run);

}  // namespace tile
