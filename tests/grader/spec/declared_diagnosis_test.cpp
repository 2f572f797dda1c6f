// What a mutant file may declare, read from the code table's "reported as" column (issue 50: a
// heuristic mutant declared heuristic-counts-blank, as the docs list it, is named by a test that
// carries inadmissible with that heuristic_source).
#include "grader/spec/declared_diagnosis.h"

#include <doctest/doctest.h>

#include "grader/spec/diagnosis_codes.h"

using namespace tile;

TEST_CASE("a code a test carries is declared as itself, a family member or a joined code too") {
  CHECK_FALSE(undeclarable_reason("goal-test-on-generate").has_value());
  CHECK(names_declared("goal-test-on-generate", "goal-test-on-generate", ""));
  CHECK_FALSE(names_declared("goal-test-on-generate", "goal-test-on-pop", ""));
  CHECK(names_declared("action-order-RLDU", "action-order-RLDU", ""));
  CHECK(names_declared("goal-test-on-generate+counts-popped", "goal-test-on-generate+counts-popped",
                       ""));
  CHECK(names_declared("inadmissible", "inadmissible", "heuristic-counts-blank"));
  CHECK(names_declared("heuristic-constant-0", "heuristic-constant-0", "heuristic-constant-0"));
  CHECK(expected_for_declared("goal-test-on-generate") == "goal-test-on-generate");
}

TEST_CASE("a code only batch gives, of a folder that graded nothing, is not a mutant's to declare") {
  for (const DiagnosisCode& row : diagnosis_codes()) {
    if (row.family != DiagnosisFamily::Batch) continue;
    CAPTURE(row.code);
    const auto reason = undeclarable_reason(row.code);
    REQUIRE(reason);
    CHECK(reason->starts_with("is what batch says of a student's folder"));
  }
  CHECK(undeclarable_reason("no-script"));
  CHECK_FALSE(undeclarable_reason("did-not-run"));  // a run's own code stays declarable
}

TEST_CASE("a heuristic's source is named by its check's code with that heuristic_source") {
  CHECK_FALSE(undeclarable_reason("heuristic-counts-blank").has_value());
  CHECK(names_declared("heuristic-counts-blank", "inadmissible", "heuristic-counts-blank"));
  // The check's code alone does not show the source; nor does the source under another code.
  CHECK_FALSE(names_declared("heuristic-counts-blank", "inadmissible", ""));
  CHECK_FALSE(names_declared("heuristic-counts-blank", "heuristic-counts-blank", ""));
  CHECK_FALSE(names_declared("heuristic-counts-blank", "inconsistent", "heuristic-counts-blank"));
  CHECK(names_declared("heuristic-ignores-tile-8", "not-informed", "heuristic-ignores-tile-8"));
  CHECK_FALSE(
      names_declared("heuristic-ignores-tile-8", "not-informed", "heuristic-ignores-tile-7"));
  CHECK(expected_for_declared("heuristic-counts-blank") ==
        "inadmissible with heuristic_source heuristic-counts-blank");
}

TEST_CASE("every row reported as another code's heuristic_source is declarable through it") {
  for (const DiagnosisCode& row : diagnosis_codes()) {
    if (row.reported_as != ReportedAs::HeuristicSourceOf || row.code.find('{') != row.code.npos) {
      continue;
    }
    CAPTURE(row.code);
    CHECK_FALSE(undeclarable_reason(row.code).has_value());
    CHECK(names_declared(row.code, code_of(row.reported_under), row.code));
  }
}

TEST_CASE("a goal test's reading and an unknown word are refused, each with what to do") {
  const auto reading = undeclarable_reason("goal-test-blank-only");
  REQUIRE(reading.has_value());
  CHECK(*reading ==
        "is said only as the sentence of wrong-goal-test, which no field of a report records: "
        "declare wrong-goal-test");
  CHECK(undeclarable_reason("goal-test-always-false").has_value());
  const auto unknown = undeclarable_reason("unrecognized");
  REQUIRE(unknown.has_value());
  CHECK(*unknown == "is not a diagnosis code (docs/diagnosis-codes.md)");
}
