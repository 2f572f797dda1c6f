#include "grader/spec/task_heuristic.h"

#include "engine/files.h"
#include "engine/named_heuristic.h"

namespace tile {

namespace {

ScriptHeuristicLoader g_script_loader = nullptr;

}  // namespace

bool is_script_heuristic(std::string_view name) { return name.ends_with(".lua"); }

bool uses_student_heuristic(const Task& task) {
  return task.kind == TaskKind::Search && task.heuristic && is_student_heuristic(*task.heuristic);
}

void install_script_heuristic_loader(ScriptHeuristicLoader loader) { g_script_loader = loader; }

Result<std::unique_ptr<Heuristic>> make_task_heuristic(const Task& task) {
  if (!task.heuristic) return Error{"task " + task.name + " names no heuristic"};
  if (is_student_heuristic(*task.heuristic)) {
    // Never the student's code here: only what a grading child recorded of it.
    if (!task.student_heuristic_values) {
      return Error{"task " + task.name + ": its heuristic is the student's " +
                   student_heuristic_function(*task.heuristic) +
                   ", known only from a submission's run"};
    }
    return std::unique_ptr<Heuristic>(std::make_unique<RecordedHeuristic>(
        task.student_heuristic_values, student_heuristic_function(*task.heuristic)));
  }
  if (!is_script_heuristic(*task.heuristic)) {
    auto made = make_named_heuristic(*task.heuristic, task.goal);
    if (!made) return made.failure_in("task " + task.name + ": ");
    return made;
  }
  // A program that grades installs the loader first; reaching here without it is a bug of ours.
  if (g_script_loader == nullptr) {
    return Error{"task " + task.name + ": the heuristic " + *task.heuristic +
                 " is a Lua script, and this program was built without the sandbox to run it"};
  }
  auto made =
      g_script_loader(*task.heuristic, task.heuristic_script, task.goal, task.heuristic_limits);
  if (!made) return made.failure_in("task " + task.name + ", heuristic " + *task.heuristic + ": ");
  return made;
}

Status read_task_heuristic_script(Task& task, const Assignment& assignment,
                                  const std::string& path) {
  if (!task.heuristic || !is_script_heuristic(*task.heuristic)) return success();
  task.heuristic_limits = assignment.limits;
  const std::string& directory = assignment.directory;
  const std::string& name = *task.heuristic;
  if (name.find('/') != std::string::npos || name.find('\\') != std::string::npos ||
      name == ".lua") {
    return Error{path + ".heuristic: '" + name +
                 "' must be a file name in the assignment's folder, beside assignment.json"};
  }
  if (task.kind != TaskKind::Search) {
    return Error{path + ".heuristic: only a search task runs an instructor's Lua heuristic (a "
                        "heuristic task's heuristic is the student's)"};
  }
  auto text = read_file(directory + "/" + name);
  if (!text) {
    return Error{path + ".heuristic: cannot read " + name + " beside assignment.json (" +
                 text.error() + "); write it there, defining heuristic(board)"};
  }
  task.heuristic_script = std::move(*text);
  return success();
}

}  // namespace tile
