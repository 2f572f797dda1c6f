#include "grader/cli/platform_results.h"

#include <filesystem>
#include <iostream>

#include "engine/files.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/report/report_not_graded.h"

namespace tile::cli {

namespace {

// The course-side document, or none at all: an older results file must not stand for this run.
Status write_not_graded(const std::string& path, ReportFormat format, const Error& why) {
  auto written =
      write_file_atomically(path, dump_json(not_graded_json(format, why.kind, why.message)) + "\n");
  if (!written) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
  return written;
}

}  // namespace

Outcome deliver_results(const std::string& path, ReportFormat format,
                        const Result<GradeReport>& report) {
  if (report) {
    auto written = write_file_atomically(path, format_report(*report, format));
    if (written) {
      std::cout << format_report(*report, ReportFormat::Text);
      return report->all_passed() ? kExitSuccess : kExitFailures;
    }
    // No room for the report (a full disk): the short document may still fit. Either way the
    // line says what could not be written.
    (void)write_not_graded(path, format, error_of(written));
    return error_of(written);
  }
  const Error failure = error_of(report);
  if (auto written = write_not_graded(path, format, failure); !written) {
    return Error{failure.message + "; and " + written.error(), ErrorKind::Io};
  }
  return failure;
}

}  // namespace tile::cli
