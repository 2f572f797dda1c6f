// `tilegrade pdb build`: builds (or finds, checked by checksum, in the cache) the pattern
// databases that `--heuristic pdb[:PARTITION]` and the distance oracle use, so that a course can
// build them once (e.g. in a Docker image or CI cache) instead of on the first grading run.
#include <fmt/core.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "engine/additive_pdb.h"
#include "engine/goal_mirror.h"
#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/output.h"
#include "grader/spec/text.h"

namespace tile::cli {

namespace {

using nlohmann::json;

struct PdbBuildOptions {
  std::string size;
  std::string goal = "blank-last";
  std::string partition = "default";
  std::optional<std::string> cache;
  bool force = false;
  bool json = false;
};

std::string tiles_text(const std::vector<int>& tiles) {
  std::string text;
  for (int tile : tiles) text += (text.empty() ? "" : " ") + std::to_string(tile);
  return text;
}

Outcome run_pdb_build(const PdbBuildOptions& options) {
  auto shape = parse_shape(options.size);
  if (!shape) return error_of(shape);
  auto goal = parse_goal(*shape, options.goal);
  if (!goal) return error_of(goal);
  auto partition = parse_partition(*goal, options.partition);
  if (!partition) return error_of(partition);

  PdbOptions pdb_options;
  pdb_options.partition = options.partition;
  pdb_options.cache.dir = options.cache.value_or(default_cache_dir());
  pdb_options.cache.force_rebuild = options.force;
  if (!options.json) {
    std::cout << fmt::format("pattern databases for {}, goal {}, partition {}, cache {}\n",
                             format_shape(*shape), format_tiles(*goal), partition->name,
                             pdb_options.cache.dir);
  }
  // Slow builds (the 8 tiles of 7-8 take minutes) show their progress on stderr, layer by layer.
  auto started = std::chrono::steady_clock::now();
  const auto progress = [&options, &started](int cost, std::uint64_t valued) {
    if (cost == 0) started = std::chrono::steady_clock::now();
    if (options.json || std::chrono::steady_clock::now() - started < std::chrono::seconds(2))
      return;
    std::cerr << fmt::format("  ... cost {}: {} placements valued\n", cost, valued);
  };
  std::vector<PdbFileReport> report;
  auto pdb = AdditivePdb::open(*goal, pdb_options, &report, progress);
  if (!pdb) return error_of(pdb);

  bool all_saved = true;
  json patterns = json::array();
  for (const PdbFileReport& file : report) {
    all_saved = all_saved && (file.source == PdbSource::Loaded || file.saved);
    patterns.push_back(json{{"tiles", file.tiles},
                            {"entries", file.entries},
                            {"source", pdb_source_name(file.source)},
                            {"seconds", file.seconds},
                            {"max", file.max_value},
                            {"mean", file.mean_value},
                            {"path", file.path},
                            {"saved", file.saved},
                            {"note", file.note}});
    if (!options.json) {
      std::cout << fmt::format(
          "  tiles {}: {} in {:.2f} s, {} entries, max {}, mean {:.2f}\n    {}\n",
          tiles_text(file.tiles), pdb_source_name(file.source), file.seconds, file.entries,
          file.max_value, file.mean_value, file.path);
      if (!file.note.empty()) std::cout << fmt::format("    note: {}\n", file.note);
    }
  }
  const bool mirror = goal_mirror(*goal).has_value();
  if (options.json) {
    std::cout << dump_json({{"size", format_shape(*shape)},   {"goal", format_tiles(*goal)},
                            {"partition", partition->name},   {"mirror_applies", mirror},
                            {"cache", pdb_options.cache.dir}, {"patterns", patterns}})
              << "\n";
  } else {
    std::cout << fmt::format(
        "reflection (max with the mirrored board): {}\n",
        mirror ? "applies to this goal"
               : "does not apply (needs a square board with the goal's blank on the "
                 "main diagonal)");
  }
  if (!all_saved) {
    // The cache folder given (or the default one) cannot be written: an output not written, as
    // in every command. With --json, each table's "saved" and "note" say it.
    if (options.json) return already_said(ErrorKind::Io);
    return Error{"cannot write the cache " + escaped_text(pdb_options.cache.dir) +
                     ": some tables could not be cached (see their notes above)",
                 ErrorKind::Io};
  }
  return kExitSuccess;
}

}  // namespace

Command add_pdb_command(CLI::App& app) {
  auto options = std::make_shared<PdbBuildOptions>();
  auto* pdb = app.add_subcommand("pdb", "Pattern databases for the pdb heuristic and the oracle");
  pdb->require_subcommand(1);
  auto* build = pdb->add_subcommand(
      "build",
      "Build the pattern databases of a partition into the cache (or check the cached "
      "ones); cache: --cache, else $TILEGRADE_CACHE, else ~/.cache/tilegrade");
  build->add_option("--size", options->size, "Board size RxC, e.g. 4x4")->required();
  build->add_option("--goal", options->goal, "blank-first, blank-last (default) or tiles");
  build->add_option("--partition", options->partition,
                    "default, auto, 5-5-5, 6-6-3, 7-8 (4x4), 6-6-6-6 (5x5), 4-4 (3x3), or tile "
                    "groups such as 1,2,3/4,5,6");
  build->add_option("--cache", options->cache, "Cache folder");
  build->add_flag("--force", options->force, "Rebuild even when a good file is cached");
  build->add_flag("--json", options->json, "Machine output: one JSON document on stdout");
  return {pdb, [options] { return run_pdb_build(*options); },
          [options] { return Output("tilegrade pdb build", options->json); }};
}

}  // namespace tile::cli
