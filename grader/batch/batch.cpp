#include "grader/batch/batch.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <optional>
#include <set>

#include "grader/batch/attempts_folder.h"
#include "grader/batch/records.h"
#include "grader/batch/worker_processes.h"
#include "grader/report/class_attempts.h"
#include "grader/report/class_report.h"
#include "grader/run/grade.h"
#include "grader/sandbox/confinement.h"
#include "grader/sandbox/memory_room.h"
#include "engine/files.h"
#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/text.h"
#include "grader/spec/version.h"

namespace tile {

namespace fs = std::filesystem;

namespace {

struct Graded {
  Graded() = default;
  explicit Graded(GradebookRow graded_row) : row(std::move(graded_row)) {}
  GradebookRow row;
  ClassStudent summary;  // what the class report counts of this student
  bool internal_error = false;
  Status written = success();  // failed: OUT could not be written, and the whole batch stops
  RecordTrouble record_trouble = RecordTrouble::None;  // why the student's record was not reused
  std::string record_why;
};

// Where class.html links a student's HTML report (write_reports names it).
std::string report_link(const StudentEntry& entry) { return "reports/" + entry.key + ".html"; }

// A student with no gradable script: an error row, and reports saying why.
Graded problem_student(const Assignment& assignment, const Places& places,
                       const StudentEntry& entry) {
  Graded graded{problem_row(assignment, entry)};
  GradeReport report = problem_report(assignment, entry);
  report.stamp = {kTilegradeVersion, places.assignment_digest, ""};
  graded.summary = class_student(report, entry.name, report_link(entry), graded.row.status);
  if (auto written = write_reports(places, entry.key, report); !written) {
    graded.written = written.failure();
  }
  return graded;
}

// `what` went wrong; `advice` ends the message: a bug of tilegrade's is to be reported, a busy
// machine's stop only needs the batch run again (it has no record, so it is graded again).
Graded internal_error_student(const Assignment& assignment, const Places& places,
                              StudentEntry entry, const std::string& what,
                              const std::string& advice = "please report it") {
  entry.problem = codes::kInternalError;
  entry.message = "tilegrade failed while grading this submission (" + what + "); " + advice;
  Graded graded = problem_student(assignment, places, entry);
  graded.internal_error = true;
  return graded;
}

// Grades a student whose script was read and whose record could not be reused, and writes their
// reports and record.
Graded grade_script(const PreparedAssignment& prepared, const Places& places,
                    const StudentEntry& entry, const std::string& script_hash,
                    const GradeOptions& grade_options) {
  const Assignment& assignment = prepared.assignment();
  const std::string script_path = places.submissions_dir + "/" + entry.script;
  GradeReport report;
  try {
    report = grade_submission(prepared, script_path, grade_options);
  } catch (const std::exception& error) {
    return internal_error_student(assignment, places, entry, error.what());
  } catch (...) {
    return internal_error_student(assignment, places, entry, "unknown exception");
  }
  if (!report.grader_fault.empty()) {
    // No verdict for that test: an error row and no record, so the next run grades it again.
    return internal_error_student(assignment, places, entry,
                                  "the machine stopped test " + report.grader_fault,
                                  "run the batch again to grade it");
  }
  // The one field that differs between reruns: fixed, so reports depend on the inputs only.
  report.execution_time = 0;
  report.submission = escaped_text(entry.script);
  report.stamp = {kTilegradeVersion, places.assignment_digest, script_hash};
  Graded graded{row_of_report(assignment, entry.name, report)};
  graded.summary = class_student(report, entry.name, report_link(entry), graded.row.status);
  auto hashes = write_reports(places, entry.key, report);
  if (!hashes) {
    graded.written = hashes.failure();
    return graded;
  }
  if (auto written = write_record(places, entry, script_hash, *hashes, graded.row, graded.summary);
      !written) {
    graded.written = written.failure();
  }
  return graded;
}

Graded grade_student(const PreparedAssignment& prepared, const Places& places,
                     const StudentEntry& entry, const GradeOptions& grade_options) {
  const Assignment& assignment = prepared.assignment();
  if (!entry.problem.empty()) return problem_student(assignment, places, entry);
  ScriptText script = read_student_script(places.submissions_dir, entry);
  if (!script.problem.empty()) {
    StudentEntry refused = entry;
    refused.problem = script.problem;
    refused.message = script.message;
    return problem_student(assignment, places, refused);
  }
  const std::string script_hash = content_hash(script.bytes);
  script.bytes = std::string();  // the child reads the file itself
  RecordReading record = read_record(assignment, places, entry, script_hash);
  if (record.reused) {
    Graded graded(std::move(record.reused->row));
    graded.summary = std::move(record.reused->summary);
    return graded;
  }
  Graded graded =
      grade_script(prepared, places, entry, script_hash, grade_options);
  graded.record_trouble = record.trouble;
  graded.record_why = std::move(record.why);
  return graded;
}

// An exception escaping the grading would end the process grading the student and lose what
// it graded after: whatever one student's grading throws (a writer refusing a byte, an allocation failing)
// is that student's internal-error row.
Graded guarded_grade_student(const PreparedAssignment& prepared, const Places& places,
                             const StudentEntry& entry, const GradeOptions& grade_options) {
  const Assignment& assignment = prepared.assignment();
  std::string what = "unknown exception";
  try {
    return grade_student(prepared, places, entry, grade_options);
  } catch (const std::exception& error) {
    what = error.what();
  } catch (...) {
  }
  try {
    return internal_error_student(assignment, places, entry, what);
  } catch (...) {
    Graded graded;
    graded.row = problem_row(assignment, entry);
    graded.summary = class_student_without_submission(entry.name, assignment.max_score());
    graded.summary.status = graded.row.status;
    graded.summary.cause = class_causes::kInternalError;
    graded.internal_error = true;
    return graded;
  }
}

// A student's latest attempt: their timeline so far as KEY~timeline.txt beside their reports
// ("bfs: first attempt: ties-lifo; fixed at attempt 4."). Earlier attempts write nothing. '~' is
// in no plain key, and a derived key ends in a hash, so it is no other student's file (a student
// named "ana.timeline" has ana.timeline.txt, which KEY.timeline.txt once was).
Status write_timeline(const Places& places, const StudentEntry& entry,
                      const std::vector<ClassStudent>& attempts) {
  if (entry.earlier) return std::monostate{};
  std::string text = "Your attempts: " + std::to_string(attempts.size()) + ", the last at " +
                     entry.attempt + "\n";
  const std::vector<std::string> lines =
      timeline_lines(mistake_spans(attempts), attempts.size());
  if (lines.empty()) text += "No attempt was named a mistake.\n";
  for (const std::string& line : lines) text += line + "\n";
  return write_file_atomically(places.reports_dir + "/" + entry.key + "~timeline.txt", text);
}

// The files of attempts that are gone (a withdrawn attempt, or a student whose attempts are now a
// plain script): KEY~WHEN.* in reports/ and records/, and KEY~timeline.txt, for the students in
// the folder now (a student no longer there keeps their files, as every student always has). Also
// KEY.timeline.txt, where a tilegrade before issue 48 wrote a timeline, unless a student's key is
// KEY.timeline. Only a run that sees the whole class removes anything (not a --shard).
void remove_stale_attempt_files(const Places& places, const std::vector<StudentEntry>& students) {
  std::set<std::string> bases;     // every student's key, without an attempt's ~WHEN
  std::set<std::string> current;   // KEY~WHEN of every attempt graded now, and KEY~timeline
  std::set<std::string> all_keys;
  for (const StudentEntry& entry : students) {
    all_keys.insert(entry.key);
    if (entry.attempt.empty()) {
      bases.insert(entry.key);
    } else if (entry.earlier) {
      current.insert(entry.key);
    } else {
      bases.insert(entry.key);
      current.insert(entry.key + "~timeline");
    }
  }
  const auto stale = [&](const std::string& file) {
    if (file.ends_with(".timeline.txt")) {
      const std::string key = file.substr(0, file.size() - 13);
      return current.count(key + "~timeline") > 0 && all_keys.count(key + ".timeline") == 0;
    }
    const std::size_t tilde = file.rfind('~');
    if (tilde == std::string::npos || tilde == 0) return false;
    const std::string base = file.substr(0, tilde);
    const std::string rest = file.substr(tilde + 1);
    if (rest == "timeline.txt") {
      return bases.count(base) > 0 && current.count(base + "~timeline") == 0;
    }
    const std::size_t dot = rest.find('.');
    const std::string when = rest.substr(0, dot);
    if (dot == std::string::npos || !is_attempt_time(when)) return false;
    return bases.count(base) > 0 && current.count(base + "~" + when) == 0;
  };
  for (const std::string& dir : {places.reports_dir, places.records_dir}) {
    std::error_code error;
    std::vector<fs::path> gone;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
      if (stale(it->path().filename().string())) gone.push_back(it->path());
    }
    for (const fs::path& path : gone) fs::remove(path, error);
  }
}

// What grading one student added to a GradeTimes (zero when none is kept).
struct TimesAdded {
  std::int64_t judging_ns = 0;
  std::int64_t diagnosis_ns = 0;
  std::int64_t children_ns = 0;
};

TimesAdded operator-(const TimesAdded& after, const TimesAdded& before) {
  return {after.judging_ns - before.judging_ns, after.diagnosis_ns - before.diagnosis_ns,
          after.children_ns - before.children_ns};
}

TimesAdded times_so_far(const GradeTimes* times) {
  if (times == nullptr) return {};
  return {times->judging_ns.load(), times->diagnosis_ns.load(), times->children_ns.load()};
}

// A student graded in a worker process, as it travels back to this one (worker_processes.h), with
// the time its grading took in the worker (a worker's GradeTimes is its own copy of this
// process's: the bench's breakdown needs the sum).
std::string graded_to_text(const Graded& graded, const TimesAdded& added) {
  nlohmann::json value = {{"row", row_to_json(graded.row)},
                          {"reused", graded.row.reused},
                          {"class", class_student_to_json(graded.summary)},
                          {"internal_error", graded.internal_error},
                          {"judging_ns", added.judging_ns},
                          {"diagnosis_ns", added.diagnosis_ns},
                          {"children_ns", added.children_ns},
                          {"record_trouble", static_cast<int>(graded.record_trouble)},
                          {"record_why", graded.record_why}};
  if (!graded.written) {
    value["write_error"] = graded.written.error();
    value["write_error_kind"] = static_cast<int>(graded.written.error_kind());
  }
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<Graded> graded_from_text(const std::string& text, const Assignment& assignment,
                                       GradeTimes* times) {
  const auto value = nlohmann::json::parse(text, nullptr, false);
  if (!value.is_object() || !value.contains("row") || !value.contains("class")) return std::nullopt;
  auto row = row_from_json(value["row"], assignment.tasks.size());
  auto summary = class_student_from_json(value["class"]);
  if (!row || !summary) return std::nullopt;
  Graded graded(std::move(*row));
  graded.summary = std::move(*summary);
  graded.row.reused = value.value("reused", false);
  graded.internal_error = value.value("internal_error", false);
  graded.record_trouble = static_cast<RecordTrouble>(value.value("record_trouble", 0));
  graded.record_why = value.value("record_why", "");
  if (value.contains("write_error")) {
    graded.written = Error{value.value("write_error", ""),
                           static_cast<ErrorKind>(value.value("write_error_kind", 0))};
  }
  if (times) {
    times->judging_ns += value.value("judging_ns", std::int64_t{0});
    times->diagnosis_ns += value.value("diagnosis_ns", std::int64_t{0});
    times->children_ns += value.value("children_ns", std::int64_t{0});
  }
  return graded;
}

// What a stable sort of `items` would give, where the first `graded` are the graded students and
// the rest were appended from the people lists: each part is sorted on its own (the appended part
// usually is already, being a map's order, which is_sorted sees in one pass), then the two are
// merged, the graded first among equals. A 200,000-student roster is then one linear merge, not
// eighteen passes of a merge sort over the whole class.
template <typename Item, typename Less>
void sort_appended(std::vector<Item>& items, std::size_t graded, Less less) {
  const auto middle = items.begin() + static_cast<std::ptrdiff_t>(graded);
  std::stable_sort(items.begin(), middle, less);
  if (!std::is_sorted(middle, items.end(), less)) std::stable_sort(middle, items.end(), less);
  std::inplace_merge(items.begin(), middle, items.end(), less);
}

// Students the people lists name who have no entry in the submissions folder, each in one shard
// (by position among them, as submitters are by theirs), so the shards' rows still make the class.
std::vector<std::string> missing_students(const People& people,
                                          const std::vector<StudentEntry>& students,
                                          const Shard& shard) {
  std::set<std::string> submitted;  // raw names: a roster names students by their own bytes
  for (const StudentEntry& entry : students) submitted.insert(entry.raw_name);
  std::vector<std::string> missing;
  std::size_t position = 0;
  for (const auto& [student, persons] : people) {  // a map: sorted by name
    if (submitted.count(student) > 0) continue;
    if (in_shard(position++, shard)) missing.push_back(student);
  }
  return missing;
}

// class.json and class.html from every student's summary, in student order (as the gradebook),
// with the attempts section when some students submitted dated attempts.
Status write_class_report(const Assignment& assignment, std::vector<ClassStudent> summaries,
                          std::size_t graded, const std::string& out_dir,
                          const std::vector<std::vector<ClassStudent>>& attempts) {
  sort_appended(summaries, graded,
                [](const ClassStudent& a, const ClassStudent& b) { return a.student < b.student; });
  nlohmann::json summary = class_report_json(assignment, summaries);
  if (!attempts.empty()) summary["attempts"] = attempts_json(attempts);
  if (auto written = write_file_atomically(
          out_dir + "/class.json",
          summary.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
      !written) {
    return written;
  }
  return write_file_atomically(out_dir + "/class.html", class_report_html(summary));
}


}  // namespace

Result<BatchResult> run_batch(const PreparedAssignment& prepared,
                              const std::string& submissions_dir,
                              const std::vector<StudentEntry>& students, const std::string& out_dir,
                              const BatchOptions& options) {
  // A run of one part grades other tests than a whole run: its records must never stand for one.
  const Assignment& assignment = prepared.assignment();
  const std::string digest = assignment_fingerprint(assignment, prepared.expectations());
  std::string fingerprint = digest;
  if (!options.grade.only_task.empty() || !options.grade.only_test.empty()) {
    fingerprint += " task=" + options.grade.only_task + " test=" + options.grade.only_test;
  }
  const Places places{submissions_dir, out_dir + "/reports", out_dir + "/records", fingerprint,
                      digest};
  for (const std::string& dir : {places.reports_dir, places.records_dir}) {
    std::error_code error;
    fs::create_directories(dir, error);
    if (error) return Error{"cannot create " + dir + ": " + error.message(), ErrorKind::Io};
  }

  std::vector<const StudentEntry*> mine;
  for (std::size_t i = 0; i < students.size(); ++i) {
    if (in_shard(i, options.shard)) mine.push_back(&students[i]);
  }

  std::vector<Graded> results(mine.size());
  BatchProgress progress;
  progress.total = mine.size();
  const auto record = [&](std::size_t i, Graded graded) {
    results[i] = std::move(graded);
    ++progress.done;
    if (results[i].row.reused) ++progress.reused;
    if (results[i].row.status == "error") ++progress.errors;
    progress.student = mine[i]->name;
    if (options.progress) options.progress(progress);
  };
  const std::size_t processes =
      std::clamp<std::size_t>(options.jobs, 1, std::max<std::size_t>(1, mine.size()));
  // Each worker's grading child runs beside the others': the memory there is is shared among
  // them (memory_room.h), and a limit below the assignment's is said once, here, not per worker.
  set_concurrent_grading_children(processes);
  grading_lua_memory(assignment.limits.lua_memory_bytes);
  if (processes == 1) {
    for (std::size_t i = 0; i < mine.size(); ++i) {
      record(i, guarded_grade_student(prepared, places, *mine[i], options.grade));
      if (!results[i].written) break;  // OUT cannot be written: no point grading on
    }
  } else {
    GradeTimes* const times = options.grade.times;
    const auto grade_in_worker = [&](std::size_t i) {
      const TimesAdded before = times_so_far(times);
      const Graded graded =
          guarded_grade_student(prepared, places, *mine[i], options.grade);
      WorkerReply reply;
      reply.text = graded_to_text(graded, times_so_far(times) - before);
      reply.stop_all = !graded.written;
      return reply;
    };
    const auto take_reply = [&](std::size_t i, std::string&& text) {
      std::optional<Graded> graded = graded_from_text(text, assignment, times);
      record(i, graded ? std::move(*graded)
                       : internal_error_student(assignment, places, *mine[i],
                                                "its grading process sent an unreadable result"));
    };
    note_namespaces_before_forking();
    const std::vector<LostItem> lost =
        run_in_worker_processes(mine.size(), processes, grade_in_worker, take_reply);
    for (const LostItem& item : lost) {
      record(item.item, internal_error_student(assignment, places, *mine[item.item],
                                               "its grading process ended: " + item.why));
    }
  }
  BatchResult result;
  std::vector<ClassStudent> summaries;
  // Students with dated attempts: each one's summaries in time order (attempts_folder.h).
  std::vector<std::vector<ClassStudent>> attempts;
  for (std::size_t i = 0; i < results.size(); ++i) {
    Graded& graded = results[i];
    if (!graded.written) return graded.written.failure();  // Io, from the write that failed
    // A shard holds some of a student's attempts: the timelines and the attempts section are
    // written by the run that sees them all, as the class report is.
    if (!mine[i]->attempt.empty() && options.shard.count <= 1) {
      const bool same_student = i > 0 && !mine[i - 1]->attempt.empty() &&
                                mine[i - 1]->raw_name == mine[i]->raw_name;
      if (!same_student) attempts.emplace_back();
      attempts.back().push_back(graded.summary);
      if (auto written = write_timeline(places, *mine[i], attempts.back()); !written) {
        return written.failure();
      }
    }
    if (mine[i]->earlier) {
      // Graded for the timeline only: the student's row is their latest attempt's.
      if (graded.record_trouble == RecordTrouble::Older) ++result.older_records;
      continue;
    }
    graded.row.raw_student = mine[i]->raw_name;
    if (graded.row.reused) ++result.reused;
    if (graded.row.status == "error") ++result.errors;
    if (graded.internal_error) ++result.internal_errors;
    if (graded.record_trouble == RecordTrouble::Older) ++result.older_records;
    if (graded.record_trouble == RecordTrouble::Damaged) {
      result.damaged_records.push_back({graded.row.student, graded.record_why});
    }
    result.rows.push_back(std::move(graded.row));
    summaries.push_back(std::move(graded.summary));
  }
  if (options.shard.count <= 1) remove_stale_attempt_files(places, students);
  const std::size_t graded_rows = result.rows.size();
  if (options.people) {
    const std::vector<std::string> missing = missing_students(*options.people, students, options.shard);
    result.rows.reserve(graded_rows + missing.size());
    summaries.reserve(graded_rows + missing.size());
    for (const std::string& student : missing) {
      GradebookRow row = missing_row(assignment, escaped_text(student));
      row.raw_student = student;
      result.rows.push_back(std::move(row));
      summaries.push_back(
          class_student_without_submission(escaped_text(student), assignment.max_score()));
      ++result.missing;
    }
    // Rows sorted by the raw name, as students are, graded rows before missing ones of the same name.
    sort_appended(result.rows, graded_rows, [](const GradebookRow& a, const GradebookRow& b) {
      return a.raw_student < b.raw_student;
    });
  }
  result.gradebook_path = out_dir + "/" + gradebook_name(options.shard);
  if (auto written = write_file_atomically(result.gradebook_path, gradebook_csv(assignment, result.rows,
                                                                       options.people ? &*options.people : nullptr));
      !written) {
    return written.failure();
  }
  // A shard sees part of the class: the class report is written by the run that sees all of it
  // (unsharded, or the merge that reuses every shard's records).
  if (options.class_report && options.shard.count <= 1) {
    auto written =
        write_class_report(assignment, std::move(summaries), graded_rows, out_dir, attempts);
    if (!written) return written.failure();
    result.class_report_paths = {out_dir + "/class.json", out_dir + "/class.html"};
  }
  return result;
}

}  // namespace tile
