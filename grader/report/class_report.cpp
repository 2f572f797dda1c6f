// class.json: the class's scores, misconceptions per task, pass rates per test, the students who
// could not be graded, and what to re-teach (schema: docs/grading-a-class.md).
#include "grader/report/class_report.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

#include "grader/report/class_similarity.h"
#include "grader/spec/diagnosis_codes.h"

namespace tile {

using nlohmann::json;

namespace {

// 2: most_failed_checks (every check tied for most) and each task's undiagnosed students;
// 3: the similarity section (class_similarity.h).
constexpr int kFormat = 3;
constexpr std::size_t kHistogramBins = 10;
constexpr std::size_t kReportLinks = 5;   // per misconception
constexpr std::size_t kReteachLines = 3;

// "goal-test-on-generate+counts-popped" -> both: a pair of mistakes counts for each.
std::vector<std::string> codes_in(const std::string& diagnosis) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= diagnosis.size()) {
    const std::size_t plus = std::min(diagnosis.find('+', at), diagnosis.size());
    const std::string code = diagnosis.substr(at, plus - at);
    if (is_misconception(code)) out.push_back(code);
    at = plus + 1;
  }
  return out;
}

double share(std::size_t part, std::size_t whole) {
  return whole == 0 ? 0 : rounded_score(static_cast<double>(part) / static_cast<double>(whole));
}

json score_figures(const std::vector<ClassStudent>& students, double max_score) {
  std::vector<double> scores;
  for (const ClassStudent& student : students) scores.push_back(student.score);
  std::sort(scores.begin(), scores.end());
  json figures = {{"mean", 0}, {"median", 0}, {"min", 0}, {"max", 0}};
  if (!scores.empty()) {
    double sum = 0;
    for (double score : scores) sum += score;
    const std::size_t middle = scores.size() / 2;
    figures["mean"] = rounded_score(sum / static_cast<double>(scores.size()));
    figures["median"] = rounded_score(scores.size() % 2 == 1
                                          ? scores[middle]
                                          : (scores[middle - 1] + scores[middle]) / 2);
    figures["min"] = scores.front();
    figures["max"] = scores.back();
  }
  // Ten equal bins over [0, max_score], the last one closed: a full score lands in it.
  std::vector<std::size_t> counts(kHistogramBins, 0);
  for (double score : scores) {
    std::size_t bin = 0;
    if (max_score > 0) {
      const double position = score / max_score * static_cast<double>(kHistogramBins);
      bin = static_cast<std::size_t>(std::clamp(position, 0.0, double(kHistogramBins - 1)));
    }
    ++counts[bin];
  }
  json bins = json::array();
  for (std::size_t i = 0; i < kHistogramBins; ++i) {
    bins.push_back({{"from", rounded_score(max_score * double(i) / double(kHistogramBins))},
                    {"to", rounded_score(max_score * double(i + 1) / double(kHistogramBins))},
                    {"students", counts[i]}});
  }
  figures["histogram"] = bins;
  return figures;
}

// The sentence a misconception is shown with: what most of its students read for it alone, else
// the catalogue's sentence when it has no blanks to fill, else the catalogue's meaning.
std::string sentence_of(const std::string& code, const std::map<std::string, std::size_t>& read) {
  const std::pair<const std::string, std::size_t>* best = nullptr;
  for (const auto& entry : read) {  // sorted: the first of the most read wins a tie
    if (!entry.first.empty() && (!best || entry.second > best->second)) best = &entry;
  }
  if (best) return best->first;
  for (const DiagnosisCode& entry : diagnosis_codes()) {
    if (entry.code != code) continue;
    return std::string(entry.sentence.find('{') == std::string_view::npos ? entry.sentence
                                                                          : entry.meaning);
  }
  return "";
}

struct Misconception {
  std::vector<const ClassStudent*> students;       // in student order, each once
  std::map<std::string, std::size_t> explanations;  // sentence -> tests that read it alone
};

// Students who failed a test of the task and were named no mistake in it: counted, so that a
// class report's misconceptions never look like the whole class.
json undiagnosed_of(const std::vector<const ClassStudent*>& students, std::size_t graded) {
  json names = json::array();
  json reports = json::array();
  for (const ClassStudent* student : students) {
    if (names.size() == kReportLinks) break;
    names.push_back(student->student);
    reports.push_back(student->report);
  }
  return {{"students", students.size()},
          {"share", share(students.size(), graded)},
          {"examples", names},
          {"reports", reports}};
}

// How many of the students who failed a test of the task got a verified repair, and the kinds of
// edit that mended them, most students first (a kind's name breaks a tie): what the class gets
// wrong, in code.
json repair_summary(const Task& task, const std::vector<const ClassStudent*>& graded) {
  std::size_t failing = 0;
  std::size_t repaired = 0;
  std::map<std::string, std::size_t> kinds;  // kind -> students
  for (const ClassStudent* student : graded) {
    const bool failed = std::any_of(student->tests.begin(), student->tests.end(),
                                    [&](const ClassTest& t) {
                                      return t.task == task.name && !t.passed;
                                    });
    if (!failed) continue;
    ++failing;
    for (const ClassRepair& repair : student->repairs) {
      if (repair.task != task.name) continue;
      ++repaired;
      for (const std::string& kind : std::set<std::string>(repair.kinds.begin(),
                                                           repair.kinds.end())) {
        ++kinds[kind];
      }
    }
  }
  std::vector<std::pair<std::string, std::size_t>> ranked(kinds.begin(), kinds.end());
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  json by_kind = json::array();
  for (const auto& [kind, students] : ranked) {
    by_kind.push_back({{"kind", kind}, {"students", students}});
  }
  return {{"failing_students", failing}, {"repaired_students", repaired}, {"kinds", by_kind}};
}

json task_summary(const Task& task, const std::vector<const ClassStudent*>& graded) {
  std::vector<const ClassStudent*> undiagnosed;
  std::map<std::string, Misconception> found;
  std::vector<std::string> test_names;
  std::map<std::string, std::pair<std::size_t, std::size_t>> runs;  // test -> (students, passed)
  std::map<std::string, std::map<std::string, std::size_t>> failed;  // test -> check -> students
  for (const ClassStudent* student : graded) {
    std::set<std::string> codes;
    bool failed_one = false;
    for (const ClassTest& test : student->tests) {
      if (test.task != task.name) continue;
      failed_one = failed_one || !test.passed;
      if (std::find(test_names.begin(), test_names.end(), test.test) == test_names.end()) {
        test_names.push_back(test.test);
      }
      auto& [students, passed] = runs[test.test];
      ++students;
      if (test.passed) ++passed;
      for (const std::string& check : std::set<std::string>(test.failed_checks.begin(),
                                                            test.failed_checks.end())) {
        ++failed[test.test][check];
      }
      for (const std::string& code : codes_in(test.diagnosis)) {
        codes.insert(code);
        if (test.diagnosis == code) ++found[code].explanations[test.explanation];
      }
    }
    for (const std::string& code : codes) found[code].students.push_back(student);
    if (failed_one && codes.empty()) undiagnosed.push_back(student);
  }
  std::vector<const std::pair<const std::string, Misconception>*> ranked;
  for (const auto& entry : found) ranked.push_back(&entry);
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto* a, const auto* b) {
    return a->second.students.size() > b->second.students.size();
  });
  json misconceptions = json::array();
  for (const auto* entry : ranked) {
    json reports = json::array();
    json names = json::array();
    for (const ClassStudent* student : entry->second.students) {
      if (names.size() == kReportLinks) break;
      names.push_back(student->student);
      reports.push_back(student->report);
    }
    misconceptions.push_back({{"code", entry->first},
                              {"sentence", sentence_of(entry->first, entry->second.explanations)},
                              {"students", entry->second.students.size()},
                              {"share", share(entry->second.students.size(), graded.size())},
                              {"examples", names},
                              {"reports", reports}});
  }
  json tests = json::array();
  for (const std::string& name : test_names) {
    const auto [students, passed] = runs[name];
    std::size_t most = 0;
    json checks = json::object();
    for (const auto& [check, count] : failed[name]) {
      checks[check] = count;
      most = std::max(most, count);
    }
    json most_failed = json::array();  // a tie is shown as one: every check failed most, by name
    for (const auto& [check, count] : failed[name]) {
      if (count == most) most_failed.push_back(check);
    }
    tests.push_back({{"name", name},
                     {"students", students},
                     {"passed", passed},
                     {"pass_rate", share(passed, students)},
                     {"failed_checks", checks},
                     {"most_failed_checks", most_failed}});
  }
  return {{"name", task.name},
          {"misconceptions", misconceptions},
          {"undiagnosed", undiagnosed_of(undiagnosed, graded.size())},
          {"tests", tests},
          {"repairs", repair_summary(task, graded)}};
}

json ungradable_groups(const std::vector<ClassStudent>& students) {
  json groups = json::array();
  for (const char* cause :
       {class_causes::kNoSubmission, class_causes::kNoScript, class_causes::kDidNotLoad,
        class_causes::kStoppedByTime, class_causes::kInternalError, class_causes::kNoResult}) {
    json names = json::array();
    json reports = json::array();
    for (const ClassStudent& student : students) {
      if (student.status == "graded" || student.cause != cause) continue;
      names.push_back(student.student);
      reports.push_back(student.report);
    }
    if (!names.empty()) {
      groups.push_back({{"cause", cause}, {"students", names}, {"reports", reports}});
    }
  }
  return groups;
}

// The three misconceptions most students have, across tasks (a task's order breaks a tie).
json reteach_lines(const json& tasks) {
  std::vector<json> all;
  for (const json& task : tasks) {
    for (const json& misconception : task["misconceptions"]) {
      all.push_back({{"task", task["name"]},
                     {"code", misconception["code"]},
                     {"sentence", misconception["sentence"]},
                     {"students", misconception["students"]},
                     {"share", misconception["share"]}});
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const json& a, const json& b) {
    return a["students"].get<std::size_t>() > b["students"].get<std::size_t>();
  });
  if (all.size() > kReteachLines) all.resize(kReteachLines);
  return all;
}

}  // namespace

// Codes that say a test gave no result or an unnamed one: the class report counts them in the
// pass rates and the ungradable students, never as a misconception.
bool is_misconception(std::string_view code) {
  for (std::string_view not_one :
       {codes::kDidNotRun, codes::kError, codes::kExpansionBudget, codes::kUnrecognised,
        codes::kInternalError, codes::kNoScript, codes::kAmbiguousScript,
        codes::kDuplicateStudent, codes::kSymlink, codes::kNotARegularFile, codes::kUnreadable,
        codes::kTooLarge, codes::kNotText}) {
    if (code == not_one) return false;
  }
  return !code.empty();
}

json class_report_json(const Assignment& assignment, const std::vector<ClassStudent>& students) {
  std::vector<const ClassStudent*> graded;
  for (const ClassStudent& student : students) {
    if (student.status == "graded") graded.push_back(&student);
  }
  json tasks = json::array();
  for (const Task& task : assignment.tasks) tasks.push_back(task_summary(task, graded));
  return {{"format", kFormat},
          {"assignment", assignment.title},
          {"students", students.size()},
          {"graded", graded.size()},
          {"max_score", rounded_score(assignment.max_score())},
          {"scores", score_figures(students, assignment.max_score())},
          {"tasks", tasks},
          {"ungradable", ungradable_groups(students)},
          {"reteach", reteach_lines(tasks)},
          {"similarity", similarity_json(students)}};
}

}  // namespace tile
