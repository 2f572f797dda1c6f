#include "grader/spec/diagnosis_proofs.h"

#include <utility>

#include "grader/spec/diagnosis_codes.h"

namespace tile {
namespace {

// Each code or family (a prefix ending in '-') and its proof. A path's own mistakes (reversed,
// tile-centred, a move short) are facts of the returned path, which the path itself proves: an
// observation, whatever the other tests show. The longest prefix that matches
// wins, so "count-equals-" (an identity) is read before a shorter family would be.
constexpr std::pair<std::string_view, Proof> kProofs[] = {
    {"search-made-no-calls", Proof::Observed},
    {"goal-test-on-generate", Proof::Variant},
    {"goal-test-on-pop", Proof::Variant},
    {"start-never-goal-tested", Proof::Variant},
    {"no-duplicate-detection", Proof::Variant},
    {"duplicates-", Proof::Variant},
    {"start-marked-", Proof::Variant},
    {"parent-link-", Proof::Variant},
    {"push-order-", Proof::Variant},
    {"depth-limit-off-by-one", Proof::Variant},
    {"at-depth-limit-", Proof::Variant},
    {"cycle-check-", Proof::Variant},
    {"round-bound-", Proof::Variant},
    {"round-growth-", Proof::Variant},
    {"rounds-counted-", Proof::Variant},
    {"count-offset-plus-one", Proof::Variant},
    {"count-offset-minus-one", Proof::Identity},
    {"ties-lifo", Proof::Variant},
    {"ties-fifo", Proof::Variant},
    {"frontier-stack", Proof::Variant},
    {"frontier-queue", Proof::Variant},
    {"priority-", Proof::Variant},
    {"weight-", Proof::Variant},
    {"algorithm-", Proof::Variant},
    {"meet-", Proof::Variant},
    {"next-side-", Proof::Variant},
    {"ties-in-", Proof::Variant},
    {"ties-ignore-", Proof::Variant},
    {"queue-binary-heap", Proof::Variant},
    {"ties-add-", Proof::Variant},
    {"cost-", Proof::Variant},
    {"action-order-", Proof::Variant},
    {"two-mistakes", Proof::Variant},
    {"counts-", Proof::Variant},
    {"path-tile-centred", Proof::Observed},
    {"path-reversed", Proof::Observed},
    {"path-reversed-tile-centred", Proof::Observed},
    {"path-missing-last-move", Proof::Observed},
    {"path-missing-first-move", Proof::Observed},
    {"path-one-move-too-long", Proof::Observed},
    {"goal-layout-", Proof::Variant},
    {"goal-test-own", Proof::Observed},
    {"path-ends-off-goal", Proof::Observed},
    {"path-of-boards", Proof::Observed},
    {"path-empty-after-goal", Proof::Observed},
    {"path-longer-than-search", Proof::Observed},
    {"path-moves-of-every-expansion", Proof::Observed},
    {"path-move-never-generated", Proof::Observed},
    {"path-revisits-board", Proof::Observed},
    {"frontier-not-oldest-first", Proof::Observed},
    {"frontier-not-least-", Proof::Observed},
    {"ties-not-lexicographic", Proof::Observed},
    {"ties-comparator-not-strict", Proof::Variant},
    {"frontier-not-newest-first", Proof::Observed},
    {"round-not-depth-first", Proof::Observed},
    {"cycle-check-visited", Proof::Observed},
    {"board-expanded-again", Proof::Observed},
    {"visited-child-pushed", Proof::Observed},
    {"expanded-more-than-generated", Proof::Observed},
    {"goal-expanded-untested", Proof::Observed},
    {"goal-tested-not-stopped", Proof::Observed},
    {"goal-generated-not-stopped", Proof::Observed},
    {"child-not-goal-tested", Proof::Observed},
    {"expanded-not-goal-tested", Proof::Observed},
    {"count-equals-", Proof::Identity},
    {"tile-centred-move", Proof::Identity},
    {"wrong-direction", Proof::Identity},
    {"allowed-an-impossible-move", Proof::Observed},
    {"refused-a-possible-move", Proof::Observed},
    {"wrong-board", Proof::Observed},
    {"refuses-blank-in-", Proof::Identity},
    {"allows-blank-in-", Proof::Identity},
    {"wrong-board-blank-in-", Proof::Identity},
    {"wrong-goal-test", Proof::Observed},
    {"goal-test-blank-only", Proof::Identity},
    {"goal-test-other-layout", Proof::Identity},
    {"goal-test-always-", Proof::Identity},
    {"nondeterministic", Proof::Observed},
    {"goal-not-zero", Proof::Observed},
    {"inadmissible", Proof::Observed},
    {"inconsistent", Proof::Observed},
    {"heuristic-constant-", Proof::Identity},
    {"heuristic-counts-blank", Proof::Identity},
    {"heuristic-ignores-", Proof::Identity},
    {"heuristic-differs-between-calls", Proof::Observed},
    {"state-kept-between-calls", Proof::Observed},
};

Proof one_code(std::string_view code) {
  Proof found = Proof::None;
  std::size_t longest = 0;
  for (const auto& [key, proof] : kProofs) {
    const bool family = key.ends_with('-');
    const bool matches = family ? code.starts_with(key) : code == key;
    if (matches && key.size() >= longest) {
      found = proof;
      longest = key.size();
    }
  }
  return found;
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
