// `tilegrade export DIR OUT`: write the student copy of an assignment (grader/spec/student_copy.h)
// with its handout and starter, so students can run `tilegrade check OUT my.lua` without holding
// the hidden tests.
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/run/grade.h"
#include "engine/files.h"
#include "grader/spec/student_copy.h"
#include "grader/spec/text.h"

namespace tile::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct ExportOptions {
  std::string assignment_dir;
  std::string out_dir;
  bool json = false;
};

// The files students get as they are; anything else in the folder (notes, solutions) stays out.
const char* const kHandoutFiles[] = {"README.md", "starter.lua"};

// The copy is published, so it is built from regular files inside the folder only: a symbolic
// link there (README.md -> ~/.ssh/id_rsa, starter.lua -> ../reference/solution.lua) would copy
// whatever it points to into every student's hands. Checked before anything is written.
Status refuse_links(const std::string& assignment_dir, const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    const std::string path = assignment_dir + "/" + name;
    std::error_code error;
    const fs::file_status status = fs::symlink_status(path, error);
    if (fs::is_symlink(status)) {
      return Error{escaped_text(path) + " is a symbolic link: export copies only regular files "
                   "inside the assignment folder (copy the file there instead)"};
    }
    if (fs::exists(status) && !fs::is_regular_file(status)) {
      return Error{escaped_text(path) + " is not a regular file"};
    }
  }
  return success();
}

Outcome run_export(const ExportOptions& options) {
  const Output out("tilegrade export", options.json);
  if (auto links = refuse_links(options.assignment_dir,
                                {"assignment.json", "expected.json", "README.md", "starter.lua"});
      !links) {
    return error_of(links);
  }
  auto assignment = load_assignment(options.assignment_dir);
  if (!assignment) return error_of(assignment);
  // An instructor's Lua heuristic is the students' problem:h, so the copy carries it.
  std::map<std::string, std::string> scripts;
  for (const Task& task : assignment->tasks) {
    if (!task.heuristic_script.empty()) scripts[*task.heuristic] = task.heuristic_script;
  }
  std::vector<std::string> script_names;
  for (const auto& [name, script] : scripts) script_names.push_back(name);
  if (auto links = refuse_links(options.assignment_dir, script_names); !links) {
    return error_of(links);
  }
  auto text = read_file(options.assignment_dir + "/assignment.json");
  if (!text) return error_of(text);
  // A stale expected.json is refused here too: the copy's answers must be the real run's.
  auto prepared = PreparedAssignment::prepare(*assignment);
  if (!prepared) return error_of(prepared);
  auto copy = make_student_copy(json::parse(*text), *assignment, prepared->expectations());
  if (!copy) return error_of(copy);

  std::error_code error;
  if (fs::exists(options.out_dir, error) &&
      (!fs::is_directory(options.out_dir, error) || !fs::is_empty(options.out_dir, error))) {
    // Never mix a copy into other files, or overwrite the assignment itself.
    return Error{options.out_dir + " exists and is not an empty folder"};
  }
  if (auto made = make_output_folder(options.out_dir, options.out_dir); !made) {
    return error_of(made);
  }

  std::vector<std::string> written;
  const auto write = [&](const std::string& name, const std::string& bytes) {
    auto status = write_file_atomically(options.out_dir + "/" + name, bytes);
    if (status) written.push_back(name);
    return status;
  };
  if (auto status = write("assignment.json", dump_json(copy->assignment) + "\n"); !status) {
    return error_of(status);
  }
  if (auto status = write("expected.json", dump_json(copy->expected) + "\n"); !status) {
    return error_of(status);
  }
  for (const auto& [name, script] : scripts) {
    if (auto status = write(name, script); !status) return error_of(status);
  }
  std::vector<std::string> missing;
  for (const char* name : kHandoutFiles) {
    const std::string from = options.assignment_dir + "/" + name;
    if (!fs::exists(from, error)) {
      missing.push_back(name);
      continue;
    }
    auto bytes = read_file(from);
    if (!bytes) return error_of(bytes);
    if (auto status = write(name, *bytes); !status) {
      return error_of(status);
    }
  }
  for (const std::string& name : missing) {
    out.note("warning: " + options.assignment_dir + " has no " + name + ", the copy has none either");
  }
  if (options.json) {
    out.print({{"written", options.out_dir},
               {"files", written},
               {"visible_tests", copy->visible_tests},
               {"withheld_tests", copy->withheld_tests},
               {"missing", missing}});
  } else {
    std::cout << "wrote " << escaped_text(options.out_dir) << ": " << copy->visible_tests << " visible tests, "
              << copy->withheld_tests << " hidden tests left out\n";
  }
  return kExitSuccess;
}

}  // namespace

Command add_export_command(CLI::App& app) {
  auto options = std::make_shared<ExportOptions>();
  auto* cmd = app.add_subcommand(
      "export", "Write the student copy of an assignment: visible tests only, no seeds");
  cmd->add_option("ASSIGNMENT_DIR", options->assignment_dir, "Folder with assignment.json")
      ->required();
  cmd->add_option("OUT_DIR", options->out_dir, "New (or empty) folder for the student copy")
      ->required();
  cmd->add_flag("--json", options->json, "Machine output");
  return {cmd, [options] { return run_export(*options); },
          [options] { return Output("tilegrade export", options->json); }};
}

}  // namespace tile::cli
