#include "grader/batch/attempts_folder.h"

#include <algorithm>

namespace tile {

namespace fs = std::filesystem;

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

std::vector<std::string> attempt_folders(const fs::path& folder) {
  std::vector<std::string> attempts;
  for (const auto& item : fs::directory_iterator(folder)) {
    const std::string file = item.path().filename().string();
    if (file.size() > 4 && file.ends_with(".lua") && !file.starts_with(".")) return {};
    if (is_attempt_time(file) && fs::is_directory(item.symlink_status())) {
      attempts.push_back(file);
    }
  }
  std::sort(attempts.begin(), attempts.end());
  return attempts;
}

}  // namespace tile
