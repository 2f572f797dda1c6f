#include "grader/judge/bibfs_phrases.h"

#include "engine/semantics_values.h"

namespace tile {

std::string describe_meet_test(MeetTest test) { return std::string(value_words(test)); }

std::string describe_meet_stop(MeetStop stop) { return std::string(value_words(stop)); }

std::string describe_next_side(NextSide side) { return std::string(value_words(side)); }

std::string describe_bibfs(const ResolvedSemantics& resolved) {
  return "Search forward from the start and backward from the goal, each side a breadth-first "
         "search that marks a state when it is first pushed: " +
         describe_next_side(resolved.next_side) + "; " + describe_meet_test(resolved.meet_test) +
         "; " + describe_meet_stop(resolved.meet_stop) +
         ". The path is the start's side's path to the meeting state, then the goal side's "
         "path from it back to the goal.";
}

}  // namespace tile
