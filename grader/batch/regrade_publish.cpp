#include "grader/batch/regrade_publish.h"

#include <algorithm>
#include <filesystem>

#include "grader/spec/text.h"

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

std::string write_failure(const std::string& where, const std::error_code& error) {
  std::error_code ignored;
  const fs::space_info space = fs::space(where, ignored);
  if (error == std::errc::no_space_on_device || (!ignored && space.available < (64u << 10))) {
    return "the disk is full (" + std::make_error_code(std::errc::no_space_on_device).message() +
           ")";
  }
  return error.message();
}

Status new_folder_apart(const std::string& old_dir, const std::string& new_dir) {
  std::error_code error;
  const fs::path old_path = fs::weakly_canonical(fs::absolute(old_dir, error), error);
  const fs::path old_real = error ? fs::path(old_dir) : old_path;
  error.clear();
  const fs::path new_path = fs::weakly_canonical(fs::absolute(new_dir, error), error);
  const fs::path new_real = error ? fs::path(new_dir) : new_path;
  const std::string old_text = old_real.lexically_normal().string();
  const std::string new_text = new_real.lexically_normal().string();
  const auto trimmed = [](std::string text) {
    while (text.size() > 1 && text.back() == '/') text.pop_back();
    return text;
  };
  const std::string a = trimmed(old_text);
  const std::string b = trimmed(new_text);
  if (a == b) {
    return Error{"the new folder " + escaped_text(new_dir) + " is the old folder " +
                 escaped_text(old_dir) + " (links resolved): grade into another folder and "
                 "compare it with this one"};
  }
  if (b.size() > a.size() && b.compare(0, a.size(), a) == 0 && (a == "/" || b[a.size()] == '/')) {
    return Error{"the new folder " + escaped_text(new_dir) + " is inside the old folder " +
                 escaped_text(old_dir) + " (links resolved), whose grading it would write over or "
                 "publishing would move: choose a folder outside it"};
  }
  return success();
}

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
  if (auto apart = new_folder_apart(old_dir, new_dir); !apart) return apart.failure();
  Published published;
  const fs::path kept = free_previous(old_dir);
  published.kept = kept.string();
  fs::create_directory(kept, error);
  if (error) return Error{"cannot create " + kept.string() + ": " + error.message(), ErrorKind::Io};
  for (const std::string& name : grading_entries(old_dir)) {
    fs::rename(fs::path(old_dir) / name, kept / name, error);
    if (error) {
      return Error{"cannot move " + name + " into " + kept.string() + ": " +
                       write_failure(old_dir, error) +
                       " (moved before it: " + std::to_string(published.moved.size()) + ")",
                   ErrorKind::Io};
    }
    published.moved.push_back(name);
  }
  for (const std::string& name : grading_entries(new_dir)) {
    fs::copy(fs::path(new_dir) / name, fs::path(old_dir) / name,
             fs::copy_options::recursive | fs::copy_options::copy_symlinks, error);
    if (error) {
      return Error{"cannot copy " + name + " into " + old_dir + ": " +
                       write_failure(old_dir, error) +
                       " (the old grading is whole in " + kept.string() + ")",
                   ErrorKind::Io};
    }
    published.copied.push_back(name);
  }
  return published;
}

}  // namespace tile
