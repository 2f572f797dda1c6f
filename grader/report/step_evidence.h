// The evidence of a violated invariant as plain data (issue 33 part 4): the step of the student's
// run where it broke and the boards that show it, each with what the judge knows of it. The judge
// fills it (grader/judge/invariants.h); report/ alone renders it, as text here and as JSON, and
// a step-through view (issue 35) can draw the same fields. Nothing in it is prose to parse back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/board.h"

namespace tile {

// What `StepEvidence::step` counts.
enum class StepUnit {
  Expansion,  // the student's problem:successors calls, the first being 1
  PathMove,   // the moves of the returned path, the first being 1
};

// How the judge knows a board's frontier key (EvidenceBoard::key): exactly, or only a bound the
// run allows (a board generated more than once may have been expanded with any of its g values).
enum class KeyBound { Exact, AtLeast, AtMost };

struct EvidenceBoard {
  std::string caption;  // what the board is to this evidence: "step 3 starts here"
  Board board;
  std::optional<int> depth = {};                   // moves from the start along the run's links
  std::optional<std::int64_t> g = {};              // their cost under the task's cost model
  std::optional<std::int64_t> h = {};              // the task's heuristic, when it has one
  std::optional<std::size_t> generated_at = {};    // the expansion that first generated it
  std::optional<std::size_t> expanded_at = {};     // its first expansion
  // The frontier's priority of this board when the evidence compares two ("f", "g" or "h"),
  // with how the judge knows it: empty name and no value otherwise.
  std::string key_name = {};
  std::optional<std::int64_t> key = {};
  KeyBound key_bound = KeyBound::Exact;

  bool operator==(const EvidenceBoard&) const = default;
};

// A number the run itself defines, for a count's evidence: "problem:successors calls" = 43.
struct EvidenceCount {
  std::string name;
  std::uint64_t value = 0;

  bool operator==(const EvidenceCount&) const = default;
};

struct StepEvidence {
  StepUnit unit = StepUnit::Expansion;
  std::size_t step = 0;  // 0: the run as a whole (a count), no single step
  std::vector<EvidenceBoard> boards;
  std::vector<EvidenceCount> counts;
  // The student's call the evidence is about and the line of their file it was made from (issue
  // 47), so that the fact points at code: the problem:successors call of the expansion `step`
  // names, or the problem:is_goal call a goal-test finding is about. `call` is the API function's
  // name ("successors", "is_goal", "key", "h"); empty, and `line` 0, where the evidence names no
  // call or the line is not known (a call made from no function of the script's).
  std::string call = {};
  std::uint32_t line = 0;

  bool operator==(const StepEvidence&) const = default;
};

// Where the call the evidence is about was made, as a sentence: "Expansion 7 is your call of
// problem:successors at line 41 of your file." Empty when the evidence names no line.
std::string step_call_sentence(const StepEvidence& evidence);

// That sentence (unless `with_call` is false: the HTML card says it beside the diagnosis), then
// the boards side by side under their captions, each with the facts known of it below, then the
// counts, one a line: what the text report shows under a diagnosis.
std::string step_evidence_text(const StepEvidence& evidence, bool with_call = true);

nlohmann::json step_evidence_to_json(const StepEvidence& evidence);
std::optional<StepEvidence> step_evidence_from_json(const nlohmann::json& value);

}  // namespace tile
