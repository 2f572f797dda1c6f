// What the checks of every task kind share (checks.cpp, heuristic_checks.cpp): how a result starts,
// how a test that could not be checked ends, and how a diagnosis is written under the output.
#pragma once

#include <string>
#include <string_view>

#include "grader/judge/diagnosis.h"
#include "grader/report/report.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"
#include "grader/student/observation.h"

namespace tile::check_support {

// A result with the test's identity and figures, before any check has run.
TestResult new_result(const Task& task, const TestCase& test);

// The test could not be checked at all (nothing ran, or the run failed): no points, the reason
// under the start board, and a diagnosis code for the gradebook.
TestResult unchecked(TestResult result, double max_score, const std::string& header,
                     const std::string& reason, std::string_view diagnosis);

// The mistake named under the test's output, and its code for reports and the gradebook.
void add_diagnosis(TestResult& result, const Diagnosis& diagnosis);

// A search the expansion budget stopped earns nothing, but what it did expand still tells the
// student where it left the reference's order and, often, which mistake sent it wandering.
TestResult out_of_expansions(const Task& task, const Expectation& expected,
                             const StudentSearchRun& run, TestResult result,
                             const std::optional<Diagnosis>& diagnosis);

// Why a job produced no observation to check, in the student's words for its failure kind.
std::string failure_of(const JobObservation& observation);

}  // namespace tile::check_support
