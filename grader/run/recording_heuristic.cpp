#include "grader/run/recording_heuristic.h"

namespace tile {

std::optional<std::int64_t> RecordingHeuristic::estimate(const Board& board) {
  const auto value = inner_.estimate(board);
  if (!value) return value;
  const PackedState key = pack(board);
  const auto [it, inserted] = index_.emplace(key, values_.size());
  if (inserted) {
    values_.emplace_back(board, *value);
  } else if (values_[it->second].second != *value && nondeterminism_.empty()) {
    nondeterminism_ = "the heuristic gave " + std::to_string(values_[it->second].second) +
                      " and later " + std::to_string(*value) + " for the same board:\n" +
                      draw_board(board);
  }
  return value;
}

}  // namespace tile
