// The two-mistakes sentence: both mistakes, and never the same clause twice.
#include "grader/judge/pairs.h"

#include <doctest/doctest.h>

#include <string>

#include "tests/grader/text_support.h"

using namespace tile;
using testing::occurrences;

TEST_CASE("a second mistake that would repeat what the assignment does keeps only what you did") {
  // The sentences of ties-in-textbook-heap-order and ties-ignore-state on a greedy task: the
  // second's clause about the assignment is the start of the first's.
  const std::string heap =
      "Your own binary heap takes equal priorities out in another order than Python's heapq; this "
      "assignment's frontier is Python's heapq comparing h, then the boards' tiles, smallest "
      "first, which heapq.push and heapq.pop give you exactly.";
  const std::string ignore =
      "Among equal priorities you ignore the boards' tiles, smallest first; this assignment's "
      "frontier is Python's heapq comparing h, then the boards' tiles, smallest first.";
  const std::string sentence = pair_explanation(heap, ignore);
  CHECK(occurrences(sentence, "this assignment's frontier is") == 1);
  CHECK(sentence.find(heap) != std::string::npos);
  CHECK(sentence.find("Second: Among equal priorities you ignore the boards' tiles, smallest "
                      "first.") != std::string::npos);
}

TEST_CASE("two mistakes about different things keep both sentences whole") {
  const std::string goal =
      "You test for the goal when a node is generated; this assignment tests when it is popped "
      "from the frontier.";
  const std::string counted = "You count pops; this assignment counts expansions.";
  const std::string sentence = pair_explanation(goal, counted);
  CHECK(sentence.find(goal) != std::string::npos);
  CHECK(sentence.find(counted) != std::string::npos);
  CHECK(sentence.starts_with("Two mistakes together reproduce your run"));
}
