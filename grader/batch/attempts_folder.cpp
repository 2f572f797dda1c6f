#include "grader/batch/attempts_folder.h"

#include <algorithm>
#include <chrono>
#include <map>

#include <fmt/core.h>

#include "grader/spec/text.h"

namespace tile {

namespace fs = std::filesystem;

namespace {

int number_at(std::string_view name, std::size_t at, std::size_t digits) {
  int value = 0;
  for (std::size_t i = 0; i < digits; ++i) value = value * 10 + (name[at + i] - '0');
  return value;
}

// The moment a time names, as YYYY-MM-DDTHH-MM-SS: both spellings of a whole minute alike.
std::string moment_of(std::string_view name) {
  return name.size() == 16 ? std::string(name) + "-00" : std::string(name);
}

}  // namespace

bool is_attempt_time(std::string_view name) {
  // Positions of the separators in YYYY-MM-DDTHH-MM[-SS]; every other character a digit.
  constexpr std::string_view kShape = "dddd-dd-ddTdd-dd-dd";
  if (name.size() != 16 && name.size() != 19) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char want = kShape[i];
    if (want == 'd' ? !(name[i] >= '0' && name[i] <= '9') : name[i] != want) return false;
  }
  return true;
}

bool is_real_attempt_time(std::string_view name) {
  if (!is_attempt_time(name)) return false;
  using namespace std::chrono;
  const year_month_day date{year{number_at(name, 0, 4)},
                            month{static_cast<unsigned>(number_at(name, 5, 2))},
                            day{static_cast<unsigned>(number_at(name, 8, 2))}};
  const int second = name.size() == 19 ? number_at(name, 17, 2) : 0;
  return date.ok() && number_at(name, 11, 2) <= 23 && number_at(name, 14, 2) <= 59 &&
         second <= 59;
}

AttemptFolders attempt_folders(const fs::path& folder, const std::string& shown) {
  AttemptFolders out;
  std::vector<std::string> times;
  std::vector<std::string> notes;
  for (const auto& item : fs::directory_iterator(folder)) {
    const std::string file = item.path().filename().string();
    if (file.size() > 4 && file.ends_with(".lua") && !file.starts_with(".")) return {};
    if (!is_attempt_time(file)) continue;
    const fs::file_status status = item.symlink_status();
    const std::string where = shown + "/" + file;
    if (fs::is_symlink(status)) {
      notes.push_back(where + " is a symbolic link, which is never followed: it is not graded as "
                              "an attempt");
    } else if (!fs::is_directory(status)) {
      notes.push_back(where + " is not a folder: it is not graded as an attempt (an attempt is a "
                              "folder holding the script)");
    } else if (!is_real_attempt_time(file)) {
      notes.push_back(where + " is named like a time but is no real date and time: it is not "
                              "graded as an attempt");
    } else {
      times.push_back(file);
    }
  }
  std::sort(times.begin(), times.end());
  // Two names for one moment (T15-00 and T15-00-00): the first one (the shorter) is graded.
  std::map<std::string, std::string> by_moment;
  for (const std::string& time : times) {
    auto [kept, added] = by_moment.try_emplace(moment_of(time), time);
    if (added) {
      out.times.push_back(time);
    } else {
      notes.push_back(fmt::format("{}/{} and {}/{} name the same moment: only {}/{} is graded",
                                  shown, kept->second, shown, time, shown, kept->second));
    }
  }
  if (out.times.size() > kMaxAttempts) {
    notes.push_back(fmt::format("{} has {} attempts, more than the {} graded for one student: "
                                "the latest {} are graded, from {}",
                                shown, out.times.size(), kMaxAttempts, kMaxAttempts,
                                out.times[out.times.size() - kMaxAttempts]));
    out.times.erase(out.times.begin(), out.times.end() - kMaxAttempts);
  }
  out.notes = std::move(notes);
  return out;
}

}  // namespace tile
