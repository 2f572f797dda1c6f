// `tilegrade regrade OLD_OUT NEW_OUT [--publish] [--json]`: what a regrade changes, per student
// and per test, and why (grader/batch/regrade.h), written into NEW_OUT (regrade.txt, .csv, .json
// and a section of the class report) and printed; OLD_OUT is not touched unless --publish
// (grader/batch/regrade_publish.h). Exit 0, or 2 when a folder is not a batch's output, 3 when a
// file cannot be written.
#include <iostream>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "grader/batch/regrade.h"
#include "grader/batch/regrade_publish.h"
#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/spec/text.h"

namespace tile::cli {

namespace {

struct RegradeCommandOptions {
  std::string old_dir;
  std::string new_dir;
  bool publish = false;
  bool json = false;
};

nlohmann::json published_json(const Published& published) {
  return {{"kept", published.kept}, {"moved", published.moved}, {"copied", published.copied}};
}

Outcome run_regrade_command(const RegradeCommandOptions& options) {
  const Output out("tilegrade regrade", options.json);
  // Before anything is written: NEW_OUT is written into, and --publish moves OLD_OUT's grading.
  if (auto apart = new_folder_apart(options.old_dir, options.new_dir); !apart) {
    return error_of(apart);
  }
  auto regrade = compare_outputs(options.old_dir, options.new_dir);
  if (!regrade) return error_of(regrade);
  if (auto written = write_regrade(*regrade, options.new_dir); !written) {
    return Error{written.error(), ErrorKind::Io};
  }
  std::optional<Published> published;
  if (options.publish) {
    auto done = publish_regrade(options.old_dir, options.new_dir);
    if (!done) return error_of(done);
    published = std::move(*done);
  }
  if (options.json) {
    nlohmann::json document = regrade_json(*regrade);
    document["published"] = published ? published_json(*published) : nlohmann::json(nullptr);
    out.print(document);
    return kExitSuccess;
  }
  std::cout << regrade_text(*regrade);
  std::cout << fmt::format("\nWritten: {0}/regrade.txt, {0}/regrade.csv, {0}/regrade.json\n",
                           escaped_text(options.new_dir));
  if (published) {
    std::cout << fmt::format("Published: {} now holds the new grading; the old one is in {}\n",
                             escaped_text(options.old_dir), escaped_text(published->kept));
  } else {
    std::cout << fmt::format("Nothing in {} was changed; --publish makes the new grading the "
                             "one there, keeping the old one beside it\n",
                             escaped_text(options.old_dir));
  }
  return kExitSuccess;
}

}  // namespace

Command add_regrade_command(CLI::App& app) {
  auto options = std::make_shared<RegradeCommandOptions>();
  auto* cmd = app.add_subcommand(
      "regrade", "Compare two batch outputs: each student's old and new score and why");
  cmd->add_option("OLD_OUT", options->old_dir, "The batch output graded before the change")
      ->required();
  cmd->add_option("NEW_OUT", options->new_dir, "The batch output graded after it")->required();
  cmd->add_flag("--publish", options->publish,
                "Make NEW_OUT's grading OLD_OUT's, moving the old one into OLD_OUT/previous-N");
  cmd->add_flag("--json", options->json, "Print the comparison as JSON");
  return {cmd, [options] { return run_regrade_command(*options); },
          [options] { return Output("tilegrade regrade", options->json); }};
}

}  // namespace tile::cli
