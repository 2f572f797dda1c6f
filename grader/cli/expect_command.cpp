// `tilegrade expect DIR`: compute every test's expected answer with the engine, write expected.json.
#include <iostream>
#include <memory>

#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/spec/expectation.h"
#include "grader/spec/text.h"
#include "engine/files.h"

namespace tile::cli {

namespace {

struct ExpectOptions {
  std::string assignment_dir;
  bool json = false;
};

Output expect_output(const ExpectOptions& options) {
  return Output("tilegrade expect", options.json);
}

Outcome run_expect(const ExpectOptions& options) {
  const Output out = expect_output(options);
  auto assignment = load_assignment(options.assignment_dir);
  if (!assignment) return error_of(assignment);
  auto expectations = compute_all_expectations(*assignment);
  if (!expectations) return error_of(expectations);
  const nlohmann::json document = expectations_to_json(*assignment, *expectations);
  const std::string path = options.assignment_dir + "/expected.json";
  // Atomic: a reader never sees a half-written expected.json.
  if (auto written = write_file_atomically(path, dump_json(document) + "\n"); !written) {
    return error_of(written);
  }
  if (options.json) {
    out.print({{"written", path}, {"tests", expectations->size()}});
  } else {
    std::cout << "wrote " << escaped_text(path) << " (" << expectations->size() << " tests)\n";
  }
  return kExitSuccess;
}

}  // namespace

Command add_expect_command(CLI::App& app) {
  auto options = std::make_shared<ExpectOptions>();
  auto* cmd = app.add_subcommand("expect", "Write DIR/expected.json from the reference engine");
  cmd->add_option("ASSIGNMENT_DIR", options->assignment_dir, "Folder with assignment.json")
      ->required();
  cmd->add_flag("--json", options->json, "Machine output");
  return {cmd, [options] { return run_expect(*options); },
          [options] { return expect_output(*options); }};
}

}  // namespace tile::cli
