// Wraps a student's heuristic in the grading child to keep the first value it gave for every
// board, in first-evaluation order, and to notice when a board gets two different values (a
// heuristic must be a function of the board alone). What it keeps crosses the pipe as a
// HeuristicRun's values (student/observation.h): the checks of a heuristic task read them, and a
// search with the student's heuristic is replayed from them (student_heuristic_replay.h).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/heuristic.h"
#include "engine/state_table.h"

namespace tile {

class RecordingHeuristic final : public Heuristic {
 public:
  explicit RecordingHeuristic(Heuristic& inner) : inner_(inner) {}

  std::optional<std::int64_t> estimate(const Board& board) override;
  std::string failure_message() const override { return inner_.failure_message(); }
  std::string name() const override { return inner_.name(); }

  const std::vector<std::pair<Board, std::int64_t>>& values() const { return values_; }
  const std::string& nondeterminism() const { return nondeterminism_; }

 private:
  Heuristic& inner_;
  std::map<PackedState, std::size_t> index_;
  std::vector<std::pair<Board, std::int64_t>> values_;
  std::string nondeterminism_;
};

}  // namespace tile
