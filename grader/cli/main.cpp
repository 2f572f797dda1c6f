// tilegrade: argument parsing and routing only; each subcommand lives in its own file.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"

int main(int argc, char** argv) {
  using namespace tile::cli;
  CLI::App app{"tilegrade: reference engine and autograder for sliding-tile search"};
  app.require_subcommand(1);

  SolveOptions solve;
  auto* solve_cmd = app.add_subcommand("solve", "Solve one board with the reference engine");
  solve_cmd->add_option("--size", solve.size, "Board size RxC, e.g. 3x3")->required();
  solve_cmd->add_option("--start", solve.start, "Start tiles, row-major, 0 = blank")->required();
  solve_cmd->add_option("--goal", solve.goal, "blank-first, blank-last (default) or tiles");
  solve_cmd->add_option("--algorithm", solve.algorithm,
                        "bfs dfs dls iddfs ucs greedy astar weighted-astar idastar")
      ->required();
  solve_cmd->add_option("--heuristic", solve.heuristic,
                        "zero misplaced manhattan (default) linear-conflict, or FILE.lua");
  solve_cmd->add_option("--semantics", solve.semantics_file, "Semantics JSON file");
  solve_cmd->add_option("--weight", solve.weight, "Weight w of weighted-astar (g + w*h)");
  solve_cmd->add_option("--max-nodes", solve.max_nodes, "Node budget (default 50000000)");
  solve_cmd->add_flag("--trace", solve.trace, "Also print the expanded states in order");
  solve_cmd->add_flag("--json", solve.json, "Machine output: one JSON document on stdout");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? kExitSuccess : kExitBadInput;
  }

  try {
    if (solve_cmd->parsed()) return run_solve(solve);
  } catch (const std::exception& error) {
    std::cerr << "tilegrade: internal error: " << error.what() << "\n";
    return kExitInternal;
  }
  return kExitInternal;
}
