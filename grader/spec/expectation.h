// What the reference engine says a correct submission must produce for one task and test, and the
// expected.json file that pins it. expected.json is written by `tilegrade expect` (never by hand)
// and is checked against the engine by `validate` and before every grading run, so a change in
// engine semantics can never silently change a course's expected answers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/search.h"
#include "grader/spec/assignment.h"

namespace tile {

struct Expectation {
  std::string task;
  std::string test;
  Board start;
  SearchStatus status = SearchStatus::NoSolution;
  std::vector<Move> path;
  std::int64_t cost = 0;
  Counters counters;
  std::uint64_t count = 0;               // counters.selected(semantics.count)
  std::vector<Board> trace;              // expansion order (not stored in expected.json)
  std::uint64_t trace_digest = 0;        // FNV-1a over the trace, stored instead of the trace
  std::optional<std::int64_t> optimal_cost;    // exact distance (heuristic tasks, optimal checks)
  std::vector<Move> optimal_path;              // one optimal path, when optimal_cost is known
  std::optional<std::uint64_t> baseline_count;  // heuristic tasks with a baseline heuristic
  std::optional<FunctionValue> answer;          // function tasks
};

// The engine run for a task's test under the task's semantics (and its heuristic, if any).
SearchSpec engine_spec(const Task& task, Heuristic* heuristic, bool record_trace);
Result<Expectation> compute_expectation(const Task& task, const TestCase& test);
// Every test's, in the assignment's order. Refused (one line naming the task and test) when the
// expansion orders kept would pass `max_trace_boards` boards in all, or memory runs out.
Result<std::vector<Expectation>> compute_all_expectations(
    const Assignment& assignment, std::uint64_t max_trace_boards = kMaxTotalTraceBoards);

std::uint64_t trace_digest(const std::vector<Board>& trace);

nlohmann::json expectations_to_json(const Assignment& assignment,
                                    const std::vector<Expectation>& expectations);
// Compares a stored expected.json with fresh expectations: an error (bad input: the instructor's
// file) saying the first difference.
Status compare_with_stored(const nlohmann::json& stored, const Assignment& assignment,
                           const std::vector<Expectation>& fresh);
Result<nlohmann::json> read_expected_file(const std::string& directory);

}  // namespace tile
