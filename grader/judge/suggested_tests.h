// Boards that would tell apart the mistakes a search task's tests leave unseen (`tilegrade tests
// --suggest`). First every board within d moves of the goal, by increasing d (breadth-first from
// the goal): the smallest separating boards, and where none is found, a bounded fact worth stating
// ("no difference on every board within 12 moves"), which is not a proof of equivalence. Then, for
// mistakes that only show far from the goal, seeded scrambles longer than that and random boards.
// The order is fixed, so the same seed and limits always suggest the same tests; the clock only
// stops a long search early.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "grader/judge/adequacy.h"

namespace tile {

// What a suggested board must change: any check the task has (path, cost, count, order, budget),
// or the returned path or its cost, for mistakes the instructor wants caught by the path.
enum class SuggestBy { AnyCheck, Path };

struct SuggestedTest {
  std::string name;       // "detects-goal-test-on-generate", or "start-is-goal"
  Board start;
  std::string origin;     // "3 moves from the goal (board 5 of 9 at that distance)": how found
  std::vector<std::string> detects;  // the variants' names it tells apart
};

struct Suggestions {
  std::vector<SuggestedTest> tests;
  std::vector<std::string> still_undetected;  // names no board tried could tell apart
  std::size_t boards_tried = 0;
  // Every board within `every_board_depth` moves of the goal (`every_board_count` of them, the
  // goal included) was tried for each mistake in still_undetected, and none told it apart.
  int every_board_depth = 0;
  std::size_t every_board_count = 1;
  bool whole_space = false;  // the boards within that depth are all the boards that reach the goal
  bool out_of_time = false;  // stopped at max_seconds with what it had found
};

// How far suggest_tests may look, and whom it tells how far it got (after each board: boards
// tried, mistakes still undetected). Four fifths of max_boards go to every board by distance
// (whole distances only), the rest to scrambles and random boards.
struct SuggestLimits {
  std::size_t max_boards = 25'000;
  double max_seconds = 60;
  SuggestBy by = SuggestBy::AnyCheck;
  std::function<void(std::size_t tried, std::size_t left)> progress = {};
};

// The mistakes suggest_tests looks for: by any check, those `adequacy` leaves undetected; by
// path, also those its tests catch only by the count, the order or the budget.
std::vector<const VariantAdequacy*> suggestion_targets(const TaskAdequacy& adequacy, SuggestBy by);

// Boards for suggestion_targets() (and a start-is-goal test when the task has none), the smallest
// first; a board is kept when it tells apart at least one mistake still left and its reference
// search stays within half the students' expansion budget.
Suggestions suggest_tests(const Task& task, const TaskAdequacy& adequacy, std::uint64_t seed,
                          const SuggestLimits& limits);

}  // namespace tile
