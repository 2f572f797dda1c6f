// The words a student reads for each counter: one phrase per counter, distinct, in the words of
// the search's shape (pops for a frontier, calls and nodes reached for a recursive search, rounds
// for iterative deepening, both sides for bidirectional search).
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/semantics_values.h"
#include "grader/judge/diagnosis.h"

using namespace tile;

namespace count_phrases_testing {

ResolvedSemantics marking_none(Algorithm algorithm) {
  Semantics written;
  written.duplicates = Duplicates::None;
  return resolve(written, algorithm);
}

TEST_CASE("every counter has its own phrase, in every shape of search") {
  for (Algorithm algorithm : kAllAlgorithms) {
    for (const ResolvedSemantics& resolved : {defaults_of(algorithm), marking_none(algorithm)}) {
      CAPTURE(algorithm_name(algorithm));
      std::set<std::string> phrases;
      for (CountKind kind : all_values<CountKind>()) {
        const std::string phrase = count_phrase(kind, algorithm, resolved);
        CAPTURE(phrase);
        CHECK_FALSE(phrase.empty());
        CHECK(phrases.insert(phrase).second);  // two counters never read alike
        // Words a student was taught, never the vocabulary's own names.
        CHECK(phrase.find("goal-tests") == std::string::npos);
        CHECK(phrase.find("expanded-below-limit") == std::string::npos);
      }
    }
  }
}

TEST_CASE("a recursive search is told of calls and nodes reached, never of pops") {
  for (Algorithm algorithm : {Algorithm::Dfs, Algorithm::Dls, Algorithm::Iddfs,
                              Algorithm::Idastar}) {
    CAPTURE(algorithm_name(algorithm));
    const ResolvedSemantics recursive = marking_none(algorithm);
    REQUIRE(is_recursive_shape(algorithm, recursive));
    for (CountKind kind : all_values<CountKind>()) {
      CHECK(count_phrase(kind, algorithm, recursive).find("pop") == std::string::npos);
    }
    CHECK(count_phrase(CountKind::Expanded, algorithm, recursive).find("calls") !=
          std::string::npos);
  }
  // A frontier search keeps the pop words, the same as the shape-free phrase.
  const ResolvedSemantics bfs = defaults_of(Algorithm::Bfs);
  CHECK_FALSE(is_recursive_shape(Algorithm::Bfs, bfs));
  for (CountKind kind : all_values<CountKind>()) {
    CHECK(count_phrase(kind, Algorithm::Bfs, bfs) == count_phrase(kind));
  }
  CHECK(count_phrase(CountKind::Popped).find("pop") != std::string::npos);
}

TEST_CASE("an iterative-deepening count says which rounds it adds up") {
  for (Algorithm algorithm : {Algorithm::Iddfs, Algorithm::Idastar}) {
    CAPTURE(algorithm_name(algorithm));
    Semantics written;
    written.duplicates = Duplicates::None;
    written.rounds_counted = RoundsCounted::All;
    const std::string all =
        count_phrase(CountKind::Expanded, algorithm, resolve(written, algorithm));
    written.rounds_counted = RoundsCounted::Last;
    const std::string last =
        count_phrase(CountKind::Expanded, algorithm, resolve(written, algorithm));
    CHECK(all.ends_with(", added up over every round"));
    CHECK(last.ends_with(", in the last round only"));
  }
  // A depth-limited search has one round: nothing is said of rounds.
  const std::string dls = count_phrase(CountKind::Expanded, Algorithm::Dls,
                                       marking_none(Algorithm::Dls));
  CHECK(dls.find("round") == std::string::npos);
}

TEST_CASE("a bidirectional count adds up both sides, and its goal test is the meeting test") {
  const ResolvedSemantics bibfs = defaults_of(Algorithm::Bibfs);
  for (CountKind kind : all_values<CountKind>()) {
    CHECK(count_phrase(kind, Algorithm::Bibfs, bibfs).ends_with(", both sides added up"));
  }
  CHECK(count_phrase(CountKind::GoalTests, Algorithm::Bibfs, bibfs).starts_with("meeting tests"));
}

}  // namespace count_phrases_testing
