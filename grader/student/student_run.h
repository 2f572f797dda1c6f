// What the grader observes when it runs a student's search function: the contract between the
// Lua side (lua_problem.cpp, which runs the script) and the checks (which compare with the engine).
// Plain data, so it can cross the pipe from the sandboxed child process as one line
// (observation.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/fnv1a.h"
#include "engine/semantics.h"
#include "grader/spec/board_function.h"
#include "grader/spec/limits.h"
#include "grader/student/observed_search.h"

namespace tile {

// The fewest expansions a run keeps (docs/grading-a-class.md, memory): the judge compares at most
// this many of a run the expansion budget stopped with the catalogue's searches.
inline constexpr std::size_t kMinKeptExpansions = 20'000;

struct StudentSearchRun {
  bool completed = false;           // the function returned a well-formed answer
  std::string error;                // when not completed: "file.lua:12: message" or a budget text
  std::vector<Move> path;           // the returned path (names or letters, normalised)
  // The path returned as boards (the states along it) instead of moves: a mistake the judge
  // names (path-of-boards). `path` is then empty.
  std::vector<Board> returned_boards;
  std::optional<std::int64_t> reported_count;  // the count the script returned, if any
  // The line of the student's file the search function returned from: its `return` (or the `end`
  // it ran off; in a tail call, the called function's), as the sandbox's return hook saw it
  // (lua_sandbox.h note_return_line). 0: not known (it returned from no function of the file).
  std::uint32_t return_line = 0;
  // The boards passed to problem:successors(), in call order: all of them, or the first `keep`
  // (record_expansion) when there were more. The grader asks for one more than the reference's
  // trace and at least kMinKeptExpansions, enough to find where the order first differs and to
  // diagnose; the count and the digest cover the rest, so the parent never holds millions.
  std::vector<Board> expansions;
  std::uint64_t expanded = 0;       // every problem:successors() call recorded, kept or not
  // FNV-1a over every expanded board's tiles, back to back, as trace_digest() computes it for the
  // engine's trace: a kept prefix plus this tells whether a search expanded exactly the same.
  std::uint64_t expansion_digest = Fnv1a().value();
  std::uint64_t api_calls = 0;
  // Stopped by max_expansions (not completed): `expansions` begins with the boards the search
  // expanded, enough to compare its order with the reference's and diagnose it.
  bool out_of_expansions = false;
  // Returned nil where a path was expected (not completed): the search ended without reaching the
  // goal, after exactly `expansions`. A search that never tests its start does so on the goal.
  bool returned_no_path = false;
  // Stopped at its first expansion that left the reference's order (not completed; `expanded`
  // boards matched it): only the repair search's candidate runs ask for that stop
  // (lua_problem.h), and they never cross the pipe, so no observation line carries it.
  bool left_reference_order = false;
  // Processor time the call into the script took, measured where it ran. Never part of a verdict:
  // `validate` scales it to the task's budgets (grader/cli/budget_clock.h).
  double cpu_seconds = 0;
  // Every call the search made through the problem API, in order (observed_search.h): what the
  // forensic judge reads when no variant of a correct search reproduces the run.
  ObservedSearch observed;
};

// Records one expansion: counted and digested always, kept while fewer than `keep` are. Throws
// std::bad_alloc when it cannot keep it.
inline void record_expansion(StudentSearchRun& run, const Board& board, std::size_t keep) {
  if (run.expansions.size() < keep) run.expansions.push_back(board);
  Fnv1a digest(run.expansion_digest);
  for (int cell = 0; cell < board.cells(); ++cell) {
    digest.add_byte(static_cast<std::uint8_t>(board.at(cell)));
  }
  run.expansion_digest = digest.value();
  ++run.expanded;
}

// A function task: what the student's board function returned for one board.
struct StudentFunctionRun {
  bool completed = false;  // it returned, leaving its argument alone, something readable
  std::string error;       // when not completed: "file.lua:12: message"
  FunctionValue value;
};

}  // namespace tile
