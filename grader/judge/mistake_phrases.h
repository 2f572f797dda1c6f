// What the task's own choice of each semantics field does, in words a student reads: the
// {assignment} half of a derived mistake's sentence ("this assignment's search marks a state when
// it is first pushed and never pushes it again").
#pragma once

#include <string>

#include "engine/semantics.h"

namespace tile {

std::string describe_duplicates(Duplicates policy);
std::string priority_phrase(Algorithm algorithm);
std::string tie_key_phrase(TieKey key);
// "Python's heapq comparing f = g + h, then the rank of the move in the action order".
std::string describe_frontier(const ResolvedSemantics& base, Algorithm algorithm);
std::string describe_cycle_check(CycleCheck check);
std::string describe_at_depth_limit(AtDepthLimit at_limit);
std::string describe_round_bound(RoundBound bound);

}  // namespace tile
