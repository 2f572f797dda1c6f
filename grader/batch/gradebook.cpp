#include "grader/batch/gradebook.h"

#include <algorithm>
#include <set>
#include <string_view>

#include <fmt/core.h>

#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/gradebook_columns.h"
#include "grader/spec/text.h"

namespace tile {

using nlohmann::json;

// One text cell. A cell starting with = + - @ (or tab or CR) is a live formula when the CSV is
// opened in a spreadsheet, and a student names their own file: as OWASP recommends for CSV
// injection, such a cell gets a leading ' and is quoted. A cell already starting with ' gets one
// too, so reading back is always "drop one leading ' if there is one" (docs/grading-a-class.md).
std::string csv_field(const std::string& raw) {
  const bool neutralise = !raw.empty() && std::string_view("=+-@\t\r'").find(raw.front()) !=
                                              std::string_view::npos;
  const std::string text = neutralise ? "'" + raw : raw;
  if (!neutralise && text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text) {
    quoted += ch;
    if (ch == '"') quoted += '"';
  }
  return quoted + "\"";
}

namespace {

// The tests this run graded: the assignment's, less those the report says it left out (a
// --task/--test selection, the hidden tests of a visible-only run). A student copy's withheld
// tests count among the report's hidden ones but were never in the assignment's lists.
std::size_t tests_run(const Assignment& assignment, const GradeReport& report) {
  std::size_t listed = 0;
  std::size_t withheld = 0;
  for (const Task& task : assignment.tasks) {
    listed += task.tests.size();
    withheld += task.withheld_tests;
  }
  const NotChecked& left_out = report.not_checked;
  const std::size_t hidden = left_out.hidden_tests - std::min(withheld, left_out.hidden_tests);
  return listed - std::min(listed, left_out.unselected_tests + hidden);
}

// "error" when no test that ran gave a result: a run of one part whose selected tests all failed
// to run says so, even though the tests it left out never ran either.
std::string status_of_report(const Assignment& assignment, const GradeReport& report) {
  std::size_t without_result = 0;
  for (const TestResult& test : report.tests) {
    const std::string& code = test.diagnosis.code;
    if (code == codes::kDidNotRun || code == codes::kError) ++without_result;
  }
  return without_result > 0 && without_result == tests_run(assignment, report) ? "error"
                                                                                 : "graded";
}

// A number in the CSV: every digit the rounded score has, for spreadsheets to sum exactly.
std::string csv_number(double value) { return fmt::format("{:g}", value); }

// A gradebook line after its identity columns: scores, status, diagnoses, newline.
void append_scores(std::string& out, const GradebookRow& row) {
  for (double score : {row.score, row.max_score}) {
    out += ',';
    out += csv_number(score);
  }
  for (double score : row.task_scores) {
    out += ',';
    out += csv_number(score);
  }
  std::string codes;
  for (const std::string& code : row.diagnoses) {
    if (!codes.empty()) codes += ' ';
    codes += code;
  }
  out += ',';
  out += csv_field(row.status);
  out += ',';
  out += csv_field(codes);
  out += '\n';
}

}  // namespace

GradebookRow row_of_report(const Assignment& assignment, const std::string& student,
                           const GradeReport& report) {
  GradebookRow row;
  row.student = student;
  row.score = rounded_score(report.score());
  row.max_score = rounded_score(report.max_score());
  std::set<std::string> codes;
  for (const Task& task : assignment.tasks) {
    double sum = 0;
    for (const TestResult& test : report.tests) {
      if (test.task == task.name) sum += test.score;
    }
    row.task_scores.push_back(rounded_score(sum));
  }
  for (const TestResult& test : report.tests) {
    if (!test.diagnosis.code.empty()) codes.insert(test.diagnosis.code);
  }
  row.diagnoses.assign(codes.begin(), codes.end());
  row.status = status_of_report(assignment, report);
  return row;
}

GradeReport problem_report(const Assignment& assignment, const StudentEntry& entry) {
  GradeReport report;
  report.assignment = assignment.title;
  report.submission = entry.name;
  TestResult test;
  test.task = "submission";
  test.name = "submission";
  test.test = "submission";
  test.max_score = assignment.max_score();
  test.header = entry.message + "\n";
  test.diagnosis.code = entry.problem;
  report.tests.push_back(test);
  return report;
}

GradebookRow problem_row(const Assignment& assignment, const StudentEntry& entry) {
  GradebookRow row;
  row.student = entry.name;
  row.max_score = rounded_score(assignment.max_score());
  row.task_scores.assign(assignment.tasks.size(), 0.0);
  row.status = "error";
  row.diagnoses = {entry.problem};
  return row;
}

GradebookRow missing_row(const Assignment& assignment, const std::string& student) {
  GradebookRow row;
  row.student = student;
  row.max_score = rounded_score(assignment.max_score());
  row.task_scores.assign(assignment.tasks.size(), 0.0);
  row.status = "no-submission";
  return row;
}

json row_to_json(const GradebookRow& row) {
  return {{"student", row.student},   {"score", row.score},   {"max_score", row.max_score},
          {"task_scores", row.task_scores}, {"status", row.status}, {"diagnoses", row.diagnoses}};
}

std::optional<GradebookRow> row_from_json(const json& value, std::size_t task_count) {
  if (!value.is_object()) return std::nullopt;
  for (const char* key : {"student", "status"}) {
    if (!value.contains(key) || !value[key].is_string()) return std::nullopt;
  }
  for (const char* key : {"score", "max_score"}) {
    if (!value.contains(key) || !value[key].is_number()) return std::nullopt;
  }
  for (const char* key : {"task_scores", "diagnoses"}) {
    if (!value.contains(key) || !value[key].is_array()) return std::nullopt;
  }
  GradebookRow row;
  row.student = value["student"].get<std::string>();
  row.status = value["status"].get<std::string>();
  row.score = value["score"].get<double>();
  row.max_score = value["max_score"].get<double>();
  for (const json& score : value["task_scores"]) {
    if (!score.is_number()) return std::nullopt;
    row.task_scores.push_back(score.get<double>());
  }
  for (const json& code : value["diagnoses"]) {
    if (!code.is_string()) return std::nullopt;
    row.diagnoses.push_back(code.get<std::string>());
  }
  if (row.task_scores.size() != task_count) return std::nullopt;
  return row;
}

std::string gradebook_name(const Shard& shard) {
  if (shard.count <= 1) return "gradebook.csv";
  return fmt::format("gradebook.shard-{}-of-{}.csv", shard.index, shard.count);
}

std::string gradebook_csv(const Assignment& assignment, const std::vector<GradebookRow>& rows,
                          const People* people) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "," + std::string.
  // The fixed columns are named in spec/gradebook_columns.h, where the assignment reader refuses
  // a task that would repeat one.
  std::string out(gradebook_columns::kStudent);
  const auto add_columns = [&out](const auto& columns) {
    for (const std::string_view column : columns) {
      out += ',';
      out += column;
    }
  };
  if (people) add_columns(gradebook_columns::kIdentity);
  add_columns(gradebook_columns::kTotals);
  for (const Task& task : assignment.tasks) {
    out += ',';
    out += csv_field(task.name);
  }
  add_columns(gradebook_columns::kTrailing);
  out += '\n';
  // With people: one line per submitter (a group's row repeated), or empty identity columns.
  const std::vector<Person> nobody(1);
  for (const GradebookRow& row : rows) {
    const std::vector<Person>* persons = &nobody;
    if (people) {
      const auto found = people->find(row.raw_student.empty() ? row.student : row.raw_student);
      if (found != people->end() && !found->second.empty()) persons = &found->second;
    }
    for (const Person& person : *persons) {
      out += csv_field(row.student);
      if (people) {
        // Exports and rosters are outside input: a name's ESC or BEL reaches no spreadsheet or
        // terminal raw, and shows as the batch shows students' names.
        for (const std::string* text : {&person.sid, &person.email, &person.name}) {
          out += ',';
          out += csv_field(escaped_text(*text));
        }
      }
      append_scores(out, row);
      if (!people) break;
    }
  }
  return out;
}

}  // namespace tile
