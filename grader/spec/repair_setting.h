// What an assignment lets a repair say ("repair" in assignment.json), and what the search for one
// may spend (grader/run/repair_search.h).
//
// A repair is the smallest edit of the student's own script that makes every test of a task pass.
// The instructor chooses how much of it a student reads: the line alone ("line", the default: it
// says where to look and leaves the fix to them), the change itself ("edit"), or nothing
// ("none": no search runs). The class report always carries the change.
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/result.h"

namespace tile {

enum class RepairShown { Line, Edit, None };

struct RepairSetting {
  RepairShown shown = RepairShown::Line;
  // Processor time the search may spend on one submission, every failing task together. The
  // candidates run in a child of their own, so this is that child's time.
  double cpu_seconds = 10;

  bool operator==(const RepairSetting&) const = default;
};

inline constexpr double kMaxRepairSeconds = 600;

std::string_view repair_shown_name(RepairShown shown);  // "line", "edit", "none"
std::optional<RepairShown> repair_shown_from_name(std::string_view name);

// "repair": "line" | "edit" | "none", or {"show": "line", "seconds": 10}. Errors name the path
// ("assignment.repair.seconds: ...").
Result<RepairSetting> repair_setting_from_json(const nlohmann::json& value);

}  // namespace tile
