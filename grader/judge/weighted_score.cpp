#include "grader/judge/weighted_score.h"

#include <algorithm>

namespace tile {

CheckWeights weights_for_returned_boards(CheckWeights weights) {
  weights.wrong_path = WrongPath::Partial;
  return weights;
}

WeightedShare weighted_share(const std::vector<ScoredCheck>& checks, const CheckWeights& weights) {
  const bool path_wrong = std::any_of(checks.begin(), checks.end(), [](const ScoredCheck& check) {
    return check.key == "path" && !check.passed;
  });
  const bool strict = path_wrong && weights.wrong_path == WrongPath::Strict;
  double total = 0;
  double earned = 0;
  bool count_voided = false;
  bool order_voided = false;
  for (const ScoredCheck& check : checks) {
    const double weight = weights.of(check.key);
    total += weight;
    if (!check.passed) continue;
    if (strict && (check.key == "count" || check.key == "order")) {
      // Only a shown weight is a lost one: a check that weighs 0 costs the student nothing.
      if (weight > 0) (check.key == "count" ? count_voided : order_voided) = true;
      continue;
    }
    earned += weight;
  }
  WeightedShare share;
  share.fraction = total > 0 ? std::clamp(earned / total, 0.0, 1.0) : 0;
  if (count_voided || order_voided) {
    const std::string what = count_voided && order_voided ? "your count and your expansion order"
                             : count_voided               ? "your count"
                                                          : "your expansion order";
    const bool both = count_voided && order_voided;
    share.note = "\nYour path is not the one this assignment asks for, so " + what +
                 (both ? " earn no points on this test, though they match.\n"
                       : " earns no points on this test, though it matches.\n");
  }
  return share;
}

}  // namespace tile
