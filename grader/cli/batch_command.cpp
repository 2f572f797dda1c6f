// `tilegrade batch DIR SUBMISSIONS_DIR --out OUT [--jobs N] [--shard K/N] [--class-report off]
// [--json]`: grade a class, and write the class report (unsharded runs). Exit 0 when every student of the shard has a row (failing students and error rows
// included: grading a class is a success), 2 on bad input (assignment, folders, options), 3 when
// OUT cannot be written or the grader failed on a student (that student still gets an error row).
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "grader/batch/batch.h"
#include "grader/batch/regrade.h"
#include "grader/batch/regrade_publish.h"
#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/run/grade.h"
#include "grader/spec/text.h"

namespace tile::cli {

namespace {

struct BatchCommandOptions {
  std::string assignment_dir;
  std::string submissions_dir;
  std::string out_dir;
  std::size_t jobs = 0;  // 0: one per core
  std::string shard = "1/1";
  GradeOptions grade;  // --task/--test
  bool no_repair = false;
  std::string roster;  // a roster CSV
  bool json = false;
  std::string class_report = "on";  // --class-report on|off
  std::string compare;  // --compare OLD_OUT: a regrade report against an earlier grading
};

// A Gradescope export names its submitters in SUBMISSIONS_DIR/submission_metadata.yml; a roster
// adds the students it does not name. Neither: no identity columns.
Result<std::optional<People>> read_people(const BatchCommandOptions& options) {
  std::optional<People> people;
  const std::string metadata = options.submissions_dir + "/submission_metadata.yml";
  if (std::filesystem::exists(metadata)) {
    auto read = read_gradescope_metadata(metadata);
    if (!read) return read.failure();
    people = std::move(*read);
  }
  if (!options.roster.empty()) {
    auto roster = read_roster_csv(options.roster);
    if (!roster) return roster.failure();
    if (!people) people.emplace();
    merge_people(*people, std::move(*roster));
  }
  return people;
}

// Whether OUT is SUBMISSIONS_DIR or lies under it (links resolved, OUT perhaps not made yet).
// Checked before OUT is created, so a refused run leaves no folder among the students.
bool out_inside_submissions(const BatchCommandOptions& options) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path submissions = fs::weakly_canonical(options.submissions_dir, error);
  if (error) return false;  // the caller says what is wrong with it
  const fs::path out = fs::weakly_canonical(options.out_dir, error);
  if (error) return false;
  const fs::path relative = out.lexically_relative(submissions);  // ".", "x/y", "../z" or empty
  return !relative.empty() && *relative.begin() != "..";
}

// One progress line, redrawn in place. Written with write(2): this process forks (the workers, or
// with --jobs 1 the grading children), and a stdio or iostream lock held at that moment would stay
// locked in the child.
void draw_progress(const BatchProgress& progress) {
  constexpr std::size_t kWidth = 30;
  constexpr std::size_t kNameWidth = 32;
  const std::size_t filled = progress.total == 0 ? kWidth : kWidth * progress.done / progress.total;
  // The student's name as a terminal shows it safely: a file name can hold escape sequences and
  // bidi controls. Batch names are escaped_text already; visible_text leaves those as they are
  // and shows any raw control byte as \x1B, a newline and a tab as \x0A and \x09 (one line).
  std::string name;
  for (const char ch : visible_text(progress.student)) {
    if (ch == '\n' || ch == '\t') {
      name += ch == '\n' ? "\\x0A" : "\\x09";
    } else {
      name += ch;
    }
  }
  if (name.size() > kNameWidth) {
    std::size_t cut = kNameWidth;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    name = name.substr(0, cut) + "...";  // cut between characters, never inside one
  }
  // "\x1b[K" clears what a longer name left on the line.
  const std::string line = fmt::format(
      "\r[{}{}] {}/{} students ({} reused, {} errors) {}\x1b[K", std::string(filled, '#'),
      std::string(kWidth - filled, '.'), progress.done, progress.total, progress.reused,
      progress.errors, name);
  [[maybe_unused]] const ssize_t ignored = write(STDERR_FILENO, line.data(), line.size());
}

nlohmann::json summary_json(const Assignment& assignment, const BatchResult& result,
                            const std::string& shard) {
  nlohmann::json rows = nlohmann::json::array();
  for (const GradebookRow& row : result.rows) {
    nlohmann::json tasks = nlohmann::json::object();
    for (std::size_t t = 0; t < assignment.tasks.size(); ++t) {
      tasks[assignment.tasks[t].name] = row.task_scores[t];
    }
    rows.push_back({{"student", row.student}, {"score", row.score}, {"max_score", row.max_score},
                    {"tasks", tasks}, {"status", row.status}, {"diagnoses", row.diagnoses},
                    {"reused", row.reused}});
  }
  nlohmann::json damaged = nlohmann::json::array();
  for (const DamagedRecord& record : result.damaged_records) {
    damaged.push_back({{"student", record.student}, {"why", record.why}});
  }
  return {{"gradebook", result.gradebook_path}, {"shard", shard},
          {"students", result.rows.size()},     {"reused", result.reused},
          {"errors", result.errors},            {"internal_errors", result.internal_errors},
          {"missing", result.missing},
          {"damaged_records", damaged},         {"older_records", result.older_records},
          {"class_report", result.class_report_paths},
          {"rows", rows}};
}

// Records that were not reused for a reason the instructor should know: each damaged one by its
// student, the older ones once.
void note_records(const Output& out, const BatchResult& result) {
  for (const DamagedRecord& record : result.damaged_records) {
    out.note(record.student + "'s record " + record.why + ": regraded");
  }
  if (result.older_records == 1) {
    out.note("1 record was written by another version of tilegrade, in a record format this one "
             "does not read: that student was regraded");
  } else if (result.older_records > 1) {
    out.note(fmt::format("{} records were written by another version of tilegrade, in a record "
                         "format this one does not read: those students were regraded",
                         result.older_records));
  }
}

Outcome run_batch_command(const BatchCommandOptions& options) {
  const Output out("tilegrade batch", options.json);
  auto shard = parse_shard(options.shard);
  if (!shard) return error_of(shard);
  auto assignment = load_assignment(options.assignment_dir);
  if (!assignment) return error_of(assignment);
  if (!std::filesystem::is_directory(options.submissions_dir)) {
    return Error{"no such submissions folder: " + options.submissions_dir};
  }
  if (out_inside_submissions(options)) {
    return Error{"the output folder " + escaped_text(options.out_dir) +
                 " is inside the submissions folder " + escaped_text(options.submissions_dir) +
                 ", where a later run would list it as a student: choose an --out outside it"};
  }
  if (!options.compare.empty()) {
    std::error_code error;
    if (!std::filesystem::is_directory(options.compare + "/reports", error)) {
      return Error{"--compare " + escaped_text(options.compare) +
                   " is not a batch output folder (it has no reports/ folder)"};
    }
    if (std::filesystem::equivalent(options.compare, options.out_dir, error)) {
      return Error{"--compare names the --out folder, which this run would overwrite: grade "
                   "into another folder and compare it with this one"};
    }
    if (auto apart = new_folder_apart(options.compare, options.out_dir); !apart) {
      return error_of(apart);
    }
  }
  if (auto made = make_output_folder(options.out_dir, "--out"); !made) return error_of(made);
  std::vector<std::string> listing_notes;
  auto students = find_students(options.submissions_dir, &listing_notes);
  if (!students) return error_of(students);
  for (const std::string& note : listing_notes) out.note(note);
  if (auto selection = check_selection(*assignment, options.grade); !selection) {
    return error_of(selection);
  }
  // Once for the whole class: every student is graded against these answers.
  auto prepared = PreparedAssignment::prepare(std::move(*assignment));
  if (!prepared) return error_of(prepared);

  auto people = read_people(options);
  if (!people) return error_of(people);

  BatchOptions batch;
  batch.grade = options.grade;
  batch.grade.repair = !options.no_repair;
  batch.class_report = options.class_report == "on";
  batch.people = std::move(*people);
  batch.jobs = options.jobs > 0 ? options.jobs
                                : std::max<std::size_t>(1, std::thread::hardware_concurrency());
  batch.shard = *shard;
  const bool terminal = isatty(STDERR_FILENO) != 0;
  if (terminal) batch.progress = draw_progress;
  auto result = run_batch(*prepared, options.submissions_dir, *students,
                          options.out_dir, batch);
  if (terminal) std::cerr << "\n";
  if (!result) return error_of(result);
  note_records(out, *result);
  std::optional<Regrade> regrade;
  if (!options.compare.empty()) {
    auto compared = compare_outputs(options.compare, options.out_dir);
    if (!compared) return error_of(compared);
    if (auto written = write_regrade(*compared, options.out_dir); !written) {
      return Error{written.error(), ErrorKind::Io};
    }
    regrade = std::move(*compared);
  }

  if (options.json) {
    nlohmann::json summary = summary_json(prepared->assignment(), *result, options.shard);
    if (regrade) summary["regrade"] = regrade_json(*regrade);
    out.print(summary);
  } else {
    const std::string missing =
        result->missing > 0 ? fmt::format(", {} named with no submission", result->missing) : "";
    std::cout << fmt::format("{} students graded ({} reused, {} errors{}): {}\n",
                             result->rows.size() - result->missing, result->reused,
                             result->errors, missing, result->gradebook_path);
    if (regrade) {
      std::cout << fmt::format("Against {}: {} of {} students changed: {}/regrade.txt (nothing "
                               "there was changed; `tilegrade regrade {} {} --publish` "
                               "publishes)\n",
                               options.compare, regrade->changed_count(),
                               regrade->students.size(), options.out_dir, options.compare,
                               options.out_dir);
    }
  }
  if (result->internal_errors > 0) {
    // With --json, the summary's "internal_errors" says it.
    if (options.json) return already_said(ErrorKind::Internal);
    return Error{fmt::format("the grader failed on {} student(s); see their reports (status "
                             "error, code internal-error)",
                             result->internal_errors),
                 ErrorKind::Internal};
  }
  return kExitSuccess;
}

}  // namespace

Command add_batch_command(CLI::App& app) {
  auto options = std::make_shared<BatchCommandOptions>();
  auto* cmd = app.add_subcommand(
      "batch", "Grade a class: a gradebook CSV and every report format for each student");
  cmd->add_option("ASSIGNMENT_DIR", options->assignment_dir, "Folder with assignment.json")
      ->required();
  cmd->add_option("SUBMISSIONS_DIR", options->submissions_dir,
                  "One NAME.lua file or NAME/ folder per student")
      ->required();
  cmd->add_option("--out", options->out_dir, "Output folder (gradebook, reports, records)")
      ->required();
  cmd->add_option("--jobs", options->jobs, "Students graded at once (default: one per core)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--shard", options->shard,
                  "K/N: grade only the students at sorted positions K-1, K-1+N, ... (1-based K)");
  cmd->add_option("--roster", options->roster,
                  "CSV with student,sid,email,name columns: identity columns in the gradebook");
  cmd->add_option("--task", options->grade.only_task, "Grade only this task's tests");
  cmd->add_option("--test", options->grade.only_test, "Grade only the tests of this name");
  cmd->add_flag("--no-repair", options->no_repair,
                "Do not search failing tasks for the smallest edit that makes them pass");
  cmd->add_option("--class-report", options->class_report,
                  "Write OUT/class.json and OUT/class.html (default on)")
      ->check(CLI::IsMember({"on", "off"}));
  cmd->add_option("--compare", options->compare,
                  "OLD_OUT: write OUT/regrade.{txt,csv,json} comparing this grading with it "
                  "(OLD_OUT is not changed)");
  cmd->add_flag("--json", options->json, "Print a JSON summary with every row on stdout");
  return {cmd, [options] { return run_batch_command(*options); },
          [options] { return Output("tilegrade batch", options->json); }};
}

}  // namespace tile::cli
