// The words the mistakes' sentences put around a field's value: one phrase per value, never two
// values read alike, and a frontier described by what it compares and how it breaks ties.
#include "grader/judge/mistake_phrases.h"

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/semantics_values.h"

using namespace tile;

namespace mistake_phrases_testing {

// Each value's phrase is non-empty and no other value's.
template <class E, class Describe>
void check_distinct(Describe describe) {
  std::set<std::string> seen;
  for (E value : all_values<E>()) {
    const std::string phrase = describe(value);
    CAPTURE(phrase);
    CHECK_FALSE(phrase.empty());
    CHECK(seen.insert(phrase).second);
  }
}

TEST_CASE("each value of a field the mistakes name has its own words") {
  check_distinct<Duplicates>(describe_duplicates);
  check_distinct<TieKey>(tie_key_phrase);
  check_distinct<CycleCheck>(describe_cycle_check);
  check_distinct<AtDepthLimit>(describe_at_depth_limit);
  check_distinct<RoundBound>(describe_round_bound);
}

TEST_CASE("a priority is named by the quantity it orders, and the others by arrival") {
  std::set<std::string> ordered_by;
  for (Algorithm algorithm : {Algorithm::Astar, Algorithm::WeightedAstar, Algorithm::Ucs,
                              Algorithm::Greedy, Algorithm::Bfs}) {
    CHECK(ordered_by.insert(priority_phrase(algorithm)).second);
  }
  CHECK(priority_phrase(Algorithm::Astar) == "f = g + h");
  CHECK(priority_phrase(Algorithm::Dfs) == "nothing but the order of arrival");
}

TEST_CASE("a frontier is described by what it compares, then each tie key in order") {
  ResolvedSemantics heapq;
  heapq.queue = QueueKind::PythonHeapq;
  heapq.tie_break = std::vector<TieKey>{};
  CHECK(describe_frontier(heapq, Algorithm::Ucs) == "Python's heapq comparing g alone");
  ResolvedSemantics stable;
  stable.queue = QueueKind::Stable;
  stable.tie_break = std::vector<TieKey>{TieKey::HLow, TieKey::Fifo};
  CHECK(describe_frontier(stable, Algorithm::Astar) ==
        "ordered by f = g + h, then " + tie_key_phrase(TieKey::HLow) + ", then " +
            tie_key_phrase(TieKey::Fifo));
}

}  // namespace mistake_phrases_testing
