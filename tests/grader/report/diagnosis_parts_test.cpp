// The two-mistakes sentence, built from the two catalogue entries and their values: both
// mistakes, and never the same clause twice.
#include "grader/report/diagnosis_parts.h"

#include <doctest/doctest.h>

#include <string>

#include "tests/grader/text_support.h"

using namespace tile;

namespace {

// A greedy task's frontier, as describe_frontier says it.
const std::string kFrontier = "Python's heapq comparing h, then the boards' tiles, smallest first";

}  // namespace

TEST_CASE("a second mistake that would repeat what the assignment does keeps only what you did") {
  const DiagnosisPart heap{"ties-in-textbook-heap-order", {{"assignment", kFrontier}}};
  const DiagnosisPart ignore{"ties-ignore-{key}",
                             {{"key", "state"},
                              {"phrase", "the boards' tiles, smallest first"},
                              {"assignment", kFrontier}}};
  const std::string sentence = two_mistakes_sentence(heap, ignore);
  CHECK(testing::occurrences(sentence, "this assignment's frontier is") == 1);
  CHECK(sentence.find(part_sentence(heap)) != std::string::npos);
  CHECK(sentence.find("Second: Among equal priorities you ignore the boards' tiles, smallest "
                      "first.") != std::string::npos);
  CHECK(part_code(ignore) == "ties-ignore-state");
}

TEST_CASE("two mistakes about different things keep both sentences whole") {
  const DiagnosisPart goal{"goal-test-on-generate", {}};
  const DiagnosisPart ignore{"ties-ignore-{key}",
                             {{"key", "state"},
                              {"phrase", "the boards' tiles, smallest first"},
                              {"assignment", kFrontier}}};
  const std::string sentence = two_mistakes_sentence(goal, ignore);
  CHECK(sentence.find(part_sentence(goal)) != std::string::npos);
  CHECK(sentence.find(part_sentence(ignore)) != std::string::npos);
  CHECK(sentence.starts_with("Two mistakes together reproduce your run"));
}

TEST_CASE("the same assignment value in a row with no half of its own keeps the whole sentence") {
  // goal-test-on-pop's row has no `yours` half: nothing is cut, whatever the values say.
  const DiagnosisPart first{"ties-ignore-{key}",
                            {{"key", "state"}, {"phrase", "p"}, {"assignment", "on-generate"}}};
  const DiagnosisPart second{"goal-test-on-pop", {{"assignment", "on-generate"}}};
  CHECK(two_mistakes_sentence(first, second).find(part_sentence(second)) != std::string::npos);
}

TEST_CASE("every row's own half is how its whole sentence begins") {
  for (const DiagnosisCode& row : diagnosis_codes()) {
    if (row.yours.empty()) continue;
    INFO(row.code);
    REQUIRE(row.yours.ends_with('.'));
    const std::string_view lead = row.yours.substr(0, row.yours.size() - 1);
    CHECK(row.sentence.starts_with(lead));
    CHECK(row.sentence.size() > row.yours.size());
  }
}
