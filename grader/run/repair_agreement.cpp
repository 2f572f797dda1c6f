#include "grader/run/repair_agreement.h"

#include <algorithm>
#include <array>
#include <utility>

#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/diagnosis_proofs.h"

namespace tile {

namespace {

// The edit kinds each code describes: the change of the student's own line that is the mistake
// the code's sentence names (or one of the causes it lists). Codes of a family are matched by
// their prefix ("frontier-not-least-" for -f, -g, -h).
struct Described {
  std::string_view code;
  bool prefix;
  std::vector<std::string_view> kinds;
};

constexpr std::string_view kEnds = "insert-remove-other-end";
constexpr std::string_view kIndex = "index-off-by-one";
constexpr std::string_view kCompare = "relational-operator";
constexpr std::string_view kArithmetic = "arithmetic-operator";
constexpr std::string_view kNumber = "constant-off-by-one";
constexpr std::string_view kOffset = "offset-dropped";
constexpr std::string_view kSwapped = "statements-swapped";
constexpr std::string_view kMoved = "break-return-moved";
constexpr std::string_view kDeleted = "statement-deleted";
constexpr std::string_view kNegated = "condition-negated";
constexpr std::string_view kNegation = "negation-removed";
constexpr std::string_view kVariable = "variable-replaced";
constexpr std::string_view kAlias = "copy-made-alias";
constexpr std::string_view kLoop = "loop-shifted";
constexpr std::string_view kLogical = "logical-operator";
// The repair's own kinds (grader/edit/script_edits.h). Each is in a row only where every edit of
// it that mends such a run is the code's mistake: an offset added to a comparison's side or an
// assigned value is the same one-off change as a constant-off-by-one or an offset-dropped, so it
// joins the rows of a bound, a limit or a count's start that hold both of those; a one-line
// statement moved out of its block or past its neighbours is a swap of longer reach, so it joins
// the rows of where a goal test, a count or a reset stands. A local's first value made 0 is a
// count's start. Left out where an edit of the kind can mend the run without being the mistake:
// an offset beside a frontier's index or a priority (a constant added to every priority orders
// nothing differently), a copied line (it may add a mark, a count or a jump alike).
constexpr std::string_view kOffsetAdded = "offset-added";
constexpr std::string_view kMovedOut = "statement-moved-out";
constexpr std::string_view kMovedPast = "statement-moved-past";
constexpr std::string_view kFirstValue = "initial-value-changed";

const std::vector<Described>& described() {
  static const std::vector<Described> table = {
      // Which end of the frontier: a stack for a queue, or the reverse; a queue's head or tail
      // index started one off.
      {"frontier-stack", false, {kEnds, kIndex, kNumber}},
      {"frontier-queue", false, {kEnds, kIndex, kNumber}},
      {"frontier-not-oldest-first", false, {kEnds, kIndex, kNumber}},
      {"frontier-not-newest-first", false, {kEnds, kIndex, kNumber}},
      // How the frontier compares: the operator, the key it computes, a comparison of two keys
      // joined with the other logical operator.
      {"ties-lifo", false, {kCompare, kEnds, kLogical}},
      {"ties-fifo", false, {kCompare, kEnds, kLogical}},
      {"ties-comparator-not-strict", false, {kCompare, kLogical}},
      {"ties-not-lexicographic", false, {kCompare, kLogical}},
      {"frontier-not-least-", true, {kCompare, kArithmetic, kVariable, kLogical}},
      {"priority-", true, {kArithmetic, kVariable, kNumber}},
      {"weight-", true, {kArithmetic, kVariable}},
      // A number one off: a bound, a limit, a count's start.
      {"depth-limit-off-by-one", false, {kNumber, kCompare, kOffset, kArithmetic, kOffsetAdded}},
      {"at-depth-limit-", true, {kCompare, kNumber, kOffset, kOffsetAdded}},
      {"round-growth-", true, {kArithmetic, kNumber, kOffset, kVariable, kOffsetAdded}},
      {"round-not-depth-first", false, {kCompare, kArithmetic, kNumber, kOffset, kOffsetAdded}},
      // A count one off: its start (a number, a computed first value made 0), its returned value
      // one off, or its increment moved past the goal test ("or counts the goal as well").
      {"count-offset-", true,
       {kNumber, kOffset, kArithmetic, kOffsetAdded, kFirstValue, kMovedPast}},
      // Where a statement stands: a goal test, a count, a reset between rounds.
      {"goal-test-on-", true, {kSwapped, kMoved, kMovedOut, kMovedPast}},
      {"counts-", true, {kSwapped, kMoved, kDeleted, kMovedOut, kMovedPast}},
      {"rounds-counted-", true, {kSwapped, kDeleted, kMovedOut, kMovedPast}},
      {"goal-expanded-untested", false,
       {kSwapped, kMoved, kDeleted, kNegated, kNegation, kMovedOut, kMovedPast}},
      {"goal-tested-not-stopped", false,
       {kSwapped, kMoved, kDeleted, kNegated, kNegation, kMovedOut, kMovedPast}},
      {"goal-generated-not-stopped", false,
       {kSwapped, kMoved, kDeleted, kNegated, kNegation, kMovedOut, kMovedPast}},
      {"child-not-goal-tested", false,
       {kSwapped, kMoved, kDeleted, kNegated, kNegation, kMovedOut, kMovedPast}},
      {"expanded-not-goal-tested", false,
       {kSwapped, kMoved, kDeleted, kNegated, kNegation, kMovedOut, kMovedPast}},
      // What is marked and looked up: a line dropped, a test turned round or joined otherwise,
      // another variable.
      {"board-expanded-again", false,
       {kDeleted, kNegated, kNegation, kVariable, kSwapped, kLogical}},
      {"visited-child-pushed", false,
       {kDeleted, kNegated, kNegation, kVariable, kSwapped, kLogical}},
      {"cycle-check-visited", false, {kDeleted, kSwapped, kVariable}},
      {"expanded-more-than-generated", false, {kAlias, kVariable}},
      {"start-marked-", true, {kDeleted, kSwapped}},
      {"parent-link-", true, {kSwapped, kNegated, kNegation}},
      {"push-order-", true, {kEnds, kLoop}},
  };
  return table;
}

// A claim said below its own proof: a code that is proved by an exact variant or an identity,
// said only as observed (the run is the variant's on some failing tests, not all). A code whose
// own proof is the observation (an invariant broken at a step, a second call's other answer) is a
// fact with its proof, which no repair contradicts: it stays.
bool said_below_its_proof(const TestDiagnosis& diagnosis) {
  const std::string proof = diagnosis_proof(diagnosis);
  if (proof != proof_name(Proof::Observed)) return false;
  if (proof_of_code(diagnosis.code) == Proof::Observed) return false;
  // One code, or both of two: each a search, count or invariant claim.
  for (std::string_view part : diagnosis_code_parts(diagnosis.code)) {
    const DiagnosisCode* row = diagnosis_row_of(part);
    if (row == nullptr) return false;
    if (row->family != DiagnosisFamily::Search && row->family != DiagnosisFamily::Count &&
        row->family != DiagnosisFamily::Invariant) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool edit_describes(std::string_view code, std::string_view kind) {
  for (const Described& row : described()) {
    const bool matches = row.prefix ? code.starts_with(row.code) : code == row.code;
    if (!matches) continue;
    return std::find(row.kinds.begin(), row.kinds.end(), kind) != row.kinds.end();
  }
  return false;
}

bool repair_describes(const TaskRepair& repair, std::string_view code) {
  for (std::string_view part : diagnosis_code_parts(code)) {
    for (const RepairChange& change : repair.changes) {
      if (edit_describes(part, change.kind)) return true;
    }
  }
  return false;
}

void put_beside_catalogue(TaskRepair& repair, const std::vector<TestResult*>& results) {
  for (TestResult* result : results) {
    if (result->passed) continue;
    TestDiagnosis& diagnosis = result->diagnosis;
    if (diagnosis.code.empty()) continue;
    if (repair_describes(repair, diagnosis.code)) {
      if (repair.code.empty()) repair.code = diagnosis.code;
      continue;
    }
    if (!said_below_its_proof(diagnosis)) continue;
    if (std::find(repair.dropped.begin(), repair.dropped.end(), diagnosis.code) ==
        repair.dropped.end()) {
      repair.dropped.push_back(diagnosis.code);
    }
    // What was observed stays (the step, its boards and the line of its call); the cause goes.
    diagnosis.code = std::string(codes::kUnrecognised);
    diagnosis.sentence = diagnosis_code(codes::kUnrecognised).sentence;
    diagnosis.proof.clear();
    diagnosis.line = 0;
  }
}

}  // namespace tile
