// A regrade that explains itself: two `batch --out` folders of one class (OLD_OUT graded before a
// change, NEW_OUT after it) compared student by student and test by test, from the students' JSON
// reports alone (their stamps and each test's verdict as fields), so the instructor sees what will
// change, and why, before anything is published. Reading never writes into OLD_OUT; publishing
// (regrade_publish.h) is a separate, explicit step.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/result.h"
#include "grader/report/report.h"

namespace tile {

// One test whose verdict differs, or that only one side has.
struct TestChange {
  std::string test;                  // "bfs: published-2" (TestResult::name)
  std::optional<double> old_score;   // nullopt: the test is new (added)
  std::optional<double> new_score;   // nullopt: the test was removed
  std::vector<std::string> reasons;  // "count: passed, now fails", "diagnosis: none -> X"
};

struct StudentChange {
  std::string student;  // as the record names them (escaped), else the report's file name
  std::optional<double> old_score;  // nullopt: no report in OLD_OUT
  std::optional<double> new_score;  // nullopt: no report in NEW_OUT
  // What changed for the whole submission: its script, the grader's version, the assignment.
  std::vector<std::string> reasons;
  std::vector<TestChange> tests;  // in NEW_OUT's order, removed tests last
  // The script changed (or a side's report cannot be read, or has no stamp): worth a look even
  // when every verdict is the same. A new grader version or assignment alone is not.
  bool submission_changed = false;

  // new - old, a missing side counting 0.
  double change() const;
  // A different score, a different verdict on any test, a student on one side only, or
  // submission_changed.
  bool changed() const;
};

struct Regrade {
  // The stamps most reports carry on each side (the grader version and assignment digest that
  // graded the class); empty fields when the reports carry none.
  ReportStamp old_stamp;
  ReportStamp new_stamp;
  // Every student of either side, the largest change first (by its size), then by name.
  std::vector<StudentChange> students;

  std::size_t changed_count() const;
};

// Reads OLD_OUT/reports/*.json and NEW_OUT/reports/*.json (and records/*.json for the names).
// Errors (ErrorKind::BadInput): a folder that is not a batch's output (no reports/ folder).
// A report that does not parse is compared as missing, with a reason saying so.
Result<Regrade> compare_outputs(const std::string& old_dir, const std::string& new_dir);

// The regrade for people: the stamps, then each changed student with their old and new score and
// the reasons per test, largest change first; the unchanged counted in one line.
std::string regrade_text(const Regrade& regrade);
// One row per student (all of them): student,old_score,new_score,change,reasons, where reasons
// are the whole submission's and each test's ("bfs: published-2: count: passed, now fails"),
// joined by "; ". Cells are csv_field's (formula-safe).
std::string regrade_csv(const Regrade& regrade);
// The same as JSON ("format": 1): the class report's "regrade" section.
nlohmann::json regrade_json(const Regrade& regrade);

// Writes NEW_OUT/regrade.txt, regrade.csv and regrade.json, and adds the "regrade" section to
// NEW_OUT/class.json and class.html when they exist. Never touches OLD_OUT.
Status write_regrade(const Regrade& regrade, const std::string& new_dir);

}  // namespace tile
