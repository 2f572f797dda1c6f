// `tilegrade mutate SCRIPT --out DIR`: faulty copies of a correct script, each one edit of a kind
// a student makes by mistake (grader/edit/script_edits.h), drawn with a seed so that the same
// call writes the same mutants on any machine. The mutation corpus (scripts/mutation-corpus.sh)
// measures the judge on them; an instructor can use them to see what the tests catch.
#include <fmt/core.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include "engine/files.h"
#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/edit/script_edits.h"
#include "grader/spec/text.h"

namespace tile::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct MutateOptions {
  std::string script;
  std::string out_dir;
  std::size_t count = 100;
  std::uint64_t seed = 1;
  std::vector<std::string> kinds;
  bool json = false;
};

Result<std::vector<EditKind>> chosen_kinds(const std::vector<std::string>& names) {
  if (names.empty()) {
    return std::vector<EditKind>(std::begin(kAllEditKinds), std::end(kAllEditKinds));
  }
  std::vector<EditKind> kinds;
  for (const std::string& name : names) {
    auto kind = edit_kind_from_name(name);
    if (!kind) {
      std::string known;
      for (EditKind each : kAllEditKinds) {
        known += (known.empty() ? "" : ", ") + std::string(edit_kind_name(each));
      }
      return Error{"--kinds: no edit kind " + escaped_text(name) + " (kinds: " + known + ")"};
    }
    kinds.push_back(*kind);
  }
  return kinds;
}

// One line of the script as it was, for the text listing and the manifest.
std::string_view line_of(std::string_view script, int line) {
  std::size_t begin = 0;
  for (int at = 1; at < line; ++at) begin = script.find('\n', begin) + 1;
  std::size_t end = script.find('\n', begin);
  return script.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
}

Outcome run_mutate(const MutateOptions& options) {
  const Output out("tilegrade mutate", options.json);
  auto kinds = chosen_kinds(options.kinds);
  if (!kinds) return error_of(kinds);
  auto script = read_file_as(options.script, "the script");
  if (!script) return error_of(script);
  auto candidates = candidate_edits(*script, *kinds);
  if (!candidates) return Error{escaped_text(options.script) + ": " + candidates.error()};
  const std::size_t candidate_count = candidates->size();
  std::vector<ScriptEdit> edits = sample_edits(std::move(*candidates), options.count, options.seed);

  std::error_code error;
  if (fs::exists(options.out_dir, error) &&
      (!fs::is_directory(options.out_dir, error) || !fs::is_empty(options.out_dir, error))) {
    return Error{escaped_text(options.out_dir) + " exists and is not an empty folder"};
  }
  if (auto made = make_output_folder(options.out_dir, "--out"); !made) return error_of(made);

  json mutants = json::array();
  for (std::size_t i = 0; i < edits.size(); ++i) {
    const ScriptEdit& edit = edits[i];
    const std::string name = fmt::format("mutant-{:04}.lua", i + 1);
    const std::string mutant = apply_edit(*script, edit);
    if (auto written = write_file_atomically(options.out_dir + "/" + name, mutant); !written) {
      return error_of(written);
    }
    const std::string_view original =
        std::string_view(*script).substr(edit.begin, edit.end - edit.begin);
    mutants.push_back({{"file", name},
                       {"kind", edit_kind_name(edit.kind)},
                       {"line", edit.line},
                       {"original", original},
                       {"replacement", edit.replacement},
                       {"source_line", line_of(*script, edit.line)}});
    if (!options.json) {
      std::cout << fmt::format("{}  line {:>3}  {:<24} {} -> {}\n", name, edit.line,
                               edit_kind_name(edit.kind), escaped_text(std::string(original)),
                               escaped_text(edit.replacement));
    }
  }
  const json manifest = {{"script", options.script}, {"seed", options.seed},
                         {"candidates", candidate_count}, {"mutants", mutants}};
  const std::string manifest_path = options.out_dir + "/mutants.json";
  if (auto written = write_file_atomically(manifest_path, dump_json(manifest) + "\n"); !written) {
    return error_of(written);
  }
  if (options.json) {
    out.print({{"written", options.out_dir}, {"candidates", candidate_count},
               {"mutants", edits.size()}});
  } else {
    std::cout << fmt::format("wrote {} mutants of {} candidate edits to {}\n", edits.size(),
                             candidate_count, escaped_text(options.out_dir));
  }
  return kExitSuccess;
}

}  // namespace

Command add_mutate_command(CLI::App& app) {
  auto options = std::make_shared<MutateOptions>();
  auto* cmd = app.add_subcommand(
      "mutate", "Write faulty copies of a correct script, one edit each (the mutation corpus)");
  cmd->add_option("SCRIPT", options->script, "A Lua script that Lua's parser accepts")->required();
  cmd->add_option("--out", options->out_dir, "An empty or new folder for the mutants")->required();
  cmd->add_option("--count", options->count, "How many mutants at most (default 100)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{100000}));
  cmd->add_option("--seed", options->seed, "The draw's seed (default 1): same seed, same mutants");
  cmd->add_option("--kinds", options->kinds, "Only these edit kinds (comma-separated)")
      ->delimiter(',');
  cmd->add_flag("--json", options->json, "Print the result as JSON");
  return {cmd, [options] { return run_mutate(*options); },
          [options] { return Output("tilegrade mutate", options->json); }};
}

}  // namespace tile::cli
