// `tilegrade expect DIR`: compute every test's expected answer with the engine, write expected.json.
#include <fstream>
#include <iostream>
#include <memory>

#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/spec/expectation.h"

namespace tile::cli {

namespace {

struct ExpectOptions {
  std::string assignment_dir;
  bool json = false;
};

int run_expect(const ExpectOptions& options) {
  auto assignment = load_assignment(options.assignment_dir);
  if (!assignment) {
    std::cerr << "tilegrade expect: " << assignment.error() << "\n";
    return kExitBadInput;
  }
  auto expectations = compute_all_expectations(*assignment);
  if (!expectations) {
    std::cerr << "tilegrade expect: " << expectations.error() << "\n";
    return kExitBadInput;
  }
  const nlohmann::json document = expectations_to_json(*assignment, *expectations);
  const std::string path = options.assignment_dir + "/expected.json";
  const std::string temporary = path + ".tmp";
  {
    std::ofstream file(temporary);
    file << document.dump(2) << "\n";
    if (!file) {
      std::cerr << "tilegrade expect: cannot write " << temporary << "\n";
      return kExitBadInput;
    }
  }
  std::rename(temporary.c_str(), path.c_str());  // atomic: never a half-written expected.json
  if (options.json) {
    std::cout << nlohmann::json{{"written", path}, {"tests", expectations->size()}}.dump(2) << "\n";
  } else {
    std::cout << "wrote " << path << " (" << expectations->size() << " tests)\n";
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
  return {cmd, [options] { return run_expect(*options); }};
}

}  // namespace tile::cli
