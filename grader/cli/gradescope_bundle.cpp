// The Gradescope autograder zip: what Gradescope unpacks in /autograder/source, where setup.sh
// runs once when the image is built and run_autograder for every submission (docs/delivery.md).
#include <algorithm>
#include <filesystem>

#include "engine/files.h"
#include "grader/cli/bundle.h"
#include "grader/cli/platform_files.h"

namespace tile::cli {

namespace {

namespace fs = std::filesystem;

// What `scripts/setup.sh --grader-only` reads to build tilegrade in the image: CMakeLists.txt
// globs engine/ and grader/, lua/ builds Lua, static/ holds fmt for the self-contained binary,
// the platform files are compiled in (the tests are not built there, so not shipped).
constexpr const char* kSourceScripts[] = {"scripts/setup.sh", "scripts/apt-install.sh",
                                          "scripts/lua-source.sh"};
constexpr const char* kSourceFolders[] = {"engine", "grader", "lua", "static"};

bool is_source(const std::string& name) {
  for (const char* suffix : {".h", ".cpp", ".c", ".cmake"}) {
    if (name.ends_with(suffix)) return true;
  }
  return false;
}

Status add_file(std::vector<ZipEntry>& entries, const std::string& path, std::string name,
                bool executable) {
  auto bytes = read_file(path, std::size_t{256} << 20);
  if (!bytes) return bytes.failure();
  entries.push_back({std::move(name), std::move(*bytes), executable});
  return success();
}

Status add_folder(std::vector<ZipEntry>& entries, const std::string& folder,
                  const std::string& prefix, bool sources_only) {
  auto found = files_under(folder);
  if (!found) return found.failure();
  for (const FoundFile& file : *found) {
    if (sources_only && !is_source(file.relative)) continue;
    if (auto added = add_file(entries, file.path, prefix + file.relative, false); !added) {
      return added;
    }
  }
  return success();
}

Status add_sources(std::vector<ZipEntry>& entries, const std::string& source_dir) {
  const fs::path root(source_dir);
  if (!fs::exists(root / "CMakeLists.txt")) {
    return Error{source_dir + " is not a tilegrade source tree (no CMakeLists.txt)"};
  }
  if (auto added = add_file(entries, (root / "CMakeLists.txt").string(),
                            "tilegrade/CMakeLists.txt", false);
      !added) {
    return added;
  }
  for (const char* script : kSourceScripts) {
    if (auto added = add_file(entries, (root / script).string(), std::string("tilegrade/") + script,
                              true);
        !added) {
      return added;
    }
  }
  for (const PlatformFile& file : platform_files()) {
    if (auto added = add_file(entries, (root / file.path).string(),
                              "tilegrade/" + std::string(file.path), false);
        !added) {
      return added;
    }
  }
  for (const char* folder : kSourceFolders) {
    if (auto added = add_folder(entries, (root / folder).string(),
                                std::string("tilegrade/") + folder + "/", true);
        !added) {
      return added;
    }
  }
  return success();
}

}  // namespace

Result<std::vector<FoundFile>> files_under(const std::string& folder) {
  std::vector<FoundFile> found;
  std::error_code error;
  fs::recursive_directory_iterator walk(folder, error), end;
  if (error) return Error{"cannot read " + folder + ": " + error.message()};
  for (; walk != end; walk.increment(error)) {
    if (error) return Error{"cannot read under " + folder + ": " + error.message()};
    const std::string name = walk->path().filename().string();
    if (!name.empty() && name.front() == '.') {
      if (walk->is_directory()) walk.disable_recursion_pending();
      continue;
    }
    if (!walk->is_regular_file()) continue;
    found.push_back({walk->path().string(),
                     fs::relative(walk->path(), folder).generic_string()});
  }
  std::sort(found.begin(), found.end(),
            [](const FoundFile& a, const FoundFile& b) { return a.relative < b.relative; });
  return found;
}

Result<std::vector<ZipEntry>> gradescope_entries(const GradescopeBundle& bundle) {
  std::vector<ZipEntry> entries;
  for (const char* name : {"setup.sh", "run_autograder"}) {
    auto bytes = platform_file(std::string("scripts/gradescope/") + name);
    if (!bytes) return bytes.failure();
    entries.push_back({name, std::string(*bytes), true});
  }
  if (!bundle.source_dir.empty()) {
    if (auto added = add_sources(entries, bundle.source_dir); !added) return added.failure();
  } else if (auto added = add_file(entries, bundle.binary, "tilegrade/build/tilegrade", true);
             !added) {
    return added.failure();
  }
  if (auto added = add_folder(entries, bundle.assignment_dir, "assignment/", false); !added) {
    return added.failure();
  }
  if (auto added = add_folder(entries, bundle.reference_dir, "reference/", false); !added) {
    return added.failure();
  }
  std::sort(entries.begin(), entries.end(),
            [](const ZipEntry& a, const ZipEntry& b) { return a.name < b.name; });
  return entries;
}

}  // namespace tile::cli
