// Equivalent mistakes: a variant of the task's search that no board can ever tell apart from the
// reference under the task's checks, and the reason why, stated for the instructor (another
// counter where the count is not checked, a cost the algorithm never reads, a depth limit the
// search does not have, a goal test whose timing cannot change what is expanded, ...). Each rule
// is a small proof over the engine's semantics; tests/grader/judge/adequacy_*_test.cpp check every
// rule against the engine itself on every 2x3 board and on 8-puzzle scrambles.
#pragma once

#include <optional>
#include <string>

#include "grader/judge/mistake_catalogue.h"
#include "grader/spec/assignment.h"

namespace tile {

// Why no board can ever tell this variant apart under the task's checks; nullopt when one may.
std::optional<std::string> equivalence_reason(const Task& task, const Variant& variant);

// Whether `other` is the same search as `named` under the task's checks (equivalence_reason with
// `named` as the task's semantics): diagnosis names one of two such variants, never both as two
// explanations of one run.
bool same_search(const Task& task, const Variant& named, const Variant& other);

}  // namespace tile
