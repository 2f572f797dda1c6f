#include "grader/cli/mutant_expectation.h"

#include "grader/spec/declared_diagnosis.h"

#include <algorithm>

#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/json_input.h"

namespace tile::cli {

namespace {

using nlohmann::json;

void add_once(std::vector<std::string>& list, const std::string& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

std::string joined(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

// The report's tasks in the order its tests come (the assignment's order).
std::vector<std::string> tasks_in_order(const GradeReport& report) {
  std::vector<std::string> out;
  for (const TestResult& test : report.tests) add_once(out, test.task);
  return out;
}

}  // namespace

std::vector<std::string> MutantExpectation::codes() const {
  std::vector<std::string> out;
  if (!per_task()) return {first};
  for (const auto& [task, code] : by_task) add_once(out, code);
  return out;
}

Result<MutantExpectation> parse_mutant_expectation(const json& doc, const std::string& file) {
  if (!doc.is_object()) return Error{file + ": not a JSON object"};
  MutantExpectation out;
  const auto score = doc.find("score");
  if (score != doc.end() && score->is_string()) {
    out.score_placeholder = true;
  } else if (score == doc.end() || !score->is_number()) {
    return Error{file + ": \"score\" must be a number (the score the mutant must get), or a "
                 "placeholder such as \"TODO\" for validate --write-scores to fill in"};
  } else {
    out.score = score->get<double>();
  }
  const auto diagnosis = doc.find("diagnosis");
  if (diagnosis == doc.end()) {
    return Error{file + ": \"diagnosis\" is missing (a code, or {\"task\": \"code\", ...})"};
  }
  if (diagnosis->is_string()) {
    out.first = diagnosis->get<std::string>();
    return out;
  }
  if (!diagnosis->is_object() || diagnosis->empty()) {
    return Error{file + ": \"diagnosis\" must be a code or a non-empty object of codes by task, "
                 "not " + json_excerpt(*diagnosis)};
  }
  for (const auto& [task, code] : diagnosis->items()) {
    if (!code.is_string()) {
      return Error{file + ": \"diagnosis\"." + task + " must be a code, not " +
                   json_excerpt(code)};
    }
    out.by_task[task] = code.get<std::string>();
  }
  return out;
}

Result<MutantExpectation> read_mutant_expectation(const std::filesystem::path& path) {
  if (!std::filesystem::exists(std::filesystem::symlink_status(path))) {
    return Error{"missing " + path.string() + " (the score and diagnosis it must get)"};
  }
  auto parsed = read_json_file(path.string());
  if (!parsed) return parsed.failure();
  return parse_mutant_expectation(*parsed, path.string());
}

namespace {

// The diagnosis each task's first failing test names, with its heuristic's source: what a
// declared code is matched against (declared_diagnosis.h). A later test's own mistake replaces a
// did-not-run met first. first_diagnosis_by_task and first_diagnosis read their codes from these.
std::map<std::string, const TestDiagnosis*> first_test_diagnosis_by_task(
    const GradeReport& report) {
  std::map<std::string, const TestDiagnosis*> out;
  for (const TestResult& test : report.tests) {
    if (test.passed || test.diagnosis.code.empty()) continue;
    auto [it, inserted] = out.emplace(test.task, &test.diagnosis);
    if (!inserted && it->second->code == codes::kDidNotRun) it->second = &test.diagnosis;
  }
  return out;
}

const TestDiagnosis* first_test_diagnosis(const GradeReport& report, const std::string& wanted) {
  for (const TestResult& test : report.tests) {
    const std::string& code = test.diagnosis.code;
    if (test.passed || code.empty()) continue;
    if (code != codes::kDidNotRun || wanted == codes::kDidNotRun) return &test.diagnosis;
  }
  return nullptr;
}

bool names(const TestDiagnosis* diagnosis, const std::string& declared) {
  return diagnosis != nullptr &&
         names_declared(declared, diagnosis->code, diagnosis->heuristic_source);
}

}  // namespace

std::map<std::string, std::string> first_diagnosis_by_task(const GradeReport& report) {
  std::map<std::string, std::string> out;
  for (const auto& [task, diagnosis] : first_test_diagnosis_by_task(report)) {
    out.emplace(task, diagnosis->code);
  }
  return out;
}

std::string first_diagnosis(const GradeReport& report, const std::string& wanted) {
  const TestDiagnosis* first = first_test_diagnosis(report, wanted);
  return first == nullptr ? "" : first->code;
}

std::set<std::string> broken_tasks(const GradeReport& report) {
  std::set<std::string> out;
  for (const auto& [task, code] : first_diagnosis_by_task(report)) {
    if (code != codes::kDidNotRun) out.insert(task);
  }
  return out;
}

DiagnosisMatch match_diagnosis(const MutantExpectation& wanted, const GradeReport& report,
                               const std::vector<std::string>& tasks) {
  DiagnosisMatch match;
  if (!wanted.per_task()) {
    // Every code the report names, in order, as validate has always listed them.
    std::vector<std::string> seen;
    for (const TestResult& test : report.tests) {
      if (!test.passed && !test.diagnosis.code.empty()) add_once(seen, test.diagnosis.code);
    }
    match.named = seen.empty() ? "none" : joined(seen, ", ");
    if (!names(first_test_diagnosis(report, wanted.first), wanted.first)) {
      match.mismatches.push_back("expected " + expected_for_declared(wanted.first) + " first");
    }
    match.ok = match.mismatches.empty();
    return match;
  }
  const std::map<std::string, std::string> firsts = first_diagnosis_by_task(report);
  std::vector<std::string> named;
  for (const std::string& task : tasks_in_order(report)) {
    if (const auto it = firsts.find(task); it != firsts.end()) {
      named.push_back(task + ": " + it->second);
    }
  }
  match.named = named.empty() ? "none" : joined(named, "; ");
  const std::map<std::string, const TestDiagnosis*> first_tests =
      first_test_diagnosis_by_task(report);
  for (const auto& [task, code] : wanted.by_task) {
    if (std::find(tasks.begin(), tasks.end(), task) == tasks.end()) {
      match.mismatches.push_back("names task '" + task + "', which assignment.json does not have");
      continue;
    }
    const auto it = first_tests.find(task);
    if (it == first_tests.end() || !names(it->second, code)) {
      match.mismatches.push_back(task + ": expected " + expected_for_declared(code) + " first");
    }
  }
  for (const std::string& task : broken_tasks(report)) {
    if (!wanted.by_task.contains(task)) {
      match.mismatches.push_back("breaks " + task + " too (" + firsts.at(task) +
                                 "): name it in \"diagnosis\"");
    }
  }
  match.ok = match.mismatches.empty();
  return match;
}

nlohmann::ordered_json diagnosis_to_write(const GradeReport& report) {
  const std::map<std::string, std::string> firsts = first_diagnosis_by_task(report);
  nlohmann::ordered_json by_task = nlohmann::ordered_json::object();
  std::vector<std::string> codes;
  for (const std::string& task : tasks_in_order(report)) {
    const auto it = firsts.find(task);
    if (it == firsts.end() || it->second == codes::kDidNotRun) continue;
    by_task[task] = it->second;
    add_once(codes, it->second);
  }
  if (codes.empty()) return nullptr;
  if (codes.size() == 1) return codes.front();
  return by_task;
}

}  // namespace tile::cli
