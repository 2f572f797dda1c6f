// How a bidirectional search's own fields are told to a student: one phrase per value, and the
// whole search described with the three choices that shape its path.
#include "grader/judge/bibfs_phrases.h"

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "engine/semantics_values.h"

using namespace tile;

namespace bibfs_phrases_testing {

TEST_CASE("each value of bibfs's fields has its own words") {
  std::set<std::string> seen;
  for (MeetTest test : all_values<MeetTest>()) CHECK(seen.insert(describe_meet_test(test)).second);
  for (MeetStop stop : all_values<MeetStop>()) CHECK(seen.insert(describe_meet_stop(stop)).second);
  for (NextSide side : all_values<NextSide>()) CHECK(seen.insert(describe_next_side(side)).second);
  CHECK_FALSE(seen.count(""));
}

TEST_CASE("the description of a bidirectional search says each of its three choices") {
  for (MeetTest test : all_values<MeetTest>()) {
    for (NextSide side : all_values<NextSide>()) {
      Semantics written;
      written.meet_test = test;
      written.next_side = side;
      const ResolvedSemantics resolved = resolve(written, Algorithm::Bibfs);
      const std::string said = describe_bibfs(resolved);
      CHECK(said.find(describe_meet_test(test)) != std::string::npos);
      CHECK(said.find(describe_next_side(side)) != std::string::npos);
      CHECK(said.find(describe_meet_stop(resolved.meet_stop)) != std::string::npos);
    }
  }
}

}  // namespace bibfs_phrases_testing
