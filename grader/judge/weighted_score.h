// The scoring rule of one test: what share of its points its checks earn. Each check earns its
// weight (CheckWeights: 1 each unless the assignment, the task or the test says otherwise) out of
// the weights of all its checks; and under the default rule ("wrong_path": "strict") a test whose
// path check fails earns nothing for its count and order checks, even where they pass: a count or
// an expansion order is only worth points for the search the assignment asked for, so a search
// with no cycle check, or a do-nothing script on a start-is-goal test, cannot collect them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "grader/spec/check_weights.h"

namespace tile {

struct ScoredCheck {
  std::string_view key;  // "path", "cost", "count", "order", or another check's key
  bool passed = false;
};

struct WeightedShare {
  double fraction = 0;  // of the test's points, from 0 to 1
  // For the student when passing checks earned nothing because the path is wrong; else empty.
  std::string note;
};

// Boards instead of moves: the path's form is wrong, not the search, so its count and order keep
// their points (the path check still fails and the report names path-of-boards).
CheckWeights weights_for_returned_boards(CheckWeights weights);

WeightedShare weighted_share(const std::vector<ScoredCheck>& checks, const CheckWeights& weights);

}  // namespace tile
