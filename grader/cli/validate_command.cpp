// `tilegrade validate DIR`: the assignment is ready to hand out. Checks the spec, that
// expected.json still matches the engine, that the reference solution gets full marks, and that
// every known-wrong mutant gets exactly the score and diagnosis written beside it.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>

#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/run/grade.h"
#include "grader/spec/json_input.h"

namespace tile::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct ValidateOptions {
  std::string assignment_dir;
  std::string reference_dir;  // default: <repo>/reference/<name>
  bool json = false;
};

struct Finding {
  std::string subject;
  bool ok = false;
  std::string detail;
};

// What a mutant must get, from mutants/NAME.json: {"score": 50, "diagnosis": "code", "why": ...}.
struct MutantExpectation {
  double score = 0;
  std::string diagnosis;
};

Result<MutantExpectation> read_mutant_expectation(const fs::path& path) {
  if (!fs::exists(fs::symlink_status(path))) {
    return Error{"missing " + path.string() + " (the score and diagnosis it must get)"};
  }
  auto parsed = read_json_file(path.string());
  if (!parsed) return Error{parsed.error()};
  try {
    const json& doc = *parsed;
    MutantExpectation out;
    out.score = doc.at("score").get<double>();
    out.diagnosis = doc.at("diagnosis").get<std::string>();
    return out;
  } catch (const json::exception& error) {
    return Error{path.string() + ": " + error.what()};
  }
}

Finding check_mutant(const Assignment& assignment, const std::vector<Expectation>& expectations,
                     const fs::path& script) {
  Finding finding{"mutant " + script.filename().string(), false, ""};
  fs::path spec = script;
  spec.replace_extension(".json");
  auto wanted = read_mutant_expectation(spec);
  if (!wanted) {
    finding.detail = wanted.error();
    return finding;
  }
  const GradeReport report = grade_submission(assignment, expectations, script.string(), {});
  bool diagnosed = false;
  std::string seen;
  for (const TestResult& test : report.tests) {
    if (test.passed || test.diagnosis.empty()) continue;
    if (seen.find(test.diagnosis) == std::string::npos) {
      seen += (seen.empty() ? "" : ", ") + test.diagnosis;
    }
    diagnosed = diagnosed || test.diagnosis == wanted->diagnosis;
  }
  const bool score_ok = std::fabs(report.score() - wanted->score) < 1e-6;
  finding.ok = score_ok && diagnosed;
  finding.detail = "score " + json(rounded_score(report.score())).dump() + "/" +
                   json(rounded_score(report.max_score())).dump() +
                   (score_ok ? "" : " (expected " + json(wanted->score).dump() + ")") +
                   ", diagnosis " + (seen.empty() ? "none" : seen) +
                   (diagnosed ? "" : " (expected " + wanted->diagnosis + ")");
  return finding;
}

int run_validate(const ValidateOptions& options) {
  const Output output("tilegrade validate", options.json);
  auto assignment = load_assignment(options.assignment_dir);
  if (!assignment) return output.fail(kExitBadInput, assignment.error());
  std::vector<Finding> findings;
  findings.push_back({"assignment.json", true, std::to_string(assignment->tasks.size()) +
                                                   " tasks, max score " +
                                                   json(assignment->max_score()).dump()});
  auto fresh = compute_all_expectations(*assignment);
  if (!fresh) return output.fail(kExitBadInput, fresh.error());
  auto stored = read_expected_file(options.assignment_dir);
  if (!stored) {
    findings.push_back({"expected.json", false, stored.error()});
  } else if (auto difference = compare_with_stored(*stored, *assignment, *fresh)) {
    findings.push_back({"expected.json", false, *difference + " (rerun tilegrade expect)"});
  } else {
    findings.push_back({"expected.json", true, "matches the engine"});
  }

  fs::path reference = options.reference_dir;
  if (reference.empty()) {
    fs::path dir = fs::absolute(options.assignment_dir).lexically_normal();
    if (dir.filename().empty()) dir = dir.parent_path();  // "assignments/x/" names x too
    reference = dir.parent_path().parent_path() / "reference" / dir.filename();
  }
  const fs::path solution = reference / "solution.lua";
  if (!fs::exists(solution)) {
    findings.push_back({"solution.lua", false, "missing: " + solution.string()});
  } else {
    const GradeReport report = grade_submission(*assignment, *fresh, solution.string(), {});
    findings.push_back({"solution.lua", report.all_passed(),
                        "score " + json(rounded_score(report.score())).dump() + "/" +
                            json(rounded_score(report.max_score())).dump()});
  }
  std::vector<fs::path> mutants;
  if (fs::is_directory(reference / "mutants")) {
    for (const auto& entry : fs::directory_iterator(reference / "mutants")) {
      if (entry.path().extension() == ".lua") mutants.push_back(entry.path());
    }
  }
  std::sort(mutants.begin(), mutants.end());
  for (const fs::path& mutant : mutants) findings.push_back(check_mutant(*assignment, *fresh, mutant));

  bool all_ok = true;
  json out = json::array();
  for (const Finding& finding : findings) {
    all_ok = all_ok && finding.ok;
    if (options.json) {
      out.push_back({{"subject", finding.subject}, {"ok", finding.ok}, {"detail", finding.detail}});
    } else {
      std::cout << (finding.ok ? "ok    " : "FAIL  ") << finding.subject << ": " << finding.detail
                << "\n";
    }
  }
  if (options.json) {
    output.print({{"assignment", assignment->title}, {"ok", all_ok}, {"findings", out}});
  } else {
    std::cout << (all_ok ? "valid: " : "NOT valid: ") << assignment->title << " (" << mutants.size()
              << " mutants)\n";
  }
  return all_ok ? kExitSuccess : kExitFailures;
}

}  // namespace

Command add_validate_command(CLI::App& app) {
  auto options = std::make_shared<ValidateOptions>();
  auto* cmd = app.add_subcommand(
      "validate", "Check spec, expected.json, reference solution and mutants of an assignment");
  cmd->add_option("ASSIGNMENT_DIR", options->assignment_dir, "Folder with assignment.json")
      ->required();
  cmd->add_option("--reference", options->reference_dir,
                  "Folder with solution.lua and mutants/ (default: reference/<name>)");
  cmd->add_flag("--json", options->json, "Machine output");
  return {cmd, [options] { return run_validate(*options); }};
}

}  // namespace tile::cli
