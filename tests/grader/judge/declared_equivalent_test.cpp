// An instructor's "equivalent": {"code": "why"} (issue 36 §2): the adequacy report gives that
// mistake as equivalent with the instructor's sentence, and leaves every other mistake as it was.
#include <doctest/doctest.h>

#include <algorithm>

#include "grader/judge/adequacy.h"
#include "grader/spec/expectation.h"

using namespace tile;

namespace {

const VariantAdequacy& variant_named(const TaskAdequacy& adequacy, const std::string& code) {
  const auto found = std::find_if(adequacy.variants.begin(), adequacy.variants.end(),
                                  [&](const VariantAdequacy& v) { return v.variant.code == code; });
  REQUIRE(found != adequacy.variants.end());
  return *found;
}

}  // namespace

TEST_CASE("a mistake the instructor declares equivalent is reported so, with the sentence") {
  auto assignment = parse_assignment(R"({"title": "t", "size": "2x3", "goal": "blank-last",
    "tasks": [{"name": "ucs", "kind": "search", "algorithm": "ucs", "points": 1,
               "semantics": {"cost": "tile"},
               "equivalent": {"ties-lifo": "the instructor's proof"},
               "tests": [{"start": "1 2 3 4 0 5"}]}]})",
                                     ".");
  REQUIRE(assignment);
  const Task& task = assignment->tasks[0];
  const Expectation expected = compute_expectation(task, task.tests[0]).value();
  const TaskAdequacy declared = task_adequacy(task, {&expected});
  const VariantAdequacy& lifo = variant_named(declared, "ties-lifo");
  CHECK(lifo.status == Detection::Equivalent);
  CHECK(lifo.reason == "declared equivalent in assignment.json: the instructor's proof");

  Task undeclared = task;
  undeclared.declared_equivalent.clear();
  const TaskAdequacy plain = task_adequacy(undeclared, {&expected});
  CHECK(variant_named(plain, "ties-lifo").status != Detection::Equivalent);
  // Only the declared one changed.
  REQUIRE(plain.variants.size() == declared.variants.size());
  for (std::size_t i = 0; i < plain.variants.size(); ++i) {
    if (plain.variants[i].variant.code == "ties-lifo") continue;
    CHECK(plain.variants[i].status == declared.variants[i].status);
  }
}

TEST_CASE("a declared equivalence that names no mistake of its task is found, not ignored") {
  auto assignment = parse_assignment(R"({"title": "t", "size": "2x3", "goal": "blank-last",
    "tasks": [{"name": "ucs", "kind": "search", "algorithm": "ucs", "points": 1,
               "semantics": {"cost": "tile"},
               "equivalent": {"ties-lifo": "a proof", "ties-lifoo": "a typo",
                              "weight-on-g": "another algorithm's mistake"},
               "tests": [{"start": "1 2 3 4 0 5"}]}]})",
                                     ".");
  REQUIRE(assignment);
  CHECK(unknown_declared_equivalences(assignment->tasks[0]) ==
        std::vector<std::string>{"ties-lifoo", "weight-on-g"});
  Task none = assignment->tasks[0];
  none.declared_equivalent.clear();
  CHECK(unknown_declared_equivalences(none).empty());
}
