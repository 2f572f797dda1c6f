#include "grader/judge/path_mistakes.h"

#include <algorithm>
#include <span>
#include <string>

#include "engine/search.h"

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
  if (!path.empty() && reaches(start, goal, opposite(path))) {
    out.push_back(named(DiagnosisId::PathTileCentred));
  }
  std::vector<Move> reversed(path.rbegin(), path.rend());
  if (path.size() > 1 && reaches(start, goal, reversed)) {
    out.push_back(named(DiagnosisId::PathReversed));
  }
  if (!path.empty() && reaches(start, goal, opposite(reversed))) {
    out.push_back(named(DiagnosisId::PathReversedTileCentred));
  }
  // Too long before too short: a path one move past the goal also ends one move from it.
  if (!path.empty()) {
    const std::span<const Move> all(path);
    if (reaches(start, goal, all.first(path.size() - 1)) || reaches(start, goal, all.subspan(1))) {
      out.push_back(named(DiagnosisId::PathOneMoveTooLong));
    }
  }
  if (const auto end = apply_moves(start, std::span<const Move>(path))) {
    for (Move move : kAllMoves) {
      if (end->can_move(move) && end->moved(move) == goal) {
        out.push_back(named(DiagnosisId::PathMissingLastMove));
        break;
      }
    }
  }
  // One move before it mends the path: the first move was dropped (a path rebuilt from the goal
  // and then trimmed of a start entry the list never held). At most one move does: the blank
  // must end where the goal's is.
  for (Move move : kAllMoves) {
    if (start.can_move(move) && reaches(start.moved(move), goal, path)) {
      std::string word = move_name(move);
      word[0] = static_cast<char>(word[0] - 'A' + 'a');  // "up", as the sentence reads
      out.push_back(named(DiagnosisId::PathMissingFirstMove, {{"move", word}}));
      break;
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

std::optional<Diagnosis> goal_reached_instead(const Board& start, const Board& goal,
                                              const std::vector<Move>& path) {
  return goal_reached_instead(start, goal, path, false);
}

std::optional<Diagnosis> goal_reached_instead(const Board& start, const Board& goal,
                                              const std::vector<Move>& path, bool goal_tested) {
  const auto end = apply_moves(start, std::span<const Move>(path));
  if (!end || *end == goal) return std::nullopt;
  if (goal_tested) {
    return named(DiagnosisId::PathEndsOffGoal,
                 {{"board", format_tiles(*end)}, {"goal", format_tiles(goal)}});
  }
  for (auto [layout, where] : {std::pair{GoalLayout::BlankFirst, "first"},
                               std::pair{GoalLayout::BlankLast, "last"}}) {
    if (*end == goal_board(goal.shape, layout)) {
      return named(DiagnosisId::GoalLayout,
                   {{"layout", std::string("blank-") + where}, {"where", where},
                    {"board", format_tiles(*end)}, {"goal", format_tiles(goal)}});
    }
  }
  return named(DiagnosisId::GoalTestOwn,
               {{"board", format_tiles(*end)}, {"goal", format_tiles(goal)}});
}

std::optional<Diagnosis> path_dearer_than_cheapest(const Board& start, const Board& goal,
                                                   const std::vector<Move>& path, CostModel cost,
                                                   std::int64_t cheapest) {
  if (!reaches(start, goal, path)) return std::nullopt;
  const std::int64_t yours = path_cost(start, path, cost);
  if (yours <= cheapest) return std::nullopt;
  Diagnosis diagnosis = named(DiagnosisId::PathDearerThanCheapest, {{"cost", std::to_string(yours)},
                                                            {"cheapest", std::to_string(cheapest)}});
  StepEvidence evidence{StepUnit::PathMove, 0, {}, {}};
  evidence.counts = {{"your path's cost", static_cast<std::uint64_t>(yours)},
                     {"the cheapest path's cost", static_cast<std::uint64_t>(cheapest)}};
  diagnosis.step = std::move(evidence);
  return diagnosis;
}

std::optional<std::vector<Move>> moves_between(const Board& start,
                                               const std::vector<Board>& boards) {
  std::vector<Move> moves;
  Board at = start;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    if (i == 0 && boards[0] == start) continue;
    const auto move = std::find_if(kAllMoves.begin(), kAllMoves.end(), [&](Move m) {
      return at.can_move(m) && at.moved(m) == boards[i];
    });
    if (move == kAllMoves.end()) return std::nullopt;
    moves.push_back(*move);
    at = boards[i];
  }
  return moves;
}

std::string describe_returned_boards(const Board& start, const std::vector<Board>& boards) {
  // As the script's tostring(board) writes it: rows separated by " / ", the blank as 0.
  std::string first;
  for (int cell = 0; cell < boards.at(0).cells(); ++cell) {
    if (cell > 0) first += cell % boards[0].shape.cols == 0 ? " / " : " ";
    first += std::to_string(boards[0].at(cell));
  }
  std::string out = "You returned " + std::to_string(boards.size()) +
                    (boards.size() == 1 ? " board" : " boards") + " (the first: " + first +
                    "), not moves.";
  if (const auto moves = moves_between(start, boards); moves && !moves->empty()) {
    out += " As moves of the blank, your boards read \"" + format_moves(*moves) + "\".";
  }
  return out;
}

}  // namespace tile
