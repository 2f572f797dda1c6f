// Where a task's semantics part from what most textbooks teach (AIMA's pseudocode, 4th edition):
// a student who follows the book there gets a different path or count, so the handout `tilegrade
// new` writes and `validate`'s output both name each such choice, from this one table.
#pragma once

#include <string>
#include <vector>

#include "engine/semantics.h"

namespace tile {

// One sentence per field where the task's resolved semantics differ from the textbook's, in the
// table's order; empty when the task does as the book does.
std::vector<std::string> textbook_differences(Algorithm algorithm,
                                              const ResolvedSemantics& resolved);

}  // namespace tile
