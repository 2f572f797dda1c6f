// Names a student can choose: report file names stay short and distinct, and a gradebook cell
// never starts a spreadsheet formula. (tests/e2e/batch_hostile_folder.sh grades such a class.)
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "grader/batch/gradebook.h"
#include "grader/batch/students.h"

using namespace tile;

TEST_CASE("student_key keeps plain names and derives short distinct keys for the rest") {
  CHECK(student_key("alice") == "alice");
  CHECK(student_key("Jos\xc3\xa9") == "Jos\xc3\xa9");
  const std::string latin1 = student_key("Jos\xe9");
  CHECK(latin1.starts_with("Jos_xE9~"));
  CHECK(latin1.size() == 8 + 16);
  const std::string long_name(245, 's');
  const std::string key = student_key(long_name);
  CHECK(key.size() <= 60);
  CHECK(key != student_key(long_name + "t"));
  // A name that looks like a derived key is derived itself: plain keys never hold '~'.
  CHECK(student_key(latin1) != latin1);
  std::set<std::string> keys;
  for (const char* name : {"a\\b", "a\nb", "a\tb", "a~b", "a_b", "a\xe2\x80\xae" "b"}) {
    CHECK(keys.insert(student_key(name)).second);
  }
}

TEST_CASE("gradebook cells that would start a formula are neutralised and read back") {
  Assignment assignment;
  Task task;
  task.name = "=task";
  assignment.tasks.push_back(task);
  std::vector<GradebookRow> rows;
  for (const char* name : {"=1+1", "+cmd", "-2", "@SUM(A1)", "'already", "plain", "a,b"}) {
    GradebookRow row;
    row.student = name;
    row.task_scores = {0};
    row.status = "graded";
    rows.push_back(row);
  }
  const std::string csv = gradebook_csv(assignment, rows);
  CHECK(csv.find("student,score,max_score,\"'=task\",status") == 0);
  CHECK(csv.find("\n\"'=1+1\",") != std::string::npos);
  CHECK(csv.find("\n\"'+cmd\",") != std::string::npos);
  CHECK(csv.find("\n\"'-2\",") != std::string::npos);
  CHECK(csv.find("\n\"'@SUM(A1)\",") != std::string::npos);
  CHECK(csv.find("\n\"''already\",") != std::string::npos);  // one ' dropped gives the name back
  CHECK(csv.find("\nplain,") != std::string::npos);
  CHECK(csv.find("\n\"a,b\",") != std::string::npos);
}
