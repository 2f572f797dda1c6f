#include "grader/judge/path_mistakes.h"

#include <algorithm>
#include <span>

namespace tile {

namespace {

bool reaches(const Board& start, const Board& goal, std::span<const Move> path) {
  const auto end = apply_moves(start, path);
  return end && *end == goal;
}

std::vector<Move> opposite(std::vector<Move> path) {
  for (Move& move : path) move = reverse_move(move);
  return path;
}

}  // namespace

std::vector<Diagnosis> path_mistakes(const Board& start, const Board& goal,
                                     const std::vector<Move>& path) {
  if (reaches(start, goal, path)) return {};
  std::vector<Diagnosis> out;
  // Tile-centred before reversed: a one-move path reads the same both ways round (and is then
  // also the reversed tile-centred path, which another test of the task may need).
  if (!path.empty() && reaches(start, goal, opposite(path))) out.push_back(named("path-tile-centred"));
  std::vector<Move> reversed(path.rbegin(), path.rend());
  if (path.size() > 1 && reaches(start, goal, reversed)) out.push_back(named("path-reversed"));
  if (!path.empty() && reaches(start, goal, opposite(reversed))) {
    out.push_back(named("path-reversed-tile-centred"));
  }
  // Too long before too short: a path one move past the goal also ends one move from it.
  if (!path.empty()) {
    const std::span<const Move> all(path);
    if (reaches(start, goal, all.first(path.size() - 1)) || reaches(start, goal, all.subspan(1))) {
      out.push_back(named("path-one-move-too-long"));
    }
  }
  if (const auto end = apply_moves(start, std::span<const Move>(path))) {
    for (Move move : kAllMoves) {
      if (end->can_move(move) && end->moved(move) == goal) {
        out.push_back(named("path-missing-last-move"));
        break;
      }
    }
  }
  return out;
}

std::optional<Diagnosis> diagnose_path(const Board& start, const Board& goal,
                                       const std::vector<Move>& path) {
  auto all = path_mistakes(start, goal, path);
  if (all.empty()) return std::nullopt;
  return all.front();
}

}  // namespace tile
