// A verified repair beside the catalogue (issue 49 part 4): proven diagnoses stay, a claim the
// repair's edit describes stays and is named by the repair, facts proved by their observation
// stay, and a variant said only as observed that names another cause is dropped, its observed
// step kept.
#include "grader/run/repair_agreement.h"

#include <doctest/doctest.h>

#include "grader/spec/diagnosis_codes.h"

namespace tile {
namespace {

TaskRepair repair_of(std::string kind) {
  TaskRepair repair;
  repair.task = "bfs";
  RepairChange change;
  change.line = 23;
  change.kind = std::move(kind);
  repair.changes.push_back(change);
  return repair;
}

TestResult failing(std::string code, std::string proof = {}) {
  TestResult result;
  result.task = "bfs";
  result.passed = false;
  result.diagnosis.code = std::move(code);
  result.diagnosis.sentence = "the code's sentence";
  result.diagnosis.proof = std::move(proof);
  result.diagnosis.step = StepEvidence{StepUnit::Expansion, 7, {}, {}, "successors", 41};
  return result;
}

TEST_CASE("an edit describes the codes whose mistake it is, and no other") {
  CHECK(edit_describes("frontier-stack", "insert-remove-other-end"));
  CHECK(edit_describes("frontier-not-oldest-first", "insert-remove-other-end"));
  CHECK(edit_describes("frontier-not-oldest-first", "constant-off-by-one"));  // a head index
  CHECK(edit_describes("visited-child-pushed", "logical-operator"));  // the lookup's condition
  CHECK(edit_describes("frontier-not-least-f", "relational-operator"));
  CHECK(edit_describes("frontier-not-least-h", "arithmetic-operator"));
  CHECK(edit_describes("depth-limit-off-by-one", "constant-off-by-one"));
  CHECK(edit_describes("goal-test-on-generate", "statements-swapped"));
  CHECK_FALSE(edit_describes("frontier-stack", "relational-operator"));
  CHECK_FALSE(edit_describes("frontier-not-oldest-first", "statement-deleted"));
  CHECK_FALSE(edit_describes("board-expanded-again", "insert-remove-other-end"));
  CHECK_FALSE(edit_describes("cycle-check-none", "statement-deleted"));  // code to add
  CHECK_FALSE(edit_describes("unrecognised", "relational-operator"));
  // Two mistakes: the repair describes them when it is either one's edit.
  const TaskRepair ends = repair_of("insert-remove-other-end");
  CHECK(repair_describes(ends, "goal-test-on-generate+frontier-stack"));
  CHECK_FALSE(repair_describes(ends, "goal-test-on-generate+counts-popped"));
}

TEST_CASE("the repair's own kinds describe the codes whose mistake they are, and no other") {
  // An offset added to a bound, a limit or a count is the same one-off change as a number one off.
  CHECK(edit_describes("count-offset-plus-one", "offset-added"));
  CHECK(edit_describes("count-offset-minus-one", "offset-added"));
  CHECK(edit_describes("depth-limit-off-by-one", "offset-added"));
  CHECK(edit_describes("at-depth-limit-expand", "offset-added"));
  CHECK(edit_describes("round-growth-plus-two", "offset-added"));
  // A count's computed start made 0; its increment moved past the goal test.
  CHECK(edit_describes("count-offset-plus-one", "initial-value-changed"));
  CHECK(edit_describes("count-offset-plus-one", "statement-moved-past"));
  // Where a count, a reset or a goal test stands.
  CHECK(edit_describes("counts-generated", "statement-moved-out"));
  CHECK(edit_describes("rounds-counted-last", "statement-moved-out"));
  CHECK(edit_describes("goal-test-on-generate", "statement-moved-past"));
  CHECK(edit_describes("expanded-not-goal-tested", "statement-moved-out"));
  // Not: a constant added to a priority orders nothing otherwise; an offset is no counter of
  // another kind, no end of the frontier; a copied line may be a mark, a count or a jump; a first
  // value is not where a goal test stands.
  CHECK_FALSE(edit_describes("priority-h-only", "offset-added"));
  CHECK_FALSE(edit_describes("frontier-not-least-f", "offset-added"));
  CHECK_FALSE(edit_describes("counts-expanded", "offset-added"));
  CHECK_FALSE(edit_describes("frontier-stack", "offset-added"));
  CHECK_FALSE(edit_describes("board-expanded-again", "line-copied"));
  CHECK_FALSE(edit_describes("count-offset-plus-one", "line-copied"));
  CHECK_FALSE(edit_describes("goal-test-on-generate", "initial-value-changed"));
  CHECK_FALSE(edit_describes("depth-limit-off-by-one", "statement-moved-out"));
}

TEST_CASE("a claim an added offset describes is kept and named; one it does not is dropped") {
  TaskRepair repair = repair_of("offset-added");
  TestResult count = failing("count-offset-plus-one", "observed");
  TestResult priority = failing("priority-weighted", "observed");
  put_beside_catalogue(repair, {&count, &priority});
  CHECK(count.diagnosis.code == "count-offset-plus-one");
  CHECK(repair.code == "count-offset-plus-one");
  CHECK(priority.diagnosis.code == codes::kUnrecognised);
  CHECK(repair.dropped == std::vector<std::string>{"priority-weighted"});
}

TEST_CASE("a variant said only as observed is dropped where the repair's edit is another") {
  TaskRepair repair = repair_of("relational-operator");
  TestResult half = failing("frontier-stack", "observed");  // a variant on some runs only
  // An invariant broken at a step is a fact proved by its observation: the repair's edit being
  // another does not make it untrue (the g never incremented that the repair mends does make
  // the frontier pop a node whose f is not the least).
  TestResult observed = failing("frontier-not-oldest-first");
  TestResult kept_state = failing("state-kept-between-calls");
  TestResult passed = failing("frontier-stack", "observed");
  passed.passed = true;
  put_beside_catalogue(repair, {&half, &observed, &kept_state, &passed});
  CHECK(half.diagnosis.code == codes::kUnrecognised);
  CHECK(half.diagnosis.sentence == diagnosis_code(codes::kUnrecognised).sentence);
  CHECK(half.diagnosis.proof.empty());
  // What was observed stays: the step, its boards, the line of its call.
  REQUIRE(half.diagnosis.step);
  CHECK(half.diagnosis.step->line == 41);
  CHECK(observed.diagnosis.code == "frontier-not-oldest-first");
  CHECK(kept_state.diagnosis.code == "state-kept-between-calls");
  CHECK(passed.diagnosis.code == "frontier-stack");  // a passing test is left alone
  CHECK(repair.dropped == std::vector<std::string>{"frontier-stack"});
  CHECK(repair.code.empty());
}

TEST_CASE("proven claims, facts and claims the repair's edit describes are kept") {
  TaskRepair repair = repair_of("insert-remove-other-end");
  TestResult variant = failing("goal-test-on-generate");  // an exact variant on every failing run
  TestResult identity = failing("count-equals-key-calls");
  TestResult fact = failing("unrecognised");
  TestResult path = failing("path-reversed");  // a fact of the path, said as observed
  TestResult described = failing("frontier-not-oldest-first");
  put_beside_catalogue(repair, {&variant, &identity, &fact, &path, &described});
  CHECK(variant.diagnosis.code == "goal-test-on-generate");
  CHECK(identity.diagnosis.code == "count-equals-key-calls");
  CHECK(fact.diagnosis.code == "unrecognised");
  CHECK(path.diagnosis.code == "path-reversed");
  CHECK(described.diagnosis.code == "frontier-not-oldest-first");
  CHECK(described.diagnosis.sentence == "the code's sentence");
  CHECK(repair.code == "frontier-not-oldest-first");  // the repair names the code it is
  CHECK(repair.dropped.empty());
}

}  // namespace
}  // namespace tile
