// `tilegrade grade DIR SUBMISSION.lua`: grade one submission and print the report.
#include <filesystem>
#include <iostream>
#include <memory>

#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/batch/submission_folder.h"
#include "grader/run/grade.h"
#include "grader/run/refused_submission.h"

namespace tile::cli {

namespace {

struct GradeCommandOptions {
  std::string assignment_dir;
  std::string submission;
  std::string submission_dir;  // a platform's upload folder: the script is found in it
  std::string format = "text";
  bool json = false;
  bool visible_only = false;
  std::string only_task;
  std::string only_test;
};

void add_selection(CLI::App* cmd, GradeCommandOptions& options) {
  cmd->add_option("--task", options.only_task, "Grade only this task's tests");
  cmd->add_option("--test", options.only_test,
                  "Grade only the tests of this name (with --task, of that task)");
}

int run_grade(const GradeCommandOptions& options) {
  // --json (or --format json) asks for JSON errors too; the platform formats keep errors on stderr,
  // where their wrappers (scripts/gradescope/run_autograder) read them.
  const bool errors_as_json = options.json || options.format == "json";
  const Output out(options.visible_only ? "tilegrade check" : "tilegrade grade", errors_as_json);
  auto format = parse_report_format(options.json ? "json" : options.format);
  if (!format) return out.fail(kExitBadInput, format.error());
  auto assignment = load_assignment(options.assignment_dir);
  if (!assignment) return out.fail(kExitBadInput, assignment.error());
  if (options.submission.empty() == options.submission_dir.empty()) {
    return out.fail(kExitBadInput, "give either SUBMISSION.lua or --submission-dir DIR");
  }
  std::string script = options.submission;
  std::string refusal;
  std::string shown_name;
  if (!options.submission_dir.empty()) {
    // A platform's upload (run_autograder, PrairieLearn, Classroom): what the student uploaded
    // decides, so a link or a stray folder is the student's to fix, never followed or opened.
    auto found = find_submission_script(options.submission_dir);
    if (!found) return out.fail(kExitBadInput, found.error());
    script = found->path;
    refusal = found->refusal;
    shown_name = found->shown;
  } else if (!std::filesystem::is_regular_file(options.submission)) {
    return out.fail(kExitBadInput, "no such submission file: " + options.submission);
  }
  auto expectations = checked_expectations(*assignment);
  if (!expectations) return out.fail(kExitBadInput, expectations.error());
  GradeOptions grade_options;
  grade_options.visible_only = options.visible_only;
  grade_options.only_task = options.only_task;
  grade_options.only_test = options.only_test;
  if (auto selection = check_selection(*assignment, grade_options); !selection) {
    return out.fail(kExitBadInput, selection.error());
  }
  const GradeReport report =
      refusal.empty()
          ? grade_submission(*assignment, *expectations, script, grade_options)
          : refused_submission_report(*assignment, *expectations, grade_options,
                                      shown_name.empty() ? "submission" : shown_name, refusal);
  if (!report.grader_fault.empty()) {
    // The machine ended a test twice: no verdict for it, so no grade at all rather than one that
    // costs the student a test they did not fail (a platform's wrapper says the course's side
    // failed; grading again later gives the real grade).
    return out.fail(kExitInternal, "could not grade test " + report.grader_fault +
                                       "; grade this submission again");
  }
  std::cout << format_report(report, *format);
  return report.all_passed() ? kExitSuccess : kExitFailures;
}

}  // namespace

Command add_grade_command(CLI::App& app) {
  auto options = std::make_shared<GradeCommandOptions>();
  auto* cmd = app.add_subcommand("grade", "Grade one Lua submission against an assignment");
  cmd->add_option("ASSIGNMENT_DIR", options->assignment_dir, "Folder with assignment.json")
      ->required();
  cmd->add_option("SUBMISSION", options->submission, "The student's .lua file");
  cmd->add_option("--submission-dir", options->submission_dir,
                  "Instead of SUBMISSION: grade the one .lua file of this upload folder, refusing "
                  "symbolic links, folders named .lua and several or no scripts");
  cmd->add_option("--format", options->format,
                  "text (default), json, gradescope, junit, prairielearn, html or classroom");
  cmd->add_flag("--json", options->json, "Same as --format json");
  cmd->add_flag("--visible-only", options->visible_only,
                "Grade only the visible tests (what students can run locally)");
  add_selection(cmd, *options);
  return {cmd, [options] { return run_grade(*options); }};
}

Command add_check_command(CLI::App& app) {
  auto options = std::make_shared<GradeCommandOptions>();
  options->visible_only = true;
  auto* cmd = app.add_subcommand(
      "check", "Students: grade the visible tests locally, with the verdicts the real run gives");
  cmd->add_option("ASSIGNMENT_DIR", options->assignment_dir, "Folder with assignment.json")
      ->required();
  cmd->add_option("SUBMISSION", options->submission, "Your .lua file");
  cmd->add_option("--submission-dir", options->submission_dir,
                  "Instead of SUBMISSION: grade the one .lua file of this upload folder, refusing "
                  "symbolic links, folders named .lua and several or no scripts");
  cmd->add_option("--format", options->format,
                  "text (default), json, gradescope, junit, prairielearn, html or classroom");
  cmd->add_flag("--json", options->json, "Same as --format json");
  add_selection(cmd, *options);
  return {cmd, [options] { return run_grade(*options); }};
}

}  // namespace tile::cli
