// What a mutant file (reference/*/mutants/*.json: {"score": 50, "diagnosis": "code"}) may declare,
// and which test diagnoses name the declared mistake: one answer, read from the code table's
// "reported as" column (diagnosis_codes.def), for validate and for the docs' table alike
// (issue 50: the docs listed heuristic-counts-blank for a heuristic mutant while validate wanted
// inadmissible, the code a test carries for it).
//   - a code a test carries (its row reported as itself): the test's code is the declared one;
//   - a heuristic's source (reported as a check's code, with it as heuristic_source): the test's
//     code is that check's and its heuristic_source the declared source;
//   - a goal test's reading (reported as wrong-goal-test's code with its sentence): no field of
//     a report records it, so it cannot be declared; the instructor is told to declare the code.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tile {

// Why `declared` cannot be a mutant's diagnosis ("is not a diagnosis code ..."), said after the
// quoted code; nullopt when it can.
std::optional<std::string> undeclarable_reason(std::string_view declared);

// Whether a test whose diagnosis is `code`, with `heuristic_source` ("" when none), names the
// mistake a mutant file declares as `declared`.
bool names_declared(std::string_view declared, std::string_view code,
                    std::string_view heuristic_source);

// What a test must carry for `declared`, in words for validate's finding: the code itself, or
// "inadmissible with heuristic_source heuristic-counts-blank".
std::string expected_for_declared(std::string_view declared);

}  // namespace tile
