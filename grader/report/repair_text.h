// A verified repair (report.h's TaskRepair) as a student reads it, and as JSON for programs.
//
// The student reads where to look and what changing it does, proved only over the tests they
// can see: a hidden test's board, count or path is never part of the sentence. With
// "repair": "edit" the change itself follows; with "line" it does not. The JSON form (the report's
// top-level extra_data, which Gradescope stores and shows to no one, and the class report) always
// carries the change.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/report/report.h"

namespace tile {

// "Where to look: line 23 of your file: `if g < best then`. A change to the comparison in line
// 23 makes your run match the reference on all 6 tests of this task you can see." (+ "The
// change: ... becomes ...", with RepairShown::Edit). Empty when the student sees none of the
// tests it failed (a repair of hidden tests alone is the instructor's), or with RepairShown::None.
std::string repair_paragraph(const TaskRepair& repair, RepairShown shown);

nlohmann::json repair_to_json(const TaskRepair& repair);
std::optional<TaskRepair> repair_from_json(const nlohmann::json& value);

}  // namespace tile
