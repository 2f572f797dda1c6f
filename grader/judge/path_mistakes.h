// Mistakes read from a returned path itself, whatever the search did: the path reversed, moves
// named after the tile instead of the blank, the last move missing, a move too many. These are
// not search semantics (the expansions may all be right), so they are not engine variants: each is
// a transformation of the student's path that turns it into a path to the goal.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/semantics.h"
#include "grader/judge/mistake_catalogue.h"

namespace tile {

// Every mistake whose transformation mends the path, the most specific first; empty for a path
// that leads from start to goal, or that no transformation mends. A one-move path turned round is
// both tile-centred and reversed-tile-centred: the other tests of the task tell which it is.
std::vector<Diagnosis> path_mistakes(const Board& start, const Board& goal,
                                     const std::vector<Move>& path);

// The first of path_mistakes; nullopt when there is none.
std::optional<Diagnosis> diagnose_path(const Board& start, const Board& goal,
                                       const std::vector<Move>& path);

// A legal path that ends at another board than the goal: the goal the student's search really
// stopped at. "goal-layout-{layout}" when that board is the other standard goal (blank first where
// the assignment's blank is last), else "goal-test-own" (a goal test of the student's own).
// Those two blame the goal test, which the run may refute: where `goal_tested` (the run called
// problem:is_goal, so its goal test is the problem's own, or its record is cut and cannot show
// that it did not), only the fact is said ("path-ends-off-goal"; a path rebuilt or copied wrongly
// ends there as well as a search that returned early).
// Nullopt for an illegal path or one that reaches the goal.
std::optional<Diagnosis> goal_reached_instead(const Board& start, const Board& goal,
                                              const std::vector<Move>& path, bool goal_tested);
std::optional<Diagnosis> goal_reached_instead(const Board& start, const Board& goal,
                                              const std::vector<Move>& path);

// "path-dearer-than-cheapest": a legal path to the goal that costs more than `cheapest`, the
// cheapest path's cost the engine computed, with both costs as evidence; a fact of the path, no
// cause claimed. Nullopt for an illegal path, one that misses the goal, or a cheapest one.
std::optional<Diagnosis> path_dearer_than_cheapest(const Board& start, const Board& goal,
                                                   const std::vector<Move>& path, CostModel cost,
                                                   std::int64_t cheapest);

// A path returned as boards (path-of-boards): the moves of the blank from each board to the next,
// starting at `start` (listed first or left out); nullopt when some board is not one move from
// the one before it.
std::optional<std::vector<Move>> moves_between(const Board& start,
                                               const std::vector<Board>& boards);

// What a student reads about a path returned as boards: how many, the first as tostring() shows
// it, and the moves they amount to when they are one move apart.
std::string describe_returned_boards(const Board& start, const std::vector<Board>& boards);

}  // namespace tile
