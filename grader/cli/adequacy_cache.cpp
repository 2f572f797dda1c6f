#include "grader/cli/adequacy_cache.h"

#include <algorithm>
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

// 2: every variant's status, tests and reason (1 held validate's figures only; its files are
// recomputed, not misread).
constexpr int kCacheFormat = 2;

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

std::optional<Detection> detection_named(const std::string& name) {
  for (Detection detection : {Detection::Detected, Detection::Equivalent, Detection::Undetected}) {
    if (detection_name(detection) == name) return detection;
  }
  return std::nullopt;
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

std::optional<std::vector<TaskAdequacy>> read_adequacy_cache(const std::string& file,
                                                             const Assignment& assignment) {
  if (!fs::exists(file)) return std::nullopt;
  auto text = read_file(file);
  if (!text) return std::nullopt;
  const json document = json::parse(*text, nullptr, false);
  try {
    if (document.is_discarded() || document.at("format") != kCacheFormat) return std::nullopt;
    std::vector<TaskAdequacy> tasks;
    for (const json& entry : document.at("tasks")) {
      TaskAdequacy one;
      one.task = entry.at("task").get<std::string>();
      one.start_is_goal_tested = entry.at("start_is_goal_tested").get<bool>();
      const auto task = std::find_if(assignment.tasks.begin(), assignment.tasks.end(),
                                     [&](const Task& t) { return t.name == one.task; });
      if (task == assignment.tasks.end()) return std::nullopt;
      std::vector<Variant> catalogue = mistake_catalogue(*task);
      const json& variants = entry.at("variants");
      if (variants.size() != catalogue.size()) return std::nullopt;
      for (std::size_t i = 0; i < catalogue.size(); ++i) {
        const json& stored = variants.at(i);
        VariantAdequacy variant;
        variant.name = stored.at("name").get<std::string>();
        Variant& derived = catalogue[i];
        const std::string derived_name =
            derived.code + (derived.detail.empty() ? "" : " (" + derived.detail + ")");
        if (variant.name != derived_name) return std::nullopt;
        const auto status = detection_named(stored.at("status").get<std::string>());
        if (!status) return std::nullopt;
        variant.status = *status;
        variant.detected_by = stored.at("detected_by").get<std::vector<std::string>>();
        variant.detecting_checks =
            stored.at("detecting_checks").get<std::vector<std::string>>();
        variant.reason = stored.at("reason").get<std::string>();
        variant.variant = std::move(derived);
        one.variants.push_back(std::move(variant));
      }
      tasks.push_back(std::move(one));
    }
    return tasks;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

void write_adequacy_cache(const std::string& file, const std::vector<TaskAdequacy>& tasks) {
  json entries = json::array();
  for (const TaskAdequacy& task : tasks) {
    json variants = json::array();
    for (const VariantAdequacy& one : task.variants) {
      variants.push_back({{"name", one.name},
                          {"status", detection_name(one.status)},
                          {"detected_by", one.detected_by},
                          {"detecting_checks", one.detecting_checks},
                          {"reason", one.reason}});
    }
    entries.push_back({{"task", task.task},
                       {"start_is_goal_tested", task.start_is_goal_tested},
                       {"variants", variants}});
  }
  std::error_code error;
  fs::create_directories(fs::path(file).parent_path(), error);
  if (error) return;
  (void)write_file_atomically(
      file, json{{"format", kCacheFormat}, {"written_by", "tilegrade validate or tests"},
                 {"tasks", entries}}
                    .dump(2) +
                "\n");
}

std::vector<TaskAdequacy> adequacy_with_cache(const Assignment& assignment,
                                              const std::vector<Expectation>& expectations,
                                              bool use_cache, bool& cached) {
  cached = false;
  const std::string dir = cache_dir();
  const std::string file = dir.empty() ? "" : adequacy_cache_file(dir, assignment, expectations);
  if (!file.empty() && use_cache) {
    if (auto stored = read_adequacy_cache(file, assignment)) {
      cached = true;
      return *std::move(stored);
    }
  }
  std::vector<TaskAdequacy> tasks = assignment_adequacy(assignment, expectations);
  if (!file.empty()) write_adequacy_cache(file, tasks);
  return tasks;
}

}  // namespace tile::cli
