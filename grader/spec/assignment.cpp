#include "grader/spec/assignment.h"

#include <algorithm>

#include "engine/files.h"
#include "grader/spec/gradebook_columns.h"
#include "grader/spec/json_fields.h"
#include "grader/spec/json_input.h"
#include "grader/spec/semantics_json.h"
#include "grader/spec/task_json.h"
#include "grader/spec/text.h"

namespace tile {

using nlohmann::json;

std::string_view visibility_name(Visibility visibility) {
  switch (visibility) {
    case Visibility::Visible: return "visible";
    case Visibility::Hidden: return "hidden";
    case Visibility::AfterDueDate: return "after_due_date";
    case Visibility::AfterPublished: return "after_published";
    case Visibility::Diagnosis: return "diagnosis";
  }
  return "visible";
}

Visibility least_visible(Visibility a, Visibility b) {
  const auto when = [](Visibility v) {
    switch (v) {
      case Visibility::Visible: return 0;
      case Visibility::Diagnosis: return 1;  // shown at once, but never whole
      case Visibility::AfterDueDate: return 2;
      case Visibility::AfterPublished: return 3;
      case Visibility::Hidden: return 4;
    }
    return 4;
  };
  return when(a) >= when(b) ? a : b;
}

double Assignment::max_score() const {
  double total = 0;
  for (const Task& task : tasks) {
    total += task.points;
    for (const auto& threshold : task.checks.informedness) total += threshold.points;
  }
  return total;
}


namespace {

// A search that uses the student's heuristic ("heuristic": "student:FUNCTION") gets the points of
// the search alone; the heuristic's own points (admissible, consistent, informed, with
// counterexamples) come from a heuristic task grading the same function, which must exist.
Status check_student_heuristics_graded(const Assignment& assignment) {
  for (std::size_t i = 0; i < assignment.tasks.size(); ++i) {
    const Task& task = assignment.tasks[i];
    if (!task.heuristic || !is_student_heuristic(*task.heuristic)) continue;
    const std::string function = student_heuristic_function(*task.heuristic);
    const bool graded = std::any_of(
        assignment.tasks.begin(), assignment.tasks.end(), [&](const Task& other) {
          return other.kind == TaskKind::Heuristic && other.function == function;
        });
    if (!graded) {
      return Error{"tasks[" + std::to_string(i) + "].heuristic: no heuristic task grades " +
                   function + "; add one (\"kind\": \"heuristic\", \"function\": \"" +
                   function + "\") to check it and give it its own points"};
    }
  }
  return success();
}

}  // namespace

Result<Assignment> parse_assignment(const std::string& json_text, const std::string& directory) {
  auto document = parse_json_input(json_text, "");
  if (!document) return document.failure();
  const json root = std::move(*document);
  Assignment assignment;
  assignment.directory = directory;
  JsonFields fields(root, "assignment");
  assignment.title = fields.string("title", true).value_or("");
  const auto size = fields.string("size", true);
  assignment.goal_text = fields.string("goal").value_or("blank-last");
  const json* semantics = fields.get("semantics");
  const json* limits = fields.get("limits");
  const json* tests = fields.get("tests");
  const json* tasks = fields.get("tasks");
  const auto after_timeout = fields.string("after_timeout");
  const json* weights = fields.get("weights");
  const json* feedback_limit = fields.get("feedback_limit");
  const json* repair = fields.get("repair");
  fields.string("description");  // free text for humans, not used by the grader
  if (auto status = fields.finish(); !status) return status.failure();

  if (after_timeout) {
    if (*after_timeout != "skip-task" && *after_timeout != "run-all") {
      return Error{"assignment.after_timeout: expected \"skip-task\" or \"run-all\", not \"" +
                   quoted_prefix(*after_timeout) + "\""};
    }
    assignment.run_all_after_timeout = *after_timeout == "run-all";
  }
  if (weights) {
    auto merged = merge_weights_json(assignment.weights, *weights, "assignment.weights");
    if (!merged) return merged.failure();
    assignment.weights = *merged;
  }
  if (feedback_limit) {
    JsonFields limit_fields(*feedback_limit, "assignment.feedback_limit");
    const auto per_hour = limit_fields.count("full_per_hour", 1, 3600);
    if (!per_hour && limit_fields.status()) {
      limit_fields.fail(limit_fields.path_of("full_per_hour") +
                        ": required (how many submissions an hour get full feedback)");
    }
    assignment.feedback_limit.full_per_hour = per_hour.value_or(0);
    if (auto status = limit_fields.finish(); !status) return status.failure();
  }
  if (repair) {
    auto setting = repair_setting_from_json(*repair);
    if (!setting) return setting.failure();
    assignment.repair = *setting;
  }
  auto shape = parse_shape(*size);
  if (!shape) return shape.failure_in("assignment.size: ");
  assignment.shape = *shape;
  auto goal = parse_goal(*shape, assignment.goal_text);
  if (!goal) return goal.failure_in("assignment.goal: ");
  assignment.goal = *goal;
  if (semantics) {
    auto parsed = semantics_from_json(*semantics, "assignment.semantics");
    if (!parsed) return parsed.failure();
    assignment.semantics = *parsed;
  }
  if (limits) {
    JsonFields limit_fields(*limits, "assignment.limits");
    // "wall_seconds" is the older name of "test_seconds", read so that existing assignments keep
    // working; it has been processor time since the verdicts stopped depending on load.
    const bool older_name = limits->contains("wall_seconds");
    if (older_name && limits->contains("test_seconds")) {
      return Error{"assignment.limits: give test_seconds or wall_seconds (its older name), not both"};
    }
    assignment.limits.test_seconds =
        limit_fields.number(older_name ? "wall_seconds" : "test_seconds", 1, 3600)
            .value_or(assignment.limits.test_seconds);
    assignment.limits.call_seconds =
        limit_fields.number("call_seconds", 0.1, 3600).value_or(assignment.limits.call_seconds);
    if (auto mb = limit_fields.count("lua_memory_mb", 1, 16384)) {
      assignment.limits.lua_memory_bytes = static_cast<std::size_t>(*mb) << 20;
    }
    if (auto status = limit_fields.finish(); !status) return status.failure();
  }
  if (!tasks || !tasks->is_array() || tasks->empty()) {
    return Error{"assignment.tasks: expected a non-empty list of tasks"};
  }
  for (std::size_t i = 0; i < tasks->size(); ++i) {
    auto task = parse_task((*tasks)[i], "tasks[" + std::to_string(i) + "]", assignment, tests);
    if (!task) return task.failure();
    const std::string name_path = "tasks[" + std::to_string(i) + "].name";
    for (const Task& other : assignment.tasks) {
      if (other.name == task->name) {
        return Error{name_path + ": '" + quoted_prefix(task->name) + "' is used twice"};
      }
    }
    // Each task is a gradebook column: one named like a fixed column would make two of a name.
    if (const auto column = gradebook_columns::repeated_column(task->name)) {
      return Error{name_path + ": '" + quoted_prefix(task->name) + "' would repeat the gradebook's '" +
                   std::string(*column) + "' column; a task may not be named " +
                   gradebook_columns::all_fixed_columns()};
    }
    assignment.tasks.push_back(std::move(*task));
  }
  if (auto paired = check_student_heuristics_graded(assignment); !paired) {
    return paired.failure();
  }
  return assignment;
}

Result<Assignment> load_assignment(const std::string& directory) {
  const std::string path = directory + "/assignment.json";
  auto text = read_file(path);
  if (!text) return text.failure();
  auto assignment = parse_assignment(*text, directory);
  if (!assignment) return assignment.failure_in(path + ": ");
  return assignment;
}

}  // namespace tile
