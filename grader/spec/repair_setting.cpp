#include "grader/spec/repair_setting.h"

#include <string>

#include "grader/spec/json_fields.h"
#include "grader/spec/text.h"

namespace tile {

std::string_view repair_shown_name(RepairShown shown) {
  switch (shown) {
    case RepairShown::Line: return "line";
    case RepairShown::Edit: return "edit";
    case RepairShown::None: return "none";
  }
  return "line";
}

std::optional<RepairShown> repair_shown_from_name(std::string_view name) {
  for (const RepairShown shown : {RepairShown::Line, RepairShown::Edit, RepairShown::None}) {
    if (repair_shown_name(shown) == name) return shown;
  }
  return std::nullopt;
}

namespace {

Result<RepairShown> shown_from(const std::string& text, const std::string& path) {
  const auto shown = repair_shown_from_name(text);
  if (!shown) {
    return Error{path + ": expected \"line\", \"edit\" or \"none\", not \"" + quoted_prefix(text) +
                 "\""};
  }
  return *shown;
}

}  // namespace

Result<RepairSetting> repair_setting_from_json(const nlohmann::json& value) {
  RepairSetting setting;
  if (value.is_string()) {
    auto shown = shown_from(value.get<std::string>(), "assignment.repair");
    if (!shown) return shown.failure();
    setting.shown = *shown;
    return setting;
  }
  if (!value.is_object()) {
    return Error{"assignment.repair: expected \"line\", \"edit\", \"none\" or an object "
                 "{\"show\": ..., \"seconds\": ...}"};
  }
  JsonFields fields(value, "assignment.repair");
  const auto show = fields.string("show");
  const auto seconds = fields.number("seconds", 0.1, kMaxRepairSeconds);
  if (auto status = fields.finish(); !status) return status.failure();
  if (show) {
    auto shown = shown_from(*show, "assignment.repair.show");
    if (!shown) return shown.failure();
    setting.shown = *shown;
  }
  if (seconds) setting.cpu_seconds = *seconds;
  return setting;
}

}  // namespace tile
