// `tilegrade new DIR`: scaffold an assignment an instructor then edits: assignment.json with one
// search task per chosen algorithm (a start-is-goal test, two visible scrambles, a block of hidden
// ones), the engine's expected.json, a handout skeleton, a starter, and the reference folder
// (a solution to write and a mutants/ folder). `tilegrade validate DIR` then says what is left.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "engine/files.h"
#include "engine/random_boards.h"
#include "engine/semantics_fields.h"
#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/handout_rules.h"
#include "grader/cli/output.h"
#include "grader/judge/bibfs_phrases.h"
#include "grader/judge/diagnosis.h"
#include "grader/judge/textbook_defaults.h"
#include "grader/run/adequacy_record.h"
#include "grader/sandbox/heuristic_source.h"
#include "grader/spec/expectation.h"
#include "grader/spec/recorded_heuristic.h"
#include "grader/spec/semantics_json.h"
#include "grader/spec/task_heuristic.h"
#include "grader/spec/text.h"

namespace tile::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct NewOptions {
  std::string dir;
  std::string algorithms = "bfs,dfs,astar";
  std::string size = "3x3";
  std::string goal = "blank-last";
  std::string title;
  std::string reference_dir;  // default: <DIR>/../../reference/<name>, where validate looks
  std::vector<std::string> semantics;  // FIELD=VALUE, each a field of the semantics table
  std::vector<std::string> task_semantics;  // TASK:FIELD=VALUE, a field for one task alone
  std::string heuristic;               // informed tasks' (default: by the cost model)
  std::string weight = "1.5";          // weighted-astar's
  bool weight_given = false;
  bool json = false;
};

// The Lua function a task's students define: the algorithm's name, with '-' made '_'.
std::string function_name(std::string algorithm) {
  for (char& ch : algorithm) {
    if (ch == '-') ch = '_';
  }
  return algorithm;
}

Result<std::vector<Algorithm>> parse_algorithms(const std::string& list) {
  std::vector<Algorithm> out;
  std::stringstream stream(list);
  std::string name;
  while (std::getline(stream, name, ',')) {
    auto algorithm = parse_algorithm(name);
    if (!algorithm) return algorithm.failure_in("--algorithms: ");
    out.push_back(*algorithm);
  }
  if (out.empty()) return Error{"--algorithms: name at least one algorithm (e.g. bfs,dfs,astar)"};
  return out;
}

// The algorithm as a handout names it.
std::string long_name(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Bfs: return "breadth-first search";
    case Algorithm::Dfs: return "depth-first search";
    case Algorithm::Dls: return "depth-limited search";
    case Algorithm::Iddfs: return "iterative deepening depth-first search";
    case Algorithm::Ucs: return "uniform-cost search";
    case Algorithm::Greedy: return "greedy best-first search (priority h)";
    case Algorithm::Astar: return "A* search (priority g + h)";
    case Algorithm::WeightedAstar: return "weighted A* search (priority g + w h)";
    case Algorithm::Idastar: return "IDA*, iterative deepening A*";
    case Algorithm::Bibfs: return "bidirectional breadth-first search";
  }
  return std::string(algorithm_name(algorithm));
}

// How the search is called: the same signature in the handout and the starter.
std::string signature(Algorithm algorithm) {
  return function_name(std::string(algorithm_name(algorithm))) + "(problem" +
         (uses_heuristic(algorithm) ? ", h" : "") + ")";
}

// Every default limit, written out so the instructor sees (and tunes) what decides a verdict.
json task_limits() {
  const TaskLimits limits;
  return {{"max_expansions", limits.search.max_expansions},
          {"max_api_calls", limits.search.max_api_calls},
          {"engine_nodes", limits.engine_nodes}};
}

json task_json(Algorithm algorithm, const Board& goal, const std::string& heuristic,
               const std::string& weight) {
  const std::string name(algorithm_name(algorithm));
  json task = {{"name", name},
               {"kind", "search"},
               {"function", function_name(name)},
               {"algorithm", name},
               {"points", 10}};
  if (uses_heuristic(algorithm)) task["heuristic"] = heuristic;
  if (algorithm == Algorithm::WeightedAstar) task["weight"] = weight;
  task["limits"] = task_limits();
  // Small scrambles keep every search quick, DFS included; the instructor adds harder boards.
  json tests = json::array();
  tests.push_back({{"name", "start-is-goal"}, {"start", format_tiles(goal)}});
  for (int i = 1; i <= 2; ++i) {
    tests.push_back({{"name", "visible-" + std::to_string(i)},
                     {"start", format_tiles(scrambled_board(goal, 2 + 2 * i, 1000 + i))}});
  }
  tests.push_back({{"name", "hidden"},
                   {"generate", {{"count", 3}, {"seed", 1}, {"scramble", 8}}},
                   {"visibility", "after_due_date"}});
  task["tests"] = tests;
  return task;
}

// "A* with your heuristic" (--heuristic student:FUNCTION): the heuristic task that grades the
// student's function as a heuristic (admissible and consistent on its tests, as a heuristic task
// checks), placed first, since the searches after it run with it.
json heuristic_task_json(const std::string& function, const Board& goal) {
  json tests = json::array();
  for (int i = 1; i <= 2; ++i) {
    tests.push_back({{"name", "visible-" + std::to_string(i)},
                     {"start", format_tiles(scrambled_board(goal, 4 + 4 * i, 2000 + i))}});
  }
  tests.push_back({{"name", "hidden"},
                   {"generate", {{"count", 3}, {"seed", 2}, {"scramble", 12}}},
                   {"visibility", "after_due_date"}});
  return {{"name", function}, {"kind", "heuristic"}, {"function", function},
          {"algorithm", "astar"}, {"points", 10},     {"tests", tests}};
}

// The handout: each function's signature, what it counts and what it returns when the start is
// the goal, all from the task as resolved and the engine's answers (the count's words are the
// ones a wrong count's report uses), so the handout cannot contradict the assignment.
std::string handout(const std::string& title, const Assignment& assignment,
                    const std::vector<Expectation>& expectations, const std::string& weight) {
  std::string out = "# " + title +
                    "\n\n(Describe the assignment here: the board, the goal, and what each "
                    "function must return.)\n\n## What to write\n\n";
  std::size_t first_test = 0;  // each task's start-is-goal test is its first
  for (const Task& task : assignment.tasks) {
    if (task.kind == TaskKind::Heuristic) {
      first_test += task.tests.size();
      out += "- `" + task.function + "(board)`: your heuristic, a whole number of moves: 0 at "
             "the goal, never more than the moves the board still needs (admissible), and never "
             "dropping by more than one per move (consistent). The searches below call it "
             "through `problem:h(state)`, and are graded against the run your own heuristic "
             "gives.\n";
      continue;
    }
    const ResolvedSemantics semantics = task.semantics;
    std::uint64_t at_goal = expectations[first_test].count;
    // The student's own heuristic has no expected run before a submission's; from the goal none
    // is needed: the search stops at its start before any h orders a child, whatever h is.
    if (uses_student_heuristic(task)) {
      Task any_h = task;
      any_h.heuristic = "zero";
      if (auto from_goal = compute_expectation(any_h, task.tests.front())) {
        at_goal = from_goal->count;
      }
    }
    first_test += task.tests.size();
    out += "- `" + signature(task.algorithm) + "`: " + long_name(task.algorithm) +
           ". Return the path (a list of move names such as `{\"Up\", \"Left\"}`) and the "
           "count of " + count_phrase(semantics.count, task.algorithm, semantics) +
           ". When the start is already the goal, return an empty path and a count of " +
           std::to_string(at_goal) + ".\n";
    if (task.algorithm == Algorithm::Bibfs) out += "  " + describe_bibfs(semantics) + "\n";
    // Where following the textbook would give another path or count, the handout says so.
    for (const std::string& difference : textbook_differences(task.algorithm, semantics)) {
      out += "  " + difference + "\n";
    }
    if (task.algorithm == Algorithm::WeightedAstar) {
      out += "  The weight w is " + weight + ".\n";
    }
    out += rules_section(task);
  }
  out += "\n## Checking your work\n\n```sh\ntilegrade check . starter.lua\n```\n\nMoves "
         "name the direction the BLANK moves.\n";
  return out;
}

// `students_heuristic`: the function of --heuristic student:FUNCTION, or empty.
std::string starter(const std::vector<Algorithm>& algorithms,
                    const std::string& students_heuristic) {
  std::string out =
      "-- Fill in each function. Each search returns the path (a list of move names, or a string\n"
      "-- of letters \"UL\") and the count the handout (README.md) asks for.\n"
      "-- problem.start, problem:is_goal(s), problem:successors(s) (each call is an expansion),\n"
      "-- problem:key(s), problem:h(s) (informed searches)\n";
  if (!students_heuristic.empty()) {
    out += "-- problem:h(s) calls YOUR " + students_heuristic +
           "(s): call it that way in your searches.\n"
           "-- board[i] is the tile in cell i (1-based, row by row), 0 the blank.\n"
           "\nfunction " + students_heuristic + "(board)\n  error(\"" + students_heuristic +
           " is not written yet\")\nend\n";
  }
  // A stub that raises: a student who changes nothing earns no point, not the start-is-goal
  // tests' (validate warns of a starter that earns more than 5%).
  for (Algorithm algorithm : algorithms) {
    const std::string call = signature(algorithm);
    out += "\nfunction " + call + "\n  error(\"" + call.substr(0, call.find('(')) +
           " is not written yet\")\nend\n";
  }
  return out;
}

// FIELD=VALUE as the JSON would hold the value: JSON itself (8, ["h-low", "fifo"]), else a list
// written h-low,fifo, else a word (on-generate). OPTION names it in an error.
Result<std::pair<std::string, json>> parse_setting(const std::string& setting,
                                                   const std::string& option) {
  const std::size_t equals = setting.find('=');
  if (equals == std::string::npos || equals == 0) {
    return Error{option + ": expected FIELD=VALUE (e.g. cost=tile)"};
  }
  const std::string value = setting.substr(equals + 1);
  json parsed = json::parse(value, nullptr, false);
  if (parsed.is_discarded() && value.find(',') != std::string::npos) {
    parsed = json::array();
    std::stringstream items(value);
    for (std::string item; std::getline(items, item, ',');) parsed.push_back(item);
  } else if (parsed.is_discarded()) {
    parsed = value;
  }
  return std::pair{setting.substr(0, equals), parsed};
}

bool usable_folder(const fs::path& path) {
  std::error_code error;
  return !fs::exists(path, error) || (fs::is_directory(path, error) && fs::is_empty(path, error));
}

Outcome run_new(const NewOptions& options) {
  const Output out("tilegrade new", options.json);
  auto algorithms = parse_algorithms(options.algorithms);
  if (!algorithms) return error_of(algorithms);
  auto shape = parse_shape(options.size);
  if (!shape) return shape.failure_in("--size: ");
  auto goal = parse_goal(*shape, options.goal);
  if (!goal) return goal.failure_in("--goal: ");
  // The semantics the instructor chose, read as assignment.json's "semantics" reads them, so a
  // bad field or value is said here, naming the option, before anything is written.
  json semantics = json::object();
  for (const std::string& setting : options.semantics) {
    auto parsed = parse_setting(setting, "--semantics " + setting);
    if (!parsed) return parsed.failure();
    semantics[parsed->first] = parsed->second;
  }
  auto chosen = semantics_from_json(semantics, "--semantics");
  if (!chosen) return chosen.failure();
  // Per task: "greedy:goal_test=on-generate", overlaid on the assignment's, as a task's
  // "semantics" in assignment.json is.
  std::map<std::string, json> per_task;
  for (const std::string& setting : options.task_semantics) {
    const std::size_t colon = setting.find(':');
    const std::string option = "--task " + setting;
    if (colon == std::string::npos || colon == 0) {
      return Error{option + ": expected TASK:FIELD=VALUE (e.g. greedy:goal_test=on-generate)"};
    }
    const std::string task = setting.substr(0, colon);
    const bool known = std::any_of(algorithms->begin(), algorithms->end(),
                                   [&](Algorithm a) { return algorithm_name(a) == task; });
    if (!known) {
      return Error{option + ": no task named '" + task +
                   "' (the tasks are those --algorithms names: " + options.algorithms + ")"};
    }
    auto parsed = parse_setting(setting.substr(colon + 1), option);
    if (!parsed) return parsed.failure();
    json& fields = per_task.try_emplace(task, json::object()).first->second;
    if (fields.contains(parsed->first)) {
      return Error{option + ": " + parsed->first + " is set twice for task " + task};
    }
    fields[parsed->first] = parsed->second;
    if (auto read = semantics_from_json(fields, option); !read) return read.failure();
  }
  const bool weighted = std::find(algorithms->begin(), algorithms->end(),
                                  Algorithm::WeightedAstar) != algorithms->end();
  if (options.weight_given && !weighted) {
    return Error{"--weight: only weighted-astar has a weight; add it to --algorithms"};
  }
  if (auto weight = parse_weight(options.weight); !weight) return weight.failure_in("--weight: ");
  // Manhattan counts moves: under tile costs the heuristic that counts what moves cost is the one
  // that teaches weighted A*'s lesson (docs/writing-assignments.md, heuristic).
  std::string heuristic =
      !options.heuristic.empty() ? options.heuristic
      : chosen->cost == CostModel::Tile ? "manhattan-tile-cost" : "manhattan";
  // An instructor's script (FILE.lua defining heuristic(board)) is copied beside assignment.json,
  // where the tasks name it; it must load and define the function now, not at validate.
  std::optional<std::string> script;
  if (is_script_heuristic(heuristic)) {
    auto text = read_file(heuristic);
    if (!text) return text.failure_in("--heuristic: ");
    script = *text;
    heuristic = fs::path(heuristic).filename().string();
  }
  // student:FUNCTION: the student's own function, graded as a heuristic task of its own.
  const std::string students_heuristic = student_heuristic_function(heuristic);
  if (is_student_heuristic(heuristic)) {
    if (!is_lua_function_name(students_heuristic)) {
      return Error{"--heuristic: '" + students_heuristic +
                   "' cannot be a Lua function's name (letters, digits and _, not starting with a "
                   "digit, and no Lua keyword)"};
    }
    const bool informed = std::any_of(algorithms->begin(), algorithms->end(), uses_heuristic);
    if (!informed) {
      return Error{"--heuristic: no algorithm of --algorithms (" + options.algorithms +
                   ") uses a heuristic, so none would call " + students_heuristic};
    }
    for (Algorithm algorithm : *algorithms) {
      if (function_name(std::string(algorithm_name(algorithm))) == students_heuristic) {
        return Error{"--heuristic: " + students_heuristic + " is already the " +
                     std::string(algorithm_name(algorithm)) +
                     " search's function; name the heuristic otherwise"};
      }
    }
  } else {
    const ScriptSource preread{heuristic, script.value_or("")};
    if (auto made = make_heuristic(heuristic, *goal, {}, script ? &preread : nullptr); !made) {
      return made.failure_in("--heuristic: ");
    }
  }
  const fs::path dir = options.dir;
  const fs::path reference =
      options.reference_dir.empty() ? fs::path(default_reference_dir(options.dir))
                                    : fs::path(options.reference_dir);
  for (const fs::path& folder : {dir, reference}) {
    if (!usable_folder(folder)) {  // never write over an instructor's files
      return Error{folder.string() + " exists and is not an empty folder"};
    }
  }
  const std::string name = assignment_name(options.dir);
  const std::string title = options.title.empty() ? name : options.title;
  json tasks = json::array();
  if (!students_heuristic.empty()) tasks.push_back(heuristic_task_json(students_heuristic, *goal));
  for (Algorithm algorithm : *algorithms) {
    tasks.push_back(task_json(algorithm, *goal, heuristic, options.weight));
    if (const auto it = per_task.find(std::string(algorithm_name(algorithm)));
        it != per_task.end()) {
      tasks.back()["semantics"] = it->second;
    }
  }
  const SubmissionLimits limits;
  const json spec = {{"title", title},
                     {"size", options.size},
                     {"goal", options.goal},
                     {"semantics", semantics},
                     {"limits",
                      {{"test_seconds", limits.test_seconds},
                       {"call_seconds", limits.call_seconds},
                       {"lua_memory_mb", limits.lua_memory_bytes >> 20}}},
                     {"after_timeout", "skip-task"},
                     {"tasks", tasks}};

  // What the options make together (a field bibfs has none of, say) is refused before anything
  // is written, as assignment.json would be; the Lua heuristic is read where it is now.
  if (auto whole = parse_assignment(
          dump_json(spec), script ? fs::path(options.heuristic).parent_path().string()
                                  : dir.string());
      !whole) {
    return Error{"the assignment these options make is refused: " + whole.error()};
  }
  for (const fs::path& folder : {dir, reference / "mutants"}) {
    if (auto made = make_output_folder(folder.string(), folder.string()); !made) {
      return error_of(made);
    }
  }
  std::vector<std::string> written;
  const auto write = [&](const fs::path& path, const std::string& bytes) {
    auto status = write_file_atomically(path.string(), bytes);
    if (status) written.push_back(path.string());
    return status;
  };
  if (auto wrote = write(dir / "assignment.json", dump_json(spec) + "\n"); !wrote) {
    return error_of(wrote);
  }
  if (script) {
    if (auto wrote = write(dir / heuristic, *script); !wrote) return error_of(wrote);
  }
  // The engine writes the answers, as `tilegrade expect` would.
  auto assignment = load_assignment(dir.string());
  // What this command wrote itself does not load: its bug, not the instructor's input.
  if (!assignment) return Error{assignment.error(), ErrorKind::Internal};
  auto expectations = compute_all_expectations(*assignment);
  if (!expectations) return error_of(expectations);
  for (const auto& [path, bytes] :
       {std::pair{dir / "expected.json",
                  dump_json(expectations_to_json(*assignment, *expectations)) + "\n"},
        std::pair{dir / "README.md", handout(title, *assignment, *expectations, options.weight)},
        std::pair{dir / "starter.lua", starter(*algorithms, students_heuristic)},
        std::pair{reference / "solution.lua",
                  "-- The reference solution: it must get full marks (tilegrade validate).\n" +
                      starter(*algorithms, students_heuristic)},
        std::pair{reference / "mutants" / "README.md",
                  std::string("Known-wrong submissions: NAME.lua, each with NAME.json\n"
                              "{\"why\": \"...\", \"score\": S, \"diagnosis\": \"code\"}\n"
                              "(a mutant that breaks several tasks, each its own way:\n"
                              "\"diagnosis\": {\"TASK\": \"code\", ...}, every task it breaks named;\n"
                              "tilegrade validate --write-scores fills in the score,\n"
                              "--write-diagnoses the diagnosis).\n")}}) {
    if (auto wrote = write(path, bytes); !wrote) {
      return error_of(wrote);
    }
  }
  if (options.json) {
    out.print({{"written", written}, {"next", "tilegrade validate " + options.dir}});
  } else {
    // Paths as the terminal may show them (escaped_text): a folder name can hold any byte.
    for (const std::string& path : written) std::cout << "wrote " << escaped_text(path) << "\n";
    std::cout << "next: write " << escaped_text((reference / "solution.lua").string())
              << ", then run: tilegrade validate " << escaped_text(options.dir) << "\n";
  }
  return kExitSuccess;
}

}  // namespace

Command add_new_command(CLI::App& app) {
  auto options = std::make_shared<NewOptions>();
  auto* cmd = app.add_subcommand("new", "Scaffold an assignment: spec, answers, handout, starter, "
                                        "reference folder");
  cmd->add_option("DIR", options->dir, "The new assignment's folder (must not hold files)")
      ->required();
  cmd->add_option("--algorithms", options->algorithms,
                  "Comma-separated: one search task each (default bfs,dfs,astar)");
  cmd->add_option("--size", options->size, "Board, RxC (default 3x3)");
  cmd->add_option("--goal", options->goal, "blank-last (default), blank-first or tiles");
  cmd->add_option("--title", options->title, "Title (default: the folder's name)");
  cmd->add_option("--semantics", options->semantics,
                  "FIELD=VALUE, once per field: any field of `solve --help`'s list (e.g. "
                  "cost=tile, goal_test=on-generate, tie_break=h-low,fifo); the handout states "
                  "each rule");
  cmd->add_option("--task", options->task_semantics,
                  "TASK:FIELD=VALUE, a rule for one task alone, overlaid on --semantics (e.g. "
                  "greedy:goal_test=on-generate); the task's handout section states it");
  cmd->add_option("--heuristic", options->heuristic,
                  "Informed tasks' heuristic (default manhattan; manhattan-tile-cost with "
                  "cost=tile), FILE.lua defining heuristic(board), copied beside "
                  "assignment.json, or student:FUNCTION: the student's own function, graded "
                  "first as a heuristic task, then used by every informed search");
  cmd->add_option("--weight", options->weight, "weighted-astar's w in g + w h (default 1.5)")
      ->each([options](const std::string&) { options->weight_given = true; });
  cmd->add_option("--reference", options->reference_dir,
                  "Folder for solution.lua and mutants/ (default: reference/<name> two levels up, "
                  "where validate looks)");
  cmd->add_flag("--json", options->json, "Machine output");
  return {cmd, [options] { return run_new(*options); },
          [options] { return Output("tilegrade new", options->json); }};
}

}  // namespace tile::cli
