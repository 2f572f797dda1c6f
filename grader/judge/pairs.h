// Two mistakes at once: when no single candidate reproduces a run, pairs of them are tried, each
// the task's semantics with both mistakes applied. The search is guided by the expansion traces of
// all the task's runs (the mistakes whose searches follow the student's expansions longest are
// each combined with every other) and bounded by a count of engine searches, never by the clock,
// so that the same run gets the same report on every machine.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/search.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// Engine searches one test's pair search may make: a count, not seconds, so that a report never
// depends on the machine's speed. The guide (how far each mistake alone follows the student) is
// measured once per task and not counted here.
inline constexpr std::size_t kPairSearchBudget = 400;
// How many of the mistakes that follow the student's expansions longest lead a pair.
inline constexpr std::size_t kLeaders = 3;

// The two mistakes' variants combined: `a` with every field `b` changes from `reference` set as
// `b` sets it; nullopt when both change the same field (or the algorithm) differently.
std::optional<Variant> combine(const Variant& reference, const Variant& a, const Variant& b);

// One of the task's runs, on its board.
struct RunOnBoard {
  Problem problem;
  const StudentSearchRun* run = nullptr;
};

// For each candidate (as diagnosis tries them, the reference first), how many of the student's
// expansions its search follows, added up over every run of the task that made some: a mistake
// that shows on one board and not another is still followed longest where it shows.
std::vector<std::size_t> pair_guide(const Task& task, const std::vector<Variant>& candidates,
                                    Heuristic* heuristic, const std::vector<RunOnBoard>& runs);

// Two candidates, by their place in `candidates`: the earlier one is named first.
struct CandidatePair {
  std::size_t first = 0;
  std::size_t second = 0;
};

// The first pair that reproduces `run`: `tried_first` (the pair another test of the task was
// named by), then each leader (the mistakes `guide` says follow the student further than the
// reference, longest first, at most kLeaders) with every other mistake, in catalogue order.
std::optional<CandidatePair> find_pair(const Task& task, const std::vector<Variant>& candidates,
                                       Heuristic* heuristic, const std::vector<std::size_t>& guide,
                                       const Problem& problem, const StudentSearchRun& run,
                                       std::optional<CandidatePair> tried_first);

// "A+B" and both sentences.
Diagnosis pair_diagnosis(const std::vector<Variant>& candidates, CandidatePair pair);

}  // namespace tile
