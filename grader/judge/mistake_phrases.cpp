#include "grader/judge/mistake_phrases.h"

#include "engine/semantics_values.h"

namespace tile {

std::string describe_duplicates(Duplicates policy) { return std::string(value_words(policy)); }

std::string priority_phrase(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Astar: return "f = g + h";
    case Algorithm::WeightedAstar: return "g + w*h";
    case Algorithm::Ucs: return "g";
    case Algorithm::Greedy: return "h";
    case Algorithm::Bfs: return "depth";
    default: return "nothing but the order of arrival";
  }
}

std::string tie_key_phrase(TieKey key) { return std::string(value_words(key)); }

std::string describe_frontier(const ResolvedSemantics& base, Algorithm algorithm) {
  std::string out = base.queue == QueueKind::PythonHeapq
                        ? "Python's heapq comparing " + priority_phrase(algorithm)
                        : "ordered by " + priority_phrase(algorithm);
  const std::vector<TieKey>& keys = base.tie_break;
  if (keys.empty()) return out + " alone";
  for (TieKey key : keys) out += ", then " + tie_key_phrase(key);
  return out;
}

std::string describe_cycle_check(CycleCheck check) { return std::string(value_words(check)); }

std::string describe_at_depth_limit(AtDepthLimit at_limit) { return std::string(value_words(at_limit)); }

std::string describe_round_bound(RoundBound bound) { return std::string(value_words(bound)); }

}  // namespace tile
