#include "grader/batch/submission_folder.h"

#include <algorithm>
#include <filesystem>
#include <vector>

#include <fmt/core.h>

#include "grader/batch/students.h"
#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/text.h"

namespace tile {

namespace fs = std::filesystem;

namespace {

// An upload is a script and perhaps a few notes; a listing this long is not one, and walking it
// further would only let an upload spend the grader's time.
constexpr std::size_t kMaxEntries = 10000;
// Deeper or longer than a project's layout ever is, and well inside what a path can carry: 32
// names of 255 bytes would pass Linux's 4,096-byte PATH_MAX, past which a folder cannot be opened
// at all (an upload 2,100 folders deep once ended the listing as "a problem on the course's
// side"). So the walk stops at these and tells the student, before the system would refuse.
constexpr int kMaxDepth = 32;                 // folders inside the submission folder
constexpr std::size_t kMaxPathBytes = 1024;   // a name with its folders, from the submission folder

bool holds_control_character(const std::string& name) {
  return std::any_of(name.begin(), name.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7F;
  });
}

std::string what_it_is(fs::file_type type) {
  switch (type) {
    case fs::file_type::directory: return "a folder";
    case fs::file_type::fifo: return "a FIFO (a named pipe)";
    case fs::file_type::block:
    case fs::file_type::character: return "a device";
    case fs::file_type::socket: return "a socket";
    default: return "not a regular file";
  }
}

std::string listed(const std::vector<std::string>& shown) {
  std::string text;
  for (std::size_t i = 0; i < shown.size() && i < 5; ++i) text += (i ? ", " : "") + shown[i];
  if (shown.size() > 5) text += fmt::format(" and {} more", shown.size() - 5);
  return text;
}

struct Listing {
  std::vector<std::string> top;     // regular *.lua files directly in the folder
  std::vector<std::string> nested;  // regular *.lua files further down
  std::string refusal;
};

// Walks the folder without following a link; stops at the first thing the student must fix.
Listing list_folder(const fs::path& folder, std::error_code& error) {
  Listing listing;
  std::size_t entries = 0;
  fs::recursive_directory_iterator it(folder, fs::directory_options::none, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    const fs::path relative = it->path().lexically_relative(folder);
    const std::string name = it->path().filename().string();
    const std::string shown = escaped_text(relative.string());
    if (name.starts_with(".")) {
      it.disable_recursion_pending();
      continue;
    }
    if (++entries > kMaxEntries) {
      listing.refusal = fmt::format("Your submission holds more than {} files: upload your .lua "
                                    "script alone.", kMaxEntries);
      return listing;
    }
    if (it.depth() > kMaxDepth) {  // inside more than kMaxDepth folders
      listing.refusal = fmt::format("Your submission has folders more than {} deep ({}): move your "
                                    ".lua script out of them and upload it on its own.",
                                    kMaxDepth, quoted_prefix(relative.string()));
      return listing;
    }
    if (relative.string().size() > kMaxPathBytes) {
      listing.refusal = fmt::format("A name in your submission, with its folders, is longer than "
                                    "{} characters ({}): rename it or its folders with shorter "
                                    "names, or upload your .lua script on its own.",
                                    kMaxPathBytes, quoted_prefix(relative.string()));
      return listing;
    }
    if (holds_control_character(relative.string())) {
      listing.refusal = "A name in your submission holds a line break or another control "
                        "character (" + shown + "): rename it with plain characters and upload "
                        "it again.";
      return listing;
    }
    const fs::file_status status = it->symlink_status(error);
    if (error) return listing;
    if (fs::is_symlink(status)) {
      listing.refusal = (relative.has_parent_path() || !name.ends_with(".lua")
                             ? "Your submission holds a symbolic link (" + shown + ")"
                             : "Your submission " + shown + " is a symbolic link") +
                        ", which is never followed: upload the file itself, not a link to it.";
      return listing;
    }
    if (name.size() <= 4 || !name.ends_with(".lua")) continue;
    if (!fs::is_regular_file(status)) {
      listing.refusal = shown + " is " + what_it_is(status.type()) + ", not a file: upload your "
                        "script as a plain .lua text file.";
      return listing;
    }
    (relative.has_parent_path() ? listing.nested : listing.top).push_back(relative.string());
  }
  return listing;
}

}  // namespace

Result<SubmissionScript> find_submission_script(const std::string& folder) {
  std::error_code error;
  const fs::file_status status = fs::symlink_status(folder, error);
  if (error || !fs::is_directory(status)) {
    return Error{"the submission folder " + escaped_text(folder) +
                 (fs::is_symlink(status) ? " is a symbolic link" : " is not a folder")};
  }
  Listing listing = list_folder(folder, error);
  if (error) {
    return Error{"cannot list the submission folder " + escaped_text(folder) + ": " +
                 error.message()};
  }
  SubmissionScript script;
  if (!listing.refusal.empty()) {
    script.refusal = std::move(listing.refusal);
    return script;
  }
  std::vector<std::string>& found = listing.top.empty() ? listing.nested : listing.top;
  std::sort(found.begin(), found.end());
  std::vector<std::string> shown;
  for (const std::string& name : found) shown.push_back(escaped_text(name));
  if (found.empty()) {
    script.refusal = "Your submission holds no .lua file: upload your script, a file whose name "
                     "ends in .lua.";
    return script;
  }
  if (found.size() > 1) {
    script.refusal = fmt::format("Submit exactly one .lua file; found {}: {}.", found.size(),
                                 listed(shown));
    return script;
  }
  // The batch rules for reading a script: checked again right before reading, never followed.
  StudentEntry entry;
  entry.script = found.front();
  const ScriptText text = read_student_script(folder, entry);
  script.shown = shown.front();
  if (text.problem == codes::kUnreadable) {
    script.refusal = "Your submission " + script.shown + " could not be read: upload it again.";
    return script;
  }
  if (!text.problem.empty()) {  // "x.lua is not a text file (it holds NUL bytes): submit ..."
    script.refusal = "Your submission " + text.message + ".";
    return script;
  }
  script.path = (fs::path(folder) / found.front()).string();
  return script;
}

}  // namespace tile
