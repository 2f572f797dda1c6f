#include "grader/run/refused_submission.h"

#include <string_view>

#include "grader/student/observation.h"

namespace tile {

GradeReport refused_submission_report(const Assignment& assignment,
                                      const std::vector<Expectation>& expectations,
                                      const GradeOptions& options, const std::string& shown_name,
                                      const std::string& refusal) {
  // Grading runs as for a script that fails to load, so the tests, their points and the
  // selection are exactly a real run's; nothing of the student's is opened or run.
  GradeOptions refused = options;
  refused.run_jobs = [](const Assignment&, const std::vector<Job>& jobs, const std::string&) {
    std::vector<JobObservation> observations(jobs.size());
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      observations[j].job = j;
      observations[j].failure = std::string(kLoadFailurePrefix) + "(refused)";
    }
    return observations;
  };
  GradeReport report = grade_submission(assignment, expectations, shown_name, refused);
  report.script_error = refusal;
  // A test's output draws its board, then says why it did not run: that line is replaced.
  const std::string_view load_line = kNotRunScriptError;
  for (TestResult& test : report.tests) {
    if (const auto at = test.output.find(load_line); at != std::string::npos) {
      test.output.replace(at, load_line.size(), kNotRunRefused);
    }
  }
  return report;
}

}  // namespace tile
