// Reading what a student's search function returned, `path, count`, into a StudentSearchRun.
//
// A path is a list of move names ({"Up", "Left"}, any case, "U" too) or a string of letters
// ("UL"). A list of boards instead of moves (the states along the path: tables of tiles, or
// strings such as tostring(s) and problem:key(s)) is a common mistake, not an unreadable answer:
// it is read into run.returned_boards, at most kMaxReturnedBoards of them, so the judge can name
// it and show what the moves would have been.
//
// Raw reads only: never raises, never runs a metamethod, so a hostile table can do nothing here.
#pragma once

#include <cstddef>
#include <lua.hpp>

#include "engine/board.h"
#include "grader/student/student_run.h"

namespace tile {

inline constexpr std::size_t kMaxPathLength = 1'000'000;
inline constexpr std::size_t kMaxReturnedBoards = 100'000;

// Reads the values at path_index and count_index (boards of `shape`). Returns false when they are
// no answer, with what was wrong in `what` ("a path whose element 2 is \"Upp\" ..."), to follow
// "bfs returned ".
bool read_search_answer(lua_State* L, int path_index, int count_index, Shape shape,
                        StudentSearchRun& run, char* what, std::size_t what_size);

}  // namespace tile
