#include "grader/run/adequacy_record.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "engine/files.h"

namespace tile {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The assignment's folder, absolute, "assignments/x/" naming x as "assignments/x" does.
fs::path assignment_folder(const std::string& assignment_dir) {
  fs::path dir = fs::absolute(assignment_dir).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  return dir;
}

}  // namespace

std::string assignment_name(const std::string& assignment_dir) {
  return assignment_folder(assignment_dir).filename().string();
}

std::string default_reference_dir(const std::string& assignment_dir) {
  const fs::path dir = assignment_folder(assignment_dir);
  return (dir.parent_path().parent_path() / "reference" / dir.filename()).string();
}

AdequacyRecord record_of(const std::vector<TaskAdequacy>& tasks) {
  AdequacyRecord record;
  for (const TaskAdequacy& task : tasks) {
    auto& detected = record[task.task];
    for (const VariantAdequacy& one : task.variants) {
      if (one.status == Detection::Detected) detected.insert(one.name);
    }
  }
  return record;
}

std::string adequacy_record_json(const AdequacyRecord& record) {
  json tasks = json::object();
  for (const auto& [task, detected] : record) tasks[task] = {{"detected", detected}};
  return json{{"written_by", "tilegrade tests --record"}, {"tasks", tasks}}.dump(2) + "\n";
}

Result<AdequacyRecord> read_adequacy_record(const std::string& path) {
  if (!fs::exists(path)) return AdequacyRecord{};
  auto text = read_file(path);
  if (!text) return text.failure();
  try {
    AdequacyRecord record;
    // A named document: the range of a for loop over items() of a temporary would outlive it.
    const json document = json::parse(*text);
    for (const auto& [task, entry] : document.at("tasks").items()) {
      record[task] = entry.at("detected").get<std::set<std::string>>();
    }
    return record;
  } catch (const json::exception& error) {
    return Error{path + ": " + error.what()};
  }
}

std::vector<std::string> lost_detections(const AdequacyRecord& recorded,
                                         const std::vector<TaskAdequacy>& now) {
  const AdequacyRecord current = record_of(now);
  std::vector<std::string> lost;
  for (const auto& [task, detected] : recorded) {
    const auto it = current.find(task);
    for (const std::string& name : detected) {
      if (it == current.end() || !it->second.contains(name)) lost.push_back(task + ": " + name);
    }
  }
  return lost;
}

}  // namespace tile
