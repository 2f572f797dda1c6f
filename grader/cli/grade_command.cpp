// `tilegrade grade DIR SUBMISSION.lua`: grade one submission and print the report, or with
// --results write a platform's results document whatever happens (platform_results.h).
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/cli/platform_results.h"
#include "grader/cli/submission_metadata.h"
#include "grader/batch/submission_folder.h"
#include "grader/report/feedback_limit.h"
#include "grader/report/own_attempts.h"
#include "grader/report/report_not_graded.h"
#include "grader/run/grade.h"
#include "grader/run/refused_submission.h"
#include "engine/files.h"
#include "grader/spec/assignment_digest.h"
#include "grader/spec/text.h"
#include "grader/spec/version.h"

namespace tile::cli {

namespace {

struct GradeCommandOptions {
  std::string assignment_dir;
  std::string submission;
  std::string submission_dir;  // a platform's upload folder: the script is found in it
  std::string format = "text";
  std::string results;         // a platform's results file, always written (platform_results.h)
  bool json = false;
  bool visible_only = false;
  std::string only_task;
  std::string only_test;
  std::string submission_metadata;  // Gradescope's record of attempts, for a feedback_limit
  bool no_repair = false;
};

void add_results(CLI::App* cmd, GradeCommandOptions& options) {
  cmd->add_option("--results", options.results,
                  "A platform's results file (gradescope, prairielearn or classroom), always "
                  "written whole, whatever stops grading; the text report goes to stdout");
}

// The platform's record of the student's submissions, Gradescope's submission_metadata.json
// (run_autograder passes it): their own attempts above the tests, and the feedback_limit's input.
void add_attempts(CLI::App* cmd, GradeCommandOptions& options) {
  cmd->add_option("--submission-metadata", options.submission_metadata,
                  "Gradescope's submission_metadata.json: the report lists the mistakes over the "
                  "student's submissions, and applies the assignment's feedback_limit");
}

// The report as this submission sees it after the earlier ones: the mistakes over its attempts,
// and the assignment's feedback_limit applied.
Result<GradeReport> after_earlier_submissions(const Assignment& assignment, GradeReport report,
                                              const std::string& metadata) {
  if (metadata.empty()) return report;
  auto times = read_submission_times(metadata);
  if (!times) {
    // Without the record a feedback_limit cannot be kept: the course's to fix, so an error.
    // Otherwise the record only adds the student's own attempts, and the report goes without.
    if (assignment.feedback_limit.enabled()) return error_of(times);
    Output("tilegrade grade", false)
        .note(times.error() + " (the report leaves out the student's earlier attempts)");
    return report;
  }
  if (times->results_unreadable > 0) {
    Output("tilegrade grade", false)
        .note(metadata + ": the results of " +
              (times->results_unreadable == 1
                   ? std::string("1 earlier submission are")
                   : std::to_string(times->results_unreadable) + " earlier submissions are") +
              " nested too deep, too large or hold too long a name (the report's list of "
              "earlier attempts leaves them out)");
  }
  const std::string attempts =
      own_attempts_paragraph(times->earlier_results, report, times->results_left_out > 0);
  if (assignment.feedback_limit.enabled()) {
    const FeedbackAllowance allowance =
        feedback_allowance(assignment.feedback_limit, times->earlier_ms, times->now_ms);
    report = with_feedback_allowance(report, assignment.feedback_limit, allowance);
  }
  add_submission_notice(report, attempts);
  return report;
}

void add_selection(CLI::App* cmd, GradeCommandOptions& options) {
  cmd->add_option("--task", options.only_task, "Grade only this task's tests");
  cmd->add_option("--test", options.only_test,
                  "Grade only the tests of this name (with --task, of that task)");
  cmd->add_flag("--no-repair", options.no_repair,
                "Do not search for the smallest edit that makes a failing task pass");
}

// --json (or --format json) asks for JSON errors too. The platform formats, and any run that
// writes --results, keep errors on stderr: the document is the answer, the line is for the log.
Output grade_output(const GradeCommandOptions& options) {
  const bool errors_as_json =
      options.results.empty() && (options.json || options.format == "json");
  return Output(options.visible_only ? "tilegrade check" : "tilegrade grade", errors_as_json);
}

// The script to grade, or the refusal the student reads instead, with the name it is shown by.
struct Upload {
  std::string script;
  std::string refusal;
  std::string shown;
};

// A platform's SUBMISSION (--results: Classroom's named script) is the student's upload, as a
// --submission-dir is: a link is never followed, and a missing file or a folder under the name is
// the student's to fix, graded as a refused submission rather than stopping the run.
std::string named_script_refusal(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::file_status status = fs::symlink_status(path, error);
  const std::string shown = escaped_text(path);
  if (fs::is_symlink(status)) {
    return "Your submission " + shown + " is a symbolic link, which is never followed: submit "
           "the file itself, not a link to it.";
  }
  if (!fs::exists(status)) {
    return shown + " is missing: add your script under that name and submit again.";
  }
  if (!fs::is_regular_file(status)) {
    return shown + " is not a file (a folder or another object): submit your script under "
           "that name as a plain .lua text file.";
  }
  return "";
}

Result<Upload> find_upload(const GradeCommandOptions& options) {
  if (options.submission.empty() == options.submission_dir.empty()) {
    return Error{"give either SUBMISSION.lua or --submission-dir DIR"};
  }
  if (!options.submission_dir.empty()) {
    // A platform's upload (run_autograder, PrairieLearn): what the student uploaded decides, so
    // a link or a stray folder is the student's to fix, never followed or opened.
    auto found = find_submission_script(options.submission_dir);
    if (!found) return error_of(found);
    return Upload{found->path, found->refusal, found->shown};
  }
  if (!options.results.empty()) {
    return Upload{options.submission, named_script_refusal(options.submission),
                  escaped_text(options.submission)};
  }
  if (!std::filesystem::is_regular_file(options.submission)) {
    return Error{"no such submission file: " + options.submission};
  }
  return Upload{options.submission, "", ""};
}

// The submission's digest for the report's stamp: content_hash of the script's bytes, as batch's
// records name it; empty when the file cannot be read (the report then says why).
std::string script_digest(const std::string& path) {
  auto bytes = read_file(path);
  return bytes ? content_hash(*bytes) : std::string();
}

// Everything up to the report; an Error for anything that leaves no verdict to deliver.
Result<GradeReport> graded_report(const GradeCommandOptions& options) {
  auto assignment = load_assignment(options.assignment_dir);
  if (!assignment) return error_of(assignment);
  auto upload = find_upload(options);
  if (!upload) return error_of(upload);
  auto prepared = PreparedAssignment::prepare(std::move(*assignment));
  if (!prepared) return error_of(prepared);
  GradeOptions grade_options;
  grade_options.visible_only = options.visible_only;
  grade_options.only_task = options.only_task;
  grade_options.only_test = options.only_test;
  grade_options.repair = !options.no_repair;
  if (auto selection = check_selection(prepared->assignment(), grade_options); !selection) {
    return error_of(selection);
  }
  GradeReport report =
      upload->refusal.empty()
          ? grade_submission(*prepared, upload->script, grade_options)
          : refused_submission_report(*prepared, grade_options,
                                      upload->shown.empty() ? "submission" : upload->shown,
                                      upload->refusal);
  report.stamp = {kTilegradeVersion,
                  assignment_digest(prepared->assignment(), prepared->expectations()),
                  upload->refusal.empty() ? script_digest(upload->script) : ""};
  if (!report.grader_fault.empty()) {
    // The machine ended a test twice: no verdict for it, so no grade at all rather than one that
    // costs the student a test they did not fail; grading again later gives the real grade.
    return Error{"could not grade test " + report.grader_fault + "; grade this submission again",
                 ErrorKind::Internal};
  }
  return after_earlier_submissions(prepared->assignment(), std::move(report),
                                   options.submission_metadata);
}

Outcome run_grade(const GradeCommandOptions& options) {
  auto format = parse_report_format(options.json ? "json" : options.format);
  if (!format) return error_of(format);
  if (!options.results.empty() && !is_results_document(*format)) {
    return Error{"--results writes a platform's results document: use it with --format "
                 "gradescope, prairielearn or classroom"};
  }
  const Result<GradeReport> report = graded_report(options);
  if (!options.results.empty()) return deliver_results(options.results, *format, report);
  if (!report) return error_of(report);
  std::cout << format_report(*report, *format);
  return report->all_passed() ? kExitSuccess : kExitFailures;
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
  add_results(cmd, *options);
  cmd->add_flag("--json", options->json, "Same as --format json");
  cmd->add_flag("--visible-only", options->visible_only,
                "Grade only the visible tests (what students can run locally)");
  add_selection(cmd, *options);
  add_attempts(cmd, *options);
  return {cmd, [options] { return run_grade(*options); },
          [options] { return grade_output(*options); }};
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
  add_results(cmd, *options);
  cmd->add_flag("--json", options->json, "Same as --format json");
  add_selection(cmd, *options);
  return {cmd, [options] { return run_grade(*options); },
          [options] { return grade_output(*options); }};
}

}  // namespace tile::cli
