// tilegrade: argument parsing and routing only; each subcommand lives in its own file.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "grader/cli/commands.h"
#include "grader/cli/huge_pages.h"
#include "grader/cli/output.h"
#include "grader/sandbox/script_heuristics.h"

using namespace tile;
using namespace tile::cli;

namespace {

// Parses and runs the one subcommand asked for; `name` becomes "tilegrade grade" once it is known.
int parse_and_run(CLI::App& app, const std::vector<Command>& commands, int argc, char** argv,
                  std::string& name) {
  // Failures before a subcommand runs (bad arguments, a bug) honour --json too.
  bool json = false;
  for (int i = 1; i < argc; ++i) json = json || std::string_view(argv[i]) == "--json";
  const Output out("tilegrade", json);

  const auto asked_for = [&]() -> const Command* {
    for (const Command& command : commands) {
      if (!command.subcommand->parsed()) continue;
      name = "tilegrade " + command.subcommand->get_name();
      return &command;
    }
    return nullptr;
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    asked_for();  // `solve --help` is still solve's
    if (error.get_exit_code() == 0) return app.exit(error);  // --help, as CLI11 writes it
    return out.fail(Error{std::string(error.what()) + " (see --help)", ErrorKind::BadInput});
  }

  const Command* command = asked_for();
  if (command == nullptr) return out.fail(Error{"no subcommand ran", ErrorKind::Internal});
  // The subcommand's failure, whatever it is, is said here once, and its kind picks the code.
  const Output command_out = command->output();
  try {
    const Outcome outcome = command->run();
    if (outcome) return *outcome;
    return command_out.fail(Error{outcome.error(), outcome.error_kind()});
  } catch (const std::exception& error) {
    return command_out.fail(Error{std::string("internal error: ") + error.what(),
                                  ErrorKind::Internal});
  }
}

}  // namespace

int main(int argc, char** argv) {
  prefer_huge_page_heap(argc, argv);  // batch, validate: may start again, once, first
  install_script_heuristics();        // an assignment's heuristic may be an instructor's script
  // Every subcommand ends here, so stdout is checked here once (finish_stdout), not where each
  // one prints.
  const CheckedStdout checked_stdout;
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
      add_bundle_command(app),
      add_regrade_command(app),
      add_mutate_command(app),
  };
  std::string name = "tilegrade";
  const int code = parse_and_run(app, commands, argc, argv, name);
  return finish_stdout(name, code);
}
