// `tilegrade solve`: one board through the reference engine, as text or as one JSON document.
#include <fmt/core.h>

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "engine/bidirectional.h"
#include "engine/fast_path.h"
#include "engine/search.h"
#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/sandbox/child_process.h"
#include "grader/sandbox/heuristic_source.h"
#include "grader/spec/counters_json.h"
#include "grader/spec/semantics_json.h"
#include "grader/spec/semantics_reference.h"

namespace tile::cli {

namespace {

using nlohmann::json;

struct SolveOptions {
  std::string size;
  std::string start;
  std::string goal = "blank-last";
  std::string algorithm;
  std::optional<std::string> heuristic;  // a built-in name or a .lua file
  std::optional<std::string> semantics_file;
  std::optional<std::string> weight;
  std::optional<unsigned long long> max_nodes;
  bool trace = false;
  bool json = false;
};

Output solve_output(const SolveOptions& options) { return Output("tilegrade solve", options.json); }

json tiles_json(const Board& board) {
  json tiles = json::array();
  for (int cell = 0; cell < board.cells(); ++cell) tiles.push_back(board.at(cell));
  return tiles;
}

void print_json(const SolveOptions& options, const SearchResult& result, const std::string& h) {
  json out;
  out["solved"] = result.solved();
  out["status"] = status_name(result.status);
  if (!result.message.empty()) out["message"] = result.message;
  out["moves"] = result.moves();
  json path = json::array();
  for (Move move : result.path) path.push_back(move_name(move));
  out["path"] = path;
  out["length"] = result.path.size();
  out["cost"] = result.cost;
  out["counters"] = counters_to_json(result.counters);
  out["count"] = result.count();
  out["iterations"] = result.iterations;
  out["algorithm"] = options.algorithm;
  if (!h.empty()) out["heuristic"] = h;
  out["semantics"] = semantics_to_json(as_written(result.semantics));
  if (options.trace) {
    json trace = json::array();
    for (const Board& board : result.trace) trace.push_back(tiles_json(board));
    out["trace"] = trace;
  }
  std::cout << dump_json(out) << "\n";
}

void print_text(const SolveOptions& options, const Problem& problem, const SearchResult& result,
                const std::string& h) {
  std::cout << fmt::format("{}{} on {}\n", options.algorithm,
                           h.empty() ? "" : " with heuristic " + h,
                           format_shape(problem.start.shape));
  std::cout << fmt::format("start:\n{}goal:\n{}", draw_board(problem.start),
                           draw_board(problem.goal));
  std::cout << fmt::format("status: {}{}\n", status_name(result.status),
                           result.message.empty() ? "" : " (" + result.message + ")");
  if (result.solved()) {
    std::string names;
    for (Move move : result.path) names += std::string(names.empty() ? "" : " ") + move_name(move);
    std::cout << fmt::format("moves: {} ({} moves of the blank, cost {})\n", result.moves(),
                             result.path.size(), result.cost);
    if (!names.empty()) std::cout << fmt::format("path: {}\n", names);
  }
  const Counters& c = result.counters;
  std::string counters;
  for (const CounterField& field : kCounterFields) {
    counters += fmt::format("{}{} {}", counters.empty() ? "" : ", ", field.name, c.*field.member);
  }
  std::cout << fmt::format("counters: {}\n", counters);
  std::cout << fmt::format("count ({}{}): {}\n", count_name(result.semantics.count),
                           result.semantics.count_offset == 0
                               ? ""
                               : fmt::format(" {:+d}", result.semantics.count_offset),
                           result.count());
  if (result.iterations > 1) std::cout << fmt::format("iterations: {}\n", result.iterations);
  if (options.trace) {
    std::cout << fmt::format("trace ({} expansions):\n", result.trace.size());
    for (std::size_t i = 0; i < result.trace.size(); ++i) {
      std::cout << fmt::format("{:>6}  {}\n", i + 1, format_tiles(result.trace[i]));
    }
  }
}

// Everything after the options are read: the heuristic made, the search run, the answer printed.
// Returns the exit code.
// `script`: the heuristic script's text, read before a confined child runs this.
Outcome search_and_print(const SolveOptions& options, const Problem& problem, SearchSpec spec,
                     Algorithm algorithm, const ScriptSource* script = nullptr) {
  std::unique_ptr<Heuristic> heuristic;
  std::string heuristic_label;
  if (options.heuristic || uses_heuristic(algorithm)) {
    heuristic_label = options.heuristic.value_or("manhattan");
    // A call stuck where no time limit reaches (a catastrophic string pattern) ends the process
    // with a message rather than hanging it.
    SandboxLimits script_limits;
    const std::string stuck = fmt::format(
        "the heuristic script is stuck inside one library call, 2 s past its processor-time "
        "limit of {:g} s per call (a catastrophic string pattern?): stopped",
        script_limits.call_seconds);
    const std::string starved = fmt::format(
        "a call into the heuristic script was stopped by the wall-clock backstop before it had "
        "used its {:g} s of processor time: the machine was too busy; run solve again",
        script_limits.call_seconds);
    const auto line = [&](const std::string& text) {
      return options.json ? dump_json(json{{"error", text}}) + "\n" : "tilegrade solve: " + text + "\n";
    };
    script_limits.exit_when_stuck = StuckCallExit{
        2, kExitFailures, line(stuck), options.json ? 1 : 2, exit_code_for(ErrorKind::Internal),
        line(starved)};
    auto made = make_heuristic(heuristic_label, problem.goal, script_limits, script);
    if (!made) return error_of(made);
    heuristic = std::move(*made);
    spec.heuristic = heuristic.get();
  }

  // idastar with pdb runs on the fast solver when it gives the generic engine's exact answer.
  const SearchResult result = search_fast_when_possible(problem, spec);
  if (options.json) {
    print_json(options, result, heuristic_label);
  } else {
    print_text(options, problem, result, heuristic_label);
  }
  const bool finished =
      result.status == SearchStatus::Solved || result.status == SearchStatus::NoSolution;
  return finished ? kExitSuccess : kExitFailures;
}

bool is_script(const std::optional<std::string>& heuristic) {
  return heuristic && heuristic->ends_with(".lua");  // as make_heuristic decides
}

// A student's heuristic runs in a child process, as under `grade`: a crash of the interpreter
// (Lua 5.4.4 has known ones) or a runaway allocation ends the child, and solve says so (exit 1)
// instead of dying with it. The child prints the answer itself on the inherited stdout/stderr
// (solve has one thread, so no stream lock can be held at fork) and its exit code is solve's.
Outcome search_in_child(const SolveOptions& options, const Problem& problem, const SearchSpec& spec,
                    Algorithm algorithm) {
  ChildLimits limits;
  // Isolation, not a budget: the search keeps its own node budget and each call its time limit.
  limits.wall_seconds = 24 * 3600.0;
  limits.cpu_seconds = 24 * 3600.0;
  limits.address_space_bytes = static_cast<std::size_t>(-1);  // RLIM_INFINITY
  // Confined like a grading child (confinement.h), but it prints its own answer.
  limits.writable_fds = {STDOUT_FILENO, STDERR_FILENO};
  // Read here: once confined, the child can open nothing.
  const auto script = LuaSandbox::read_script(*options.heuristic);
  if (!script) return error_of(script);
  std::cout.flush();
  std::fflush(stdout);
  const ChildOutcome outcome = run_in_child(
      [&](LineWriter&) {
        // The child ends as main would: its failure said once, the code its kind means; its
        // stdout is its own copy of the buffer, which it checks itself.
        const Outcome searched = search_and_print(options, problem, spec, algorithm, &*script);
        const int code = finish_stdout(
            "tilegrade solve",
            searched ? *searched : solve_output(options).fail(error_of(searched)), false);
        std::cerr.flush();
        std::fflush(stderr);
        return code;
      },
      limits);
  if (!outcome.start_error.empty()) {
    return Error{"cannot start the heuristic's process: " + outcome.start_error,
                 ErrorKind::Internal};
  }
  if (outcome.end == ChildOutcome::End::Exited && !outcome.forbidden_call) {
    return outcome.exit_code;
  }
  // A search stopped, as one stopped by its budget: a verdict (exit 1), said as a failure is.
  solve_output(options).say_failure("the heuristic script " + *options.heuristic +
                                    " stopped the process that ran it (" + outcome.describe() +
                                    ")");
  return kExitFailures;
}

Outcome run_solve(const SolveOptions& options) {
  auto shape = parse_shape(options.size);
  if (!shape) return error_of(shape);
  auto start = parse_board(*shape, options.start);
  if (!start) return start.failure_in("start: ");
  auto goal = parse_goal(*shape, options.goal);
  if (!goal) return error_of(goal);
  if (auto reachable = check_reachable(*start, *goal); !reachable) {
    return reachable.failure_in("this start cannot reach this goal: ");
  }
  auto algorithm = parse_algorithm(options.algorithm);
  if (!algorithm) return error_of(algorithm);

  Semantics written;
  if (options.semantics_file) {
    auto semantics = load_semantics_file(*options.semantics_file);
    if (!semantics) return error_of(semantics);
    written = *semantics;
  }
  SearchSpec spec = SearchSpec::of(*algorithm, written);
  spec.record_trace = options.trace;
  if (options.max_nodes) spec.limits.max_nodes = *options.max_nodes;
  if (*algorithm == Algorithm::Bibfs) {
    if (auto checked = check_bibfs(spec.semantics); !checked) {
      return checked.failure_in(options.semantics_file ? *options.semantics_file + ": " : "");
    }
  }
  if (options.weight) {
    if (*algorithm != Algorithm::WeightedAstar) {
      return Error{"--weight only applies to weighted-astar"};
    }
    auto weight = parse_weight(*options.weight);
    if (!weight) return error_of(weight);
    spec.weight = *weight;
  } else if (*algorithm == Algorithm::WeightedAstar) {
    return Error{"weighted-astar needs --weight W (e.g. --weight 1.5)"};
  }

  const Problem problem{*start, *goal};
  if (is_script(options.heuristic)) return search_in_child(options, problem, spec, *algorithm);
  return search_and_print(options, problem, spec, *algorithm);
}

}  // namespace

Command add_solve_command(CLI::App& app) {
  auto options = std::make_shared<SolveOptions>();
  auto* cmd = app.add_subcommand("solve", "Solve one board with the reference engine");
  cmd->add_option("--size", options->size, "Board size RxC, e.g. 3x3")->required();
  cmd->add_option("--start", options->start, "Start tiles, row-major, 0 = blank")->required();
  cmd->add_option("--goal", options->goal, "blank-first, blank-last (default) or tiles");
  cmd->add_option("--algorithm", options->algorithm,
                  "bfs dfs dls iddfs ucs greedy astar weighted-astar idastar bibfs")
      ->required();
  cmd->add_option("--heuristic", options->heuristic,
                  "zero misplaced manhattan (default) manhattan-tile-cost linear-conflict "
                  "pdb[:PARTITION], or FILE.lua");
  cmd->add_option("--semantics", options->semantics_file,
                  "Semantics JSON file: the fields below, each optional");
  cmd->add_option("--weight", options->weight, "Weight w of weighted-astar (g + w*h)");
  cmd->add_option("--max-nodes", options->max_nodes, "Node budget (default 50000000)");
  cmd->add_flag("--trace", options->trace, "Also print the expanded states in order");
  cmd->add_flag("--json", options->json, "Machine output: one JSON document on stdout");
  cmd->footer(semantics_field_help());
  return {cmd, [options] { return run_solve(*options); },
          [options] { return solve_output(*options); }};
}

}  // namespace tile::cli
