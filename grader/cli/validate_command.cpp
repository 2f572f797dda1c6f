// `tilegrade validate DIR`: the assignment is ready to hand out. Checks the spec, that
// expected.json still matches the engine, that the reference solution gets full marks, and that
// every known-wrong mutant gets exactly the score and diagnosis written beside it (the first
// diagnosis its report names, a code of the catalogue), that every search task has a test that
// starts at the goal, and that no mistake reference/<name>/adequacy.json records as detected has
// stopped being detected (tests_command.cpp).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "grader/cli/adequacy_cache.h"
#include "grader/cli/budget_clock.h"
#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/handout_numbers.h"
#include "grader/cli/handout_rules.h"
#include "grader/cli/mutant_expectation.h"
#include "grader/cli/output.h"
#include "grader/cli/validation_record.h"
#include "grader/judge/adequacy.h"
#include "grader/spec/task_heuristic.h"
#include "grader/judge/textbook_defaults.h"
#include "grader/run/adequacy_record.h"
#include "grader/run/grade.h"
#include "engine/files.h"
#include "grader/spec/assignment_digest.h"
#include "grader/spec/declared_diagnosis.h"
#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/heuristic_admissibility.h"
#include "grader/spec/heuristic_consistency.h"
#include "grader/spec/json_input.h"
#include "grader/spec/text.h"
#include "grader/spec/version.h"

namespace tile::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct ValidateOptions {
  std::string assignment_dir;
  std::string reference_dir;  // default: <repo>/reference/<name>
  bool write_scores = false;  // write each mutant's score, as graded now, into its .json
  bool write_diagnoses = false;  // write the first diagnosis each mutant's report names
  bool no_cache = false;  // recompute adequacy even when the cache has this assignment's
  bool json = false;
  // --recorded FILE: the validation `bundle` recorded (validation_record.h); only what the
  // machine can change is checked again.
  std::string recorded;
  ValidationRecord* record = nullptr;  // filled in when the assignment is valid (for bundle)
};

struct Finding {
  std::string subject;
  bool ok = false;
  std::string detail;
  bool unwritten = false;  // a file --write-scores or --write-diagnoses had to write was not (exit 3)
};

// Sets one field of a mutant's .json, keeping its other fields and their order (an instructor's
// file, diffed in review: only the value that changed may move).
Status write_mutant_field(const fs::path& path, const char* field,
                          const nlohmann::ordered_json& value) {
  auto text = read_file(path.string());
  if (!text) return text.failure();
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(*text, nullptr, false);
  if (!doc.is_object()) return Error{path.string() + ": not a JSON object"};
  doc[field] = value;
  return write_file_atomically(
      path.string(),
      doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
}

Status write_score(const fs::path& path, double score) {
  return write_mutant_field(path, "score", rounded_score(score));
}

// A placeholder diagnosis ("TODO") is filled in the same way: one code, or one per task
// (mutant_expectation.h).
Status write_diagnosis(const fs::path& path, const nlohmann::ordered_json& diagnosis) {
  return write_mutant_field(path, "diagnosis", diagnosis);
}

// Every code a mutant's .json writes that it may not declare, quoted, each with why
// (declared_diagnosis.h: not a code at all, or a reading no report field records).
std::string unknown_codes(const MutantExpectation& wanted) {
  std::string out;
  for (const std::string& code : wanted.codes()) {
    if (const auto reason = undeclarable_reason(code)) {
      out += (out.empty() ? "\"" : "; \"") + code + "\" " + *reason;
    }
  }
  return out;
}

Finding check_mutant(const PreparedAssignment& prepared, const fs::path& script,
                     const ValidateOptions& options, std::set<std::string>& targeted_tasks) {
  Finding finding{"mutant " + script.filename().string(), false, ""};
  fs::path spec = script;
  spec.replace_extension(".json");
  auto wanted = read_mutant_expectation(spec);
  if (!wanted) {
    finding.detail = wanted.error();
    return finding;
  }
  // With --write-diagnoses a placeholder ("TODO") is what is about to be filled in; with
  // --write-scores alone the score is still written, and the placeholder still refused.
  const std::string unknown = options.write_diagnoses ? "" : unknown_codes(*wanted);
  const bool unknown_code = !unknown.empty();
  const std::string unknown_detail = spec.string() + ": " + unknown;
  if (unknown_code && !options.write_scores) {
    finding.detail = unknown_detail;
    if (wanted->score_placeholder) {
      finding.detail += "; \"score\" is a placeholder too (fill both in: --write-scores "
                        "--write-diagnoses)";
    }
    return finding;
  }
  if (wanted->score_placeholder && !options.write_scores) {
    finding.detail = spec.string() + ": \"score\" is a placeholder; fill it in: --write-scores";
    return finding;
  }
  const GradeReport report = grade_submission(prepared, script.string(), {});
  if (options.write_scores &&
      (wanted->score_placeholder || std::fabs(report.score() - wanted->score) >= 1e-6)) {
    if (auto written = write_score(spec, report.score()); !written) {
      finding.detail = written.error();
      finding.unwritten = true;
      return finding;
    }
    wanted->score = rounded_score(report.score());
    wanted->score_placeholder = false;
  }
  if (unknown_code) {
    finding.detail = unknown_detail + "; its score " + json(wanted->score).dump() +
                     " is written (fill in the diagnosis: --write-diagnoses)";
    return finding;
  }
  if (options.write_diagnoses) {
    const nlohmann::ordered_json named = diagnosis_to_write(report);
    const nlohmann::ordered_json written =
        wanted->per_task() ? nlohmann::ordered_json(wanted->by_task)
                           : nlohmann::ordered_json(wanted->first);
    if (!named.is_null() && named != written) {
      if (auto saved = write_diagnosis(spec, named); !saved) {
        finding.detail = saved.error();
        finding.unwritten = true;
        return finding;
      }
      auto reread = parse_mutant_expectation(
          json{{"score", wanted->score}, {"diagnosis", json::parse(named.dump())}}, spec.string());
      if (reread) *wanted = *reread;
    }
  }
  // The tasks this mutant is about: every task it breaks (a mutant defining one function fails
  // every other task with did-not-run too, for no reason worth a warning), and where
  // did-not-run is what it was written for, the tasks that name it.
  for (const std::string& task : broken_tasks(report)) targeted_tasks.insert(task);
  const std::vector<std::string> written_codes = wanted->codes();
  const bool wants_did_not_run = std::find(written_codes.begin(), written_codes.end(),
                                           codes::kDidNotRun) != written_codes.end();
  for (const TestResult& test : report.tests) {
    if (wants_did_not_run && !test.passed && test.diagnosis.code == codes::kDidNotRun) {
      targeted_tasks.insert(test.task);
    }
  }
  // The mistake the mutant was written for must be the first one its report names (in each task
  // the per-task form names), not merely one of them: a student reads the first.
  std::vector<std::string> tasks;
  for (const Task& task : prepared.assignment().tasks) tasks.push_back(task.name);
  const DiagnosisMatch match = match_diagnosis(*wanted, report, tasks);
  std::string mismatches;
  for (const std::string& clause : match.mismatches) {
    mismatches += (mismatches.empty() ? "" : "; ") + clause;
  }
  const bool score_ok = std::fabs(report.score() - wanted->score) < 1e-6;
  finding.ok = score_ok && match.ok;
  finding.detail = "score " + json(rounded_score(report.score())).dump() + "/" +
                   json(rounded_score(report.max_score())).dump() +
                   (score_ok ? "" : " (expected " + json(wanted->score).dump() + ")") +
                   ", diagnosis " + match.named +
                   (match.ok ? "" : " (" + mismatches + ")");
  return finding;
}

// Per search task: a test that starts at the goal, and every mistake the recorded adequacy says
// the tests detect still detected. The figures are printed either way.
// The adequacy of the assignment's tests, from the cache when an earlier run computed it for the
// same assignment.json, expectations and binary (adequacy_cache.h).
std::vector<AdequacySummary> adequacy_of(const Assignment& assignment,
                                         const std::vector<Expectation>& fresh,
                                         const ValidateOptions& options, bool& cached) {
  return summarize(adequacy_with_cache(assignment, fresh, !options.no_cache, cached));
}

void add_adequacy_findings(const Assignment& assignment, const std::vector<Expectation>& fresh,
                           const fs::path& reference, const ValidateOptions& options,
                           std::vector<Finding>& findings) {
  bool cached = false;
  const std::vector<AdequacySummary> tasks = adequacy_of(assignment, fresh, options, cached);
  auto recorded = read_adequacy_record((reference / "adequacy.json").string());
  if (!recorded) {
    findings.push_back({"adequacy.json", false, recorded.error()});
    return;
  }
  // What each task's tests no longer detect, by task.
  std::map<std::string, std::vector<std::string>> lost;
  const AdequacyRecord now = record_of(tasks);
  for (const auto& [task, detected] : *recorded) {
    const auto it = now.find(task);
    for (const std::string& name : detected) {
      if (it == now.end() || !it->second.contains(name)) lost[task].push_back(name);
    }
  }
  // A declaration that names no mistake of its task would apply to nothing, silently.
  for (const Task& task : assignment.tasks) {
    for (const std::string& code : unknown_declared_equivalences(task)) {
      findings.push_back({"equivalent of " + task.name, false,
                          "declares '" + code + "' equivalent, but no mistake of this task has "
                          "that code (tilegrade tests " + assignment.directory +
                          " lists them)"});
    }
  }
  for (const AdequacySummary& task : tasks) {
    std::string lost_here;
    if (const auto it = lost.find(task.task); it != lost.end()) {
      for (const std::string& name : it->second) {
        lost_here += (lost_here.empty() ? "" : ", ") + name;
      }
    }
    std::string detail = std::to_string(task.variants) + " variants, " +
                         std::to_string(task.detected) + " detected, " +
                         std::to_string(task.equivalent) + " equivalent, " +
                         std::to_string(task.undetected) + " undetected";
    if (!task.start_is_goal_tested) detail += "; no test starts at the goal";
    if (!lost_here.empty()) detail += "; no longer detected: " + lost_here;
    findings.push_back({"tests of " + task.task, task.start_is_goal_tested && lost_here.empty(),
                        detail + (cached ? " (tilegrade tests; cached)" : " (tilegrade tests)")});
  }  // Left out of the adequacy: no expected run exists before a submission's heuristic gives one.
  for (const Task& task : assignment.tasks) {
    if (!uses_student_heuristic(task)) continue;
    findings.push_back({"tests of " + task.name, true,
                        "not measured: the expected run comes from each submission's own " +
                            student_heuristic_function(*task.heuristic) + " (" + *task.heuristic +
                            ")"});
  }
}

// A starter earning more than this share of the points gives them away (validate warns).
constexpr double kStarterShare = 0.05;

// Prints the findings and warnings; `stopped` names why validation ended early ("" when it ran
// to the end).
Outcome conclude(const ValidateOptions& options, const Output& output,
                 const Assignment& assignment, const std::vector<Finding>& findings,
                 const std::vector<std::string>& warnings, std::size_t mutant_count,
                 const std::string& stopped, const std::vector<std::string>& clock_warnings = {}) {
  bool all_ok = true;
  bool unwritten = false;
  json out = json::array();
  for (const Finding& finding : findings) {
    all_ok = all_ok && finding.ok;
    unwritten = unwritten || finding.unwritten;
    if (options.json) {
      out.push_back({{"subject", finding.subject}, {"ok", finding.ok}, {"detail", finding.detail}});
    } else {
      // Subjects and details quote file names and what the files hold (a mutant's name, its
      // diagnosis): shown as batch shows names, so no ESC or BEL reaches the terminal.
      std::cout << (finding.ok ? "ok    " : "FAIL  ") << escaped_text(finding.subject) << ": "
                << escaped_text(finding.detail) << "\n";
    }
  }
  if (options.json) {
    output.print({{"assignment", assignment.title},
                  {"ok", all_ok},
                  {"findings", out},
                  {"warnings", warnings},
                  {"clock_warnings", clock_warnings},
                  {"stopped", stopped}});
  } else {
    for (const std::string& warning : warnings) std::cout << "warn  " << escaped_text(warning) << "\n";
    for (const std::string& warning : clock_warnings) {
      std::cout << "warn  clock: " << escaped_text(warning) << "\n";
    }
    if (!stopped.empty()) std::cout << "stopped: " << escaped_text(stopped) << "\n";
    std::cout << (all_ok ? "valid: " : "NOT valid: ") << escaped_text(assignment.title);
    if (stopped.empty()) std::cout << " (" << mutant_count << " mutants)";
    std::cout << "\n";
  }
  // An output that cannot be written, as for every command; its finding names the file and why.
  if (unwritten) return already_said(ErrorKind::Io);
  return all_ok ? kExitSuccess : kExitFailures;
}

// A heuristic the assignment calls consistent, on every move from its tests' optimal paths: a
// move where h drops by more than the move costs names its board, the move and the amounts.
Finding consistency_finding(const Task& task) {
  const std::string subject = "heuristic of " + task.name;
  const std::string cost(cost_name(task.semantics.cost));
  auto checked = heuristic_consistency_on_tests(task);
  if (!checked) {
    return {subject, false, "could not check that it is consistent: " + checked.error()};
  }
  if (!checked->worst) {
    return {subject, true,
            *task.heuristic + " is consistent on the tests, as assignment.json says: h(n) <= "
            "cost(n, n') + h(n') (" + cost + " cost) on all " + std::to_string(checked->moves) +
            " moves from the boards of their optimal paths"};
  }
  const InconsistentMove& worst = *checked->worst;
  return {subject, false,
          *task.heuristic + " is not consistent, though assignment.json says \"consistent\": "
          "true: on board " + format_tiles(worst.board) + " (on an optimal path of test " +
          worst.test + ") h = " + std::to_string(worst.h) + ", but the move " +
          move_name(worst.move) + " costs " + std::to_string(worst.cost) + " (" + cost +
          " cost) and leaves h = " + std::to_string(worst.h_next) + ": h drops by " +
          std::to_string(worst.h - worst.h_next) + ", " + std::to_string(worst.excess()) +
          " more than the move costs"};
}

// A heuristic the assignment calls admissible, against the true distances on its tests' optimal
// paths: an overestimate names its board and by how much.
Finding admissibility_finding(const Task& task) {
  const std::string subject = "heuristic of " + task.name;
  const std::string cost(cost_name(task.semantics.cost));
  auto checked = heuristic_admissibility_on_tests(task);
  if (!checked) {
    return {subject, false, "could not check that it is admissible: " + checked.error()};
  }
  if (!checked->worst) {
    return {subject, true,
            *task.heuristic + " is admissible on the tests, as assignment.json says: at most the "
            "cheapest path's cost (" + cost + " cost) on all " +
            std::to_string(checked->boards) + " boards of their optimal paths"};
  }
  const HeuristicOverestimate& worst = *checked->worst;
  return {subject, false,
          *task.heuristic + " is not admissible, though assignment.json says \"admissible\": "
          "true: on board " + format_tiles(worst.board) + " (on an optimal path of test " +
          worst.test + ") h = " + std::to_string(worst.h) + ", but the cheapest path from "
          "there to the goal costs " + std::to_string(worst.distance) + " (" + cost +
          " cost): it overestimates by " + std::to_string(worst.h - worst.distance)};
}

// On the machine that grades (setup.sh on a Gradescope image): the assignment and the engine's
// answers are the ones `bundle` validated (the same digest), and the reference solution gets full
// marks here. The mutants, the starter and the tests' adequacy depend only on what the digest
// covers, and were checked when the bundle was made.
Outcome validate_as_recorded(const ValidateOptions& options, const Output& output,
                             const Assignment& assignment, const PreparedAssignment& prepared,
                             std::vector<Finding> findings) {
  auto text = read_file(options.recorded);
  Result<ValidationRecord> record = text ? parse_validation_record(*text, options.recorded)
                                         : Result<ValidationRecord>(text.failure());
  if (!record) {
    findings.push_back({kValidationRecordName, false, record.error()});
    return conclude(options, output, assignment, findings, {}, 0,
                    "no usable record of the bundle's validation: run tilegrade validate " +
                        options.assignment_dir + " without --recorded");
  }
  const std::string digest = assignment_digest(assignment, prepared.expectations());
  if (digest != record->assignment_digest) {
    findings.push_back({kValidationRecordName, false,
                        "the assignment here (digest " + digest + ") is not the one tilegrade " +
                            record->tilegrade_version + " validated (digest " +
                            record->assignment_digest +
                            "): make the bundle again from the assignment as it is"});
    return conclude(options, output, assignment, findings, {}, 0,
                    "the assignment changed after it was validated");
  }
  findings.push_back({kValidationRecordName, true,
                      "the assignment tilegrade " + record->tilegrade_version +
                          " validated with its " + std::to_string(record->mutants) +
                          " mutants (digest " + digest +
                          "); its mutants and the tests' adequacy are not graded again"});
  const fs::path reference = options.reference_dir.empty()
                                 ? fs::path(default_reference_dir(options.assignment_dir))
                                 : fs::path(options.reference_dir);
  const fs::path solution = reference / "solution.lua";
  if (!fs::exists(solution)) {
    findings.push_back({"solution.lua", false, "missing: " + solution.string()});
  } else {
    const GradeReport report = grade_submission(prepared, solution.string(), {});
    findings.push_back({"solution.lua", report.all_passed(),
                        "score " + json(rounded_score(report.score())).dump() + "/" +
                            json(rounded_score(report.max_score())).dump()});
  }
  return conclude(options, output, assignment, findings, {}, record->mutants, "");
}

Outcome run_validate(const ValidateOptions& options) {
  const Output output("tilegrade validate", options.json);
  auto assignment = load_assignment(options.assignment_dir);
  if (!assignment) return error_of(assignment);
  std::vector<Finding> findings;
  findings.push_back({"assignment.json", true, std::to_string(assignment->tasks.size()) +
                                                   (assignment->tasks.size() == 1 ? " task" : " tasks") +
                                                   ", max score " +
                                                   json(assignment->max_score()).dump()});
  auto fresh = compute_all_expectations(*assignment);
  if (!fresh) return error_of(fresh);
  auto stored = read_expected_file(options.assignment_dir);
  if (!stored) {
    findings.push_back({"expected.json", false, stored.error()});
    return conclude(options, output, *assignment, findings, {}, 0,
                    "no usable expected.json: run tilegrade expect " + options.assignment_dir +
                        ", then validate");
  } else if (auto same = compare_with_stored(*stored, *assignment, *fresh); !same) {
    findings.push_back({"expected.json", false, same.error() + " (rerun tilegrade expect)"});
    // Everything after would be graded against answers the assignment no longer has.
    return conclude(options, output, *assignment, findings, {}, 0,
                    "expected.json is stale: rerun tilegrade expect " + options.assignment_dir +
                        ", then validate");
  } else {
    findings.push_back({"expected.json", true, "matches the engine"});
  }

  // The answers just compared with expected.json are the ones every grading below uses.
  const PreparedAssignment prepared =
      PreparedAssignment::from_expectations(*assignment, std::move(*fresh));
  if (!options.recorded.empty()) {
    return validate_as_recorded(options, output, *assignment, prepared, std::move(findings));
  }

  const fs::path reference = options.reference_dir.empty()
                                 ? fs::path(default_reference_dir(options.assignment_dir))
                                 : fs::path(options.reference_dir);
  // Choices most textbooks make differently: the handout must say them (new writes them there).
  for (const Task& task : assignment->tasks) {
    if (task.kind != TaskKind::Search) continue;
    for (const std::string& difference :
         textbook_differences(task.algorithm, task.semantics)) {
      findings.push_back({"semantics of " + task.name, true, difference});
    }
  }
  for (const Task& task : assignment->tasks) {
    if (task.heuristic_admissible) findings.push_back(admissibility_finding(task));
    if (task.heuristic_consistent) findings.push_back(consistency_finding(task));
  }
  add_adequacy_findings(*assignment, prepared.expectations(), reference, options, findings);
  const fs::path solution = reference / "solution.lua";
  std::vector<std::string> clock_warnings;
  if (!fs::exists(solution)) {
    findings.push_back({"solution.lua", false, "missing: " + solution.string()});
  } else {
    const TimedGrade timed = grade_reference_timed(prepared, solution.string());
    const GradeReport& report = timed.report;
    findings.push_back({"solution.lua", report.all_passed(),
                        "score " + json(rounded_score(report.score())).dump() + "/" +
                            json(rounded_score(report.max_score())).dump()});
    for (const BudgetProjection& projection : timed.projections) {
      findings.push_back({"budgets of " + projection.task, true, projection.sentence()});
      if (projection.too_close()) {
        clock_warnings.push_back(
            "task " + projection.task + ": a search stopped by its budget could meet the "
            "processor-time limit first on a slower machine, and its report would then depend on "
            "the machine (" + projection.sentence() + "); lower max_expansions or max_api_calls, "
            "or raise call_seconds and test_seconds");
      }
    }
  }
  // The starter is what a student who changes nothing submits: its score is what the tests give
  // away (start-is-goal tests a do-nothing search passes).
  std::optional<std::string> generous_starter;
  if (const fs::path starter = fs::path(options.assignment_dir) / "starter.lua";
      fs::exists(starter)) {
    const GradeReport report = grade_submission(prepared, starter.string(), {});
    const std::string score = score_text(report.score()) + "/" + score_text(report.max_score());
    findings.push_back({"starter.lua", true, "score " + score + " (a student who changes nothing)"});
    if (report.max_score() > 0 && report.score() > kStarterShare * report.max_score()) {
      generous_starter = "starter.lua scores " + score + ", more than " +
                         score_text(kStarterShare * 100) +
                         "% of the points for a student who changes nothing (see which tests it "
                         "passes: tilegrade grade " + options.assignment_dir + " " +
                         starter.string() + ")";
    }
  }
  std::vector<fs::path> mutants;
  if (fs::is_directory(reference / "mutants")) {
    for (const auto& entry : fs::directory_iterator(reference / "mutants")) {
      if (entry.path().extension() == ".lua") mutants.push_back(entry.path());
    }
  }
  std::sort(mutants.begin(), mutants.end());
  std::set<std::string> covered;
  for (const fs::path& mutant : mutants) {
    findings.push_back(check_mutant(prepared, mutant, options, covered));
  }

  // Warnings: what students or the instructor will miss, without making the assignment invalid.
  std::vector<std::string> warnings;
  for (const char* file : {"README.md", "starter.lua"}) {
    if (!fs::exists(fs::path(options.assignment_dir) / file)) {
      warnings.push_back(std::string("no ") + file + " in " + options.assignment_dir +
                         (std::string(file) == "README.md" ? " (the students' handout)"
                                                           : " (the students' starting script)"));
    }
  }
  if (generous_starter) warnings.push_back(*generous_starter);
  // The handout's rules sections that `new` wrote, against assignment.json as it is now.
  if (const fs::path handout = fs::path(options.assignment_dir) / "README.md";
      fs::exists(handout)) {
    if (auto text = read_file(handout.string())) {
      for (std::string& warning : stale_rules(*assignment, *text, handout.string())) {
        warnings.push_back(std::move(warning));
      }
      // And the numbers it states about grading (tests, points, limits).
      for (std::string& warning :
           handout_number_warnings(*assignment, *text, handout.string())) {
        warnings.push_back(std::move(warning));
      }
    }
  }
  for (const Task& task : assignment->tasks) {
    if (!covered.count(task.name)) {
      warnings.push_back("task " + task.name + ": no mutant makes its mistake here (add one to " +
                         (reference / "mutants").string() + ")");
    }
  }

  if (options.record != nullptr) {
    *options.record = {assignment_digest(*assignment, prepared.expectations()), kTilegradeVersion,
                       mutants.size()};
  }
  // Timings differ by machine: kept apart from the warnings that the files alone decide.
  return conclude(options, output, *assignment, findings, warnings, mutants.size(), "",
                  clock_warnings);
}

}  // namespace

Outcome validate_assignment(const std::string& assignment_dir, const std::string& reference_dir,
                            ValidationRecord* record) {
  ValidateOptions options;
  options.assignment_dir = assignment_dir;
  options.reference_dir = reference_dir;
  options.record = record;
  return run_validate(options);
}

Command add_validate_command(CLI::App& app) {
  auto options = std::make_shared<ValidateOptions>();
  auto* cmd = app.add_subcommand(
      "validate", "Check spec, expected.json, reference solution and mutants of an assignment");
  cmd->add_option("ASSIGNMENT_DIR", options->assignment_dir, "Folder with assignment.json")
      ->required();
  cmd->add_option("--reference", options->reference_dir,
                  "Folder with solution.lua and mutants/ (default: reference/<name>)");
  cmd->add_flag("--write-scores", options->write_scores,
                "Write each mutant's score, as graded now, into its .json (diagnoses still checked)");
  cmd->add_flag("--write-diagnoses", options->write_diagnoses,
                "Write the first diagnosis each mutant's report names into its .json (a placeholder "
                "such as \"TODO\" is filled in)");
  cmd->add_flag("--no-cache", options->no_cache,
                "Recompute the tests' adequacy even when the cache holds it for this assignment");
  cmd->add_option("--recorded", options->recorded,
                  "The validation.json tilegrade bundle wrote: check that the assignment is the one "
                  "validated and grade the reference solution only (what setup.sh runs)");
  cmd->add_flag("--json", options->json, "Machine output");
  return {cmd, [options] { return run_validate(*options); },
          [options] { return Output("tilegrade validate", options->json); }};
}

}  // namespace tile::cli
