#include "grader/batch/regrade_publish.h"

#include <algorithm>
#include <filesystem>

namespace tile {

namespace fs = std::filesystem;

namespace {

// What a batch writes into its OUT folder (batch.h), and so what a publication replaces.
bool is_grading_entry(const std::string& name) {
  const auto starts = [&](std::string_view prefix) { return name.rfind(prefix, 0) == 0; };
  return name == "reports" || name == "records" || name == "class.json" ||
         name == "class.html" || (starts("gradebook") && name.size() > 4 &&
                                  name.substr(name.size() - 4) == ".csv") ||
         starts("regrade.");
}

std::vector<std::string> grading_entries(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (is_grading_entry(name)) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

fs::path free_previous(const fs::path& old_dir) {
  for (int n = 1;; ++n) {
    const fs::path candidate = old_dir / ("previous-" + std::to_string(n));
    std::error_code error;
    if (!fs::exists(fs::symlink_status(candidate, error))) return candidate;
  }
}

}  // namespace

Result<Published> publish_regrade(const std::string& old_dir, const std::string& new_dir) {
  std::error_code error;
  if (!fs::is_directory(fs::path(new_dir) / "reports", error) ||
      !fs::is_regular_file(fs::path(new_dir) / "gradebook.csv", error)) {
    return Error{new_dir + " is not a whole batch output (no gradebook.csv and reports/): "
                 "nothing to publish"};
  }
  if (!fs::is_directory(fs::path(old_dir) / "reports", error)) {
    return Error{old_dir + " is not a batch output (it has no reports/ folder)"};
  }
  if (fs::equivalent(old_dir, new_dir, error)) {
    return Error{"the old and new folders are the same: nothing to publish"};
  }
  Published published;
  const fs::path kept = free_previous(old_dir);
  published.kept = kept.string();
  fs::create_directory(kept, error);
  if (error) return Error{"cannot create " + kept.string() + ": " + error.message(), ErrorKind::Io};
  for (const std::string& name : grading_entries(old_dir)) {
    fs::rename(fs::path(old_dir) / name, kept / name, error);
    if (error) {
      return Error{"cannot move " + name + " into " + kept.string() + ": " + error.message() +
                       " (moved before it: " + std::to_string(published.moved.size()) + ")",
                   ErrorKind::Io};
    }
    published.moved.push_back(name);
  }
  for (const std::string& name : grading_entries(new_dir)) {
    fs::copy(fs::path(new_dir) / name, fs::path(old_dir) / name,
             fs::copy_options::recursive | fs::copy_options::copy_symlinks, error);
    if (error) {
      return Error{"cannot copy " + name + " into " + old_dir + ": " + error.message() +
                       " (the old grading is whole in " + kept.string() + ")",
                   ErrorKind::Io};
    }
    published.copied.push_back(name);
  }
  return published;
}

}  // namespace tile
