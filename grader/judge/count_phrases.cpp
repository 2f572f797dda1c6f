// What each counter counts, in the words a student reads (declared in diagnosis.h, where the
// judge's sentences use them): apart from the ranking of evidence, which diagnosis.cpp owns.
#include "grader/judge/diagnosis.h"

namespace tile {

std::string count_phrase(CountKind kind) {
  switch (kind) {
    case CountKind::Expanded: return "expanded nodes (pops that generated successors)";
    case CountKind::Popped: return "every pop, the goal pop included";
    case CountKind::Generated: return "generated successors";
    case CountKind::Discovered: return "distinct states discovered";
    case CountKind::Pushed: return "frontier insertions";
    case CountKind::GoalTests: return "goal tests";
    case CountKind::Built: return "successors built, the goal's later siblings included";
    case CountKind::ExpandedBelowLimit: return "expansions above the depth limit";
  }
  return "";
}

bool is_recursive_shape(Algorithm algorithm, const ResolvedSemantics& resolved) {
  const bool depth_first = algorithm == Algorithm::Dfs || algorithm == Algorithm::Dls ||
                           algorithm == Algorithm::Iddfs || algorithm == Algorithm::Idastar;
  return depth_first && resolved.duplicates == Duplicates::None;
}

std::string count_phrase(CountKind kind, Algorithm algorithm, const ResolvedSemantics& resolved) {
  if (algorithm == Algorithm::Bibfs) {
    // bibfs's goal test is the meeting test: each state looked up among the other side's.
    return (kind == CountKind::GoalTests
                ? std::string("meeting tests (the start against the goal, then each state "
                              "looked up among the other side's)")
                : count_phrase(kind)) +
           ", both sides added up";
  }
  if (!is_recursive_shape(algorithm, resolved)) return count_phrase(kind);
  std::string phrase;
  switch (kind) {
    case CountKind::Expanded: phrase = "expanded nodes (calls that generated successors)"; break;
    case CountKind::Popped: phrase = "every node your search reached, the goal included"; break;
    case CountKind::Generated: phrase = "generated successors"; break;
    case CountKind::Discovered: phrase = "distinct states discovered"; break;
    case CountKind::Pushed: phrase = "children your search went on to (one call each)"; break;
    case CountKind::GoalTests: phrase = "goal tests"; break;
    case CountKind::Built: phrase = "successors built, the goal's later siblings included"; break;
    case CountKind::ExpandedBelowLimit: phrase = "expansions above the depth limit"; break;
  }
  if (algorithm == Algorithm::Iddfs || algorithm == Algorithm::Idastar) {
    phrase += resolved.rounds_counted == RoundsCounted::All ? ", added up over every round"
                                                            : ", in the last round only";
  }
  return phrase;
}

}  // namespace tile
