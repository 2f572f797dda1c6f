// Many searches of one problem that differ in a field or two, as the judge runs them to find which
// mistake reproduces a student's run. Two ways to make them cheap:
//   - searches that differ only in `count` and `count_offset` (which counter is checked) do the
//     same search and count everything anyway: they share one run, and each result carries its
//     own semantics;
//   - a search asked only whether its expansions follow a reference (SearchSpec::reference_trace)
//     stops at the first that does not.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/search.h"

namespace tile {

struct CandidateResults {
  std::vector<SearchResult> results;  // one per spec, in order
  std::size_t runs = 0;               // searches actually run
};

// Runs each spec, sharing one run among specs equal in everything but semantics.count and
// count_offset.
CandidateResults search_candidates(const Problem& problem, const std::vector<SearchSpec>& specs);

// Whether two specs ask for the same search: equal in everything but semantics.count and
// count_offset.
bool same_search(const SearchSpec& a, const SearchSpec& b);

}  // namespace tile
