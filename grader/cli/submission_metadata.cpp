#include "grader/cli/submission_metadata.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <nlohmann/json.hpp>

#include "engine/files.h"

namespace tile::cli {

namespace {

// Reads `digits` decimal digits at text[at...], advancing `at`.
std::optional<int> digits_at(std::string_view text, std::size_t& at, std::size_t digits) {
  if (at + digits > text.size()) return std::nullopt;
  int value = 0;
  for (std::size_t i = 0; i < digits; ++i) {
    const char c = text[at + i];
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  at += digits;
  return value;
}

bool expect(std::string_view text, std::size_t& at, char c) {
  if (at >= text.size() || text[at] != c) return false;
  ++at;
  return true;
}

}  // namespace

std::optional<std::int64_t> iso8601_ms(std::string_view text) {
  using namespace std::chrono;
  std::size_t at = 0;
  const auto year = digits_at(text, at, 4);
  if (!year || !expect(text, at, '-')) return std::nullopt;
  const auto month = digits_at(text, at, 2);
  if (!month || !expect(text, at, '-')) return std::nullopt;
  const auto day = digits_at(text, at, 2);
  if (!day || at >= text.size() || (text[at] != 'T' && text[at] != ' ')) return std::nullopt;
  ++at;
  const auto hour = digits_at(text, at, 2);
  if (!hour || !expect(text, at, ':')) return std::nullopt;
  const auto minute = digits_at(text, at, 2);
  if (!minute || !expect(text, at, ':')) return std::nullopt;
  const auto second = digits_at(text, at, 2);
  if (!second) return std::nullopt;
  std::int64_t millis = 0;
  if (at < text.size() && text[at] == '.') {
    ++at;
    std::int64_t scale = 100;
    const std::size_t first = at;
    for (; at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])); ++at) {
      millis += (text[at] - '0') * scale;  // digits past the third are below a millisecond
      scale /= 10;
    }
    if (at == first) return std::nullopt;
  }
  std::int64_t offset_minutes = 0;
  if (at < text.size() && text[at] == 'Z') {
    ++at;
  } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
    const int sign = text[at] == '-' ? -1 : 1;
    ++at;
    const auto offset_hours = digits_at(text, at, 2);
    if (!offset_hours || !expect(text, at, ':')) return std::nullopt;
    const auto offset_mins = digits_at(text, at, 2);
    if (!offset_mins) return std::nullopt;
    offset_minutes = sign * (*offset_hours * 60 + *offset_mins);
  } else {
    return std::nullopt;
  }
  if (at != text.size() || *hour > 23 || *minute > 59 || *second > 60) return std::nullopt;
  const year_month_day date{std::chrono::year{*year},
                            std::chrono::month{static_cast<unsigned>(*month)},
                            std::chrono::day{static_cast<unsigned>(*day)}};
  if (!date.ok()) return std::nullopt;
  const std::int64_t days = sys_days{date}.time_since_epoch().count();
  const std::int64_t seconds = days * 86'400 + *hour * 3'600 + *minute * 60 + *second -
                               offset_minutes * 60;
  return seconds * 1000 + millis;
}

Result<SubmissionTimes> read_submission_times(const std::string& path) {
  auto text = read_file(path);
  if (!text) return text.failure();
  const nlohmann::json document = nlohmann::json::parse(*text, nullptr, false);
  const auto refuse = [&](const std::string& what) { return Error{path + ": " + what}; };
  if (!document.is_object()) return refuse("not a JSON object (Gradescope's submission metadata)");
  SubmissionTimes times;
  const auto created = document.find("created_at");
  const auto now = created != document.end() && created->is_string()
                       ? iso8601_ms(created->get<std::string>())
                       : std::nullopt;
  if (!now) return refuse("created_at: expected the submission's time, as 2026-11-28T14:22:32Z");
  times.now_ms = *now;
  const auto previous = document.find("previous_submissions");
  if (previous == document.end() || previous->is_null()) return times;
  if (!previous->is_array()) return refuse("previous_submissions: expected a list");
  std::vector<std::pair<std::int64_t, nlohmann::json>> earlier;
  for (std::size_t i = 0; i < previous->size(); ++i) {
    const nlohmann::json& entry = (*previous)[i];
    const std::string where = "previous_submissions[" + std::to_string(i) + "].submission_time";
    const auto time = entry.is_object() && entry.contains("submission_time") &&
                              entry["submission_time"].is_string()
                          ? iso8601_ms(entry["submission_time"].get<std::string>())
                          : std::nullopt;
    if (!time) return refuse(where + ": expected a time, as 2026-11-28T14:22:32Z");
    earlier.emplace_back(*time, entry.value("results", nlohmann::json()));
  }
  // Gradescope does not say in which order it lists them.
  std::stable_sort(earlier.begin(), earlier.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [time, results] : earlier) {
    times.earlier_ms.push_back(time);
    times.earlier_results.push_back(std::move(results));
  }
  return times;
}

}  // namespace tile::cli
