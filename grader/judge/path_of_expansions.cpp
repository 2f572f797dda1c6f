#include "grader/judge/path_of_expansions.h"

#include <cstdint>
#include <string>
#include <vector>

#include "grader/spec/text.h"

namespace tile {

// Named, not anonymous: the unity build puts this file in one unit with the judge's others.
namespace path_of_expansions_detail {

// Whether the moves, from the start, are legal and end at the goal.
bool legal_route(const Board& start, const Board& goal, const std::vector<Move>& path) {
  Board board = start;
  for (const Move move : path) {
    if (!board.can_move(move)) return false;
    board = board.moved(move);
  }
  return board == goal;
}

std::uint8_t bit(Move move) { return static_cast<std::uint8_t>(1u << static_cast<int>(move)); }

}  // namespace path_of_expansions_detail

std::optional<Diagnosis> path_of_every_expansion(const Task& task, const Board& start,
                                                 const StudentSearchRun& run,
                                                 const ObservedTree& tree) {
  using path_of_expansions_detail::bit;
  const std::vector<Move>& path = run.path;
  if (task.algorithm == Algorithm::Bibfs || !run.completed || !run.returned_boards.empty() ||
      !tree.complete || tree.nodes.empty() || !(tree.nodes[0].board == start) ||
      path.size() < 3) {
    return std::nullopt;
  }
  const std::size_t expansions = tree.expansions.size();
  if (path.size() + 1 != expansions && path.size() != expansions) return std::nullopt;
  if (path_of_expansions_detail::legal_route(start, task.goal, path)) return std::nullopt;
  // made[node]: the moves under which problem:successors returned the board so far.
  std::vector<std::uint8_t> made(tree.nodes.size(), 0);
  auto add_children = [&](const ObservedExpansion& expansion) {
    for (std::uint32_t c = 0; c < expansion.child_count; ++c) {
      const ObservedChild& child = tree.children[expansion.first_child + c];
      made[child.board] |= bit(child.move);
    }
  };
  add_children(tree.expansions[0]);
  for (std::size_t k = 1; k < expansions; ++k) {
    const ObservedExpansion& expansion = tree.expansions[k];
    if ((made[expansion.node] & bit(path[k - 1])) == 0) return std::nullopt;
    add_children(expansion);
  }
  if (path.size() == expansions) {  // the goal's move last
    const auto goal = tree.find(task.goal);
    if (!goal || (made[*goal] & bit(path.back())) == 0) return std::nullopt;
  }
  StepEvidence evidence{StepUnit::PathMove, 0, {}, {}};
  evidence.counts = {{"moves in your path", path.size()},
                     {"problem:successors calls", expansions}};
  Diagnosis diagnosis = named(DiagnosisId::PathMovesOfEveryExpansion,
                              {{"moves", counted(path.size(), "move")},
                               {"expansions", counted(expansions, "expansion")}});
  diagnosis.step = std::move(evidence);
  return diagnosis;
}

}  // namespace tile
