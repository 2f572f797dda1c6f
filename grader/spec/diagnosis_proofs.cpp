#include "grader/spec/diagnosis_proofs.h"

#include "grader/spec/diagnosis_codes.h"

namespace tile {
namespace {

// A code's proof is its row's in the table (diagnosis_codes.def); a code with no row claims
// nothing.
Proof one_code(std::string_view code) {
  const DiagnosisCode* row = diagnosis_row_of(code);
  return row == nullptr ? Proof::None : row->proof;
}

// Weaker first: a claim joined of two parts is proved as its weaker part is.
int strength(Proof proof) {
  switch (proof) {
    case Proof::None: return 0;
    case Proof::Observed: return 1;
    case Proof::Identity: return 2;
    case Proof::Variant: return 3;
    case Proof::Repair: return 4;
  }
  return 0;
}

}  // namespace

std::string_view proof_name(Proof proof) {
  switch (proof) {
    case Proof::None: return "";
    case Proof::Variant: return "variant";
    case Proof::Identity: return "identity";
    case Proof::Observed: return "observed";
    case Proof::Repair: return "repair";
  }
  return "";
}

std::optional<Proof> proof_from_name(std::string_view name) {
  for (Proof proof : {Proof::None, Proof::Variant, Proof::Identity, Proof::Observed,
                      Proof::Repair}) {
    if (proof_name(proof) == name) return proof;
  }
  return std::nullopt;
}

Proof proof_of_code(std::string_view code) {
  if (code.empty()) return Proof::None;
  Proof weakest = Proof::Repair;
  for (std::string_view part : diagnosis_code_parts(code)) {
    const Proof proof = one_code(part);
    if (strength(proof) < strength(weakest)) weakest = proof;
  }
  return weakest;
}

}  // namespace tile
