// The one catalogue of diagnosis codes: each code a report, a gradebook, a mutant file or the
// docs/diagnosis-codes.md may name, what it means, and the sentence a student reads.
//
// Why in spec/, the lowest layer: the codes are compared by layers below the judge that makes them
// (report/ and its PrairieLearn "gradable", batch/'s gradebook status), written by instructors in
// reference/*/mutants/*.json and checked by validate, and listed in docs/diagnosis-codes.md. spec/
// is the contract of an assignment; report/ links only spec/, so this is the one layer every reader
// of a code can include. The judge fills the sentences (fill()) instead of writing its own, so a
// code and its sentence can never drift apart, and tests/grader/spec/diagnosis_codes_test.cpp
// checks docs/diagnosis-codes.md's table against this list row by row.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tile {

struct DiagnosisCode {
  // The code, or a family of codes with a {placeholder}: "action-order-{order}".
  std::string_view code;
  std::string_view meaning;   // for instructors: what the grader saw
  std::string_view sentence;  // for the student, with the same {placeholders} filled in
  // The sentence's first half alone, what the student did, for a row whose second half (what
  // this assignment does, its {assignment}) the other mistake of a pair may already say: the
  // two-mistakes sentence shows this instead of the whole (grader/report/diagnosis_parts.h).
  std::string_view yours = {};
};

// Every code, in docs/diagnosis-codes.md's order.
std::span<const DiagnosisCode> diagnosis_codes();

// The entry whose code (or family) is `key`; throws std::out_of_range for a key not in the
// catalogue, which is a bug in the grader, never a student's doing.
const DiagnosisCode& diagnosis_code(std::string_view key);

// The entry whose code (or family) is `key`, or nullptr: how the judge asks whether a mistake it
// derived from the vocabulary has a sentence yet.
const DiagnosisCode* find_diagnosis_code(std::string_view key);

// The row a single code as it appears in a report belongs to (itself, or its family:
// "action-order-RLDU" is the row "action-order-{order}"), or nullptr.
const DiagnosisCode* diagnosis_row_of(std::string_view code);

using Placeholders = std::vector<std::pair<std::string_view, std::string>>;

// `text` with every {name} replaced by its value; a placeholder left unfilled throws
// std::invalid_argument (a sentence must never reach a student with braces in it).
std::string fill(std::string_view text, const Placeholders& values);

// Whether a code as it appears in a report is in the catalogue: a code, a family member
// ("action-order-RLDU"), or a search mistake joined to a count mistake with "+"
// ("goal-test-on-generate+counts-popped").
bool is_known_diagnosis(std::string_view code);

// The parts of a code as it appears in a report: "goal-test-on-generate+counts-popped" is two,
// any other code one (an empty code, one empty part).
std::vector<std::string_view> diagnosis_code_parts(std::string_view code);

// The codes other layers compare; each is in the catalogue (the test checks).
namespace codes {
inline constexpr std::string_view kDidNotRun = "did-not-run";
inline constexpr std::string_view kError = "error";
inline constexpr std::string_view kExpansionBudget = "expansion-budget";
inline constexpr std::string_view kUnrecognised = "unrecognised";
inline constexpr std::string_view kNotInformed = "not-informed";
inline constexpr std::string_view kNoScript = "no-script";
inline constexpr std::string_view kAmbiguousScript = "ambiguous-script";
inline constexpr std::string_view kDuplicateStudent = "duplicate-student";
inline constexpr std::string_view kSymlink = "symlink";
inline constexpr std::string_view kNotARegularFile = "not-a-regular-file";
inline constexpr std::string_view kUnreadable = "unreadable";
inline constexpr std::string_view kTooLarge = "too-large";
inline constexpr std::string_view kNotText = "not-text";
inline constexpr std::string_view kInternalError = "internal-error";
}  // namespace codes

// The sentences of a code said as what was observed instead of its cause (its proof "observed",
// grader/spec/diagnosis_proofs.h), {rule} being the code's meaning: a variant seen on this run and
// not on every failing run of the task, and on a path-only task, a search rule that returns this
// run's path. Kept here with the catalogue, so that the judge only fills them (fill()).
namespace observed_sentences {
inline constexpr std::string_view kThisRunOnly =
    "On this test your run is exactly the run of a search with one rule changed: {rule}. On some "
    "other failing tests of this task it is not, so that rule may not be what your code does: "
    "look where your run first differs from the reference's.";
inline constexpr std::string_view kPathOnly =
    "On this test a search with one rule changed returns exactly your path: {rule}. This "
    "assignment accepts any cheapest path, and yours is not one: look where your search's "
    "choices first differ from that rule.";
}  // namespace observed_sentences

}  // namespace tile
