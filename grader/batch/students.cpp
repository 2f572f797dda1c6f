#include "grader/batch/students.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <set>

#include <fmt/core.h>

#include "grader/batch/attempts_folder.h"
#include "grader/batch/lookalike_names.h"
#include "engine/fnv1a.h"
#include "engine/files.h"
#include "grader/spec/text.h"

#include "grader/spec/diagnosis_codes.h"

namespace tile {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxPlainKeyBytes = 100;  // NAME_MAX is 255; ".junit.xml" and temp suffixes fit
constexpr std::size_t kKeyPrefixBytes = 40;

bool has_lua_extension(const std::string& name) {
  return name.size() > 4 && name.ends_with(".lua");
}
bool is_hidden(const std::string& name) { return name.starts_with("."); }

// What an entry is, without following a link.
enum class Kind { Regular, Folder, Symlink, Other };

Kind kind_of(fs::file_status status) {
  if (fs::is_symlink(status)) return Kind::Symlink;
  if (fs::is_regular_file(status)) return Kind::Regular;
  if (fs::is_directory(status)) return Kind::Folder;
  return Kind::Other;
}

// The problem of a script entry that is not a plain file, or nothing.
bool refuse_kind(Kind kind, const std::string& shown_path, StudentEntry& entry) {
  if (kind == Kind::Symlink) {
    entry.problem = codes::kSymlink;
    entry.message = shown_path + " is a symbolic link, which is never followed: submit the file "
                                 "itself";
    return true;
  }
  if (kind != Kind::Regular) {
    entry.problem = codes::kNotARegularFile;
    entry.message = shown_path + " is not a regular file" +
                    (kind == Kind::Folder ? std::string(" (it is a folder)") : std::string()) +
                    ": submit a .lua text file";
    return true;
  }
  return false;
}

// May throw fs::filesystem_error (find_students catches it).
void find_folder_script(const fs::path& folder, StudentEntry& entry, const std::string& raw) {
  std::map<std::string, Kind> scripts;  // sorted by name
  for (const auto& item : fs::directory_iterator(folder)) {
    const std::string file = item.path().filename().string();
    if (!is_hidden(file) && has_lua_extension(file)) {
      scripts[file] = kind_of(item.symlink_status());
    }
  }
  const std::string shown_folder = entry.name + "/";
  auto chosen = scripts.find("submission.lua");
  if (chosen == scripts.end() && scripts.size() == 1) chosen = scripts.begin();
  if (chosen != scripts.end()) {
    if (!refuse_kind(chosen->second, shown_folder + escaped_text(chosen->first), entry)) {
      entry.script = raw + "/" + chosen->first;
    }
  } else if (scripts.empty()) {
    entry.problem = codes::kNoScript;
    entry.message = "the folder " + shown_folder + " holds no .lua file";
  } else {
    std::string list;
    for (const auto& [script, kind] : scripts) {
      list += (list.empty() ? "" : ", ") + escaped_text(script);
    }
    entry.problem = codes::kAmbiguousScript;
    entry.message = "the folder " + shown_folder + " holds several .lua files (" + list +
                    ") and no submission.lua: name the one to grade submission.lua";
  }
}

struct Found {
  std::string file;  // the entry's own name, raw
  Kind kind;
};

// One entry per attempt of a student folder of dated attempts, the latest last.
std::vector<StudentEntry> attempts_of(const fs::path& folder, const StudentEntry& student,
                                      const std::string& raw,
                                      const std::vector<std::string>& times) {
  std::vector<StudentEntry> out;
  for (const std::string& time : times) {
    StudentEntry entry = student;
    entry.attempt = time;
    entry.earlier = time != times.back();
    if (entry.earlier) entry.key += "~" + time;
    entry.name = student.name + "/" + time;  // how find_folder_script names its folder
    find_folder_script(folder / time, entry, raw + "/" + time);
    entry.name = student.name;
    out.push_back(std::move(entry));
  }
  return out;
}

// `lookalike`: another student's name looks the same (lookalike_names.h), so this one is shown
// by its code points and its files get a derived key (a file system that normalises names, as
// macOS's does, would make the two plain keys one file).
std::vector<StudentEntry> student_of(const fs::path& dir, const std::string& raw,
                                     const std::vector<Found>& items, bool lookalike,
                                     std::vector<std::string>& notes) {
  StudentEntry entry;
  entry.name = lookalike ? code_points_shown(raw) : escaped_text(raw);
  entry.raw_name = raw;
  entry.key = student_key(raw, lookalike);
  if (items.size() > 1) {
    entry.problem = codes::kDuplicateStudent;
    entry.message = "both " + entry.name + ".lua and the folder " + entry.name +
                    "/ exist: keep one of them";
    return {entry};
  }
  const Found& item = items.front();
  if (item.kind == Kind::Folder) {
    AttemptFolders attempts = attempt_folders(dir / item.file, entry.name);
    for (std::string& note : attempts.notes) notes.push_back(std::move(note));
    if (!attempts.times.empty()) return attempts_of(dir / item.file, entry, raw, attempts.times);
    find_folder_script(dir / item.file, entry, raw);
  } else if (!refuse_kind(item.kind, escaped_text(item.file), entry)) {
    entry.script = item.file;
  }
  return {entry};
}

}  // namespace

std::string student_key(std::string_view raw_name, bool derived) {
  const std::string shown = escaped_text(raw_name);
  if (!derived && shown == raw_name && !raw_name.empty() && raw_name.size() <= kMaxPlainKeyBytes &&
      raw_name.find('~') == std::string_view::npos) {
    return std::string(raw_name);
  }
  // Derived keys hold '~' and plain ones never do, so the two kinds cannot meet; two derived keys
  // meet only if 64-bit hashes of different names collide.
  std::string key;
  for (const char ch : shown) {
    if (key.size() >= kKeyPrefixBytes) break;
    const bool safe = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                      (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.';
    key += safe ? ch : '_';
  }
  Fnv1a hash;
  hash.add(raw_name);
  return key + fmt::format("~{:016x}", hash.value());
}

Result<std::vector<StudentEntry>> find_students(const std::string& submissions_dir,
                                                std::vector<std::string>* notes) {
  // std::filesystem reports some failures (a folder that vanishes while listed) only by throwing:
  // they stop here and become an error value.
  try {
    const fs::path dir(submissions_dir);
    std::map<std::string, std::vector<Found>> by_name;  // raw names, sorted in byte order
    for (const auto& item : fs::directory_iterator(dir)) {
      const std::string file = item.path().filename().string();
      if (is_hidden(file)) continue;
      const Kind kind = kind_of(item.symlink_status());
      if (has_lua_extension(file)) {
        by_name[file.substr(0, file.size() - 4)].push_back({file, kind});
      } else if (kind == Kind::Folder || kind == Kind::Symlink) {
        // A link without .lua may be a student's folder elsewhere: a row, never followed.
        by_name[file].push_back({file, kind});
      }
    }
    // Names that look alike: each group's names are told apart by their code points, in one
    // line each group.
    std::map<std::string, std::vector<std::string>> by_look;
    for (const auto& [raw, items] : by_name) by_look[name_skeleton(raw)].push_back(raw);
    std::set<std::string> lookalikes;
    std::vector<std::string> said;
    for (const auto& [look, raws] : by_look) {
      if (raws.size() < 2) continue;
      std::string names;
      for (const std::string& raw : raws) {
        lookalikes.insert(raw);
        names += (names.empty() ? "" : ", ") + code_points_shown(raw);
      }
      said.push_back(fmt::format("{} students have names that look alike ({}): each is graded as "
                                 "their own and shown by the name's code points",
                                 raws.size(), names));
    }
    std::vector<StudentEntry> students;
    std::set<std::string> keys;
    for (const auto& [raw, items] : by_name) {
      for (StudentEntry& entry :
           student_of(dir, raw, items, lookalikes.count(raw) > 0, said)) {
        students.push_back(std::move(entry));
        // Only derived keys can meet (a chosen hash collision): the later one gets a number.
        const std::string key = students.back().key;
        for (int n = 2; !keys.insert(students.back().key).second; ++n) {
          students.back().key = key + "-" + std::to_string(n);
        }
      }
    }
    if (notes != nullptr) *notes = std::move(said);
    return students;
  } catch (const fs::filesystem_error& error) {
    return Error{"cannot list " + escaped_text(submissions_dir) + ": " + error.code().message()};
  }
}

ScriptText read_student_script(const std::string& submissions_dir, const StudentEntry& entry) {
  ScriptText text;
  const std::string path = submissions_dir + "/" + entry.script;
  const std::string shown = escaped_text(entry.script);
  std::error_code error;
  const fs::file_status status = fs::symlink_status(path, error);
  StudentEntry refused;
  if (error) {
    text.problem = codes::kUnreadable;
    text.message = "cannot read " + shown + ": " + error.message();
  } else if (refuse_kind(kind_of(status), shown, refused)) {
    text.problem = refused.problem;
    text.message = refused.message;
  } else if (const auto size = fs::file_size(path, error); !error && size > kMaxScriptBytes) {
    text.problem = codes::kTooLarge;
    text.message = fmt::format("{} has {} bytes, more than the {} a script may have: it was not "
                               "read", shown, size, kMaxScriptBytes);
  } else if (auto bytes = read_file(path, kMaxScriptBytes); !bytes) {
    text.problem = codes::kUnreadable;
    text.message = "cannot read " + shown;
  } else if (bytes->find('\0') != std::string::npos) {
    text.problem = codes::kNotText;
    text.message = shown + " is not a text file (it holds NUL bytes): submit the Lua source";
  } else {
    text.bytes = std::move(*bytes);
  }
  return text;
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
