// Every code of the catalogue states a cause only with a proof: each row is either one of the
// codes that claim nothing (a fact, or no verdict) or has its proof here, so a new code cannot
// reach a report without saying what makes it true.
#include "grader/spec/diagnosis_proofs.h"

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "grader/spec/diagnosis_codes.h"

using namespace tile;

TEST_CASE("every catalogue code has a proof, or is one of those that claim no cause") {
  // What happened to a run, what a batch says of a student's files, and the facts with no
  // cause: these claim nothing about the student's code.
  const std::set<std::string> claim_nothing = {
      "did-not-run", "error",     "expansion-budget", "unrecognised", "wrong-count",
      "not-informed", "path-dearer-than-cheapest", "no-script", "ambiguous-script",
      "duplicate-student", "symlink", "not-a-regular-file", "unreadable", "too-large",
      "not-text", "internal-error"};
  for (const DiagnosisCode& row : diagnosis_codes()) {
    std::string code(row.code);
    // A family's row, as one of its members: "action-order-{order}" as "action-order-x".
    if (const auto brace = code.find('{'); brace != std::string::npos) {
      code = code.substr(0, brace) + "x";
    }
    CAPTURE(code);
    if (claim_nothing.count(code)) {
      CHECK(proof_of_code(code) == Proof::None);
    } else {
      CHECK(proof_of_code(code) != Proof::None);
    }
  }
}

TEST_CASE("a code's proof is its row's in the code table, a family member its family's") {
  for (const DiagnosisCode& row : diagnosis_codes()) {
    std::string code(row.code);
    if (const auto brace = code.find('{'); brace != std::string::npos) {
      code = code.substr(0, brace) + "x" + code.substr(code.find('}') + 1);
    }
    CAPTURE(code);
    CHECK(proof_of_code(code) == row.proof);
  }
  // A longer code of another row is not its family's: cycle-check-visited is an observation,
  // cycle-check-none a variant.
  CHECK(proof_of_code("cycle-check-visited") == Proof::Observed);
  CHECK(proof_of_code("cycle-check-none") == Proof::Variant);
}

TEST_CASE("a joined code is proved as its weaker part; names round-trip") {
  CHECK(proof_of_code("goal-test-on-generate") == Proof::Variant);
  CHECK(proof_of_code("goal-test-on-generate+counts-popped") == Proof::Variant);
  CHECK(proof_of_code("goal-test-on-generate+count-equals-key-calls") == Proof::Identity);
  CHECK(proof_of_code("count-equals-goal-tests") == Proof::Identity);
  CHECK(proof_of_code("frontier-not-least-f") == Proof::Observed);
  CHECK(proof_of_code("unrecognised") == Proof::None);
  CHECK(proof_of_code("") == Proof::None);
  CHECK(proof_of_code("no-such-code") == Proof::None);
  for (Proof proof : {Proof::Variant, Proof::Identity, Proof::Observed, Proof::Repair}) {
    CHECK(proof_from_name(proof_name(proof)) == proof);
  }
  CHECK_FALSE(proof_from_name("guess").has_value());
}

TEST_CASE("a code's parts: two where '+' joins them, one otherwise") {
  using Parts = std::vector<std::string_view>;
  CHECK(diagnosis_code_parts("goal-test-on-generate+counts-popped") ==
        Parts{"goal-test-on-generate", "counts-popped"});
  CHECK(diagnosis_code_parts("frontier-queue") == Parts{"frontier-queue"});
  CHECK(diagnosis_code_parts("") == Parts{""});
}
