#include "engine/candidate_search.h"

namespace tile {

bool same_search(const SearchSpec& a, const SearchSpec& b) {
  ResolvedSemantics counted_alike = b.semantics;
  counted_alike.count = a.semantics.count;
  counted_alike.count_offset = a.semantics.count_offset;
  return a.algorithm == b.algorithm && a.semantics == counted_alike &&
         a.heuristic == b.heuristic && a.weight.numerator == b.weight.numerator &&
         a.weight.denominator == b.weight.denominator &&
         a.limits.max_nodes == b.limits.max_nodes &&
         a.limits.max_memory_bytes == b.limits.max_memory_bytes &&
         a.limits.max_iterations == b.limits.max_iterations &&
         a.record_trace == b.record_trace && a.record_counters == b.record_counters &&
         a.reference_trace == b.reference_trace && a.allow_bucket_queue == b.allow_bucket_queue;
}

CandidateResults search_candidates(const Problem& problem, const std::vector<SearchSpec>& specs) {
  CandidateResults out;
  out.results.reserve(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    std::size_t earlier = 0;
    while (earlier < i && !same_search(specs[earlier], specs[i])) ++earlier;
    if (earlier < i) {
      // The same search: its result, with this spec's count in the semantics it reports.
      SearchResult shared = out.results[earlier];
      shared.semantics.count = specs[i].semantics.count;
      shared.semantics.count_offset = specs[i].semantics.count_offset;
      out.results.push_back(std::move(shared));
      continue;
    }
    out.results.push_back(search(problem, specs[i]));
    ++out.runs;
  }
  return out;
}

}  // namespace tile
