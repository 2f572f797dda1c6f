// tilegrade: argument parsing and routing only; each subcommand lives in its own file.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <vector>

#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"

int main(int argc, char** argv) {
  using namespace tile::cli;
  CLI::App app{"tilegrade: reference engine and autograder for sliding-tile search"};
  app.require_subcommand(1);

  const std::vector<Command> commands = {
      add_solve_command(app),
      add_pdb_command(app),
      add_expect_command(app),
      add_validate_command(app),
      add_grade_command(app),
      add_check_command(app),
      add_batch_command(app),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    return code == 0 ? kExitSuccess : kExitBadInput;
  }

  try {
    for (const Command& command : commands) {
      if (command.subcommand->parsed()) return command.run();
    }
  } catch (const std::exception& error) {
    std::cerr << "tilegrade: internal error: " << error.what() << "\n";
    return kExitInternal;
  }
  return kExitInternal;
}
