// The budgets an assignment sets. Deterministic ones (counted in expansions, API calls and heuristic
// calls) decide verdicts, so a rerun on any machine gives the same report; the time limits, counted
// in processor time (grader/sandbox/clocks.h), only stop runaways.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tile {

// Deterministic budgets: counted in API calls and expansions, so a rerun on any machine gives the
// same verdict. Time limits (SubmissionLimits) only stop runaways.
struct SearchCallLimits {
  std::uint64_t max_expansions = 2'000'000;  // problem:successors() calls
  // Every problem method call. 20 million took about 9.5 s of problem:successors, so under load
  // the 10 s call limit could trip first and the same script's message flipped between the two;
  // 5 million take about 2.4 s, a quarter of the clock that only stops runaways.
  std::uint64_t max_api_calls = 5'000'000;
};

// The largest values the schema accepts, so that no assignment can ask for more memory than a job
// thread has (docs/writing-assignments.md). An engine search holds about 100 bytes per node on
// a 5x5 board (measured: 4,000,000 nodes of breadth-first search, 370 MiB peak with the 32-byte
// node), so 10 million nodes stay near 1 GB; a heuristic task keeps 48 bytes per call; a test's
// record at most 720 KB.
inline constexpr std::uint64_t kMaxEngineNodes = 10'000'000;
inline constexpr std::uint64_t kMaxExpansionsCap = 10'000'000;
inline constexpr std::uint64_t kMaxHeuristicCalls = 10'000'000;
inline constexpr std::uint64_t kMaxApiCalls = 100'000'000;  // counted, never stored
inline constexpr std::uint64_t kMaxGeneratedTests = 1'000;   // per "generate" block

// Totals over the whole assignment, since per-block caps multiply: 1,000 blocks of 1,000 boards
// (or one shared "tests" list read by every task) once asked `expect` for a million engine runs
// and died of bad_alloc at 3 GiB. The largest bundled assignment has 55 tests; every test is a
// grading child per student, so 10,000 is already hours of a class's grading, while its boards,
// names and expected.json entries stay a few megabytes. Withheld tests count: a student copy
// then never claims more tests than its full assignment could have.
inline constexpr std::uint64_t kMaxTotalTests = 10'000;
// The boards of every test's expected expansion order, which the grader keeps to judge the order
// (36 bytes each): 30 million is about 1 GiB, beside the engine's own 1 GB at kMaxEngineNodes.
// Known only as the engine computes them, so checked then (compute_all_expectations).
inline constexpr std::uint64_t kMaxTotalTraceBoards = 30'000'000;

struct TaskLimits {
  SearchCallLimits search;                  // search tasks: expansions and API calls
  std::uint64_t heuristic_calls = 2'000'000;  // heuristic tasks: calls per test
  std::uint64_t engine_nodes = 5'000'000;   // node budget of each engine search
};

// Processor time of the grading child, never the wall clock, so that a busy machine cannot change
// a verdict; a wall clock backs each up at kWallBackstopFactor times (clocks.h), and what it ends
// is graded again. JSON: "test_seconds" ("wall_seconds", its name before it was processor time,
// is still read) and "call_seconds".
struct SubmissionLimits {
  double test_seconds = 60;       // one test of the submission, a runaway guard only
  double call_seconds = 10;       // one call into the script, a runaway guard only
  std::size_t lua_memory_bytes = 256ULL << 20;
};

}  // namespace tile
