// Bidirectional breadth-first search (bibfs): a breadth-first search forward from the start and
// one backward from the goal, each marking its states on push, until they meet (AIMA 4th ed.
// §3.4.5, BIBF-SEARCH with f = depth). It is not the one frontier loop: two frontiers take turns,
// and the goal test is replaced by a meeting test. Where textbooks and students differ, the choice
// is a field of Semantics: meet_test (on generate or on pop), meet_stop (at the first meeting or at
// the end of that side's layer) and next_side (node by node, layer by layer, or the smaller
// frontier). The path is the forward path to the meeting state followed by the backward path from
// it, each move undone; the counters add up both sides (docs/semantics.md).
#pragma once

#include <string>

#include "engine/search.h"

namespace tile {

// Why semantics cannot run as bibfs: a field other than bibfs's default that bibfs has no place
// for (its duplicates are always on-push, its frontiers always FIFO queues), the first such row of
// kSemanticsFields (engine/semantics_fields.h) with its bibfs_refusal, as a bad-input Error;
// success when it can run. search() answers a refused bibfs with no-solution and this message;
// callers that read outside input refuse it first, with this line.
Status check_bibfs(const ResolvedSemantics& semantics);

namespace detail {
// The search itself (search() dispatches here for Algorithm::Bibfs).
SearchResult bidirectional_search(const Problem& problem, const SearchSpec& spec,
                                  const ResolvedSemantics& resolved);
}  // namespace detail

}  // namespace tile
