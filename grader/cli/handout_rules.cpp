#include "grader/cli/handout_rules.h"

#include <algorithm>
#include <sstream>

#include "engine/semantics_fields.h"
#include "grader/spec/recorded_heuristic.h"
#include "grader/spec/task_heuristic.h"

namespace tile::cli {

namespace {

constexpr const char* kMarkerStart = "<!-- rules of ";
constexpr const char* kMarkerEnd = ": written from assignment.json by tilegrade new; validate "
                                   "checks them -->";
constexpr const char* kRulePrefix = "  - ";

// ": what the value does" for a value the table has a student's words for; nothing otherwise.
template <class Value>
std::string words_of(const Value& value) {
  if constexpr (NamedEnum<Value>) {
    const std::string_view words = value_words(value);
    if (words != value_name(value)) return ": " + std::string(words);
  }
  return "";
}

// Which cost model a heuristic honours, so a student knows what problem:h estimates.
std::string heuristic_words(const std::string& name, CostModel cost) {
  if (is_script_heuristic(name)) {
    return " (the instructor's, in this folder: its heuristic(board) is what problem:h returns)";
  }
  if (is_student_heuristic(name)) {
    return " (yours: problem:h(state) returns your " + student_heuristic_function(name) +
           "(state))";
  }
  if (name == "manhattan-tile-cost") {
    return cost == CostModel::Tile
               ? " (each tile's distance times its number: what moving it home costs at least)"
               : " (each tile's distance times its number: more than a move costs here, so it "
                 "can overestimate)";
  }
  return cost == CostModel::Tile
             ? " (it counts moves, not what they cost: a 15 counts like a 1)"
             : " (it counts moves)";
}

// Fields bibfs has none of (the field table's refusal for bibfs asks to leave them out): its two
// searches meet instead of testing for the goal, and it marks every state it reaches.
bool bibfs_has_none(std::string_view field) {
  return field == "goal_test" || field == "cycle_check" || field == "depth_limit";
}

// The rule lines of a task, each "  - `field`: ...", without their newlines.
std::vector<std::string> rule_lines(const Task& task) {
  const ResolvedSemantics resolved = task.semantics;
  std::vector<std::string> out;
  for_each_semantics_field([&](const auto& field) {
    if (!field_applies(field, task.algorithm, resolved)) return;
    if (task.algorithm == Algorithm::Bibfs && bibfs_has_none(field.name)) return;
    const auto& value = resolved.*field.resolved;
    out.push_back(std::string(kRulePrefix) + "`" + std::string(field.name) + "`: " +
                  resolved_text(field, value) + words_of(value));
  });
  if (task.heuristic) {
    out.push_back(std::string(kRulePrefix) + "the heuristic `problem:h`: " + *task.heuristic +
                  heuristic_words(*task.heuristic, resolved.cost));
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) out.push_back(line);
  return out;
}

// The rule's field as its line names it ("`goal_test`"), or the whole line.
std::string rule_name(const std::string& line) {
  const auto open = line.find('`');
  const auto close = open == std::string::npos ? open : line.find('`', open + 1);
  return close == std::string::npos ? line : line.substr(open, close - open + 1);
}

}  // namespace

std::string rules_marker(const std::string& task) {
  return std::string(kMarkerStart) + task + kMarkerEnd;
}

std::string rules_section(const Task& task) {
  std::string out = "  " + rules_marker(task.name) + "\n" +
                    "  The rules that decide your path and your count:\n";
  for (const std::string& line : rule_lines(task)) out += line + "\n";
  return out;
}

std::vector<std::string> stale_rules(const Assignment& assignment, const std::string& text,
                                     const std::string& handout) {
  std::vector<std::string> warnings;
  const std::vector<std::string> lines = lines_of(text);
  for (std::size_t at = 0; at < lines.size(); ++at) {
    const std::string& line = lines[at];
    const auto start = line.find(kMarkerStart);
    const auto end = line.find(kMarkerEnd);
    if (start == std::string::npos || end == std::string::npos || end < start) continue;
    const std::size_t name_at = start + std::string(kMarkerStart).size();
    const std::string name = line.substr(name_at, end - name_at);
    const std::string where = handout + ":" + std::to_string(at + 1);
    const auto task = std::find_if(assignment.tasks.begin(), assignment.tasks.end(),
                                   [&](const Task& t) { return t.name == name; });
    if (task == assignment.tasks.end()) {
      warnings.push_back(where + ": rules of task " + name +
                         ", which assignment.json does not have");
      continue;
    }
    // The rule lines after the marker and its header line.
    std::vector<std::pair<std::size_t, std::string>> written;
    std::size_t next = at + 1;
    if (next < lines.size() && lines[next].rfind(kRulePrefix, 0) != 0) ++next;  // the header
    for (; next < lines.size() && lines[next].rfind(kRulePrefix, 0) == 0; ++next) {
      written.emplace_back(next + 1, lines[next]);
    }
    const std::vector<std::string> wanted = rule_lines(*task);
    std::string differences;
    const auto add = [&](const std::string& what) {
      differences += (differences.empty() ? "" : "; ") + what;
    };
    for (const auto& [number, said] : written) {
      if (std::find(wanted.begin(), wanted.end(), said) != wanted.end()) continue;
      const std::string field = rule_name(said);
      const auto truth = std::find_if(wanted.begin(), wanted.end(), [&](const std::string& rule) {
        return rule_name(rule) == field;
      });
      add("line " + std::to_string(number) + " says " + said.substr(4) +
          (truth == wanted.end() ? ", a rule this task does not have"
                                 : ", but assignment.json has " + truth->substr(4)));
    }
    for (const std::string& rule : wanted) {
      const bool said = std::any_of(written.begin(), written.end(), [&](const auto& entry) {
        return rule_name(entry.second) == rule_name(rule);
      });
      if (!said) add("no line says " + rule.substr(4));
    }
    if (!differences.empty()) {
      warnings.push_back(where + ": the rules of task " + name +
                         " are not assignment.json's: " + differences);
    }
  }
  return warnings;
}

}  // namespace tile::cli
