// One file per subcommand. Each add_*_command registers its options on the app and returns the
// function that runs it and the Output it speaks through; main.cpp only routes, so adding a
// subcommand is one new file and one line there.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>

#include "engine/result.h"
#include "grader/cli/output.h"

namespace tile::cli {

// How a subcommand's run ends: the exit code of a run that finished (kExitSuccess, or
// kExitFailures: graded with failures, a search stopped), or the Error that stopped it, which main
// says once, the way the command's Output speaks, with the exit code its kind means (Output::fail,
// the one mapping). So an output that cannot be written (ErrorKind::Io) exits alike everywhere.
using Outcome = Result<int>;

// An error the command's own document already says (batch --json's "internal_errors", pdb build
// --json's "saved": false): main adds no line, only the exit code of its kind.
inline Error already_said(ErrorKind kind) { return Error{"", kind}; }

// A failed Result's error as it is, its kind kept, for `return error_of(loaded);`.
template <class T>
Error error_of(const Result<T>& failed) {
  return Error{failed.error(), failed.error_kind()};
}

struct Command {
  CLI::App* subcommand = nullptr;  // parsed() tells whether this one was asked for
  std::function<Outcome()> run;
  // How it speaks once its options are read: its name ("tilegrade pdb build") and whether it was
  // asked for JSON.
  std::function<Output()> output;
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
Command add_bundle_command(CLI::App& app);
Command add_regrade_command(CLI::App& app);
Command add_mutate_command(CLI::App& app);

struct ValidationRecord;

// `tilegrade validate ASSIGNMENT_DIR --reference REFERENCE_DIR` (an empty REFERENCE_DIR: the
// default), its report on stdout: what `bundle` runs before it packs anything. RECORD, when
// given, is filled in for a valid assignment: what the bundle records of it (validation_record.h).
Outcome validate_assignment(const std::string& assignment_dir, const std::string& reference_dir,
                            ValidationRecord* record = nullptr);

}  // namespace tile::cli
