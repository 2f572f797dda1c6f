// search(), except that idastar with a pattern-database heuristic runs on the fast solver when the
// fast solver provably computes the same thing (same path, same counters, same iterations). The
// generic engine stays the reference: anything the fast solver does not reproduce (another
// duplicate policy, goal test on generate, tile costs, a depth limit, a trace, another heuristic)
// goes to search() unchanged.
#pragma once

#include <string>

#include "engine/search.h"

namespace tile {

// Success when the fast solver can stand in for search() on this spec; otherwise why not.
Status check_fast_path(const Problem& problem, const SearchSpec& spec);

// The one documented difference: budgets. The fast solver keeps no nodes, so the generic memory
// budget (which counts the node store and frontier) only applies to its discovered-state set.
SearchResult search_fast_when_possible(const Problem& problem, const SearchSpec& spec);

}  // namespace tile
