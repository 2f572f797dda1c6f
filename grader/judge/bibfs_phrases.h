// bibfs's fields in a student's words: the {assignment} half of a bibfs mistake's sentence
// ("in this assignment the search stops at the first meeting"), and the handout's description of
// the search (tilegrade new).
#pragma once

#include <string>

#include "engine/semantics.h"

namespace tile {

std::string describe_meet_test(MeetTest test);
std::string describe_meet_stop(MeetStop stop);
std::string describe_next_side(NextSide side);
// The three together, one sentence for a handout.
std::string describe_bibfs(const ResolvedSemantics& resolved);

}  // namespace tile
