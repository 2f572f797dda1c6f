#include "grader/report/repair_text.h"

#include <cctype>

namespace tile {

namespace {

using nlohmann::json;

std::string capitalised(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string quoted_code(const std::string& code) { return "`" + code + "`"; }

// "all 6 tests of this task you can see", "the one test of this task you can see", "all 6 tests
// of this task" (when the student sees every test the repair was proved on).
std::string tests_phrase(const TaskRepair& repair) {
  const bool sees_all = repair.visible_tests == repair.tests;
  const std::string seen = sees_all ? "" : " you can see";
  if (repair.visible_tests == 1) return "the one test of this task" + seen;
  return "all " + std::to_string(repair.visible_tests) + " tests of this task" + seen;
}

}  // namespace

std::string repair_paragraph(const TaskRepair& repair, RepairShown shown) {
  if (shown == RepairShown::None || repair.changes.empty() || repair.failing_visible_tests == 0) {
    return "";
  }
  std::string out = "\nWhere to look: ";
  if (repair.changes.size() == 1) {
    const RepairChange& change = repair.changes.front();
    out += "line " + std::to_string(change.line) + " of your file, " +
           quoted_code(change.line_before) + ". " + capitalised(change.words_here);
  } else {
    out += "lines ";
    for (std::size_t i = 0; i < repair.changes.size(); ++i) {
      out += (i == 0 ? "" : " and ") + std::to_string(repair.changes[i].line);
    }
    out += " of your file. ";
    for (std::size_t i = 0; i < repair.changes.size(); ++i) {
      out += i == 0 ? capitalised(repair.changes[i].words)
                    : ", together with " + repair.changes[i].words;
    }
    out += ",";
  }
  out += " makes your run match the reference on " + tests_phrase(repair) + ".";
  if (shown == RepairShown::Edit) {
    out += repair.changes.size() == 1 ? " The change:" : " The changes:";
    for (std::size_t i = 0; i < repair.changes.size(); ++i) {
      const RepairChange& change = repair.changes[i];
      out += std::string(i == 0 ? "" : ";") + " line " + std::to_string(change.line) + " " +
             quoted_code(change.line_before) + " becomes " + quoted_code(change.line_after);
    }
    out += ".";
  }
  return out + "\n";
}

json repair_to_json(const TaskRepair& repair) {
  json changes = json::array();
  for (const RepairChange& change : repair.changes) {
    changes.push_back({{"line", change.line},
                       {"columns", {change.first_column, change.last_column}},
                       {"original", change.original},
                       {"replacement", change.replacement},
                       {"kind", change.kind},
                       {"words", change.words},
                       {"words_here", change.words_here},
                       {"line_before", change.line_before},
                       {"line_after", change.line_after}});
  }
  return {{"task", repair.task},
          {"changes", changes},
          {"tests_proven", repair.tests},
          {"visible_tests_proven", repair.visible_tests},
          {"failing_visible_tests", repair.failing_visible_tests},
          {"code", repair.code.empty() ? json(nullptr) : json(repair.code)},
          {"dropped", repair.dropped}};
}

std::optional<TaskRepair> repair_from_json(const json& value) {
  try {
    TaskRepair repair;
    repair.task = value.at("task").get<std::string>();
    for (const json& item : value.at("changes")) {
      RepairChange change;
      change.line = item.at("line").get<int>();
      change.first_column = item.at("columns").at(0).get<int>();
      change.last_column = item.at("columns").at(1).get<int>();
      change.original = item.at("original").get<std::string>();
      change.replacement = item.at("replacement").get<std::string>();
      change.kind = item.at("kind").get<std::string>();
      change.words = item.at("words").get<std::string>();
      change.words_here = item.at("words_here").get<std::string>();
      change.line_before = item.at("line_before").get<std::string>();
      change.line_after = item.at("line_after").get<std::string>();
      repair.changes.push_back(std::move(change));
    }
    repair.tests = value.at("tests_proven").get<std::size_t>();
    repair.visible_tests = value.at("visible_tests_proven").get<std::size_t>();
    repair.failing_visible_tests = value.at("failing_visible_tests").get<std::size_t>();
    // A repair written before it stood beside the catalogue names no code and dropped none.
    if (value.contains("code") && !value.at("code").is_null()) {
      repair.code = value.at("code").get<std::string>();
    }
    if (value.contains("dropped")) {
      repair.dropped = value.at("dropped").get<std::vector<std::string>>();
    }
    return repair;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

}  // namespace tile
