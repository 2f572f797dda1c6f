// Lets the spec layer's make_task_heuristic (grader/spec/task_heuristic.h) run an instructor's
// Lua heuristic: installs a loader that puts the script in a sandbox of its own (the assignment's
// lua_memory_mb and call_seconds, the limits a reference solution gets) and wraps its
// heuristic(board) as an engine heuristic (lua_heuristic.h).
// Every program that grades calls it once, before it loads an assignment.
#pragma once

namespace tile {

void install_script_heuristics();

}  // namespace tile
