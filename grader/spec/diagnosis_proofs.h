// What makes each diagnosis true (issue 47: no claim without proof). A code states a cause only
// with one of four proofs; every other code states an observed fact, or nothing:
//   variant   the task's semantics with a field or two changed reproduce the student's run on
//             every failing test of the task (path, count and order): the catalogue's mistakes
//   identity  a fact that holds on every test of the task ("your count is the number of
//             problem:is_goal calls" on all of them; a slide function that is another's on all)
//   observed  what the recorded calls of the run show, and what rules out every other reading
//             (a path longer than the search, a board expanded twice, a heuristic's
//             counterexample)
//   repair    an edit of the student's own line that makes the run the reference's
// The report carries the proof beside the code (`diagnosis.proof` in JSON), so a reader, and the
// mutation corpus (scripts/mutation-corpus.sh), can hold each claim to what proves it.
#pragma once

#include <optional>
#include <string_view>

namespace tile {

enum class Proof { None, Variant, Identity, Observed, Repair };

// "variant", ...; "" for None.
std::string_view proof_name(Proof proof);
std::optional<Proof> proof_from_name(std::string_view name);

// The proof a code of the catalogue is named with when the judge says nothing else: its row's
// Proof column in diagnosis_codes.def (a family member such as counts-popped by its family's
// row). A code joined with "+" is as strong as its weaker part. None for the codes that claim no cause (unrecognised, wrong-count, did-not-run,
// ...) and for codes not in the catalogue.
Proof proof_of_code(std::string_view code);

}  // namespace tile
