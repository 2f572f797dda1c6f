// tilegrade: argument parsing and routing only; each subcommand lives in its own file.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/huge_pages.h"
#include "grader/cli/output.h"

int main(int argc, char** argv) {
  using namespace tile::cli;
  prefer_huge_page_heap(argc, argv);  // batch, validate: may start again, once, first
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
      add_export_command(app),
      add_new_command(app),
      add_tests_command(app),
  };

  // Failures before a subcommand runs (bad arguments, a bug) honour --json too.
  bool json = false;
  for (int i = 1; i < argc; ++i) json = json || std::string_view(argv[i]) == "--json";
  const Output out("tilegrade", json);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) return app.exit(error);  // --help, as CLI11 writes it
    return out.fail(kExitBadInput, std::string(error.what()) + " (see --help)");
  }

  try {
    for (const Command& command : commands) {
      if (command.subcommand->parsed()) return command.run();
    }
  } catch (const std::exception& error) {
    return out.fail(kExitInternal, std::string("internal error: ") + error.what());
  }
  return kExitInternal;
}
