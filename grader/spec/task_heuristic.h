// The heuristic of a search task: a built-in by name ("manhattan", "manhattan-tile-cost", "pdb"),
// or an instructor's Lua file beside assignment.json ("heuristic": "tile_cost.lua"), trusted like
// the reference solution and run in a Lua sandbox of its own. Every place that runs the task's
// engine search (the expected answers, problem:h in a student's search, the judge's reproductions)
// makes it here, so a script is used wherever a built-in is.
//
// The spec layer knows no Lua: the sandbox layer installs the loader that turns a script's text
// into a heuristic (grader/sandbox/script_heuristics.h), once, at the start of a program that
// grades. The script's text is read when the assignment is loaded, so a confined grading child
// never opens a file.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "engine/heuristic.h"
#include "engine/result.h"
#include "grader/spec/assignment.h"

namespace tile {

// "h.lua": a script, not a built-in name.
bool is_script_heuristic(std::string_view name);

// A search task whose h is the student's own function ("heuristic": "student:FUNCTION"). Its
// expected run exists only once a submission's run has recorded that function's values
// (run/student_heuristic_replay.h): before that, `expect` and expected.json hold its tests' boards
// alone, and `tests` leaves it out.
bool uses_student_heuristic(const Task& task);

// Makes a heuristic from a script: chunk name ("tile_cost.lua"), its text, the task's goal, the
// assignment's limits (memory and processor time per call) to run it under.
using ScriptHeuristicLoader = Result<std::unique_ptr<Heuristic>> (*)(
    const std::string& name, const std::string& source, const Board& goal,
    const SubmissionLimits& limits);
void install_script_heuristic_loader(ScriptHeuristicLoader loader);

// The task's heuristic (the task must name one). A script is loaded from task.heuristic_script;
// the student's own is the table in task.student_heuristic_values (an error when it is not set).
Result<std::unique_ptr<Heuristic>> make_task_heuristic(const Task& task);

// At load: reads the script a search task names into task.heuristic_script, and the limits it
// runs under into task.heuristic_limits. The name must be a file in the assignment's folder (no
// folder part), so a student copy can carry it beside assignment.json. `path`: the task's JSON
// path, for the error.
Status read_task_heuristic_script(Task& task, const Assignment& assignment,
                                  const std::string& path);

}  // namespace tile
