// What TaskDiagnoser (diagnosis.h) learns from all of a task's runs, computed on the first
// diagnosis: shared by its ranking (diagnosis.cpp) and its confirmations across runs
// (diagnosis_confirmation.cpp), and by nothing else.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grader/judge/diagnosis.h"
#include "grader/judge/pairs.h"
#include "grader/judge/path_family.h"
#include "grader/judge/variant_naming.h"

namespace tile {

struct TaskDiagnoser::Evidence {
  diagnosis_detail::Candidates candidates;
  std::vector<std::vector<Reproduction>> per_run;
  diagnosis_detail::Named combined;
  // The path mistakes every run with a mendable path shares, in the order path_mistakes gives.
  std::vector<std::string> common_path_codes;
  // Whether every run whose path misses the goal has a mendable path: only then does a path
  // mistake common to them explain every such run, and rank with a variant that reproduces them.
  bool every_missed_path_mendable = true;
  // How far each candidate follows the expansions of the runs the reference does not reproduce,
  // added up (pairs.h): measured the first time a test needs a pair.
  std::optional<std::vector<std::size_t>> pair_guide;
  std::optional<CandidatePair> named_pair;  // the pair a test of the task was named by
  // Each run read by the path-only task's swaps (path_family.h), the first time one is needed.
  std::vector<std::optional<PathSwapReading>> path_readings;
  // Whether every failing run's count is the task's counter less one (count_one_below_everywhere),
  // read the first time a test needs it.
  std::optional<bool> count_one_below;
  // keys_kept_everywhere's answer, read the first time a tie out of order needs it.
  std::optional<bool> keys_kept;
};

}  // namespace tile
