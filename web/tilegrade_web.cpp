// The browser page's entry point, built for WebAssembly only (web/CMakeLists.txt): what
// `tilegrade check` does, with the jobs run in this process (in_process_runner.h) instead of in
// child processes. The page's worker writes the assignment folder and the student's script into
// Emscripten's in-memory file system, calls tilegrade_check, and gets one JSON document back.
//
// Runaways: the page watches the progress this reports and ends the worker when the script's
// top level, or one job, runs longer than the assignment's test_seconds (the limit a grading
// child gets per job natively, there in processor time); a new worker resumes with what the old
// one reported.
#include <emscripten/emscripten.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "grader/report/report_html.h"
#include "grader/run/grade.h"
#include "grader/run/in_process_runner.h"
#include "grader/sandbox/lua_sandbox.h"
#include "grader/sandbox/script_heuristics.h"

EM_JS(void, tilegrade_script_loaded, (), {
  if (Module.onScriptLoaded) Module.onScriptLoaded();
});
EM_JS(void, tilegrade_job_started, (int job, int total), {
  if (Module.onJobStarted) Module.onJobStarted(job, total);
});
EM_JS(void, tilegrade_job_done, (int job, int total, const char* line), {
  if (Module.onJobDone) Module.onJobDone(job, total, UTF8ToString(line));
});

namespace {

std::string result_text;  // owned here until the next call; the worker copies it at once

std::string dumped(const nlohmann::json& document) {
  // Replace, not throw, on invalid UTF-8: a script's error text is arbitrary bytes.
  return document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

nlohmann::json check(const std::string& assignment_dir, const std::string& submission_path,
                     const std::string& done_lines_json, double load_stopped_seconds) {
  tile::install_script_heuristics();  // the assignment's heuristic may be the instructor's script
  auto assignment = tile::load_assignment(assignment_dir);
  if (!assignment) return {{"error", assignment.error()}};
  auto prepared = tile::PreparedAssignment::prepare(*assignment);
  if (!prepared) return {{"error", prepared.error()}};
  tile::InProcessRun run;
  const auto done = nlohmann::json::parse(done_lines_json, nullptr, false);
  if (done.is_array()) {
    for (const auto& line : done) {
      if (line.is_string()) run.done_lines.push_back(line.get<std::string>());
    }
  }
  if (load_stopped_seconds > 0) {
    char text[300];
    std::snprintf(text, sizeof text,
                  "its top level was still running after %g s (an "
                  "endless loop outside any function ends like this)",
                  load_stopped_seconds);
    run.load_failure = text;
  } else if (run.done_lines.empty()) {
    // Loaded once up front, so that the page can tell a top level that never ends from a slow
    // test. Its result is not used: each job loads the script afresh, as natively.
    tile::SandboxLimits limits;
    limits.memory_bytes = assignment->limits.lua_memory_bytes;
    limits.call_seconds = 0;
    (void)tile::LuaSandbox::from_file(submission_path, limits);
  }
  tilegrade_script_loaded();
  run.on_start = [](std::size_t job, std::size_t total) {
    tilegrade_job_started(static_cast<int>(job), static_cast<int>(total));
  };
  run.on_done = [](std::size_t job, std::size_t total, const std::string& line) {
    tilegrade_job_done(static_cast<int>(job), static_cast<int>(total), line.c_str());
  };
  tile::GradeOptions options;
  options.visible_only = true;  // `tilegrade check`: the visible tests, with their real verdicts
  options.run_jobs = [&run](const tile::Assignment& graded, const std::vector<tile::Job>& jobs,
                            const std::string& path) {
    return tile::run_submission_in_process(graded, jobs, path, run);
  };
  const tile::GradeReport report =
      tile::grade_submission(*prepared, submission_path, options);
  return {{"html", tile::format_html(report)},
          {"text", tile::format_report(report, tile::ReportFormat::Text)},
          {"results", tile::gradescope_json(report)},
          {"all_passed", report.all_passed()},
          // What the page's summary line adds: the hidden tests and points this copy leaves out.
          {"not_checked", tile::not_checked_sentence(report)}};
}

}  // namespace

extern "C" {

// Returns one JSON document: {"html", "text", "results" (Gradescope's shape), "all_passed",
// "not_checked" (a sentence, or "")}, or {"error"} when the assignment cannot be loaded.
// `done_lines_json`: a JSON array of observation lines already made for the first jobs ("[]" for
// a fresh run). `load_stopped_seconds` > 0: the page stopped the script's top level after that
// long, and every test fails with that.
EMSCRIPTEN_KEEPALIVE const char* tilegrade_check(const char* assignment_dir,
                                                 const char* submission_path,
                                                 const char* done_lines_json,
                                                 double load_stopped_seconds) {
  try {
    result_text =
        dumped(check(assignment_dir, submission_path, done_lines_json, load_stopped_seconds));
  } catch (const std::exception& error) {
    result_text = dumped({{"error", std::string("internal error: ") + error.what()}});
  }
  return result_text.c_str();
}

// The line a job gets when the page stopped it for running past its wall-clock limit.
EMSCRIPTEN_KEEPALIVE const char* tilegrade_stopped_job_line(int job, double seconds) {
  result_text = tile::stopped_job_line(static_cast<std::size_t>(job), seconds);
  return result_text.c_str();
}

}  // extern "C"
