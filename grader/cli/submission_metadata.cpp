#include "grader/cli/submission_metadata.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
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

namespace {

// What read_submission_times keeps of one earlier submission while the file streams past.
struct EarlierEntry {
  std::optional<std::int64_t> time;
  nlohmann::json tests = nlohmann::json::array();  // the kept fields of each test's extra_data
  bool has_results = false;
  bool unreadable = false;  // its results broke a bound: only its time is kept
  bool left_out = false;    // older than the newest kMaxEarlierResults: only its time is kept
  std::size_t events = 0;   // values and keys read inside it, for kMaxEntryEvents
};

// A SAX handler over Gradescope's file (nlohmann's parser is iterative, so nesting costs it no
// stack): it keeps created_at, each previous submission's time, and of the newest
// kMaxEarlierResults ones' results only each test's task, test, name, visibility, passed and
// diagnosis code. Levels beyond kMaxKeptDepth are counted, never stored, so a document nested a
// million levels deep costs a counter.
class MetadataReader final : public nlohmann::json_sax<nlohmann::json> {
 public:
  std::optional<std::string> created_at;
  bool root_is_object = false;
  bool previous_is_list = false;
  bool previous_present = false;  // and not null
  std::vector<EarlierEntry> entries;
  std::string parse_error_text;

  bool null() override { return value(nullptr, std::nullopt, true); }
  bool boolean(bool v) override { return value(nullptr, v); }
  bool number_integer(number_integer_t) override { return value(nullptr, std::nullopt); }
  bool number_unsigned(number_unsigned_t) override { return value(nullptr, std::nullopt); }
  bool number_float(number_float_t, const string_t&) override {
    return value(nullptr, std::nullopt);
  }
  bool string(string_t& v) override { return value(&v, std::nullopt); }
  bool binary(binary_t&) override { return value(nullptr, std::nullopt); }
  bool start_object(std::size_t) override { return open(true); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_array() override { return close(); }

  bool key(string_t& k) override {
    if (overflow_ > 0) return true;
    count_event();
    frames_.back().key = k.size() <= kMaxKeptString ? k : std::string();
    return true;
  }

  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception&) override {
    parse_error_text = "not valid JSON (at byte " + std::to_string(position) + ")";
    return false;
  }

 private:
  static constexpr std::size_t kMaxKeptDepth = 16;    // a results document's fields are 7 deep
  static constexpr std::size_t kMaxKeptString = 256;  // a task, test or code is a short name
  static constexpr std::size_t kMaxTests = 1'000;     // tests read of one earlier submission
  static constexpr std::size_t kMaxEntryEvents = 2'000'000;  // values and keys in one entry

  struct Frame {
    bool object = false;
    std::string key;  // the key being read, in an object
  };
  std::vector<Frame> frames_;
  std::size_t overflow_ = 0;  // levels open beyond kMaxKeptDepth
  std::size_t with_tests_ = 0;  // entries holding kept tests, for forget_oldest

  // The path from the root to the value being read, as keys ("" for any list element): whether
  // its first `depth` levels are path's first ones.
  bool at(const std::string_view* path, std::size_t size, std::size_t depth) const {
    if (frames_.size() < depth || size < depth) return false;
    for (std::size_t i = 0; i < depth; ++i) {
      const Frame& frame = frames_[i];
      if (path[i].empty() ? frame.object : (!frame.object || frame.key != path[i])) return false;
    }
    return true;
  }
  bool at(std::initializer_list<std::string_view> path, std::size_t depth) const {
    return at(path.begin(), path.size(), depth);
  }
  static constexpr std::array<std::string_view, 7> kExtraData = {
      "previous_submissions", "", "results", "tests", "", "extra_data", "diagnosis"};
  bool at_extra_data(std::size_t depth) const {
    return at(kExtraData.data(), kExtraData.size(), depth);
  }
  bool in_entry() const { return at_extra_data(2) && !entries.empty(); }

  void count_event() {
    if (in_entry() && frames_.size() > 2 && ++entries.back().events > kMaxEntryEvents) {
      spoil();
    }
  }
  void spoil() {
    EarlierEntry& entry = entries.back();
    if (!entry.unreadable && !entry.tests.empty()) --with_tests_;
    entry.unreadable = true;
    entry.tests = nlohmann::json::array();
  }
  bool keeping() const {
    return in_entry() && !entries.back().unreadable && !entries.back().left_out;
  }

  bool value(const string_t* text, std::optional<bool> flag, bool is_null = false) {
    if (overflow_ > 0) return true;
    count_event();
    const std::size_t depth = frames_.size();
    if (depth == 1 && at({"created_at"}, 1) && text != nullptr) created_at = *text;
    if (depth == 1 && at({"previous_submissions"}, 1) && !is_null) previous_present = true;
    if (depth == 3 && at({"previous_submissions", "", "submission_time"}, 3)) {
      entries.back().time =
          text != nullptr && text->size() <= kMaxKeptString ? iso8601_ms(*text) : std::nullopt;
    }
    if (!keeping() || entries.back().tests.empty()) return true;
    nlohmann::json& test = entries.back().tests.back();
    const bool in_extra = depth == 7 && at_extra_data(6);
    const std::string& k = frames_.back().key;
    if (in_extra && k == "passed" && flag) test["passed"] = *flag;
    const bool named = in_extra && (k == "task" || k == "test" || k == "name" || k == "visibility");
    const bool code = depth == 8 && at_extra_data(7) && k == "code";
    if ((named || code) && text != nullptr) {
      if (text->size() > kMaxKeptString) {
        spoil();
      } else {
        test[k] = *text;
      }
    }
    return true;
  }

  bool open(bool object) {
    if (overflow_ > 0 || frames_.size() >= kMaxKeptDepth) {
      // Deeper than any document tilegrade writes: skipped, and the entry holding it unread.
      if (overflow_++ == 0 && in_entry() && frames_.size() > 2) spoil();
      return true;
    }
    count_event();
    const std::size_t depth = frames_.size();
    if (depth == 0) root_is_object = object;
    if (depth == 1 && at({"previous_submissions"}, 1)) {
      previous_present = true;
      previous_is_list = !object;
    }
    if (depth == 2 && at({"previous_submissions", ""}, 2) && previous_is_list) {
      entries.emplace_back();
    }
    if (depth == 3 && object && at({"previous_submissions", "", "results"}, 3)) {
      entries.back().has_results = true;
    }
    if (depth == 6 && object && at_extra_data(6) && keeping()) {
      EarlierEntry& entry = entries.back();
      if (entry.tests.size() >= kMaxTests) {
        spoil();
      } else {
        if (entry.tests.empty()) ++with_tests_;
        entry.tests.push_back(nlohmann::json::object());
      }
    }
    frames_.push_back({object, ""});
    return true;
  }

  bool close() {
    if (overflow_ > 0) {
      --overflow_;
      return true;
    }
    frames_.pop_back();
    if (frames_.size() == 2 && in_entry() && with_tests_ > 2 * kMaxEarlierResults) {
      forget_oldest();
    }
    return true;
  }

  // Only the newest kMaxEarlierResults entries' tests are read: once twice as many are held,
  // the older ones' are dropped, so what is held stays bounded however long the history is.
  void forget_oldest() {
    std::vector<std::int64_t> held;
    for (const EarlierEntry& entry : entries) {
      if (!entry.tests.empty()) {
        held.push_back(entry.time.value_or(std::numeric_limits<std::int64_t>::min()));
      }
    }
    if (held.size() <= kMaxEarlierResults) return;
    std::nth_element(held.begin(), held.end() - kMaxEarlierResults, held.end());
    const std::int64_t cut = *(held.end() - kMaxEarlierResults);
    std::size_t kept = 0;
    for (EarlierEntry& entry : entries) {
      if (entry.tests.empty()) continue;
      const auto time = entry.time.value_or(std::numeric_limits<std::int64_t>::min());
      if (time < cut || kept == kMaxEarlierResults) {
        entry.tests = nlohmann::json::array();
        entry.left_out = true;
      } else {
        ++kept;
      }
    }
    with_tests_ = kept;
  }
};

}  // namespace

Result<SubmissionTimes> read_submission_times(const std::string& path) {
  const auto refuse = [&](const std::string& what) { return Error{path + ": " + what}; };
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status)) return refuse("cannot be read: no such file");
  if (!std::filesystem::is_regular_file(status)) return refuse("cannot be read: not a file");
  const auto size = std::filesystem::file_size(path, error);
  if (error) return refuse("cannot be read: " + error.message());
  if (size > kMaxSubmissionMetadataBytes) {
    return refuse("it has " + std::to_string(size) + " bytes, more than the " +
                  std::to_string(kMaxSubmissionMetadataBytes) + " a submission record is read to");
  }
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return refuse(std::string("cannot be read: ") + std::strerror(errno));
  MetadataReader reader;
  const bool parsed = nlohmann::json::sax_parse(file, &reader);
  std::fclose(file);
  if (!parsed || !reader.root_is_object) {
    return refuse(reader.parse_error_text.empty()
                      ? "not a JSON object (Gradescope's submission metadata)"
                      : reader.parse_error_text + " (Gradescope's submission metadata)");
  }
  SubmissionTimes times;
  const auto now = reader.created_at ? iso8601_ms(*reader.created_at) : std::nullopt;
  if (!now) return refuse("created_at: expected the submission's time, as 2026-11-28T14:22:32Z");
  times.now_ms = *now;
  if (!reader.previous_present) return times;
  if (!reader.previous_is_list) return refuse("previous_submissions: expected a list");
  for (std::size_t i = 0; i < reader.entries.size(); ++i) {
    if (!reader.entries[i].time) {
      return refuse("previous_submissions[" + std::to_string(i) +
                    "].submission_time: expected a time, as 2026-11-28T14:22:32Z");
    }
  }
  // Gradescope does not say in which order it lists them.
  std::stable_sort(reader.entries.begin(), reader.entries.end(),
                   [](const EarlierEntry& a, const EarlierEntry& b) { return *a.time < *b.time; });
  const std::size_t first_kept = reader.entries.size() > kMaxEarlierResults
                                     ? reader.entries.size() - kMaxEarlierResults
                                     : 0;
  for (std::size_t i = 0; i < reader.entries.size(); ++i) {
    EarlierEntry& entry = reader.entries[i];
    times.earlier_ms.push_back(*entry.time);
    if (i < first_kept || entry.left_out) {
      ++times.results_left_out;
      times.earlier_results.emplace_back();
    } else if (entry.unreadable) {
      ++times.results_unreadable;
      times.earlier_results.emplace_back();
    } else if (entry.has_results) {
      // In the shape tilegrade wrote them:
      // {"tests": [{"extra_data": {..., "diagnosis": {"code"}}}]}.
      nlohmann::json tests = nlohmann::json::array();
      for (nlohmann::json& test : entry.tests) {
        if (test.contains("code")) {
          test["diagnosis"] = {{"code", test["code"]}};
          test.erase("code");
        }
        tests.push_back({{"extra_data", std::move(test)}});
      }
      times.earlier_results.push_back({{"tests", std::move(tests)}});
    } else {
      times.earlier_results.emplace_back();
    }
  }
  return times;
}

}  // namespace tile::cli
