#include "grader/spec/assignment.h"

#include <fstream>
#include <sstream>

#include "engine/random_boards.h"
#include "grader/spec/json_fields.h"
#include "grader/spec/semantics_json.h"

namespace tile {

using nlohmann::json;

std::string_view visibility_name(Visibility visibility) {
  switch (visibility) {
    case Visibility::Visible: return "visible";
    case Visibility::Hidden: return "hidden";
    case Visibility::AfterDueDate: return "after_due_date";
    case Visibility::AfterPublished: return "after_published";
  }
  return "visible";
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

std::optional<Visibility> parse_visibility(JsonFields& fields) {
  const auto text = fields.string("visibility");
  if (!text) return std::nullopt;
  for (Visibility v : {Visibility::Visible, Visibility::Hidden, Visibility::AfterDueDate,
                       Visibility::AfterPublished}) {
    if (*text == visibility_name(v)) return v;
  }
  fields.fail(fields.path_of("visibility") + ": unknown visibility '" + *text +
              "' (expected visible, hidden, after_due_date or after_published)");
  return std::nullopt;
}

// One entry of a "tests" list: an explicit start, or a block of generated boards.
std::optional<Error> parse_tests_entry(const json& entry, const std::string& path,
                                       const Board& goal, Visibility default_visibility,
                                       std::vector<TestCase>& out) {
  JsonFields fields(entry, path);
  const auto name = fields.string("name");
  const Visibility visibility = parse_visibility(fields).value_or(default_visibility);
  const auto start = fields.string("start");
  const json* generate = fields.get("generate");
  if (auto error = fields.finish()) return error;
  if (start.has_value() == (generate != nullptr)) {
    return Error{path + ": give exactly one of \"start\" (tiles) or \"generate\" (a block)"};
  }
  if (start) {
    auto board = parse_board(goal.shape, *start);
    if (!board) return Error{path + ".start: " + board.error()};
    if (auto reason = unsolvable_reason(*board, goal)) {
      return Error{path + ".start: this board cannot reach the goal: " + *reason};
    }
    out.push_back({name.value_or("test-" + std::to_string(out.size() + 1)), *board, visibility});
    return std::nullopt;
  }
  JsonFields block(*generate, path + ".generate");
  const auto count = block.count("count", 1, 10'000);
  const auto seed = block.count("seed", 0, UINT64_MAX);
  const auto scramble = block.count("scramble", 0, 10'000);
  const auto random = block.boolean("random");
  if (auto error = block.finish()) return error;
  if (!count || !seed) return Error{path + ".generate: needs \"count\" and \"seed\""};
  if (scramble.has_value() == random.value_or(false)) {
    return Error{path + ".generate: give exactly one of \"scramble\": DEPTH or \"random\": true"};
  }
  const std::string prefix = name.value_or("generated");
  for (std::uint64_t i = 0; i < *count; ++i) {
    // Each board gets its own stream, so adding boards to a block never changes earlier ones.
    const std::uint64_t board_seed = *seed * 1'000'003ULL + i;
    const Board board = scramble ? scrambled_board(goal, static_cast<int>(*scramble), board_seed)
                                 : random_solvable_board(goal, board_seed);
    out.push_back({prefix + "-" + std::to_string(i + 1), board, visibility});
  }
  return std::nullopt;
}

std::optional<Error> parse_tests(const json& list, const std::string& path, const Board& goal,
                                 Visibility default_visibility, std::vector<TestCase>& out) {
  if (!list.is_array() || list.empty()) {
    return Error{path + ": expected a non-empty list of tests"};
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    auto error = parse_tests_entry(list[i], path + "[" + std::to_string(i) + "]", goal,
                                   default_visibility, out);
    if (error) return error;
  }
  return std::nullopt;
}

std::optional<Error> parse_checks(const json& object, const std::string& path, TaskChecks& checks) {
  JsonFields fields(object, path);
  if (auto text = fields.string("path")) {
    if (*text == "exact") {
      checks.path = PathCheck::Exact;
    } else if (*text == "optimal") {
      checks.path = PathCheck::Optimal;
    } else if (*text == "valid") {
      checks.path = PathCheck::Valid;
    } else {
      fields.fail(fields.path_of("path") + ": unknown path check '" + *text +
                  "' (expected exact, optimal or valid)");
    }
  }
  checks.cost = fields.boolean("cost").value_or(checks.cost);
  checks.count = fields.boolean("count").value_or(checks.count);
  checks.count_tolerance = fields.count("count_tolerance", 0, UINT64_MAX).value_or(0);
  checks.order = fields.boolean("order").value_or(checks.order);
  checks.admissible = fields.boolean("admissible").value_or(checks.admissible);
  checks.consistent = fields.boolean("consistent").value_or(checks.consistent);
  checks.goal_zero = fields.boolean("goal_zero").value_or(checks.goal_zero);
  checks.deterministic = fields.boolean("deterministic").value_or(checks.deterministic);
  if (const json* list = fields.get("informedness")) {
    if (!list->is_array()) {
      fields.fail(fields.path_of("informedness") + ": expected a list of thresholds");
    } else {
      for (std::size_t i = 0; i < list->size(); ++i) {
        JsonFields threshold((*list)[i], fields.path_of("informedness") + "[" +
                                             std::to_string(i) + "]");
        const auto max_expanded = threshold.count("max_expanded", 0, UINT64_MAX);
        const auto points = threshold.number("points", 0, 1e6);
        if (auto error = threshold.finish()) return error;
        if (!max_expanded || !points) {
          return Error{threshold.path() + ": needs \"max_expanded\" and \"points\""};
        }
        checks.informedness.push_back({*max_expanded, *points});
      }
    }
  }
  return fields.finish();
}

std::optional<Error> parse_task_limits(const json& object, const std::string& path,
                                       TaskLimits& limits) {
  JsonFields fields(object, path);
  limits.search.max_expansions =
      fields.count("max_expansions", 1, UINT64_MAX).value_or(limits.search.max_expansions);
  limits.search.max_api_calls =
      fields.count("max_api_calls", 1, UINT64_MAX).value_or(limits.search.max_api_calls);
  limits.heuristic_calls =
      fields.count("heuristic_calls", 1, UINT64_MAX).value_or(limits.heuristic_calls);
  limits.engine_nodes = fields.count("engine_nodes", 1, UINT64_MAX).value_or(limits.engine_nodes);
  return fields.finish();
}

Result<Task> parse_task(const json& object, const std::string& path, const Assignment& assignment,
                        const json* default_tests) {
  Task task;
  JsonFields fields(object, path);
  task.name = fields.string("name", true).value_or("");
  const auto kind = fields.string("kind", true);
  task.function = fields.string("function").value_or(task.name);
  const auto algorithm = fields.string("algorithm");
  const auto computes = fields.string("computes");
  task.heuristic = fields.string("heuristic");
  task.baseline = fields.string("baseline");
  const auto weight = fields.string("weight");
  const json* semantics = fields.get("semantics");
  task.points = fields.number("points", 0, 1e6).value_or(0);
  task.visibility = parse_visibility(fields).value_or(Visibility::Visible);
  const json* checks = fields.get("checks");
  const json* limits = fields.get("limits");
  const json* tests = fields.get("tests");
  const auto size = fields.string("size");
  const auto goal_text = fields.string("goal");
  if (auto error = fields.finish()) return *error;

  task.goal = assignment.goal;
  if (size || goal_text) {
    Shape shape = assignment.shape;
    if (size) {
      auto parsed = parse_shape(*size);
      if (!parsed) return Error{path + ".size: " + parsed.error()};
      shape = *parsed;
    }
    auto goal = parse_goal(shape, goal_text.value_or(assignment.goal_text));
    if (!goal) return Error{path + ".goal: " + goal.error()};
    task.goal = *goal;
  }
  auto parse_task_tests = [&]() -> std::optional<Error> {
    const json* test_list = tests ? tests : default_tests;
    if (!test_list) return Error{path + ".tests: this task has no tests and the assignment none"};
    return parse_tests(*test_list, tests ? path + ".tests" : std::string("tests"), task.goal,
                       task.visibility, task.tests);
  };
  if (*kind == "search") {
    task.kind = TaskKind::Search;
  } else if (*kind == "heuristic") {
    task.kind = TaskKind::Heuristic;
  } else if (*kind == "function") {
    task.kind = TaskKind::Function;
  } else {
    return Error{path + ".kind: unknown task kind '" + *kind +
                 "' (expected search, heuristic or function)"};
  }
  if (task.kind == TaskKind::Function) {
    // A function of one board: no search, so nothing of one may be set.
    if (!computes) return Error{path + ".computes: a function task names what it computes"};
    auto parsed = parse_board_function(*computes);
    if (!parsed) return Error{path + ".computes: " + parsed.error()};
    task.computes = *parsed;
    for (const auto& [field, set] : {std::pair{"algorithm", algorithm.has_value()},
                                     std::pair{"heuristic", task.heuristic.has_value()},
                                     std::pair{"baseline", task.baseline.has_value()},
                                     std::pair{"weight", weight.has_value()},
                                     std::pair{"semantics", semantics != nullptr},
                                     std::pair{"checks", checks != nullptr},
                                     std::pair{"limits", limits != nullptr}}) {
      if (set) return Error{path + "." + field + ": a function task has no " + field};
    }
    if (auto error = parse_task_tests()) return *error;
    return task;
  }
  if (computes) return Error{path + ".computes: only function tasks compute a board function"};
  if (!algorithm) return Error{path + ".algorithm: required for a " + *kind + " task"};
  auto parsed_algorithm = parse_algorithm(*algorithm);
  if (!parsed_algorithm) return Error{path + ".algorithm: " + parsed_algorithm.error()};
  task.algorithm = *parsed_algorithm;
  if (task.kind == TaskKind::Heuristic && !uses_heuristic(task.algorithm)) {
    return Error{path + ".algorithm: a heuristic task needs an algorithm that uses a heuristic "
                        "(greedy, astar, weighted-astar, idastar), not " +
                 *algorithm};
  }
  if (task.kind == TaskKind::Search && uses_heuristic(task.algorithm) && !task.heuristic) {
    return Error{path + ".heuristic: " + *algorithm + " needs an engine heuristic to compare with"};
  }
  if (weight) {
    auto parsed = parse_weight(*weight);
    if (!parsed) return Error{path + ".weight: " + parsed.error()};
    task.weight = *parsed;
  } else if (task.algorithm == Algorithm::WeightedAstar) {
    return Error{path + ".weight: weighted-astar needs a weight such as \"1.5\""};
  }
  task.semantics = assignment.semantics;
  if (semantics) {
    auto merged = merge_semantics_json(task.semantics, *semantics, path + ".semantics");
    if (!merged) return Error{merged.error()};
    task.semantics = *merged;
  }
  if (checks) {
    if (auto error = parse_checks(*checks, path + ".checks", task.checks)) return *error;
  }
  if (limits) {
    if (auto error = parse_task_limits(*limits, path + ".limits", task.limits)) return *error;
  }
  if (auto error = parse_task_tests()) return *error;
  return task;
}

}  // namespace

Result<Assignment> parse_assignment(const std::string& json_text, const std::string& directory) {
  json root;
  try {
    root = json::parse(json_text);
  } catch (const json::parse_error& error) {
    return Error{"assignment.json is not valid JSON: " + std::string(error.what())};
  }
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
  fields.string("description");  // free text for humans, not used by the grader
  if (auto error = fields.finish()) return *error;

  auto shape = parse_shape(*size);
  if (!shape) return Error{"assignment.size: " + shape.error()};
  assignment.shape = *shape;
  auto goal = parse_goal(*shape, assignment.goal_text);
  if (!goal) return Error{"assignment.goal: " + goal.error()};
  assignment.goal = *goal;
  if (semantics) {
    auto parsed = semantics_from_json(*semantics, "assignment.semantics");
    if (!parsed) return Error{parsed.error()};
    assignment.semantics = *parsed;
  }
  if (limits) {
    JsonFields limit_fields(*limits, "assignment.limits");
    assignment.limits.wall_seconds =
        limit_fields.number("wall_seconds", 1, 3600).value_or(assignment.limits.wall_seconds);
    assignment.limits.call_seconds =
        limit_fields.number("call_seconds", 0.1, 3600).value_or(assignment.limits.call_seconds);
    if (auto mb = limit_fields.count("lua_memory_mb", 1, 16384)) {
      assignment.limits.lua_memory_bytes = static_cast<std::size_t>(*mb) << 20;
    }
    if (auto error = limit_fields.finish()) return *error;
  }
  if (!tasks || !tasks->is_array() || tasks->empty()) {
    return Error{"assignment.tasks: expected a non-empty list of tasks"};
  }
  for (std::size_t i = 0; i < tasks->size(); ++i) {
    auto task = parse_task((*tasks)[i], "tasks[" + std::to_string(i) + "]", assignment, tests);
    if (!task) return Error{task.error()};
    for (const Task& other : assignment.tasks) {
      if (other.name == task->name) {
        return Error{"tasks[" + std::to_string(i) + "].name: '" + task->name + "' is used twice"};
      }
    }
    assignment.tasks.push_back(std::move(*task));
  }
  return assignment;
}

Result<Assignment> load_assignment(const std::string& directory) {
  const std::string path = directory + "/assignment.json";
  std::ifstream file(path);
  if (!file) return Error{"cannot read " + path};
  std::stringstream text;
  text << file.rdbuf();
  auto assignment = parse_assignment(text.str(), directory);
  if (!assignment) return Error{path + ": " + assignment.error()};
  return assignment;
}

}  // namespace tile
