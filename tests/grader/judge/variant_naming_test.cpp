// Naming from reproductions (variant_naming.h): the reference reproducing a run names nothing; a
// catalogue variant reproducing it with the task's counter is named; a counter the candidate
// does not accept is not; and the reference's path with no counter is "wrong-count".
#include <doctest/doctest.h>

#include "grader/judge/variant_naming.h"
#include "grader/spec/expectation.h"
#include "tests/grader/judge/variant_lookup.h"

using namespace tile;

namespace {

Task naming_task() {
  Task task;
  task.goal = goal_board({3, 3}, GoalLayout::BlankFirst);
  task.name = "bfs";
  task.algorithm = Algorithm::Bfs;
  task.semantics.duplicates = Duplicates::OnPush;
  task.tests.push_back({"t", parse_board({3, 3}, "1 2 5 3 4 0 6 7 8").value(),
                        Visibility::Visible});
  return task;
}

std::size_t candidate_index(const std::vector<Variant>& variants, const std::string& code) {
  for (std::size_t i = 0; i < variants.size(); ++i) {
    if (variants[i].code == code) return i;
  }
  FAIL("no variant " << code);
  return 0;
}

}  // namespace

TEST_CASE("the candidates are the reference first, then the catalogue's own searches") {
  const Task task = naming_task();
  const auto candidates = candidates_for(task);
  REQUIRE(candidates.usable);
  REQUIRE(candidates.variants.size() > 1);
  CHECK(candidates.variants[0].code.empty());
  for (const Variant& variant : candidates.variants) CHECK_FALSE(variant.counter_only);
}

TEST_CASE("a run the reference reproduces is explained and names nothing") {
  const Task task = naming_task();
  const auto candidates = candidates_for(task);
  std::vector<Reproduction> evidence(candidates.variants.size(), Reproduction{false, 0});
  evidence[0] = {true, kAnyCount};
  const auto named = name_from(task, candidates.variants, evidence, 12);
  CHECK(named.explained);
  CHECK_FALSE(named.diagnosis);
}

TEST_CASE("a variant reproducing the run with the task's counter is named, unless not accepted") {
  const Task task = naming_task();
  const auto candidates = candidates_for(task);
  const std::size_t reverse = candidate_index(candidates.variants, "push-order-reverse");
  std::vector<Reproduction> evidence(candidates.variants.size(), Reproduction{false, 0});
  evidence[reverse] = {true, kAnyCount};
  const auto named = name_from(task, candidates.variants, evidence, 12);
  REQUIRE(named.diagnosis);
  CHECK(named.diagnosis->code == "push-order-reverse");
  // Refused by the task's other runs: nothing else reproduces the run, so nothing is named.
  const auto refused = name_from(task, candidates.variants, evidence, 12,
                                 [](std::size_t, CountKind) { return false; });
  CHECK_FALSE(refused.explained);
  CHECK_FALSE(refused.diagnosis);
}

TEST_CASE("the reference's path and order with a count no counter gives is wrong-count") {
  const Task task = naming_task();
  const auto candidates = candidates_for(task);
  std::vector<Reproduction> evidence(candidates.variants.size(), Reproduction{false, 0});
  evidence[0] = {true, 0};
  const auto named = name_from(task, candidates.variants, evidence, 1234);
  REQUIRE(named.diagnosis);
  CHECK(named.diagnosis->code == "wrong-count");
  // Nothing reproducing the path and order at all: unexplained, nothing named.
  evidence[0] = {false, 0};
  const auto none = name_from(task, candidates.variants, evidence, 1234);
  CHECK_FALSE(none.explained);
  CHECK_FALSE(none.diagnosis);
}
