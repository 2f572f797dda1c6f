#include "grader/judge/bibfs_phrases.h"

namespace tile {

std::string describe_meet_test(MeetTest test) {
  switch (test) {
    case MeetTest::OnGenerate:
      return "the two sides meet as soon as a new child is one the other side has already reached";
    case MeetTest::OnPop:
      return "the two sides meet when a node taken off a queue is one the other side has already "
             "reached";
  }
  return "";
}

std::string describe_meet_stop(MeetStop stop) {
  switch (stop) {
    case MeetStop::First: return "the search stops at the first meeting";
    case MeetStop::EndOfLayer:
      return "the side that meets first finishes its layer, and the shortest path found wins";
  }
  return "";
}

std::string describe_next_side(NextSide side) {
  switch (side) {
    case NextSide::AlternateNode:
      return "the sides take one node each in turn, the start's side first";
    case NextSide::AlternateLayer:
      return "the sides expand one whole layer each in turn, the start's side first";
    case NextSide::SmallerFrontier:
      return "the side with fewer nodes waiting expands its next whole layer (the start's side "
             "on a tie)";
  }
  return "";
}

std::string describe_bibfs(const Semantics& resolved) {
  return "Search forward from the start and backward from the goal, each side a breadth-first "
         "search that marks a state when it is first pushed: " +
         describe_next_side(resolved.next_side) + "; " + describe_meet_test(resolved.meet_test) +
         "; " + describe_meet_stop(resolved.meet_stop) +
         ". The path is the start's side's path to the meeting state, then the goal side's "
         "path from it back to the goal.";
}

}  // namespace tile
