// The class report of a 1,000-student class (issue 20): class.json and class.html computed from
// the students' summaries, as run_batch does after grading. Goal: under 1 s and under 1 MB. The
// class is synthetic but shaped like classic-8puzzle's: three search tasks of eight tests, 60% of
// the students right, 30% with one or two of ten mistakes (some as a pair), 10% not gradable.
#include <string>
#include <vector>

#include "bench/bench.h"
#include "grader/report/class_report.h"

namespace tile::bench {
namespace {

constexpr int kStudents = 1000;
constexpr int kTestsPerTask = 8;

Assignment classic_shape() {
  std::string tests;
  for (int t = 0; t < kTestsPerTask; ++t) {
    tests += std::string(t == 0 ? "" : ",") + "{\"name\": \"t" + std::to_string(t) +
             "\", \"start\": \"1 2 3 4 0 5\"}";
  }
  std::string tasks;
  for (const char* name : {"bfs", "dfs", "astar"}) {
    tasks += std::string(tasks.empty() ? "" : ",") + "{\"name\": \"" + name +
             "\", \"kind\": \"search\", \"algorithm\": \"" + name +
             "\", \"heuristic\": \"manhattan\", \"points\": 25, \"tests\": [" + tests + "]}";
  }
  return parse_assignment("{\"title\": \"bench\", \"size\": \"2x3\", \"tasks\": [" + tasks + "]}",
                          ".")
      .value();
}

std::vector<ClassStudent> synthetic_class(const Assignment& assignment) {
  const std::vector<std::string> mistakes = {
      "goal-test-on-generate", "counts-popped", "no-visited-check", "action-order-RLDU",
      "push-order-reverse",    "ties-newest-first", "goal-test-on-generate+counts-popped",
      "counts-generated",      "start-not-marked", "lazy-deletion-missing"};
  std::vector<ClassStudent> students;
  for (int i = 0; i < kStudents; ++i) {
    ClassStudent student;
    student.student = "student_" + std::to_string(100000 + i);
    student.report = "reports/" + student.student + ".html";
    student.status = i % 10 == 9 ? "error" : "graded";
    student.cause = i % 10 == 9 ? class_causes::kDidNotLoad : "";
    student.max_score = 75;
    const bool wrong = i % 10 >= 6;
    for (const Task& task : assignment.tasks) {
      for (const TestCase& test : task.tests) {
        ClassTest result{task.name, test.name, !wrong, {}, "", ""};
        if (wrong && student.status == "graded") {
          result.failed_checks = {"count", "order"};
          result.diagnosis = mistakes[static_cast<std::size_t>(i) % mistakes.size()];
          result.explanation = "Your search does " + result.diagnosis + " on this test.";
        } else if (student.status != "graded") {
          result.diagnosis = "did-not-run";
        }
        student.score += result.passed ? 75.0 / (3 * kTestsPerTask) : 0;
        student.tests.push_back(std::move(result));
      }
    }
    students.push_back(std::move(student));
  }
  return students;
}

TILE_BENCH("class_report_1000",
           "class.json + class.html of 1,000 students (goal: under 1 s, under 1 MB)") {
  const Assignment assignment = classic_shape();
  const std::vector<ClassStudent> students = synthetic_class(assignment);
  std::string json_text;
  std::string html;
  const double seconds = best_seconds(3, [&] {
    const nlohmann::json summary = class_report_json(assignment, students);
    json_text = summary.dump(2);
    html = class_report_html(summary);
  });
  figure("summary, class.json and class.html", seconds, "s");
  figure("class.json", static_cast<double>(json_text.size()) / 1024, "KiB");
  figure("class.html", static_cast<double>(html.size()) / 1024, "KiB");
}

}  // namespace
}  // namespace tile::bench
