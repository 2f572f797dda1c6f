// Diagnosis-only tests (visibility "diagnosis"): hidden tests that still teach. A student sees the
// test's name, whether it passed, its points and the mistake it names, never its board, the
// expected values, their own run or the step-through. Every renderer (format_report, and
// gradescope_json and format_html, which the browser check page calls) draws the view this file
// makes, so no format can show more than another.
//
// What a diagnosis-only test may say: the code, and its sentence when the catalogue's row fills
// it only from the assignment and the student's own choices ({assignment}, {yours}, {phrase},
// {order}, {counter}, {function}); a row that quotes a board, a count, a value, a step or a place
// ({board}, {count}, {step}, {value}, ...) would carry the test's evidence, so the test says
// kDiagnosisOnlyWithheld instead. It has no check lines: a check's name states the expected value
// ("expanded count is 34"), and even each check's verdict alone is a bit a script can choose from
// the board it was given (fail "count" when the first tile is odd, ...), which rebuilt hidden
// boards in a few submissions: the test's one verdict, its points and its mistake are all a
// student sees of it.
#pragma once

#include <optional>
#include <string_view>

#include "grader/report/report.h"

namespace tile {

// The one note a diagnosis-only test carries, so the student knows why it shows so little.
inline constexpr const char* kDiagnosisOnlyNote =
    "This test shows only its result and the mistake it names: its board, the expected values "
    "and your run are not shown.";
// The sentence of a mistake whose catalogue sentence would quote the test's evidence.
inline constexpr const char* kDiagnosisOnlyWithheld =
    "The sentence for this mistake quotes this test's boards or counts, so it is not shown here; "
    "look for the same mistake in the tests you can see.";

// Whether the sentence of `code` (a catalogue code, a family member such as "action-order-RLDU",
// or a pair joined by "+") is filled only from placeholders that carry no evidence of the run.
bool sentence_is_evidence_free(std::string_view code);

// What the student sees of a diagnosis-only test (the test as it is for any other visibility).
TestResult diagnosis_only_view(const TestResult& test);

// The report with every diagnosis-only test replaced by its view; nullopt when it has none (the
// report is shown as it is).
std::optional<GradeReport> with_diagnosis_only_views(const GradeReport& report);

}  // namespace tile
