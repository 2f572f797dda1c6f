// One file per subcommand. Each add_*_command registers its options on the app and returns the
// function that runs it; the runner returns the process exit code by meaning (exit_codes.h).
// main.cpp only routes, so adding a subcommand is one new file and one line there.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

namespace tile::cli {

struct Command {
  CLI::App* subcommand = nullptr;  // parsed() tells whether this one was asked for
  std::function<int()> run;
};

Command add_solve_command(CLI::App& app);
Command add_pdb_command(CLI::App& app);
Command add_expect_command(CLI::App& app);
Command add_validate_command(CLI::App& app);
Command add_grade_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_batch_command(CLI::App& app);
Command add_export_command(CLI::App& app);
Command add_new_command(CLI::App& app);
Command add_tests_command(CLI::App& app);

}  // namespace tile::cli
