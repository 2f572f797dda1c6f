// `tilegrade tests DIR`: which common mistakes the assignment's tests can see. For every search
// task, every variant of the diagnosis catalogue is run on the task's tests and reported detected
// (with the tests that tell it apart), equivalent (no test ever could, and why) or undetected;
// `--suggest` searches seeded boards for the undetected ones and prints the test entries to add,
// `--record` writes reference/<name>/adequacy.json, which `validate` holds the tests to.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include "grader/cli/adequacy_cache.h"
#include "grader/cli/commands.h"
#include "grader/cli/exit_codes.h"
#include "grader/cli/mutant_expectation.h"
#include "grader/cli/output.h"
#include "grader/judge/adequacy.h"
#include "grader/judge/suggested_tests.h"
#include "grader/spec/task_heuristic.h"
#include "grader/run/adequacy_record.h"
#include "grader/run/grade.h"
#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/text.h"
#include "engine/files.h"

namespace tile::cli {

namespace {

using nlohmann::json;

struct TestsOptions {
  std::string assignment_dir;
  std::string reference_dir;  // default: <repo>/reference/<name>
  bool suggest = false;
  std::uint64_t seed = 1;
  std::size_t max_boards = SuggestLimits{}.max_boards;
  std::string by = "any";  // --by path: only boards where the mistake changes the path or cost
  double max_seconds = 60;
  bool record = false;
  bool verbose = false;
  bool json = false;
  bool mutants = false;
  bool no_cache = false;  // recompute the adequacy even when the cache holds it
};

json test_entry(const SuggestedTest& test) {
  return {{"name", test.name}, {"start", format_tiles(test.start)},
          {"visibility", "after_due_date"}};
}

bool caught_by_count_alone(const VariantAdequacy& one) {
  return one.detecting_checks == std::vector<std::string>{"count"};
}

json task_json(const TaskAdequacy& task, const Suggestions* suggestions) {
  json variants = json::array();
  for (const VariantAdequacy& one : task.variants) {
    json entry = {{"variant", one.name}, {"status", detection_name(one.status)}};
    if (!one.detected_by.empty()) {
      entry["detected_by"] = one.detected_by;
      entry["detecting_checks"] = one.detecting_checks;
      entry["count_alone"] = caught_by_count_alone(one);
    }
    if (!one.reason.empty()) entry["reason"] = one.reason;
    variants.push_back(entry);
  }
  json out = {{"task", task.task},
              {"variants", task.variants.size()},
              {"detected", task.count(Detection::Detected)},
              {"equivalent", task.count(Detection::Equivalent)},
              {"undetected", task.count(Detection::Undetected)},
              {"start_is_goal_tested", task.start_is_goal_tested},
              {"details", variants}};
  if (suggestions) {
    json tests = json::array();
    for (const SuggestedTest& test : suggestions->tests) {
      json entry = test_entry(test);
      entry["origin"] = test.origin;
      entry["detects"] = test.detects;
      tests.push_back(entry);
    }
    out["suggested_tests"] = tests;
    out["boards_tried"] = suggestions->boards_tried;
    out["still_undetected"] = suggestions->still_undetected;
    // How far every board was tried: a bounded fact about the mistakes still undetected, not a
    // proof that they are equivalent.
    out["every_board_within_moves"] = suggestions->every_board_depth;
    out["every_board_count"] = suggestions->every_board_count;
    out["whole_space"] = suggestions->whole_space;
    out["out_of_time"] = suggestions->out_of_time;
  }
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

// The mistakes that share a key (the checks that catch them, or the reason they are equivalent),
// in the catalogue's order of each key's first mistake: one line each, not one per mistake.
template <class Key>
std::vector<std::pair<std::string, std::vector<std::string>>> grouped(
    const TaskAdequacy& task, Detection status, Key key) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  for (const VariantAdequacy& one : task.variants) {
    if (one.status != status) continue;
    const std::string k = key(one);
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const auto& entry) { return entry.first == k; });
    if (group == groups.end()) group = groups.insert(groups.end(), {k, {}});
    group->second.push_back(one.name);
  }
  return groups;
}

// "1,234": a count of boards as a person writes it.
std::string grouped_digits(std::size_t value) {
  const std::string digits = std::to_string(value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// How far --suggest looked: "every board within 12 moves of the goal (5,588 boards), and 400
// farther ones".
std::string how_far(const Suggestions& suggestions) {
  if (suggestions.boards_tried <= 1) return "nothing was left to look for";
  if (suggestions.every_board_depth == 0) {
    return grouped_digits(suggestions.boards_tried - 1) + " scrambled or random boards";
  }
  if (suggestions.whole_space) {
    return "every board that can reach the goal (" +
           grouped_digits(suggestions.every_board_count) + ")";
  }
  std::string out = "every board within " + counted(suggestions.every_board_depth, "move") +
                    " of the goal (" + grouped_digits(suggestions.every_board_count) + " boards)";
  if (suggestions.boards_tried > suggestions.every_board_count) {
    out += ", and " + grouped_digits(suggestions.boards_tried - suggestions.every_board_count) +
           " farther ones";
  }
  return out;
}

void print_task(const TaskAdequacy& task, const Suggestions* suggestions, bool verbose,
                bool by_path) {
  const auto by_count_alone = std::count_if(task.variants.begin(), task.variants.end(),
                                            caught_by_count_alone);
  std::cout << "task " << task.task << ": " << task.variants.size() << " variants, "
            << task.count(Detection::Detected) << " detected";
  if (by_count_alone > 0) std::cout << " (" << by_count_alone << " by the count alone)";
  std::cout << ", " << task.count(Detection::Equivalent) << " equivalent, "
            << task.count(Detection::Undetected) << " undetected; a test that starts at the goal: "
            << (task.start_is_goal_tested ? "yes" : "NO") << "\n";
  for (const VariantAdequacy& one : task.variants) {
    if (one.status == Detection::Undetected) std::cout << "  undetected  " << one.name << "\n";
  }
  if (verbose) {
    for (const VariantAdequacy& one : task.variants) {
      if (one.status != Detection::Detected) continue;
      std::cout << "  detected    " << one.name << " by";
      for (const std::string& test : one.detected_by) std::cout << " " << test;
      std::cout << "\n";
    }
  } else {
    // Which check catches each mistake; the count alone flagged: its students get every path
    // right, and the lesson rests on counting as the assignment counts.
    const auto checks = [](const VariantAdequacy& one) {
      return caught_by_count_alone(one) ? std::string("the count alone")
                                        : joined(one.detecting_checks);
    };
    for (const auto& [by, names] : grouped(task, Detection::Detected, checks)) {
      std::cout << "  detected by " << by << " (" << names.size() << "): " << joined(names)
                << "\n";
    }
  }
  const auto reason = [](const VariantAdequacy& one) { return one.reason; };
  for (const auto& [why, names] : grouped(task, Detection::Equivalent, reason)) {
    std::cout << "  equivalent  " << joined(names) << ": " << why << "\n";
  }
  if (!suggestions) return;
  std::cout << "  tests to add ("
            << (suggestions->boards_tried <= 1
                    ? std::string()
                    : counted(suggestions->boards_tried, "board") + " tried: ")
            << how_far(*suggestions) << "):\n";
  for (const SuggestedTest& test : suggestions->tests) {
    std::cout << "    " << test_entry(test).dump() << ",\n";
    std::string detects;
    for (const std::string& name : test.detects) detects += (detects.empty() ? "" : ", ") + name;
    std::cout << "      (" << test.origin << (detects.empty() ? "" : "; detects " + detects)
              << ")\n";
  }
  if (!suggestions->still_undetected.empty()) {
    // A bounded search that found nothing: said as what was tried, never as equivalence.
    std::cout << "  no board tried "
              << (by_path ? "changes the path or its cost for " : "tells apart ")
              << joined(suggestions->still_undetected) << "\n    ("
              << (suggestions->whole_space
                      ? "every board that can reach the goal was tried"
                      : "no difference on " + how_far(*suggestions) +
                            ": not a proof that no board tells them apart")
              << ")\n";
  }
  if (suggestions->out_of_time) std::cout << "  (stopped at --max-seconds)\n";
}

// What the judge makes of each of the instructor's own mutants (reference/<name>/mutants/*.lua):
// the tests that catch it and the first diagnosis its report names, in all and task by task (a
// mutant can break two tasks in two ways, and a student reads each task's first diagnosis).
struct TaskCatch {
  std::string task;
  std::vector<std::string> caught_by;  // "bfs: hidden-a"
  std::string named;                   // the task's first diagnosis, or "" when none
};
struct MutantCatch {
  std::string mutant;
  std::vector<std::string> caught_by;  // "bfs: hidden-a"
  std::string named;                   // the first diagnosis, or "" when none
  std::vector<TaskCatch> tasks;        // the tasks with a failing test, in the report's order
};

// "3 tests (bfs: hidden-a, ...)", or "no test".
std::string caught_by_words(const std::vector<std::string>& tests) {
  if (tests.empty()) return "no test";
  return counted(tests.size(), "test") + " (" + tests.front() + (tests.size() > 1 ? ", ..." : "") +
         ")";
}

std::vector<MutantCatch> mutant_catches(const PreparedAssignment& prepared,
                                        const std::string& reference) {
  namespace fs = std::filesystem;
  std::vector<fs::path> scripts;
  std::error_code ignored;
  if (fs::is_directory(fs::path(reference) / "mutants", ignored)) {
    for (const auto& entry : fs::directory_iterator(fs::path(reference) / "mutants", ignored)) {
      if (entry.path().extension() == ".lua") scripts.push_back(entry.path());
    }
  }
  std::sort(scripts.begin(), scripts.end());
  std::vector<MutantCatch> out;
  for (const fs::path& script : scripts) {
    MutantCatch one{script.filename().string(), {}, "", {}};
    const GradeReport report = grade_submission(prepared, script.string(), {});
    const std::map<std::string, std::string> named_by_task = first_diagnosis_by_task(report);
    for (const TestResult& test : report.tests) {
      if (test.passed) continue;
      one.caught_by.push_back(test.name);
      if (one.named.empty() && test.diagnosis.code != codes::kDidNotRun) {
        one.named = test.diagnosis.code;
      }
      if (one.tasks.empty() || one.tasks.back().task != test.task) {
        const auto named = named_by_task.find(test.task);
        one.tasks.push_back(
            {test.task, {}, named == named_by_task.end() ? std::string() : named->second});
      }
      one.tasks.back().caught_by.push_back(test.name);
    }
    out.push_back(std::move(one));
  }
  return out;
}

// The searches that use the student's own heuristic, alone, each given the reference solution's
// function instead (the instructor's, trusted as the reference is): what those tasks' tests see
// for a student whose heuristic gives the reference's values. Nothing when no task uses the
// student's heuristic or the reference has no solution.lua. The loader of script heuristics calls
// `heuristic`, so a function of another name is also given that name.
std::optional<Assignment> with_reference_heuristic(const Assignment& assignment,
                                                   const std::string& reference) {
  const bool any = std::any_of(assignment.tasks.begin(), assignment.tasks.end(),
                               [](const Task& task) { return uses_student_heuristic(task); });
  const std::string solution_path = reference + "/solution.lua";
  std::error_code ignored;
  if (!any || !std::filesystem::is_regular_file(solution_path, ignored)) return std::nullopt;
  auto solution = read_file(solution_path);
  if (!solution) return std::nullopt;
  Assignment stand_in = assignment;
  std::erase_if(stand_in.tasks, [](const Task& task) { return !uses_student_heuristic(task); });
  for (Task& task : stand_in.tasks) {
    const std::string function = student_heuristic_function(*task.heuristic);
    task.heuristic = "solution.lua";
    task.heuristic_script = *solution;
    if (function != "heuristic") task.heuristic_script += "\nheuristic = " + function + "\n";
    task.heuristic_limits = assignment.limits;
  }
  return stand_in;
}

Outcome run_tests(const TestsOptions& options) {
  const Output output("tilegrade tests", options.json);
  auto assignment = load_assignment(options.assignment_dir);
  if (!assignment) return error_of(assignment);
  // As `tests` always did: the engine's answers, not compared with expected.json (validate is).
  auto prepared = PreparedAssignment::prepare(*assignment, StoredExpectations::Ignore);
  if (!prepared) return error_of(prepared);
  const std::vector<Expectation>& expectations = prepared->expectations();
  // The same computation as validate's adequacy check, so the two share its cache.
  bool cached = false;
  std::vector<TaskAdequacy> tasks =
      adequacy_with_cache(*assignment, expectations, !options.no_cache, cached);
  if (cached) {
    output.note("the adequacy comes from the cache (an earlier validate or tests of this same "
                "assignment and binary); --no-cache recomputes it");
  }
  const std::string reference = options.reference_dir.empty()
                                    ? default_reference_dir(options.assignment_dir)
                                    : options.reference_dir;
  // The searches with the student's heuristic, measured with the reference's (in task order,
  // after the others): never recorded, since validate cannot measure them so.
  const std::vector<TaskAdequacy> recorded = tasks;
  std::set<std::string> stood_in;
  const std::optional<Assignment> stand_in = with_reference_heuristic(*assignment, reference);
  if (stand_in) {
    auto stand_in_expectations = compute_all_expectations(*stand_in);
    if (!stand_in_expectations) return error_of(stand_in_expectations);
    // Cached as any adequacy: the digest holds the solution's text and the answers it gives.
    bool stand_in_cached = false;
    for (TaskAdequacy& adequacy : adequacy_with_cache(*stand_in, *stand_in_expectations,
                                                      !options.no_cache, stand_in_cached)) {
      stood_in.insert(adequacy.task);
      tasks.push_back(std::move(adequacy));
    }
  }
  const std::string stand_in_words =
      "measured with " + reference + "/solution.lua's heuristic as h, a stand-in for each "
      "student's own: what these tests see for a student whose heuristic gives the reference's "
      "values";

  json out_tasks = json::array();
  bool complete = true;
  for (const TaskAdequacy& adequacy : tasks) {
    // A stand-in's measure informs; it does not decide the exit status, since each student's
    // own heuristic makes another run.
    complete = complete && (stood_in.contains(adequacy.task) ||
                            (adequacy.count(Detection::Undetected) == 0 &&
                             adequacy.start_is_goal_tested));
    std::unique_ptr<Suggestions> suggestions;
    if (options.suggest) {
      for (const Task& task : stood_in.contains(adequacy.task) ? stand_in->tasks
                                                                : assignment->tasks) {
        if (task.name != adequacy.task) continue;
        SuggestLimits limits;
        limits.max_boards = options.max_boards;
        limits.max_seconds = options.max_seconds;
        limits.by = options.by == "path" ? SuggestBy::Path : SuggestBy::AnyCheck;
        // Progress on stderr, so stdout stays the report: on a terminal one line rewritten in
        // place; into a file or a CI log one line when the search starts and one when it ends,
        // never a carriage return.
        const bool terminal = isatty(STDERR_FILENO) != 0;
        const std::size_t undetected = suggestion_targets(adequacy, limits.by).size();
        const bool say_lines = !terminal && undetected > 0;  // nothing to look for: nothing said
        limits.progress = [&](std::size_t tried, std::size_t left) {
          if (!terminal) return;
          std::cerr << "\rtask " << escaped_text(task.name) << ": " << tried
                    << " boards tried, " << left << " mistakes left   " << std::flush;
        };
        if (say_lines) {
          std::cerr << "task " << escaped_text(task.name) << ": looking for boards that "
                    << (limits.by == SuggestBy::Path
                            ? "change the path or its cost for " +
                                  counted(undetected, "mistake") + " not caught by the path"
                            : "catch " + counted(undetected, "undetected mistake"))
                    << " (at most "
                    << counted(options.max_boards, "board") << ", " << options.max_seconds
                    << " s)\n";
        }
        suggestions =
            std::make_unique<Suggestions>(suggest_tests(task, adequacy, options.seed, limits));
        if (terminal) {
          std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
        } else if (say_lines) {
          std::cerr << "task " << escaped_text(task.name) << ": "
                    << counted(suggestions->boards_tried, "board") << " tried, "
                    << counted(suggestions->still_undetected.size(), "mistake") << " left\n";
        }
      }
    }
    if (options.json) {
      out_tasks.push_back(task_json(adequacy, suggestions.get()));
      if (suggestions) out_tasks.back()["suggested_by"] = options.by;
    } else {
      print_task(adequacy, suggestions.get(), options.verbose, options.by == "path");
      if (stood_in.contains(adequacy.task)) std::cout << "  (" << stand_in_words << ")\n";
    }
    if (options.json && stood_in.contains(adequacy.task)) {
      out_tasks.back()["heuristic_stand_in"] = reference + "/solution.lua";
    }
  }
  // A search with the student's own heuristic has no expected run to measure mistakes against
  // before a submission gives its heuristic's values: said, not silently left out, where no
  // reference solution could stand in.
  json not_measured = json::array();
  for (const Task& task : assignment->tasks) {
    if (!uses_student_heuristic(task) || stood_in.contains(task.name)) continue;
    const std::string reason = "its expected run comes from each submission's own " +
                               student_heuristic_function(*task.heuristic) + " (" +
                               *task.heuristic + ")";
    if (options.json) {
      not_measured.push_back({{"task", task.name}, {"reason", reason}});
    } else {
      std::cout << "task " << escaped_text(task.name) << ": not measured: " << reason << "\n";
    }
  }
  json out_mutants = json::array();
  if (options.mutants) {
    for (const MutantCatch& one : mutant_catches(*prepared, reference)) {
      if (options.json) {
        json by_task = json::array();
        for (const TaskCatch& task : one.tasks) {
          by_task.push_back(
              {{"task", task.task}, {"caught_by", task.caught_by}, {"named", task.named}});
        }
        out_mutants.push_back({{"mutant", one.mutant},
                               {"caught_by", one.caught_by},
                               {"named", one.named},
                               {"tasks", by_task}});
        continue;
      }
      std::cout << "mutant " << escaped_text(one.mutant) << ": caught by "
                << caught_by_words(one.caught_by) << "; named "
                << (one.named.empty() ? "nothing" : one.named) << "\n";
      // Two tasks or more: each its own line, since each can be named differently.
      for (const TaskCatch& task : one.tasks) {
        if (one.tasks.size() < 2 && !options.verbose) break;
        std::cout << "  task " << escaped_text(task.task) << ": caught by "
                  << caught_by_words(task.caught_by) << "; named "
                  << (task.named.empty() ? "nothing" : task.named) << "\n";
        if (options.verbose) {
          for (const std::string& test : task.caught_by) std::cout << "    " << test << "\n";
        }
      }
    }
  }
  if (options.record) {
    const std::string path = reference + "/adequacy.json";
    if (auto written = write_file_atomically(path, adequacy_record_json(record_of(recorded)));
        !written) {
      return error_of(written);
    }
    output.note("wrote " + path);
  }
  if (options.json) {
    json doc = {{"assignment", assignment->title}, {"complete", complete}, {"tasks", out_tasks}};
    if (!not_measured.empty()) doc["not_measured"] = not_measured;
    if (options.mutants) doc["mutants"] = out_mutants;
    output.print(doc);
  }
  return complete ? kExitSuccess : kExitFailures;
}

}  // namespace

Command add_tests_command(CLI::App& app) {
  auto options = std::make_shared<TestsOptions>();
  auto* cmd = app.add_subcommand(
      "tests", "Which catalogue mistakes the tests of each search task detect (mutation adequacy)");
  cmd->add_option("ASSIGNMENT_DIR", options->assignment_dir, "Folder with assignment.json")
      ->required();
  cmd->add_flag("--suggest", options->suggest,
                "Search seeded boards for the undetected mistakes and print tests to add");
  cmd->add_option("--seed", options->seed, "Seed of the boards --suggest tries (default 1)");
  cmd->add_option("--max-boards", options->max_boards,
                  "Boards --suggest tries per task (default 25000): four fifths go to every board "
                  "by its distance from the goal, nearest first, the rest to farther boards");
  cmd->add_option("--by", options->by,
                  "With --suggest: 'path' looks only for boards where a mistake changes the "
                  "returned path or its cost, for every mistake not yet caught by the path "
                  "(default 'any': any check)")
      ->check(CLI::IsMember({"any", "path"}));
  cmd->add_option("--max-seconds", options->max_seconds,
                  "Stop --suggest after this many seconds per task with what it found "
                  "(default 60)");
  cmd->add_flag("--record", options->record,
                "Write reference/<name>/adequacy.json, which validate holds the tests to");
  cmd->add_option("--reference", options->reference_dir,
                  "Folder with solution.lua and mutants/ (default: reference/<name>)");
  cmd->add_flag("--mutants", options->mutants,
                 "Grade each of reference/<name>/mutants/*.lua: the tests that catch it and what "
                 "the judge names it");
  cmd->add_flag("--no-cache", options->no_cache,
                "Recompute the adequacy even when the cache holds it for this assignment");
  cmd->add_flag("--verbose", options->verbose, "List the detected mistakes and their tests too");
  cmd->add_flag("--json", options->json, "Machine output");
  return {cmd, [options] { return run_tests(*options); },
          [options] { return Output("tilegrade tests", options->json); }};
}

}  // namespace tile::cli
