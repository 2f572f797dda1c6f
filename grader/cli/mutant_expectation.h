// What a known-wrong mutant (reference/<name>/mutants/NAME.lua) must get, from NAME.json, and
// how a graded report meets it: what `tilegrade validate` checks for each mutant.
//
// The diagnosis is written in one of two forms:
//   "diagnosis": "code"                           the first mistake the whole report names;
//   "diagnosis": {"greedy": "code", "astar": ...}  the first mistake each task's tests name, for
//                                                  a mutant that breaks several tasks differently
// In the per-task form every task the mutant breaks must be named, so no broken task goes
// unchecked; in either form a student reads the first diagnosis of a task first, so that is the
// one compared.
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/result.h"
#include "grader/report/report.h"

namespace tile::cli {

struct MutantExpectation {
  double score = 0;
  // "score": "TODO" (any string): a placeholder, as "diagnosis" may hold one, for
  // `validate --write-scores` to fill in; never met by a report.
  bool score_placeholder = false;
  // The string form's code; empty in the per-task form.
  std::string first;
  // The per-task form: task name to the code its tests must name first.
  std::map<std::string, std::string> by_task;

  bool per_task() const { return !by_task.empty(); }
  // Every code written, each once, in the order a reader meets them.
  std::vector<std::string> codes() const;
};

// NAME.json's document, or one line naming FILE and what is wrong ("diagnosis" neither a string
// nor an object of strings, an empty object, a missing score).
Result<MutantExpectation> parse_mutant_expectation(const nlohmann::json& doc,
                                                   const std::string& file);
// The file read (a regular file, size-capped), then parsed; a missing file says what it is for.
Result<MutantExpectation> read_mutant_expectation(const std::filesystem::path& path);

// The first diagnosis each task of a report names, by task: its first failing test's code, where a
// test that did not run (did-not-run: the script does not define the task's function) counts only
// when no other failing test of the task names anything else.
std::map<std::string, std::string> first_diagnosis_by_task(const GradeReport& report);

// The first diagnosis the whole report names: did-not-run is passed over (a task the mutant does
// not attempt names nothing about its mistake) unless it is WANTED.
std::string first_diagnosis(const GradeReport& report, const std::string& wanted);

// The tasks a mutant breaks: those with a failing test that names a mistake other than
// did-not-run.
std::set<std::string> broken_tasks(const GradeReport& report);

// How REPORT meets the expectation's diagnosis. TASKS are the assignment's task names, so that a
// task the per-task form names but the assignment has not is said, not ignored.
struct DiagnosisMatch {
  bool ok = false;
  // What the report names: "goal-test-on-generate, ..." (string form) or "greedy: c1; astar: c2".
  std::string named;
  // Each mismatch as a clause: "expected X first", "astar: expected X first",
  // "names task 'gredy', which assignment.json does not have", "breaks bfs too (c): name it".
  std::vector<std::string> mismatches;
};
DiagnosisMatch match_diagnosis(const MutantExpectation& wanted, const GradeReport& report,
                               const std::vector<std::string>& tasks);

// What --write-diagnoses writes: the one code when every task the mutant breaks names the same
// first (or it breaks one), else an object of each broken task's first code; null when the report
// names nothing.
nlohmann::ordered_json diagnosis_to_write(const GradeReport& report);

}  // namespace tile::cli
