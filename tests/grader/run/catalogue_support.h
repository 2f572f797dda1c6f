// Helpers for the catalogue tests: grading a Lua submission from tests/grader/run/submissions/
// against a bundled assignment (or a small one written by the test), and reading the diagnosis a
// test's output names. Expected sentences come from the catalogue itself (the task's mistake
// variants, or the code table's sentence), never retyped, so the tests check that grading names the
// mistake with the sentence the catalogue gives it.
#pragma once

#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grader/judge/mistake_catalogue.h"
#include "grader/run/grade.h"
#include "grader/spec/diagnosis_codes.h"

namespace tile::catalogue_testing {

namespace fs = std::filesystem;

// An assignment prepared once, as `tilegrade grade` prepares it.
using Loaded = PreparedAssignment;

inline Loaded load_checked(const std::string& folder) {
  auto assignment = load_assignment(folder);
  REQUIRE_MESSAGE(assignment, assignment.error());
  auto prepared = PreparedAssignment::prepare(std::move(*assignment));
  REQUIRE_MESSAGE(prepared, prepared.error());
  return std::move(*prepared);
}

// A bundled assignment (assignments/NAME), loaded once per test binary.
inline const Loaded& bundled(const std::string& name) {
  static std::map<std::string, std::unique_ptr<Loaded>> cache;
  auto& slot = cache[name];
  if (!slot) {
    slot = std::make_unique<Loaded>(
        load_checked(std::string(TILEGRADE_SOURCE_DIR) + "/assignments/" + name));
  }
  return *slot;
}

// The bundled assignments the catalogue's tests grade against most.
inline const Loaded& classic() { return bundled("classic-8puzzle"); }
inline const Loaded& npuzzle() { return bundled("npuzzle-search"); }

// An assignment the test writes itself, for a mistake no bundled assignment can show (its
// semantics are already the mistake's).
struct Written {
  fs::path root;
  Loaded loaded;
  explicit Written(const std::string& assignment_json)
      : root(written_folder(assignment_json)), loaded(load_checked(root.string())) {}
  ~Written() {
    std::error_code ignored;
    fs::remove_all(root, ignored);
  }
  Written(const Written&) = delete;
  Written& operator=(const Written&) = delete;

 private:
  static fs::path written_folder(const std::string& assignment_json) {
    std::string pattern = (fs::temp_directory_path() / "catalogue_test.XXXXXX").string();
    const fs::path folder = mkdtemp(pattern.data());
    std::ofstream(folder / "assignment.json") << assignment_json;
    return folder;
  }
};

inline std::string submission(const std::string& relative) {
  const std::string path =
      std::string(TILEGRADE_SOURCE_DIR) + "/tests/grader/run/submissions/" + relative;
  REQUIRE_MESSAGE(fs::is_regular_file(path), path);
  return path;
}

// A submission from submissions/ for one task, and the diagnosis code its failing tests must name.
// (A struct, not a structured binding of a pair: clang 14 cannot CAPTURE a structured binding.)
struct ExpectedCode {
  const char* task;
  const char* script;
  const char* code;
};

// Grades one task of an assignment with a submission from submissions/.
inline std::vector<TestResult> graded(const Loaded& loaded, const std::string& task,
                                      const std::string& script) {
  GradeOptions options;
  options.only_task = task;
  const GradeReport report =
      grade_submission(loaded, submission(script), options);
  REQUIRE_FALSE(report.tests.empty());
  return report.tests;
}

inline const Task& task_named(const Loaded& loaded, const std::string& name) {
  for (const Task& task : loaded.assignment().tasks) {
    if (task.name == name) return task;
  }
  FAIL("no task " << name);
  throw std::logic_error("unreachable");
}

// The sentence of a test's "Diagnosis (code): sentence" line; empty when there is none.
inline std::string sentence_in(const TestResult& result) {
  const std::string marker = "Diagnosis (" + result.diagnosis.code + "): ";
  const auto at = test_output_text(result).find(marker);
  if (at == std::string::npos) return "";
  const auto begin = at + marker.size();
  const auto end = test_output_text(result).find('\n', begin);
  return test_output_text(result).substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

// The sentence the task's catalogue gives a search mistake (its placeholders already filled);
// `detail` picks one of several variants of a code (the depth limit "61" of two off by one).
inline std::string variant_sentence(const Task& task, const std::string& code,
                                    const std::string& detail = "") {
  for (const Variant& variant : mistake_catalogue(task)) {
    if (variant.code == code && (detail.empty() || variant.detail == detail)) {
      return variant.explanation;
    }
  }
  FAIL("the catalogue of task " << task.name << " has no " << code << " " << detail);
  return "";
}

// `text` read against a catalogue sentence with {placeholders}: the values they stand for, in
// order; nullopt when the literal parts do not match the text exactly.
inline std::optional<std::vector<std::string>> placeholders_of(std::string_view sentence,
                                                               const std::string& text) {
  std::vector<std::string> literals;
  std::string_view rest = sentence;
  while (true) {
    const auto open = rest.find('{');
    if (open == std::string_view::npos) break;
    literals.emplace_back(rest.substr(0, open));
    rest.remove_prefix(rest.find('}') + 1);
  }
  literals.emplace_back(rest);
  if (text.compare(0, literals[0].size(), literals[0]) != 0) return std::nullopt;
  std::size_t at = literals[0].size();
  std::vector<std::string> values;
  for (std::size_t i = 1; i < literals.size(); ++i) {
    const bool last = i + 1 == literals.size();
    const std::size_t next = last ? text.size() - std::min(text.size(), literals[i].size())
                                  : text.find(literals[i], at);
    if (next == std::string::npos || next < at ||
        text.compare(next, literals[i].size(), literals[i]) != 0) {
      return std::nullopt;
    }
    values.push_back(text.substr(at, next - at));
    at = next + literals[i].size();
  }
  return values;
}

// The failing tests of a run (pointers into `tests`, which must outlive them); REQUIREs one.
inline std::vector<const TestResult*> failures(const std::vector<TestResult>& tests) {
  std::vector<const TestResult*> out;
  for (const TestResult& test : tests) {
    if (!test.passed) out.push_back(&test);
  }
  REQUIRE_MESSAGE(!out.empty(), "every test passed");
  return out;
}

// A search mistake: every failing test of the task names `code` first, with `sentence`.
inline void check_named(const std::vector<TestResult>& tests, const std::string& code,
                        const std::string& sentence) {
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code == code);
    CHECK(sentence_in(*test) == sentence);
  }
}

// A search mistake of the task's catalogue, graded from a submission: every failing test names it
// with the catalogue's sentence.
inline void check_search_mistake(const Loaded& loaded, const std::string& task,
                                 const std::string& script, const std::string& code,
                                 const std::string& detail = "") {
  INFO(script);
  const std::string sentence = variant_sentence(task_named(loaded, task), code, detail);
  check_named(graded(loaded, task, script), code, sentence);
}

// A search mistake the task's tests cannot tell apart from another: every failing test names
// `code` first, and both catalogue sentences, this one first.
inline void check_named_with(const Loaded& loaded, const std::string& task,
                             const std::string& script, const std::string& code,
                             const std::string& other) {
  INFO(script);
  const std::string first = "Either: " + variant_sentence(task_named(loaded, task), code);
  const std::string second = " Or: " + variant_sentence(task_named(loaded, task), other);
  const auto tests = graded(loaded, task, script);
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code == code);
    const std::string sentence = sentence_in(*test);
    const auto at = sentence.find(first);
    REQUIRE(at != std::string::npos);
    CHECK(sentence.find(second, at + first.size()) == at + first.size());
  }
}

// A correct submission: full marks on every test of the task, and no diagnosis at all.
inline void check_full_marks(const std::vector<TestResult>& tests) {
  for (const TestResult& test : tests) {
    INFO(test.name << "\n" << test_output_text(test));
    CHECK(test.passed);
    CHECK(test.score == doctest::Approx(test.max_score));
    CHECK(test.diagnosis.code.empty());
    CHECK(test_output_text(test).find("Diagnosis") == std::string::npos);
  }
}

}  // namespace tile::catalogue_testing
