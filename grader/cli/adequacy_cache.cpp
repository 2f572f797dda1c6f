#include "grader/cli/adequacy_cache.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include <nlohmann/json.hpp>

#include "engine/files.h"
#include "grader/batch/records.h"

namespace tile::cli {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr int kCacheFormat = 1;

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? std::string(value) : std::string();
}

// The running binary's content hash: adequacy depends on the catalogue compiled into it.
std::string binary_hash() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) return "unknown-binary";
  auto bytes = read_file(self.string(), 512u << 20);
  return bytes ? content_hash(*bytes) : "unknown-binary";
}

}  // namespace

std::vector<AdequacySummary> summarize(const std::vector<TaskAdequacy>& tasks) {
  std::vector<AdequacySummary> out;
  for (const TaskAdequacy& task : tasks) {
    AdequacySummary one;
    one.task = task.task;
    one.variants = task.variants.size();
    one.detected = task.count(Detection::Detected);
    one.equivalent = task.count(Detection::Equivalent);
    one.undetected = task.count(Detection::Undetected);
    one.start_is_goal_tested = task.start_is_goal_tested;
    for (const VariantAdequacy& variant : task.variants) {
      if (variant.status == Detection::Detected) one.detected_names.insert(variant.name);
    }
    out.push_back(std::move(one));
  }
  return out;
}

AdequacyRecord record_of(const std::vector<AdequacySummary>& tasks) {
  AdequacyRecord record;
  for (const AdequacySummary& task : tasks) record[task.task] = task.detected_names;
  return record;
}

std::string cache_dir() {
  if (auto dir = environment("TILEGRADE_CACHE_DIR"); !dir.empty()) return dir;
  if (auto dir = environment("XDG_CACHE_HOME"); !dir.empty()) return dir + "/tilegrade";
  if (auto home = environment("HOME"); !home.empty()) return home + "/.cache/tilegrade";
  return "";
}

std::string adequacy_cache_file(const std::string& dir, const Assignment& assignment,
                                const std::vector<Expectation>& expectations) {
  const std::string key =
      content_hash(assignment_fingerprint(assignment, expectations) + "\n" + binary_hash());
  return dir + "/adequacy/" + key + ".json";
}

std::optional<std::vector<AdequacySummary>> read_adequacy_cache(const std::string& file) {
  if (!fs::exists(file)) return std::nullopt;
  auto text = read_file(file);
  if (!text) return std::nullopt;
  const json document = json::parse(*text, nullptr, false);
  try {
    if (document.is_discarded() || document.at("format") != kCacheFormat) return std::nullopt;
    std::vector<AdequacySummary> tasks;
    for (const json& entry : document.at("tasks")) {
      AdequacySummary one;
      one.task = entry.at("task").get<std::string>();
      one.variants = entry.at("variants").get<std::size_t>();
      one.detected = entry.at("detected").get<std::size_t>();
      one.equivalent = entry.at("equivalent").get<std::size_t>();
      one.undetected = entry.at("undetected").get<std::size_t>();
      one.start_is_goal_tested = entry.at("start_is_goal_tested").get<bool>();
      one.detected_names = entry.at("detected_names").get<std::set<std::string>>();
      tasks.push_back(std::move(one));
    }
    return tasks;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

void write_adequacy_cache(const std::string& file, const std::vector<AdequacySummary>& tasks) {
  json entries = json::array();
  for (const AdequacySummary& task : tasks) {
    entries.push_back({{"task", task.task},
                       {"variants", task.variants},
                       {"detected", task.detected},
                       {"equivalent", task.equivalent},
                       {"undetected", task.undetected},
                       {"start_is_goal_tested", task.start_is_goal_tested},
                       {"detected_names", task.detected_names}});
  }
  std::error_code error;
  fs::create_directories(fs::path(file).parent_path(), error);
  if (error) return;
  (void)write_file_atomically(
      file, json{{"format", kCacheFormat}, {"written_by", "tilegrade validate"}, {"tasks", entries}}
                    .dump(2) +
                "\n");
}

}  // namespace tile::cli
