// A verified repair beside the catalogue's diagnosis (issue 49 part 4): an exact variant or an
// identity over every test stays the strongest evidence; a repair whose edit is what the
// diagnosis's code describes names that code as well; a fact proved by its observation (an
// invariant the run broke, a second call's other answer) stays, since no repair makes it untrue
// (a repair can pass every test by accident: deleting a visited mark on boards too small to need
// one); where a variant said only as observed (it reproduces some failing runs, not all) names a
// cause the repair's edit is not, the repair's line is shown and the catalogue's claim is dropped:
// the test says what was observed (its step and boards stay), as `unrecognised`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "grader/report/report.h"

namespace tile {

// Whether an edit of `kind` (a RepairChange kind: "relational-operator", grader/edit/
// script_edits.h) is a change the code `code` (one code, not "A+B") describes: the comparison of
// frontier-not-least-f, the end of the table of frontier-stack, the number of
// depth-limit-off-by-one. A code with no edit it describes (cycle-check-none: code to add) is
// described by none.
bool edit_describes(std::string_view code, std::string_view kind);

// Whether any change of `repair` is what `code` describes; for two mistakes ("A+B"), either.
bool repair_describes(const TaskRepair& repair, std::string_view code);

// Puts `repair` beside the diagnoses of its task's failing `results`: a proven diagnosis (variant,
// identity) is kept; a claim the repair's edit describes is kept and named by the repair
// (TaskRepair::code); a code whose own proof is the observation is kept; any other claim of a
// search, count or invariant code said only as observed is dropped (TaskRepair::dropped lists
// each code once). Facts and codes that claim no cause, and
// function, path and heuristic findings, are left as they are.
void put_beside_catalogue(TaskRepair& repair, const std::vector<TestResult*>& results);

}  // namespace tile
