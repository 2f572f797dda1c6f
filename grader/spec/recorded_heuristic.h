// A search task whose heuristic is the student's own ("heuristic": "student:FUNCTION"): the
// parent never runs student code, so its engine searches (the expected run, the judge's
// reproductions) take the heuristic as a table of the values the sandboxed child recorded from the
// student's function. A board the table lacks fails the search (status heuristic-failed) with
// that board named: a gap in the record is never filled by a guess.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/heuristic.h"
#include "engine/state_table.h"

namespace tile {

// The recorded value of every board the child evaluated, by packed board.
using RecordedValues = std::map<PackedState, std::int64_t>;

// "student:heuristic": the form of a search task's "heuristic" that names the student's function.
inline constexpr std::string_view kStudentHeuristicPrefix = "student:";
bool is_student_heuristic(std::string_view name);
// "heuristic" for "student:heuristic"; empty for any other name.
std::string student_heuristic_function(std::string_view name);
// Whether NAME can be the student's Lua function: a letter or '_', then letters, digits, '_', and
// no reserved word of Lua ("end", "function"): a script can neither define nor call those.
bool is_lua_function_name(std::string_view name);

class RecordedHeuristic final : public Heuristic {
 public:
  // `function`: the student's function, for messages. The table must be shared, not copied: the
  // judge makes many searches from one record.
  RecordedHeuristic(std::shared_ptr<const RecordedValues> values, std::string function);

  std::optional<std::int64_t> estimate(const Board& board) override;
  std::string failure_message() const override { return failure_; }
  std::string name() const override { return "your " + function_; }
  // The first board asked for that the record lacks, if any.
  const std::optional<Board>& missing() const { return missing_; }

 private:
  std::shared_ptr<const RecordedValues> values_;
  std::string function_;
  std::optional<Board> missing_;
  std::string failure_;
};

}  // namespace tile
