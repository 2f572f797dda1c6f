// Parsing one entry of assignment.json's "tasks" list, and the lists and blocks inside it. Each
// function reads one object: its fields, then what they mean; every error names its JSON path.
#include "grader/spec/task_json.h"

#include <algorithm>
#include <cctype>

#include "engine/bidirectional.h"

#include "engine/random_boards.h"
#include "grader/spec/json_fields.h"
#include "grader/spec/semantics_json.h"
#include "grader/spec/task_heuristic.h"
#include "grader/spec/text.h"

namespace tile {

using nlohmann::json;

std::optional<Visibility> parse_visibility(JsonFields& fields) {
  const auto text = fields.string("visibility");
  if (!text) return std::nullopt;
  for (Visibility v : {Visibility::Visible, Visibility::Hidden, Visibility::AfterDueDate,
                       Visibility::AfterPublished, Visibility::Diagnosis}) {
    if (*text == visibility_name(v)) return v;
  }
  fields.fail(fields.path_of("visibility") + ": unknown visibility '" + quoted_prefix(*text) +
              "' (expected visible, hidden, after_due_date, after_published or "
              "diagnosis)");
  return std::nullopt;
}

namespace {

// The refusal of the field that takes the assignment past kMaxTotalTests, before its boards exist.
Error too_many_tests(const std::string& field) {
  return Error{field + ": the assignment would have more than " + std::to_string(kMaxTotalTests) +
               " tests, the most it may have (every task's explicit, generated and withheld "
               "tests counted together)"};
}

// A "generate" block: `count` boards from `seed`, scrambled or uniformly random.
Status parse_generated_tests(const json& object, const std::string& path, const Board& goal,
                             const std::string& prefix, Visibility visibility,
                             const CheckWeights& weights, std::size_t room,
                             std::vector<TestCase>& out) {
  JsonFields block(object, path);
  const auto count = block.count("count", 1, kMaxGeneratedTests);
  const auto seed = block.count("seed", 0, UINT64_MAX);
  const auto scramble = block.count("scramble", 0, 10'000);
  const auto random = block.boolean("random");
  if (auto status = block.finish(); !status) return status;
  if (!count || !seed) return Error{path + ": needs \"count\" and \"seed\""};
  if (scramble.has_value() == random.value_or(false)) {
    return Error{path + ": give exactly one of \"scramble\": DEPTH or \"random\": true"};
  }
  if (*count > room) return too_many_tests(path + ".count");
  for (std::uint64_t i = 0; i < *count; ++i) {
    // Each board gets its own stream, so adding boards to a block never changes earlier ones.
    const std::uint64_t board_seed = *seed * 1'000'003ULL + i;
    const Board board = scramble ? scrambled_board(goal, static_cast<int>(*scramble), board_seed)
                                 : random_solvable_board(goal, board_seed);
    out.push_back({prefix + "-" + std::to_string(i + 1), board, visibility, weights});
  }
  return success();
}

// One entry of a "tests" list: an explicit start, or a block of generated boards. `room`: the
// tests the assignment may still have.
Status parse_tests_entry(const json& entry, const std::string& path, const Board& goal,
                         Visibility default_visibility, const CheckWeights& default_weights,
                         bool weighed, std::size_t room, std::vector<TestCase>& out) {
  JsonFields fields(entry, path);
  const auto name = fields.string("name");
  const Visibility visibility = parse_visibility(fields).value_or(default_visibility);
  const auto start = fields.string("start");
  const json* generate = fields.get("generate");
  const json* own_weights = fields.get("weights");
  if (auto status = fields.finish(); !status) return status;
  CheckWeights weights = default_weights;
  if (own_weights) {
    if (!weighed) return Error{path + ".weights: only a search task's tests weigh their checks"};
    auto merged = merge_weights_json(default_weights, *own_weights, path + ".weights");
    if (!merged) return merged.failure();
    weights = *merged;
  }
  if (start.has_value() == (generate != nullptr)) {
    return Error{path + ": give exactly one of \"start\" (tiles) or \"generate\" (a block)"};
  }
  if (generate) {
    return parse_generated_tests(*generate, path + ".generate", goal,
                                 name.value_or("generated"), visibility, weights, room, out);
  }
  if (room == 0) return too_many_tests(path);
  auto board = parse_board(goal.shape, *start);
  if (!board) return board.failure_in(path + ".start: ");
  if (auto reachable = check_reachable(*board, goal); !reachable) {
    return reachable.failure_in(path + ".start: this board cannot reach the goal: ");
  }
  out.push_back(
      {name.value_or("test-" + std::to_string(out.size() + 1)), *board, visibility, weights});
  return success();
}

Result<PathCheck> parse_path_check(const std::string& text) {
  if (text == "exact") return PathCheck::Exact;
  if (text == "optimal") return PathCheck::Optimal;
  if (text == "valid") return PathCheck::Valid;
  return Error{"unknown path check '" + quoted_prefix(text) + "' (expected exact, optimal or valid)"};
}

Status parse_informedness(const json& list, const std::string& path, TaskChecks& checks) {
  if (!list.is_array()) return Error{path + ": expected a list of thresholds"};
  for (std::size_t i = 0; i < list.size(); ++i) {
    JsonFields threshold(list[i], path + "[" + std::to_string(i) + "]");
    const auto max_expanded = threshold.count("max_expanded", 0, UINT64_MAX);
    const auto points = threshold.number("points", 0, 1e6);
    if (auto status = threshold.finish(); !status) return status;
    if (!max_expanded || !points) {
      return Error{threshold.path() + ": needs \"max_expanded\" and \"points\""};
    }
    checks.informedness.push_back({*max_expanded, *points});
  }
  return success();
}

Status parse_checks(const json& object, const std::string& path, TaskChecks& checks) {
  JsonFields fields(object, path);
  if (auto text = fields.string("path")) {
    auto parsed = parse_path_check(*text);
    if (!parsed) return parsed.failure_in(fields.path_of("path") + ": ");
    checks.path = *parsed;
  }
  checks.cost = fields.boolean("cost").value_or(checks.cost);
  checks.count = fields.boolean("count").value_or(checks.count);
  checks.count_tolerance = fields.count("count_tolerance", 0, UINT64_MAX).value_or(0);
  checks.order = fields.boolean("order").value_or(checks.order);
  checks.admissible = fields.boolean("admissible").value_or(checks.admissible);
  checks.consistent = fields.boolean("consistent").value_or(checks.consistent);
  checks.goal_zero = fields.boolean("goal_zero").value_or(checks.goal_zero);
  checks.deterministic = fields.boolean("deterministic").value_or(checks.deterministic);
  const json* informedness = fields.get("informedness");
  if (auto status = fields.finish(); !status) return status;
  if (!informedness) return success();
  return parse_informedness(*informedness, path + ".informedness", checks);
}

Status parse_task_limits(const json& object, const std::string& path, TaskLimits& limits) {
  JsonFields fields(object, path);
  limits.search.max_expansions = fields.count("max_expansions", 1, kMaxExpansionsCap)
                                     .value_or(limits.search.max_expansions);
  limits.search.max_api_calls =
      fields.count("max_api_calls", 1, kMaxApiCalls).value_or(limits.search.max_api_calls);
  limits.heuristic_calls =
      fields.count("heuristic_calls", 1, kMaxHeuristicCalls).value_or(limits.heuristic_calls);
  limits.engine_nodes =
      fields.count("engine_nodes", 1, kMaxEngineNodes).value_or(limits.engine_nodes);
  return fields.finish();
}

// A task's fields as written, before they are checked against each other.
struct TaskFields {
  std::optional<std::string> kind, algorithm, computes, weight, size, goal;
  std::optional<bool> admissible, consistent, twice_in_one_state;
  const json* equivalent = nullptr;
  const json* semantics = nullptr;
  const json* checks = nullptr;
  const json* limits = nullptr;
  const json* tests = nullptr;
  const json* withheld = nullptr;
  const json* weights = nullptr;
};

Result<TaskFields> read_task_fields(const json& object, const std::string& path, Task& task) {
  TaskFields raw;
  JsonFields fields(object, path);
  task.name = fields.string("name", true).value_or("");
  raw.kind = fields.string("kind", true);
  task.function = fields.string("function").value_or(task.name);
  raw.algorithm = fields.string("algorithm");
  raw.computes = fields.string("computes");
  task.heuristic = fields.string("heuristic");
  task.baseline = fields.string("baseline");
  raw.admissible = fields.boolean("admissible");
  raw.consistent = fields.boolean("consistent");
  raw.equivalent = fields.get("equivalent");
  raw.twice_in_one_state = fields.boolean("twice_in_one_state");
  raw.weight = fields.string("weight");
  raw.semantics = fields.get("semantics");
  task.points = fields.number("points", 0, 1e6).value_or(0);
  task.visibility = parse_visibility(fields).value_or(Visibility::Visible);
  raw.checks = fields.get("checks");
  raw.limits = fields.get("limits");
  raw.tests = fields.get("tests");
  raw.size = fields.string("size");
  raw.goal = fields.string("goal");
  raw.withheld = fields.get("withheld");
  raw.weights = fields.get("weights");
  if (auto status = fields.finish(); !status) return status.failure();
  // The grader calls the task's function by its global name: a name no Lua function can have
  // would fail every submission as "defines no such function", so it is refused here.
  if (!task.name.empty() && !is_lua_function_name(task.function)) {
    const bool written = object.contains("function");
    return Error{path + (written ? ".function" : ".name") + ": '" +
                 quoted_prefix(task.function) + "' cannot be a Lua function's name" +
                 (written ? "" : " (give the task a \"function\" that can)") +
                 ": letters, digits and _, not starting with a digit, and no Lua keyword"};
  }
  return raw;
}

Result<TaskKind> parse_task_kind(const std::string& text) {
  if (text == "search") return TaskKind::Search;
  if (text == "heuristic") return TaskKind::Heuristic;
  if (text == "function") return TaskKind::Function;
  return Error{"unknown task kind '" + quoted_prefix(text) + "' (expected search, heuristic or function)"};
}

// The task's own board, when it sets "size" or "goal"; the assignment's otherwise.
Result<Board> parse_task_goal(const TaskFields& raw, const std::string& path,
                              const Assignment& assignment) {
  if (!raw.size && !raw.goal) return assignment.goal;
  Shape shape = assignment.shape;
  if (raw.size) {
    auto parsed = parse_shape(*raw.size);
    if (!parsed) return parsed.failure_in(path + ".size: ");
    shape = *parsed;
  }
  auto goal = parse_goal(shape, raw.goal.value_or(assignment.goal_text));
  if (!goal) return goal.failure_in(path + ".goal: ");
  return *goal;
}

// A function of one board: no search, so nothing of one may be set.
Status parse_function_task(const TaskFields& raw, const std::string& path, Task& task) {
  if (!raw.computes) return Error{path + ".computes: a function task names what it computes"};
  auto parsed = parse_board_function(*raw.computes);
  if (!parsed) return parsed.failure_in(path + ".computes: ");
  task.computes = *parsed;
  for (const auto& [field, set] : {std::pair{"algorithm", raw.algorithm.has_value()},
                                   std::pair{"heuristic", task.heuristic.has_value()},
                                   std::pair{"baseline", task.baseline.has_value()},
                                   std::pair{"weight", raw.weight.has_value()},
                                   std::pair{"admissible", raw.admissible.has_value()},
                                   std::pair{"consistent", raw.consistent.has_value()},
                                   std::pair{"equivalent", raw.equivalent != nullptr},
                                   std::pair{"semantics", raw.semantics != nullptr},
                                   std::pair{"checks", raw.checks != nullptr},
                                   std::pair{"limits", raw.limits != nullptr},
                                   std::pair{"weights", raw.weights != nullptr}}) {
    if (set) return Error{path + "." + field + ": a function task has no " + field};
  }
  return success();
}

// "equivalent": {"code": "why"}: each a mistake's code (as `tilegrade tests` names it) and the
// instructor's sentence saying why no board tells it apart, which the report repeats.
Status parse_declared_equivalent(const json& object, const std::string& path, Task& task) {
  if (task.kind != TaskKind::Search) {
    return Error{path + ": only a search task's mistakes are declared equivalent"};
  }
  if (!object.is_object()) return Error{path + ": expected {\"code\": \"why it is equivalent\"}"};
  for (const auto& [code, why] : object.items()) {
    if (!why.is_string() || why.get<std::string>().empty()) {
      return Error{path + "." + code + ": give the sentence saying why no board tells it apart"};
    }
    task.declared_equivalent[code] = why.get<std::string>();
  }
  return success();
}

// "heuristic": "student:FUNCTION": the search's h is the student's own function. What the
// instructor may say of a heuristic they wrote is checked on the student's instead, by the
// heuristic task that grades the same function (assignment.cpp requires one), so it is refused here.
Status check_student_heuristic(const TaskFields& raw, const std::string& path, const Task& task) {
  const std::string function = student_heuristic_function(*task.heuristic);
  if (!is_lua_function_name(function)) {
    return Error{path + ".heuristic: '" + quoted_prefix(*task.heuristic) +
                 "' must name the student's Lua function, as in \"student:heuristic\""};
  }
  if (task.kind != TaskKind::Search) {
    return Error{path + ".heuristic: only a search task uses the student's heuristic (a "
                        "heuristic task's own function is the student's)"};
  }
  if (!uses_heuristic(task.algorithm)) {
    return Error{path + ".heuristic: " + std::string(algorithm_name(task.algorithm)) +
                 " uses no heuristic"};
  }
  for (const auto& [field, set] : {std::pair{"admissible", raw.admissible.has_value()},
                                   std::pair{"consistent", raw.consistent.has_value()}}) {
    if (set) {
      return Error{path + "." + field + ": the student's " + function +
                   " is checked by the heuristic task that grades it (its checks." + field +
                   "), not declared"};
    }
  }
  return success();
}

// The algorithm a search or heuristic task runs, with the heuristic and weight it needs.
Status parse_task_algorithm(const TaskFields& raw, const std::string& path, Task& task) {
  if (raw.computes) return Error{path + ".computes: only function tasks compute a board function"};
  if (!raw.algorithm) return Error{path + ".algorithm: required for a " + *raw.kind + " task"};
  auto algorithm = parse_algorithm(*raw.algorithm);
  if (!algorithm) return algorithm.failure_in(path + ".algorithm: ");
  task.algorithm = *algorithm;
  if (task.kind == TaskKind::Heuristic && !uses_heuristic(task.algorithm)) {
    return Error{path + ".algorithm: a heuristic task needs an algorithm that uses a heuristic "
                        "(greedy, astar, weighted-astar, idastar), not " +
                 *raw.algorithm};
  }
  if (task.kind == TaskKind::Search && uses_heuristic(task.algorithm) && !task.heuristic) {
    return Error{path + ".heuristic: " + *raw.algorithm +
                 " needs a heuristic to compare with: a built-in name or a .lua file beside "
                 "assignment.json"};
  }
  if (task.heuristic && is_student_heuristic(*task.heuristic)) {
    if (auto status = check_student_heuristic(raw, path, task); !status) return status;
  }
  if (raw.admissible) {
    if (task.kind != TaskKind::Search || !task.heuristic) {
      return Error{path + ".admissible: only a search task with a heuristic says whether it is "
                          "admissible (a heuristic task's checks.admissible checks the student's)"};
    }
    task.heuristic_admissible = *raw.admissible;
  }
  if (raw.consistent) {
    if (task.kind != TaskKind::Search || !task.heuristic) {
      return Error{path + ".consistent: only a search task with a heuristic says whether it is "
                          "consistent (a heuristic task's checks.consistent checks the student's)"};
    }
    task.heuristic_consistent = *raw.consistent;
  }
  if (raw.equivalent) return parse_declared_equivalent(*raw.equivalent, path + ".equivalent", task);
  if (raw.weight) {
    auto weight = parse_weight(*raw.weight);
    if (!weight) return weight.failure_in(path + ".weight: ");
    task.weight = *weight;
  } else if (task.algorithm == Algorithm::WeightedAstar) {
    return Error{path + ".weight: weighted-astar needs a weight such as \"1.5\""};
  }
  return success();
}

// Semantics overlaid on the assignment's, checks and limits: how a search task is judged.
Status parse_task_rules(const TaskFields& raw, const std::string& path,
                        const Assignment& assignment, Task& task) {
  Semantics written = assignment.semantics;
  if (raw.semantics) {
    auto merged = merge_semantics_json(written, *raw.semantics, path + ".semantics");
    if (!merged) return merged.failure();
    written = *merged;
  }
  task.semantics = resolve(written, task.algorithm);  // once, for every later reader
  if (task.algorithm == Algorithm::Bibfs) {
    if (auto checked = check_bibfs(task.semantics); !checked) {
      return checked.failure_in(path + ".semantics: ");
    }
  }
  if (raw.checks) {
    if (auto status = parse_checks(*raw.checks, path + ".checks", task.checks); !status) {
      return status;
    }
  }
  task.weights = assignment.weights;
  if (raw.weights) {
    if (task.kind != TaskKind::Search) {
      return Error{path + ".weights: only search tasks weigh their checks (path, cost, count, "
                          "order)"};
    }
    auto merged = merge_weights_json(task.weights, *raw.weights, path + ".weights");
    if (!merged) return merged.failure();
    task.weights = *merged;
  }
  if (raw.limits) return parse_task_limits(*raw.limits, path + ".limits", task.limits);
  return success();
}

// A student copy's "withheld": {"tests": N}, the number of tests it leaves out.
Status parse_withheld(const json& object, const std::string& path, std::size_t room, Task& task) {
  JsonFields fields(object, path);
  task.withheld_tests = fields.count("tests", 1, kMaxTotalTests).value_or(0);
  if (auto status = fields.finish(); !status) return status;
  if (task.withheld_tests == 0) return Error{path + ": needs \"tests\": the number left out"};
  if (task.withheld_tests > room) return too_many_tests(path + ".tests");
  return success();
}

// The tests the assignment may still have once the tasks before this one have theirs.
std::size_t room_for_tests(const Assignment& assignment) {
  std::size_t before = 0;
  for (const Task& task : assignment.tasks) before += task.total_tests();
  return before >= kMaxTotalTests ? 0 : kMaxTotalTests - before;
}

}  // namespace

Status parse_tests(const json& list, const std::string& path, const Board& goal,
                   Visibility default_visibility, const CheckWeights& default_weights,
                   bool weighed, std::size_t room, std::vector<TestCase>& out) {
  if (!list.is_array() || list.empty()) {
    return Error{path + ": expected a non-empty list of tests"};
  }
  const std::size_t before = out.size();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::size_t added = out.size() - before;
    auto status = parse_tests_entry(list[i], path + "[" + std::to_string(i) + "]", goal,
                                    default_visibility, default_weights, weighed,
                                    room - std::min(room, added), out);
    if (!status) return status;
  }
  return success();
}

Result<Task> parse_task(const json& object, const std::string& path, const Assignment& assignment,
                        const json* default_tests) {
  Task task;
  auto raw = read_task_fields(object, path, task);
  if (!raw) return raw.failure();
  auto kind = parse_task_kind(*raw->kind);
  if (!kind) return kind.failure_in(path + ".kind: ");
  task.kind = *kind;
  auto goal = parse_task_goal(*raw, path, assignment);
  if (!goal) return goal.failure();
  task.goal = *goal;

  Status rules = task.kind == TaskKind::Function ? parse_function_task(*raw, path, task)
                                                 : parse_task_algorithm(*raw, path, task);
  if (rules && task.kind != TaskKind::Function) {
    rules = parse_task_rules(*raw, path, assignment, task);
  }
  if (!rules) return rules.failure();
  if (raw->twice_in_one_state) {
    if (task.kind != TaskKind::Search) {
      return Error{path + ".twice_in_one_state: only a search task's first test is called twice"};
    }
    task.twice_in_one_state = *raw->twice_in_one_state;
  }
  if (task.heuristic && is_student_heuristic(*task.heuristic) &&
      task.checks.path == PathCheck::Optimal) {
    // With an overestimating h a correct search is not optimal: the search would lose points
    // the heuristic's task already takes.
    return Error{path + ".checks.path: with the student's heuristic the search is checked "
                        "against the run their heuristic gives (\"exact\" or \"valid\"), "
                        "not \"optimal\""};
  }
  if (auto read = read_task_heuristic_script(task, assignment, path); !read) {
    return read.failure();
  }

  std::size_t room = room_for_tests(assignment);
  if (raw->withheld) {
    if (auto status = parse_withheld(*raw->withheld, path + ".withheld", room, task); !status) {
      return status.failure();
    }
    // Every test of this task may be left out of a student copy.
    if (raw->tests && raw->tests->is_array() && raw->tests->empty()) return task;
    room -= task.withheld_tests;
  }
  const json* tests = raw->tests ? raw->tests : default_tests;
  if (!tests) return Error{path + ".tests: this task has no tests and the assignment none"};
  const std::string tests_path = raw->tests ? path + ".tests" : std::string("tests");
  auto listed = parse_tests(*tests, tests_path, task.goal, task.visibility, task.weights,
                            task.kind == TaskKind::Search, room, task.tests);
  if (!listed) return listed.failure();
  if (task.kind == TaskKind::Search) {
    for (const TestCase& test : task.tests) {
      if (enabled_weight(task.checks, test.weights) <= 0) {
        return Error{path + ": test '" + quoted_prefix(test.name) +
                     "': the weights of its checks add up to 0, so it could earn nothing"};
      }
    }
  }
  return task;
}

}  // namespace tile
