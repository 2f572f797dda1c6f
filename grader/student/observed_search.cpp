#include "grader/student/observed_search.h"

#include "engine/fnv1a.h"

namespace tile {

std::size_t ObservedSearchRecorder::BoardHash::operator()(const Board& board) const {
  Fnv1a hash;
  for (int cell = 0; cell < board.cells(); ++cell) {
    hash.add_byte(static_cast<std::uint8_t>(board.at(cell)));
  }
  return static_cast<std::size_t>(hash.value());
}

ObservedSearchRecorder::ObservedSearchRecorder(ObservedSearch& record, const Board& start)
    : record_(record) {
  intern(start);
}

bool ObservedSearchRecorder::keeping() const {
  // Once one call is dropped, none after it is kept: the record is a prefix, never a sample.
  return record_.calls.size() == record_.total_calls() &&
         record_.calls.size() < kKeptObservedCalls && kept_successors_ < kKeptObservedExpansions;
}

std::uint32_t ObservedSearchRecorder::intern(const Board& board) {
  const auto [where, added] =
      index_.try_emplace(board, static_cast<std::uint32_t>(record_.boards.size()));
  if (added) {
    try {
      record_.boards.push_back(board);
    } catch (...) {
      index_.erase(where);
      throw;
    }
  }
  return where->second;
}

void ObservedSearchRecorder::successors(const Board& board, const Board* children,
                                        const Move* moves, int count) {
  const bool keep = keeping();
  ++record_.successors_calls;
  record_.children_returned += static_cast<std::uint64_t>(count);
  if (!keep) return;
  ObservedCall call;
  call.kind = ObservedCallKind::Successors;
  call.board = intern(board);
  call.first_child = static_cast<std::uint32_t>(record_.children.size());
  call.child_count = static_cast<std::uint8_t>(count);
  for (int i = 0; i < count; ++i) record_.children.push_back({intern(children[i]), moves[i]});
  record_.calls.push_back(call);
  ++kept_successors_;
}

void ObservedSearchRecorder::call(ObservedCallKind kind, const Board& board) {
  const bool keep = keeping();
  switch (kind) {
    case ObservedCallKind::Successors: ++record_.successors_calls; break;
    case ObservedCallKind::IsGoal: ++record_.goal_tests; break;
    case ObservedCallKind::Heuristic: ++record_.heuristic_calls; break;
    case ObservedCallKind::Key: ++record_.key_calls; break;
  }
  if (!keep) return;
  ObservedCall call;
  call.kind = kind;
  call.board = intern(board);
  record_.calls.push_back(call);
}

}  // namespace tile
