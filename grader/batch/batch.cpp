#include "grader/batch/batch.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "grader/run/grade.h"
#include "grader/report/report.h"

namespace tile {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// GCC 12's AddressSanitizer allocator is not fork-safe: a child forked while another thread holds
// the allocator's lock (allocating, creating or ending a thread) blocks at its first allocation
// until the wall-clock limit kills it, which turns a passing test into "did-not-run". So ASan
// builds grade with one thread whatever --jobs says; glibc's malloc is fork-safe and needs no such
// care. (Threads are tested in the normal build: tests/grader/batch/batch_test.cpp, --jobs 1 vs 2.)
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kMaxThreads = 1;
#else
constexpr std::size_t kMaxThreads = 1024;
#endif

// Bump when the grader's reports or rows change for the same script and assignment, so that
// records written by an older tilegrade are never reused.
constexpr int kRecordFormat = 1;

// ---------------------------------------------------------------------------------------------
// Files. Worker threads run beside threads that fork, so they use plain descriptors rather than
// iostreams (a stream lock held at fork time would stay locked in the child).

std::string hash_hex(std::string_view bytes) {
  std::uint64_t hash = 14695981039346656037ULL;  // FNV-1a, 64 bits: a fingerprint, not security
  for (unsigned char byte : bytes) {
    hash ^= byte;
    hash *= 1099511628211ULL;
  }
  return fmt::format("{:016x}", hash);
}

Result<std::string> read_bytes(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error{"cannot open " + path + ": " + std::strerror(errno)};
  std::string bytes;
  char chunk[65536];
  while (true) {
    const ssize_t got = read(fd, chunk, sizeof chunk);
    if (got > 0) {
      bytes.append(chunk, static_cast<std::size_t>(got));
    } else if (got == 0) {
      break;
    } else if (errno != EINTR) {
      const int saved = errno;
      close(fd);
      return Error{"cannot read " + path + ": " + std::strerror(saved)};
    }
  }
  close(fd);
  return bytes;
}

// Writes to PATH.tmp.PID and renames it over PATH: a reader (or a resumed batch) sees the old
// file or the new one, never a part of one.
Result<bool> write_atomically(const std::string& path, std::string_view bytes) {
  const std::string temp = path + ".tmp." + std::to_string(getpid());
  const int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{"cannot write " + temp + ": " + std::strerror(errno)};
  const char* data = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    const ssize_t wrote = write(fd, data, left);
    if (wrote < 0) {
      if (errno == EINTR) continue;
      const int saved = errno;
      close(fd);
      unlink(temp.c_str());
      return Error{"cannot write " + temp + ": " + std::strerror(saved)};
    }
    data += wrote;
    left -= static_cast<std::size_t>(wrote);
  }
  if (close(fd) != 0 || rename(temp.c_str(), path.c_str()) != 0) {
    const int saved = errno;
    unlink(temp.c_str());
    return Error{"cannot write " + path + ": " + std::strerror(saved)};
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Students.

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
    entry.problem = "no-script";
    entry.message = "the folder " + name + "/ holds no .lua file";
  } else if (scripts.size() > 1) {
    std::string list;
    for (const std::string& script : scripts) list += (list.empty() ? "" : ", ") + script;
    entry.problem = "ambiguous-script";
    entry.message = "the folder " + name + "/ holds several .lua files (" + list +
                    ") and no submission.lua: name the one to grade submission.lua";
  } else {
    entry.script = name + "/" + scripts.front();
  }
  return entry;
}

// ---------------------------------------------------------------------------------------------
// Rows and records.

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text) {
    quoted += ch;
    if (ch == '"') quoted += '"';
  }
  return quoted + "\"";
}

std::size_t test_count(const Assignment& assignment) {
  std::size_t count = 0;
  for (const Task& task : assignment.tasks) count += task.tests.size();
  return count;
}

// "error" when no test of the script produced a result: it did not load, defines none of the
// functions, or crashed, hung or raised an error in every test (each such test carries the code
// did-not-run or error, and the report says why). Otherwise "graded", whatever the score.
std::string status_of_report(const Assignment& assignment, const GradeReport& report) {
  std::size_t without_result = 0;
  for (const TestResult& test : report.tests) {
    if (test.diagnosis == "did-not-run" || test.diagnosis == "error") ++without_result;
  }
  return without_result > 0 && without_result == test_count(assignment) ? "error" : "graded";
}

GradebookRow row_of_report(const Assignment& assignment, const std::string& student,
                           const GradeReport& report) {
  GradebookRow row;
  row.student = student;
  row.score = rounded_score(report.score());
  row.max_score = rounded_score(report.max_score());
  std::set<std::string> codes;
  for (const Task& task : assignment.tasks) {
    double sum = 0;
    for (const TestResult& test : report.tests) {
      if (test.task == task.name) sum += test.score;
    }
    row.task_scores.push_back(rounded_score(sum));
  }
  for (const TestResult& test : report.tests) {
    if (!test.diagnosis.empty()) codes.insert(test.diagnosis);
  }
  row.diagnoses.assign(codes.begin(), codes.end());
  row.status = status_of_report(assignment, report);
  return row;
}

// A student with no gradable script still gets reports: the message is what they need to read.
GradeReport problem_report(const Assignment& assignment, const StudentEntry& entry) {
  GradeReport report;
  report.assignment = assignment.title;
  report.submission = entry.name;
  TestResult test;
  test.task = "submission";
  test.name = "submission";
  test.max_score = assignment.max_score();
  test.output = entry.message + "\n";
  test.diagnosis = entry.problem;
  report.tests.push_back(test);
  return report;
}

GradebookRow problem_row(const Assignment& assignment, const StudentEntry& entry) {
  GradebookRow row;
  row.student = entry.name;
  row.max_score = rounded_score(assignment.max_score());
  row.task_scores.assign(assignment.tasks.size(), 0.0);
  row.status = "error";
  row.diagnoses = {entry.problem};
  return row;
}

json row_to_json(const GradebookRow& row) {
  return {{"student", row.student},   {"score", row.score},   {"max_score", row.max_score},
          {"task_scores", row.task_scores}, {"status", row.status}, {"diagnoses", row.diagnoses}};
}

std::optional<GradebookRow> row_from_json(const json& value, std::size_t task_count) {
  if (!value.is_object()) return std::nullopt;
  for (const char* key : {"student", "status"}) {
    if (!value.contains(key) || !value[key].is_string()) return std::nullopt;
  }
  for (const char* key : {"score", "max_score"}) {
    if (!value.contains(key) || !value[key].is_number()) return std::nullopt;
  }
  for (const char* key : {"task_scores", "diagnoses"}) {
    if (!value.contains(key) || !value[key].is_array()) return std::nullopt;
  }
  GradebookRow row;
  row.student = value["student"].get<std::string>();
  row.status = value["status"].get<std::string>();
  row.score = value["score"].get<double>();
  row.max_score = value["max_score"].get<double>();
  for (const json& score : value["task_scores"]) {
    if (!score.is_number()) return std::nullopt;
    row.task_scores.push_back(score.get<double>());
  }
  for (const json& code : value["diagnoses"]) {
    if (!code.is_string()) return std::nullopt;
    row.diagnoses.push_back(code.get<std::string>());
  }
  if (row.task_scores.size() != task_count) return std::nullopt;
  return row;
}

struct ReportFile {
  ReportFormat format;
  const char* suffix;
};
constexpr ReportFile kReportFiles[] = {
    {ReportFormat::Text, ".txt"}, {ReportFormat::Json, ".json"}, {ReportFormat::Junit, ".junit.xml"}};

// What grading one student needs to know about where things go.
struct Places {
  std::string submissions_dir;
  std::string reports_dir;
  std::string records_dir;
  std::string fingerprint;
};

// The resume rule: the record exists, names the same record format, student, script path, script
// hash and assignment fingerprint, and every report file it lists is on disk with the recorded
// hash. Anything else (a deleted or edited report, a changed script) means grading again.
std::optional<GradebookRow> reusable_row(const Assignment& assignment, const Places& places,
                                         const StudentEntry& entry, const std::string& script_hash) {
  auto bytes = read_bytes(places.records_dir + "/" + entry.name + ".json");
  if (!bytes) return std::nullopt;
  const json record = json::parse(*bytes, nullptr, false);
  if (!record.is_object()) return std::nullopt;
  const json expected_fields = {{"format", kRecordFormat},
                                {"student", entry.name},
                                {"script", entry.script},
                                {"script_hash", script_hash},
                                {"assignment", places.fingerprint}};
  for (const auto& [key, value] : expected_fields.items()) {
    if (!record.contains(key) || record[key] != value) return std::nullopt;
  }
  if (!record.contains("reports") || !record["reports"].is_object()) return std::nullopt;
  for (const ReportFile& file : kReportFiles) {
    const std::string name = entry.name + file.suffix;
    const auto listed = record["reports"].find(name);
    if (listed == record["reports"].end() || !listed->is_string()) return std::nullopt;
    auto report = read_bytes(places.reports_dir + "/" + name);
    if (!report || hash_hex(*report) != listed->get<std::string>()) return std::nullopt;
  }
  if (!record.contains("row")) return std::nullopt;
  auto row = row_from_json(record["row"], assignment.tasks.size());
  if (!row || row->student != entry.name) return std::nullopt;
  row->reused = true;
  return row;
}

// Writes the three reports, each whole; returns their hashes by file name.
Result<json> write_reports(const Places& places, const std::string& student,
                           const GradeReport& report) {
  json hashes = json::object();
  for (const ReportFile& file : kReportFiles) {
    const std::string text = format_report(report, file.format);
    const std::string name = student + file.suffix;
    if (auto written = write_atomically(places.reports_dir + "/" + name, text); !written) {
      return Error{written.error()};
    }
    hashes[name] = hash_hex(text);
  }
  return hashes;
}

struct Graded {
  Graded() = default;
  explicit Graded(GradebookRow graded_row) : row(std::move(graded_row)) {}
  GradebookRow row;
  bool internal_error = false;
  std::optional<Error> write_error;  // OUT could not be written: the whole batch stops
};

// A student with no gradable script: an error row, and reports saying why.
Graded problem_student(const Assignment& assignment, const Places& places,
                       const StudentEntry& entry) {
  Graded graded{problem_row(assignment, entry)};
  if (auto written = write_reports(places, entry.name, problem_report(assignment, entry));
      !written) {
    graded.write_error = Error{written.error()};
  }
  return graded;
}

Graded internal_error_student(const Assignment& assignment, const Places& places,
                              StudentEntry entry, const std::string& what) {
  entry.problem = "internal-error";
  entry.message = "tilegrade failed while grading this submission (" + what +
                  "); please report it";
  Graded graded = problem_student(assignment, places, entry);
  graded.internal_error = true;
  return graded;
}

Graded grade_student(const Assignment& assignment, const std::vector<Expectation>& expectations,
                     const Places& places, const StudentEntry& entry) {
  if (!entry.problem.empty()) return problem_student(assignment, places, entry);
  const std::string script_path = places.submissions_dir + "/" + entry.script;
  auto script = read_bytes(script_path);
  if (!script) {
    StudentEntry unreadable = entry;
    unreadable.problem = "unreadable";
    unreadable.message = script.error();
    return problem_student(assignment, places, unreadable);
  }
  const std::string script_hash = hash_hex(*script);
  if (auto reused = reusable_row(assignment, places, entry, script_hash)) return Graded(*reused);

  GradeReport report;
  try {
    report = grade_submission(assignment, expectations, script_path, GradeOptions{});
  } catch (const std::exception& error) {
    return internal_error_student(assignment, places, entry, error.what());
  } catch (...) {
    return internal_error_student(assignment, places, entry, "unknown exception");
  }
  // The one field that differs between reruns: fixed, so reports depend on the inputs only.
  report.execution_time = 0;
  report.submission = entry.script;
  Graded graded{row_of_report(assignment, entry.name, report)};
  auto hashes = write_reports(places, entry.name, report);
  if (!hashes) {
    graded.write_error = Error{hashes.error()};
    return graded;
  }
  const json record = {{"format", kRecordFormat},          {"student", entry.name},
                       {"script", entry.script},           {"script_hash", script_hash},
                       {"assignment", places.fingerprint}, {"reports", *hashes},
                       {"row", row_to_json(graded.row)}};
  // Written last: a record on disk means its reports were complete.
  if (auto written = write_atomically(places.records_dir + "/" + entry.name + ".json",
                                      record.dump(2) + "\n");
      !written) {
    graded.write_error = Error{written.error()};
  }
  return graded;
}

std::string score_text(double value) { return fmt::format("{:g}", value); }

}  // namespace

// ---------------------------------------------------------------------------------------------

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
        students.push_back({name, "", "duplicate-student",
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

std::string gradebook_name(const Shard& shard) {
  if (shard.count <= 1) return "gradebook.csv";
  return fmt::format("gradebook.shard-{}-of-{}.csv", shard.index, shard.count);
}

std::string gradebook_csv(const Assignment& assignment, const std::vector<GradebookRow>& rows) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "," + std::string.
  std::string out = "student,score,max_score";
  for (const Task& task : assignment.tasks) {
    out += ',';
    out += csv_field(task.name);
  }
  out += ",status,diagnoses\n";
  for (const GradebookRow& row : rows) {
    out += csv_field(row.student);
    for (double score : {row.score, row.max_score}) {
      out += ',';
      out += score_text(score);
    }
    for (double score : row.task_scores) {
      out += ',';
      out += score_text(score);
    }
    std::string codes;
    for (const std::string& code : row.diagnoses) {
      if (!codes.empty()) codes += ' ';
      codes += code;
    }
    out += ',';
    out += csv_field(row.status);
    out += ',';
    out += csv_field(codes);
    out += '\n';
  }
  return out;
}

std::string assignment_fingerprint(const Assignment& assignment,
                                   const std::vector<Expectation>& expectations) {
  auto spec = read_bytes(assignment.directory + "/assignment.json");
  const std::string expected = expectations_to_json(assignment, expectations)
                                   .dump(-1, ' ', false, json::error_handler_t::replace);
  return hash_hex((spec ? *spec : std::string("(unreadable)")) + "\n" + expected);
}

Result<BatchResult> run_batch(const Assignment& assignment,
                              const std::vector<Expectation>& expectations,
                              const std::string& submissions_dir,
                              const std::vector<StudentEntry>& students, const std::string& out_dir,
                              const BatchOptions& options) {
  const Places places{submissions_dir, out_dir + "/reports", out_dir + "/records",
                      assignment_fingerprint(assignment, expectations)};
  for (const std::string& dir : {places.reports_dir, places.records_dir}) {
    std::error_code error;
    fs::create_directories(dir, error);
    if (error) return Error{"cannot create " + dir + ": " + error.message()};
  }

  std::vector<const StudentEntry*> mine;
  for (std::size_t i = 0; i < students.size(); ++i) {
    if (in_shard(i, options.shard)) mine.push_back(&students[i]);
  }

  std::vector<Graded> results(mine.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};  // set when OUT cannot be written: no point grading on
  std::mutex progress_mutex;
  BatchProgress progress;
  progress.total = mine.size();
  const auto work = [&] {
    while (!stop.load()) {
      const std::size_t i = next.fetch_add(1);
      if (i >= mine.size()) return;
      results[i] = grade_student(assignment, expectations, places, *mine[i]);
      if (results[i].write_error) stop.store(true);
      const std::lock_guard<std::mutex> lock(progress_mutex);
      ++progress.done;
      if (results[i].row.reused) ++progress.reused;
      if (results[i].row.status == "error") ++progress.errors;
      if (options.progress) options.progress(progress);
    }
  };
  const std::size_t threads = std::clamp<std::size_t>(
      std::min(options.jobs, kMaxThreads), 1, std::max<std::size_t>(1, mine.size()));
  std::vector<std::thread> workers;
  for (std::size_t t = 1; t < threads; ++t) workers.emplace_back(work);
  work();  // the calling thread is one of the workers
  for (std::thread& worker : workers) worker.join();

  BatchResult result;
  for (Graded& graded : results) {
    if (graded.write_error) return Error{graded.write_error->message};
    if (graded.row.reused) ++result.reused;
    if (graded.row.status == "error") ++result.errors;
    if (graded.internal_error) ++result.internal_errors;
    result.rows.push_back(std::move(graded.row));
  }
  result.gradebook_path = out_dir + "/" + gradebook_name(options.shard);
  if (auto written = write_atomically(result.gradebook_path, gradebook_csv(assignment, result.rows));
      !written) {
    return Error{written.error()};
  }
  return result;
}

}  // namespace tile
