#include "grader/batch/students.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>

#include "grader/spec/diagnosis_codes.h"

namespace tile {

namespace fs = std::filesystem;

namespace {

bool has_lua_extension(const fs::path& path) { return path.extension() == ".lua"; }
bool is_hidden(const fs::path& path) { return path.filename().string().starts_with("."); }

// May throw fs::filesystem_error (find_students catches it).
StudentEntry folder_student(const fs::path& folder, const std::string& name) {
  StudentEntry entry;
  entry.name = name;
  if (fs::is_regular_file(folder / "submission.lua")) {
    entry.script = name + "/submission.lua";
    return entry;
  }
  std::vector<std::string> scripts;
  for (const auto& item : fs::directory_iterator(folder)) {
    if (!is_hidden(item.path()) && has_lua_extension(item.path()) && item.is_regular_file()) {
      scripts.push_back(item.path().filename().string());
    }
  }
  std::sort(scripts.begin(), scripts.end());
  if (scripts.empty()) {
    entry.problem = codes::kNoScript;
    entry.message = "the folder " + name + "/ holds no .lua file";
  } else if (scripts.size() > 1) {
    std::string list;
    for (const std::string& script : scripts) list += (list.empty() ? "" : ", ") + script;
    entry.problem = codes::kAmbiguousScript;
    entry.message = "the folder " + name + "/ holds several .lua files (" + list +
                    ") and no submission.lua: name the one to grade submission.lua";
  } else {
    entry.script = name + "/" + scripts.front();
  }
  return entry;
}

}  // namespace

Result<std::vector<StudentEntry>> find_students(const std::string& submissions_dir) {
  // std::filesystem reports some failures (a folder that vanishes while listed) only by throwing:
  // they stop here and become an error value.
  try {
    std::map<std::string, std::vector<fs::directory_entry>> by_name;
    for (const auto& item : fs::directory_iterator(submissions_dir)) {
      const fs::path& path = item.path();
      if (is_hidden(path)) continue;
      if (item.is_directory()) {
        by_name[path.filename().string()].push_back(item);
      } else if (has_lua_extension(path) && item.is_regular_file()) {
        by_name[path.stem().string()].push_back(item);
      }
    }
    std::vector<StudentEntry> students;
    for (const auto& [name, items] : by_name) {  // std::map: sorted by name, byte order
      if (items.size() > 1) {
        students.push_back({name, "", std::string(codes::kDuplicateStudent),
                            "both " + name + ".lua and the folder " + name +
                                "/ exist: keep one of them"});
      } else if (items.front().is_directory()) {
        students.push_back(folder_student(items.front().path(), name));
      } else {
        students.push_back({name, name + ".lua", "", ""});
      }
    }
    return students;
  } catch (const fs::filesystem_error& error) {
    return Error{"cannot list " + submissions_dir + ": " + error.code().message()};
  }
}

Result<Shard> parse_shard(std::string_view text) {
  const std::size_t slash = text.find('/');
  Shard shard;
  const auto parse = [](std::string_view digits, std::size_t& out) {
    const auto [end, code] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    return code == std::errc() && end == digits.data() + digits.size() && !digits.empty();
  };
  if (slash == std::string_view::npos || !parse(text.substr(0, slash), shard.index) ||
      !parse(text.substr(slash + 1), shard.count) || shard.count == 0 || shard.index == 0 ||
      shard.index > shard.count) {
    return Error{"bad shard '" + std::string(text) + "' (expected K/N with 1 <= K <= N, e.g. 1/4)"};
  }
  return shard;
}

bool in_shard(std::size_t position, const Shard& shard) {
  return position % shard.count == shard.index - 1;
}

}  // namespace tile
