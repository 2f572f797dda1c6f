// The result of grading one submission, and its renderings for students (text), Gradescope and
// any JSON consumer (results.json shape), and CI (JUnit XML). One model, several views: every
// format is computed from the same TestResults, so they can never disagree on a verdict.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/report/step_evidence.h"
#include "grader/report/step_through.h"
#include "grader/spec/assignment.h"

namespace tile {

// The boards and numbers behind a test's output, for reports that draw (html). Text formats ignore
// them; a test that never ran leaves what it could not know empty.
struct TestFigures {
  std::optional<Board> start;
  std::optional<Board> goal;
  std::string path;                           // the student's moves as letters ("ULL")
  std::string count_name;                     // what the counts below count ("expanded")
  std::optional<std::int64_t> student_count;  // returned by the student's search, or counted by
                                              // the engine's search with the student's heuristic
  std::optional<std::uint64_t> reference_count;
  std::optional<std::uint64_t> baseline_count;
  std::string baseline_name;                  // the built-in heuristic behind baseline_count
  // The first expansion (1-based) where the student's order leaves the engine's, and what each
  // side expanded there; a side that had already stopped has no board.
  std::optional<std::size_t> divergence_step;
  std::optional<Board> divergence_student;
  std::optional<Board> divergence_reference;
  // Heuristic tasks: what a check found wrong, each with its boards and their captions (an
  // overestimate: one board, "h = 10, true distance 9"; an inconsistent move: the two boards).
  struct Counterexample {
    std::string title;  // "Your heuristic overestimates"
    std::vector<std::pair<Board, std::string>> boards;
    // An overestimate: a shortest path from its board to the goal (letters, "ULDR"), which the
    // HTML view replays; empty when none was found or the example is of another kind.
    std::string path = {};
  };
  std::vector<Counterexample> counterexamples;
  // A heuristic task's informedness line: the total count over its tests (none when a search
  // did not finish) against each threshold, drawn as a chart.
  struct Threshold {
    std::uint64_t at_most = 0;
    double points = 0;
    bool met = false;
  };
  std::vector<Threshold> thresholds;
  std::optional<std::uint64_t> informedness_total;
  // A failing visible search test: its run stepped through beside the reference's (issue 35).
  std::optional<StepThrough> step_through;
};

// Whether a student sees the test as soon as it is graded: a visible test whole, a
// diagnosis-only test as its view (diagnosis_only.h).
inline bool shown_at_once(Visibility visibility) {
  return visibility == Visibility::Visible || visibility == Visibility::Diagnosis;
}

// One check of a test, as the judge ran it.
struct CheckLine {
  std::string key;     // its short name ("path", "cost", "count", "order", ...), or empty
  std::string name;    // what it checks: "path cost is 12"
  bool passed = false;
  std::string detail;  // why it failed, in the student's words; empty when there is nothing to add

  bool operator==(const CheckLine&) const = default;
};

// The mistake a test is named for.
struct TestDiagnosis {
  std::string code;      // a stable code ("goal-test-on-generate"), empty when none
  std::string sentence;  // for the student, when the code has one; empty otherwise
  // Where the run first differs, when no check line shows it already: what a student sent to the
  // first difference by an `unrecognised` diagnosis reads first. Empty otherwise.
  std::string evidence;
  // The step and boards of a violated invariant of the student's own run, when that names it.
  std::optional<StepEvidence> step = {};
  // A heuristic task: where its values come from, when they prove it (the code of
  // grader/judge/heuristic_sources.h: "heuristic-counts-blank"), beside the check's code the test
  // is named by ("inadmissible"); the sentence says it in words. Empty otherwise.
  std::string heuristic_source = {};
  // What proves the claim where the judge said (grader/spec/diagnosis_proofs.h): "variant",
  // "identity", "observed" or "repair"; empty: the code's own proof (diagnosis_proof below).
  std::string proof = {};
  // The line of the student's file the claim is about where no step names it: the `return` the
  // count came from (count-equals-{what}), or the path a path-family code is about (said by
  // returned_path_sentence). 0: none, or not known; JSON "line", absent then.
  std::uint32_t line = 0;

  bool operator==(const TestDiagnosis&) const = default;
};

// One test's verdict as fields: report/ alone turns them into text (test_output_text), HTML,
// JSON, JUnit, PrairieLearn or Classroom, so no format parses another's text.
struct TestResult {
  std::string task;
  std::string name;          // "bfs: published-2"
  double score = 0;
  double max_score = 0;
  bool passed = false;
  Visibility visibility = Visibility::Visible;
  // What stands above the check lines: the start board, the student's path and count, or for a
  // test that never ran, only its board. Ends with a newline when not empty.
  std::string header = {};
  std::vector<CheckLine> checks = {};
  // Further text under the checks, each block as shown: why the test did not run, where the
  // expansions first differ, informedness thresholds.
  std::vector<std::string> notes = {};
  TestDiagnosis diagnosis = {};
  TestFigures figures = {};
  // The test was ended by a clock (the per-call limit or the test's wall-clock limit), not by a
  // budget: the class report groups such students apart.
  bool out_of_time = false;
  // "published-2": the test's own name in its task (last, so that brace-built results still
  // fill the fields above in order).
  std::string test = {};
  // What the student's search did, for the class report's behavioural similarity
  // (class_similarity.h), never shown to the student: how many boards it expanded and the digest
  // of all of them in order (student_run.h); 0 and 0 when it expanded none or did not run.
  std::uint64_t expanded = 0;
  std::uint64_t expansion_digest = 0;
  // Where to look, when a verified repair of its task was found and the assignment lets the
  // student read it (repair_text.h): on the task's first failing test the student sees, once.
  std::string repair = {};

  // The checks that failed, by their keys, in the order they were checked: what the class report
  // tallies per test.
  std::vector<std::string> failed_checks() const;
};

// What the student reads for one test, as text: header, check lines, the failed checks' details
// (each once), notes, the diagnosis's evidence and paragraph, and where to look (a repair).
// `with_diagnosis_paragraph` false: all but the paragraph, the line of the call it is about
// (step_call_sentence) and the repair, for a card that shows those on its own (report_html).
std::string test_output_text(const TestResult& test, bool with_diagnosis_paragraph = true);

// A test's fields as JSON (the JSON report's per-test "extra_data") and back, the same TestResult
// but for its figures; nullopt for anything that is not such a document.
nlohmann::json test_result_to_json(const TestResult& test);
std::optional<TestResult> test_result_from_json(const nlohmann::json& value);

// What a run left out (`check`, or any run of a student copy): tests it does not have or does not
// show, and informedness, which is measured over every test. The student sees that the full grade
// is out of more than the score printed.
struct NotChecked {
  std::size_t hidden_tests = 0;
  double hidden_points = 0;
  double informedness_points = 0;
  std::size_t unselected_tests = 0;  // left out by --task/--test
  double unselected_points = 0;

  bool any() const {
    return hidden_tests > 0 || informedness_points > 0 || unselected_tests > 0;
  }
};

// What a report was made by and from, so that a regrade can say why a grade changed: the grader's
// version, the assignment's digest and the submission's (spec/assignment_digest.h). Empty fields
// are not written; a report with no version carries no stamp at all.
struct ReportStamp {
  std::string version;            // kTilegradeVersion
  std::string assignment_digest;  // assignment_digest(): spec, tests and expected outputs
  std::string submission_digest;  // content_hash of the script's bytes; empty when none was read

  bool operator==(const ReportStamp&) const = default;
};

// The stamp as JSON ({"version", "assignment_digest", "submission_digest"}), and back (nullopt
// for anything else).
nlohmann::json report_stamp_to_json(const ReportStamp& stamp);
std::optional<ReportStamp> report_stamp_from_json(const nlohmann::json& value);

// One change of a verified repair (grader/run/repair_search.h): bytes of the student's script
// replaced, with the lines around them as they read before and after.
struct RepairChange {
  int line = 0;          // 1-based line of the first replaced byte
  int first_column = 0;  // 1-based column of the first replaced byte
  int last_column = 0;   // and of the last (first_column - 1 when nothing was replaced)
  std::string original;     // the replaced bytes
  std::string replacement;  // what replaces them
  std::string kind;         // the edit's kind ("relational-operator", grader/edit/script_edits.h)
  // What the change does, in words a student was taught, to begin a sentence: "a change to the
  // comparison in line 23", "swapping lines 23 and 24".
  std::string words;
  std::string words_here;   // the same, of the line already named: "... in this line"
  std::string line_before;  // the lines the change spans, as the student wrote them
  std::string line_after;   // the same lines with the change
  bool operator==(const RepairChange&) const = default;
};

// The smallest edit of the student's own script after which every test of a task that the run
// graded passes, each proved by running the edited script as the grade runs it. Repairs explain,
// never grade: no score depends on one.
struct TaskRepair {
  std::string task;
  std::vector<RepairChange> changes;  // one or two, in the script's order
  std::size_t tests = 0;              // the task's tests it was proved on: every one graded
  std::size_t visible_tests = 0;      // of which the student sees whole
  std::size_t failing_visible_tests = 0;  // of those, the ones the script failed
  // Beside the catalogue (grader/run/repair_agreement.h): the diagnosis code of the task's failing
  // tests whose mistake this edit is, when one is ("frontier-stack"); and the codes said as
  // observations that named another cause, which its tests no longer claim. Empty when none.
  std::string code = {};
  std::vector<std::string> dropped = {};
  bool operator==(const TaskRepair&) const = default;
};

struct GradeReport {
  std::string assignment;
  std::string submission;    // file name as given
  std::vector<TestResult> tests;
  // Why the script could not run at all (it did not load), said once for the whole submission,
  // above the tests: a test it stopped only points to it (kNotRunScriptError). Empty otherwise.
  std::string script_error;
  // Said once above the tests, for the whole submission, in paragraphs apart by a blank line: why
  // this report shows less than a full one (report/feedback_limit.h), the student's own attempts
  // (report/own_attempts.h). Empty for most reports.
  std::string submission_notice;
  NotChecked not_checked;
  double execution_time = 0;  // seconds; the only field that differs between reruns
  // Set when the machine, not the script, ended a test twice (FailureKind::GraderFault): which
  // test and what happened. Such a report holds no verdict for that test, so it is never
  // delivered as a grade: `grade` exits 3 and batch keeps no record, so the student is graded
  // again. Empty otherwise.
  std::string grader_fault;
  // Written into the JSON report's top-level extra_data ("tilegrade") and JUnit's properties.
  ReportStamp stamp = {};
  // Verified repairs of the tasks that failed (grader/run/repair_search.h), in task order, and
  // how much of them the assignment lets the student read (spec/repair_setting.h). The JSON
  // report and the class report carry every change; a student's views show what `repair_shown`
  // allows, on the task's first failing test they see.
  std::vector<TaskRepair> repairs = {};
  RepairShown repair_shown = RepairShown::Line;

  double score() const;
  double max_score() const;
  bool all_passed() const;
};

// Appends a paragraph to the report's submission_notice.
void add_submission_notice(GradeReport& report, const std::string& paragraph);

// What a test says when the script did not load: one line pointing to GradeReport::script_error.
inline constexpr const char* kNotRunScriptError =
    "Not run: your script did not load (its error is shown once, for the whole submission).";
// What a test says when the submission was refused unrun (run/refused_submission.h): the reason
// itself stands once above the tests, in GradeReport::script_error.
inline constexpr const char* kNotRunRefused =
    "Not run: your submission could not be graded (the reason is shown once, for the whole "
    "submission).";

enum class ReportFormat { Text, Json, Gradescope, Junit, PrairieLearn, Html, Classroom };
Result<ReportFormat> parse_report_format(std::string_view text);

std::string format_report(const GradeReport& report, ReportFormat format);
nlohmann::json gradescope_json(const GradeReport& report);

// "Not checked here: 8 hidden tests (30 points) and informedness (40 points). The full grade is
// out of 100.", or "" when the run checked everything.
std::string not_checked_sentence(const GradeReport& report);

// How a test's output ends when a mistake is named: "\nDiagnosis (code): sentence\n".
std::string diagnosis_paragraph(std::string_view code, std::string_view explanation);

// What proves a test's diagnosis: the judge's word where it gave one, else its code's proof;
// empty where the code claims no cause. JSON reports carry it as `diagnosis.proof`.
std::string diagnosis_proof(const TestDiagnosis& diagnosis);

// Where the path a path-family diagnosis is about was returned from, as a step's call is said
// (step_call_sentence): "The path named here is the one your search returned at line 31 of your
// file." Empty for any other code (a count's line is in its own sentence) or no known line.
std::string returned_path_sentence(const TestDiagnosis& diagnosis);

// Scores rounded for machines (to 1e-6), so reruns give the same numbers in every format.
double rounded_score(double value);
// A score as people read it: at most two decimals, no trailing zeros ("4.17", "16.67", "75"),
// never "8.33333".
std::string score_text(double value);

}  // namespace tile
