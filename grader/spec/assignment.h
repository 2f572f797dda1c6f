// An assignment as the instructor wrote it in assignment.json, parsed and checked. Generated tests
// are expanded into concrete boards here (seeded), so everything downstream sees explicit boards
// and the same file always means the same tests.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"
#include "engine/search.h"
#include "engine/semantics.h"
#include "grader/spec/board_function.h"
#include "grader/spec/check_weights.h"
#include "grader/spec/limits.h"
#include "grader/spec/repair_setting.h"
#include "grader/spec/recorded_heuristic.h"

namespace tile {

// Diagnosis: the student sees the test's result, points and the mistake it names, never its board,
// expected values or their run (grader/report/diagnosis_only.h); Gradescope shows it as visible.
enum class Visibility { Visible, Hidden, AfterDueDate, AfterPublished, Diagnosis };
std::string_view visibility_name(Visibility visibility);
// The later of two visibilities, in the order a student comes to see them: visible, after the due
// date, after grades are published, never. A figure over several tests (informedness) is shown
// no sooner than the last of them.
Visibility least_visible(Visibility a, Visibility b);

enum class TaskKind { Search, Heuristic, Function };

// How a returned path is judged against the engine's.
enum class PathCheck {
  Exact,    // the same moves as the engine (the assignment's semantics fix one path)
  Optimal,  // any path to the goal of optimal cost
  Valid,    // any path to the goal
};

struct TestCase {
  std::string name;
  Board start;
  Visibility visibility = Visibility::Visible;
  // What each check of this test weighs (search tasks): the assignment's, the task's and the
  // test's "weights", the nearest level winning key by key.
  CheckWeights weights = {};
};

// Informedness, as CS188's HeuristicGrade: points for each threshold that the total expansions
// over the task's tests stay at or under.
struct InformednessThreshold {
  std::uint64_t max_expanded = 0;
  double points = 0;
};

struct TaskChecks {
  // Search tasks (and the search a heuristic is plugged into).
  PathCheck path = PathCheck::Exact;
  bool cost = true;                        // the returned path's cost equals the engine's
  bool count = true;                       // the selected counter (semantics.count) ...
  std::uint64_t count_tolerance = 0;       // ... within this many of the engine's
  bool order = true;                       // the expansion order equals the engine's trace
  // Heuristic tasks.
  bool admissible = true;
  bool consistent = true;
  bool goal_zero = true;
  bool deterministic = true;
  std::vector<InformednessThreshold> informedness;
};

struct Task {
  std::string name;
  TaskKind kind = TaskKind::Search;
  std::string function;          // the Lua function the student defines
  BoardFunction computes = BoardFunction::IsGoal;  // function tasks: what it must compute
  Algorithm algorithm = Algorithm::Bfs;            // search and heuristic tasks
  // Search tasks: the engine's heuristic (a built-in name, an instructor's "h.lua", or the
  // student's own function, "student:heuristic"); heuristic tasks: none.
  std::optional<std::string> heuristic;
  // "heuristic": "student:FUNCTION": the values the grading child recorded from the student's
  // function on this submission's tests, which every engine search of the task then reads
  // (spec/recorded_heuristic.h). Empty when the assignment is loaded; the judge sets it on its own
  // copy of the task for each submission (run/student_heuristic_replay.h).
  std::shared_ptr<const RecordedValues> student_heuristic_values;
  // A search task's heuristic written in Lua by the instructor ("heuristic": "h.lua"): the file's
  // text, read with assignment.json (spec/task_heuristic.h). Empty for a built-in.
  std::string heuristic_script;
  // The assignment's limits, which that script runs under (its lua_memory_mb and call_seconds), as
  // a student's script does: not the sandbox's smaller defaults.
  SubmissionLimits heuristic_limits;
  // "admissible": true on a search task: the instructor says its heuristic never overestimates
  // under the task's cost model, and validate checks it on the tests' boards.
  bool heuristic_admissible = false;
  // "consistent": true on a search task: h(n) <= cost(n, n') + h(n') on every move, under the
  // task's cost model; validate checks it on the tests' optimal paths and their neighbours, and
  // the judge's equivalences that need a consistent h take it at its word for a Lua heuristic.
  bool heuristic_consistent = false;
  // "equivalent": {"code": "why"} on a search task: mistakes the instructor has shown no board can
  // tell apart from the reference under the task's checks; `tests` reports each as equivalent
  // with the instructor's sentence instead of looking for boards that cannot exist.
  std::map<std::string, std::string> declared_equivalent;
  // "twice_in_one_state": true on a search task: its first test calls the function a second time
  // in the Lua state the first call left, and a different answer fails the test
  // (state-kept-between-calls). Every other call runs in a fresh state.
  bool twice_in_one_state = false;
  std::optional<std::string> baseline;   // heuristic tasks: built-in heuristic shown for contrast
  Weight weight;
  Board goal;                    // the task's board: the assignment's, unless it sets its own
                                 // "size"/"goal" (one assignment may mix 3x3 and 4x4 tasks)
  // The assignment's semantics with the task's overrides applied, resolved for `algorithm` once,
  // when the task is read (parse_task): what the task's search runs, and the only semantics the
  // judge, run and cli layers see. A task built by hand that sets another algorithm resolves its
  // semantics for it too.
  ResolvedSemantics semantics = kBfsDefaults;
  double points = 0;
  Visibility visibility = Visibility::Visible;
  TaskChecks checks;
  TaskLimits limits;
  CheckWeights weights;          // the assignment's "weights" with the task's overlaid
  std::vector<TestCase> tests;
  // Tests a student copy leaves out (`tilegrade export`): only how many there are, so that each
  // test left in keeps its share of the task's points, and `check` can say what it did not check.
  std::size_t withheld_tests = 0;

  std::size_t total_tests() const { return tests.size() + withheld_tests; }
};

// "feedback_limit": {"full_per_hour": N} (off when absent): full feedback for N submissions an
// hour, refilled evenly (a token bucket); a submission beyond them is told each test's result and
// the mistake it names only (report/feedback_limit.h). Read from the platform's record of earlier
// submissions, so only where one is given (Gradescope's submission_metadata.json).
struct FeedbackLimit {
  std::uint64_t full_per_hour = 0;  // 0: every submission gets full feedback
  bool enabled() const { return full_per_hour > 0; }
};

struct Assignment {
  std::string title;
  std::string directory;         // where assignment.json was read from
  Shape shape;                   // default board of the tasks
  Board goal;
  std::string goal_text;         // as written: blank-first, blank-last, or tiles
  Semantics semantics;           // assignment-level semantics (tasks may override)
  SubmissionLimits limits;
  // After a test of a task ends by a clock, whether the student's later tests of that task still
  // run ("after_timeout": "run-all") or are not run (the default, "skip-task"): a script that
  // never returns then costs one time limit per task, not one per test.
  bool run_all_after_timeout = false;
  CheckWeights weights;          // "weights": every search task's, unless it sets its own
  FeedbackLimit feedback_limit;
  RepairSetting repair;          // "repair": how much of a repair students read, and its budget
  std::vector<Task> tasks;

  double max_score() const;
};

// Reads DIR/assignment.json. Errors name the JSON path ("tasks[1].tests[0].start: ...").
Result<Assignment> load_assignment(const std::string& directory);
Result<Assignment> parse_assignment(const std::string& json_text, const std::string& directory);

}  // namespace tile
