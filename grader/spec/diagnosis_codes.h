// The catalogue of diagnosis codes, read from its one table (diagnosis_codes.def): each code a
// report, a gradebook, a mutant file or docs/diagnosis-codes.md may name, its typed value, its
// family, its proof, whether "+" may join it, the code a test carries for it, what it means and
// the sentence a student reads.
//
// Why in spec/, the lowest layer: the codes are compared by layers below the judge that makes them
// (report/ and its PrairieLearn "gradable", batch/'s gradebook status), written by instructors in
// reference/*/mutants/*.json and checked by validate, and listed in docs/diagnosis-codes.md. spec/
// is the contract of an assignment; report/ links only spec/, so this is the one layer every reader
// of a code can include. Codes stay strings at the edges (JSON, reports, mutant files); inside, a
// DiagnosisId names a row so that a typo fails to compile instead of at run time. The judge fills
// the sentences (fill()) instead of writing its own, so a code and its sentence can never drift
// apart, and tests/grader/spec/diagnosis_codes_test.cpp checks docs/diagnosis-codes.md's table
// against this one row by row.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grader/spec/diagnosis_proofs.h"

namespace tile {

// One value per row of diagnosis_codes.def, in its order.
enum class DiagnosisId {
#define DIAGNOSIS(id, ...) id,
#include "grader/spec/diagnosis_codes.def"
#undef DIAGNOSIS
};

// What a code is about; docs/diagnosis-codes.md's "family" column (family_name()).
enum class DiagnosisFamily {
  Run,              // what happened to the run: no result, an error, the budget, nothing named
  Search,           // a rule of the search, a variant of the task's semantics the engine re-runs
  Count,            // what the returned count counts
  Path,             // the returned path itself
  Invariant,        // an invariant of the algorithm the student's own run broke
  Function,         // a function task's answers (slides, the goal test)
  Heuristic,        // a heuristic task's checks
  HeuristicSource,  // where a heuristic's values come from, when they prove it
  Batch,            // a student's entry in a class folder that graded nothing
};

// Whether "+" may join the code to another ("goal-test-on-generate+counts-popped").
enum class Joinability { Alone, Joinable };

// The code a test carries for a row (docs/diagnosis-codes.md's "reported as" column).
enum class ReportedAs {
  Itself,             // the row's own code
  HeuristicSourceOf,  // another row's code, with this one as the diagnosis's heuristic_source
  SentenceOf,         // another row's code, with this row's sentence and no field that says so
};

struct DiagnosisCode {
  DiagnosisId id;
  // The code, or a family of codes with a {placeholder}: "action-order-{order}".
  std::string_view code;
  DiagnosisFamily family;
  Proof proof;  // None: the code claims no cause
  Joinability joinability;
  ReportedAs reported_as;
  DiagnosisId reported_under;  // the row whose code a test carries: `id` itself when Itself
  std::string_view meaning;    // for instructors: what the grader saw
  std::string_view sentence;   // for the student, with the same {placeholders} filled in
  // The sentence's first half alone, what the student did, for a row whose second half (what
  // this assignment does, its {assignment}) the other mistake of a pair may already say: the
  // two-mistakes sentence shows this instead of the whole (grader/report/diagnosis_parts.h).
  std::string_view yours;
};

namespace diagnosis_table {

// A row's ReportedAs column, as diagnosis_codes.def writes it.
struct Reported {
  ReportedAs as;
  std::optional<DiagnosisId> under;
};

constexpr DiagnosisCode row(DiagnosisId id, std::string_view code, DiagnosisFamily family,
                            Proof proof, Joinability joinability, Reported reported,
                            std::string_view meaning, std::string_view sentence,
                            std::string_view yours) {
  return {id,          code,           family,     proof, joinability,
          reported.as, reported.under.value_or(id), meaning, sentence, yours};
}

#define ITSELF ::tile::diagnosis_table::Reported{::tile::ReportedAs::Itself, std::nullopt}
#define HEURISTIC_SOURCE_OF(x) \
  ::tile::diagnosis_table::Reported{::tile::ReportedAs::HeuristicSourceOf, ::tile::DiagnosisId::x}
#define SENTENCE_OF(x) \
  ::tile::diagnosis_table::Reported{::tile::ReportedAs::SentenceOf, ::tile::DiagnosisId::x}
#define DIAGNOSIS(id, code, family, proof, joinability, reported, meaning, sentence, yours)     \
  row(DiagnosisId::id, code, DiagnosisFamily::family, Proof::proof, Joinability::joinability, \
      reported, meaning, sentence, yours),
inline constexpr std::array kRows = {
#include "grader/spec/diagnosis_codes.def"
};
#undef DIAGNOSIS
#undef SENTENCE_OF
#undef HEURISTIC_SOURCE_OF
#undef ITSELF

// Every row's code is its own: two rows of one code would make every lookup by string ambiguous.
constexpr bool codes_unique() {
  for (std::size_t i = 0; i < kRows.size(); ++i) {
    for (std::size_t j = i + 1; j < kRows.size(); ++j) {
      if (kRows[i].code == kRows[j].code) return false;
    }
  }
  return true;
}
static_assert(codes_unique(), "two rows of diagnosis_codes.def have one code");

}  // namespace diagnosis_table

// Every code, in docs/diagnosis-codes.md's order.
std::span<const DiagnosisCode> diagnosis_codes();

// The row of `id`, and its code (a family's with its {placeholder}).
constexpr const DiagnosisCode& diagnosis_row(DiagnosisId id) {
  return diagnosis_table::kRows[static_cast<std::size_t>(id)];
}
constexpr std::string_view code_of(DiagnosisId id) { return diagnosis_row(id).code; }

// "search", "heuristic-source", ...: the docs' family column.
std::string_view family_name(DiagnosisFamily family);

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

// The codes other layers compare, by their rows.
namespace codes {
inline constexpr std::string_view kDidNotRun = code_of(DiagnosisId::DidNotRun);
inline constexpr std::string_view kError = code_of(DiagnosisId::Error);
inline constexpr std::string_view kExpansionBudget = code_of(DiagnosisId::ExpansionBudget);
inline constexpr std::string_view kUnrecognised = code_of(DiagnosisId::Unrecognised);
inline constexpr std::string_view kNotInformed = code_of(DiagnosisId::NotInformed);
inline constexpr std::string_view kNoScript = code_of(DiagnosisId::NoScript);
inline constexpr std::string_view kAmbiguousScript = code_of(DiagnosisId::AmbiguousScript);
inline constexpr std::string_view kDuplicateStudent = code_of(DiagnosisId::DuplicateStudent);
inline constexpr std::string_view kSymlink = code_of(DiagnosisId::Symlink);
inline constexpr std::string_view kNotARegularFile = code_of(DiagnosisId::NotARegularFile);
inline constexpr std::string_view kUnreadable = code_of(DiagnosisId::Unreadable);
inline constexpr std::string_view kTooLarge = code_of(DiagnosisId::TooLarge);
inline constexpr std::string_view kNotText = code_of(DiagnosisId::NotText);
inline constexpr std::string_view kInternalError = code_of(DiagnosisId::InternalError);
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
