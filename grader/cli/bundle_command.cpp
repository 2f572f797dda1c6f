// `tilegrade bundle gradescope|prairielearn ASSIGNMENT_DIR OUT`: what an instructor uploads to a
// platform, made by the tilegrade they have (an installed package needs nothing else). The
// assignment is validated first, as `tilegrade validate` would, and a rejected one is refused,
// so that no student is graded against it. docs/delivery.md has each platform's side.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "grader/cli/bundle.h"
#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/static_binary.h"
#include "grader/cli/validation_record.h"
#include "grader/run/adequacy_record.h"

namespace tile::cli {

namespace {

namespace fs = std::filesystem;

struct BundleOptions {
  std::string assignment_dir;
  std::string out;
  std::string reference_dir;
  std::string binary;
  std::string source_dir;  // gradescope: ship the sources, built in the image
  std::string image = "debian:bookworm-slim";
  bool allow_dynamic = false;  // prairielearn: for an image that has tilegrade's libraries
};

Status check_assignment_files(const std::string& dir) {
  if (!fs::is_directory(dir)) return Error{"no such folder: " + dir};
  if (!fs::exists(fs::path(dir) / "assignment.json")) return Error{dir + " has no assignment.json"};
  if (!fs::exists(fs::path(dir) / "expected.json")) {
    return Error{dir + " has no expected.json (run: tilegrade expect " + dir + ")"};
  }
  return success();
}

// Validates the assignment, as `tilegrade validate` does. Its report is kept: for a refused
// assignment it goes to stderr whole, above the refusal; for a valid one only its last line
// ("valid: TITLE (N mutants)") is said. RECORD, when given, gets what the bundle records of it.
Status validated(const BundleOptions& options, const std::string& reference,
                 ValidationRecord* record = nullptr) {
  std::ostringstream report;
  std::streambuf* const stdout_buffer = std::cout.rdbuf(report.rdbuf());
  Outcome valid = Error{"", ErrorKind::Internal};
  try {
    valid = validate_assignment(options.assignment_dir, reference, record);
  } catch (...) {
    std::cout.rdbuf(stdout_buffer);
    throw;
  }
  std::cout.rdbuf(stdout_buffer);
  if (!valid) return Error{valid.error(), valid.error_kind()};
  if (*valid != kExitSuccess) {
    std::cerr << report.str();
    return Error{"refusing to bundle " + options.assignment_dir +
                 ": tilegrade validate rejects it (above); if expected.json is stale, rerun "
                 "tilegrade expect " + options.assignment_dir + " and check the differences"};
  }
  std::string lines = report.str();
  while (!lines.empty() && lines.back() == '\n') lines.pop_back();
  std::cout << lines.substr(lines.rfind('\n') + 1) << "\n";
  return success();
}

std::string reference_of(const BundleOptions& options) {
  return options.reference_dir.empty() ? default_reference_dir(options.assignment_dir)
                                       : options.reference_dir;
}

Outcome run_gradescope(BundleOptions options) {
  if (auto files = check_assignment_files(options.assignment_dir); !files) return files.failure();
  const std::string reference = reference_of(options);
  if (!fs::exists(fs::path(reference) / "solution.lua")) {
    return Error{"no reference solution at " + reference +
                 "/solution.lua (give its folder with --reference DIR)"};
  }
  if (!options.source_dir.empty() && !options.binary.empty()) {
    return Error{"give --binary or --from-source, not both"};
  }
  GradescopeBundle bundle{options.assignment_dir, reference, "", options.source_dir};
  if (options.source_dir.empty()) {
    auto binary = static_binary_to_ship(options.binary);
    if (!binary) return binary.failure();
    bundle.binary = *binary;
  }
  if (options.out.empty()) options.out = assignment_name(options.assignment_dir) + "-gradescope.zip";
  // What cannot be read (a folder that is no source tree) or made is said before the validation's
  // minutes, not after.
  auto entries = gradescope_entries(bundle);
  if (!entries) return entries.failure();
  if (auto made = make_output_folder(fs::absolute(options.out).parent_path().string(), "OUT");
      !made) {
    return made.failure();
  }
  ValidationRecord record;
  if (auto valid = validated(options, reference, &record); !valid) return valid.failure();
  // setup.sh checks the image against this record instead of validating everything again.
  entries->push_back({kValidationRecordName, validation_record_text(record), false});
  std::sort(entries->begin(), entries->end(),
            [](const ZipEntry& a, const ZipEntry& b) { return a.name < b.name; });
  if (auto written = write_zip(options.out, *entries); !written) return written.failure();
  std::cout << "bundle: wrote " << options.out << " (" << entries->size() << " files";
  std::cout << (bundle.binary.empty() ? ", tilegrade's source: setup.sh builds it"
                                      : ", tilegrade from " + bundle.binary)
            << ")\n";
  return kExitSuccess;
}

Outcome run_prairielearn(const BundleOptions& options) {
  if (options.out.empty()) return Error{"give OUT_DIR, the course folder to write into"};
  if (auto files = check_assignment_files(options.assignment_dir); !files) return files.failure();
  std::string binary = options.binary;
  if (auto shipped = static_binary_to_ship(options.binary)) {
    binary = *shipped;
  } else if (!options.allow_dynamic || binary.empty()) {
    return Error{shipped.error() + (options.allow_dynamic
                                        ? ""
                                        : "; or give --allow-dynamic with --binary, for an image "
                                          "that has its libraries")};
  }
  if (auto made = make_output_folder(options.out, "OUT_DIR"); !made) return made.failure();
  if (auto valid = validated(options, reference_of(options)); !valid) return valid.failure();
  auto written = write_prairielearn_course({options.assignment_dir, options.out, binary,
                                            options.image});
  if (!written) return written.failure();
  std::cout << "bundle: wrote " << (*written)[0] << " and " << (*written)[1]
            << " (copy both folders into the course repository)\n";
  return kExitSuccess;
}

}  // namespace

Command add_bundle_command(CLI::App& app) {
  auto options = std::make_shared<BundleOptions>();
  auto* cmd = app.add_subcommand(
      "bundle", "Make what an instructor uploads to Gradescope or PrairieLearn, after validating");
  cmd->require_subcommand(1);
  auto* gradescope = cmd->add_subcommand(
      "gradescope", "Write the autograder zip (default ./NAME-gradescope.zip)");
  auto* prairielearn = cmd->add_subcommand(
      "prairielearn", "Write questions/NAME/ and serverFilesCourse/tilegrade/ into OUT_DIR");
  for (CLI::App* platform : {gradescope, prairielearn}) {
    platform->add_option("ASSIGNMENT_DIR", options->assignment_dir, "Folder with assignment.json")
        ->required();
    platform->add_option("--reference", options->reference_dir,
                         "Folder with solution.lua and mutants/ (default: reference/<name>)");
    platform->add_option("--binary", options->binary,
                         "The self-contained tilegrade to ship (default: this one if it is "
                         "static, else static/tilegrade beside it)");
  }
  gradescope->add_option("OUT", options->out, "The zip to write");
  gradescope->add_option("--from-source", options->source_dir,
                         "Ship this tilegrade source tree instead; setup.sh builds it (minutes)");
  prairielearn->add_option("OUT_DIR", options->out, "The course folder to write into")
      ->required();
  prairielearn->add_option("--image", options->image,
                           "The grading container (default debian:bookworm-slim)");
  prairielearn->add_flag("--allow-dynamic", options->allow_dynamic,
                         "Ship a dynamically linked --binary, for an image with its libraries");
  return {cmd,
          [options, gradescope]() -> Outcome {
            return gradescope->parsed() ? run_gradescope(*options) : run_prairielearn(*options);
          },
          [] { return Output("tilegrade bundle", false); }};
}

}  // namespace tile::cli
