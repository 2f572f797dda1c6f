#include "grader/run/refused_submission.h"

#include "grader/student/observation.h"

namespace tile {

GradeReport refused_submission_report(const PreparedAssignment& prepared,
                                      const GradeOptions& options, const std::string& shown_name,
                                      const std::string& refusal) {
  // Grading runs as for any submission, every job failed as refused, so the tests, their points
  // and the selection are exactly a real run's; nothing of the student's is opened or run.
  GradeOptions refused = options;
  refused.run_jobs = [](const Assignment&, const std::vector<Job>& jobs, const std::string&) {
    std::vector<JobObservation> observations;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      observations.push_back(failed_job(j, FailureKind::Refused, ""));
    }
    return observations;
  };
  GradeReport report = grade_submission(prepared, shown_name, refused);
  report.script_error = refusal;
  return report;
}

}  // namespace tile
