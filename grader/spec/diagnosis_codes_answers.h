// The catalogue's rows for what is not a search (grader/spec/diagnosis_codes.h): function tasks'
// answers, heuristics' values, and batch rows that graded nothing. Kept apart from the search
// rows only for size; diagnosis_codes.cpp joins the two into the one table, in this order after
// the search rows, which docs/diagnosis-codes.md follows row by row.
#pragma once

#include <array>

#include "grader/spec/diagnosis_codes.h"

namespace tile::catalogue_rows {

inline constexpr std::array kAnswerCodes = {
    // Function tasks (the warm-up slides and goal test).
    DiagnosisCode{"tile-centred-move", "the slide moved the tile that way, so the blank went the other",
                  "You moved a tile that way; the slide functions move the BLANK (slide_up swaps "
                  "the blank with the tile above it)."},
    DiagnosisCode{"wrong-direction", "the board of another slide",
                  "You moved the blank {yours}, not {wanted}."},
    DiagnosisCode{"allowed-an-impossible-move", "a board where the answer is false",
                  "The blank is on the edge it would move across: return false, as the notebook "
                  "does."},
    DiagnosisCode{"refused-a-possible-move", "false or nil where the move is possible",
                  "This move is possible here: return the board after it."},
    DiagnosisCode{"wrong-board", "a board no slide gives",
                  "Only the blank and the tile it swaps with may change place."},
    // A slide's answers read together (grader/judge/function_patterns.h): every test with the
    // blank on one row or column answered wrongly the same way, two or more cells, none elsewhere.
    DiagnosisCode{"refuses-blank-in-{line}",
                  "the slide returns no board wherever the blank is on that line, though it can "
                  "move, e.g. refuses-blank-in-column-3",
                  "Your {function} returns no board on any of this task's tests where the blank "
                  "is in {where} and can move {direction}: it must return false only when the "
                  "blank is in {edge}."},
    DiagnosisCode{"allows-blank-in-{line}",
                  "the slide returns a board wherever the blank is on the edge it cannot cross, "
                  "e.g. allows-blank-in-column-1",
                  "Your {function} returns a board on every one of this task's tests with the "
                  "blank in {where}, but the blank cannot move {direction} from there: return "
                  "false whenever the blank is in {edge}."},
    DiagnosisCode{"wrong-board-blank-in-{line}",
                  "the slide returns a wrong board wherever the blank is on that line, and only "
                  "there, e.g. wrong-board-blank-in-row-2",
                  "Your {function} returns a wrong board on every one of this task's tests where "
                  "the blank is in {where} and can move {direction}, and for no other: wherever "
                  "the blank is, it must swap with the tile {beside}."},
    DiagnosisCode{"wrong-goal-test", "the goal test answered wrongly",
                  "Your goal test must be true exactly when every tile, the blank included, is "
                  "where the goal has it."},
    // What a wrong goal test tests, when one simple test gives every answer of the task
    // (function_patterns.h): the sentence of a wrong-goal-test, whose code stays.
    DiagnosisCode{"goal-test-blank-only",
                  "true exactly when the blank is in its goal cell, on every test",
                  "Your {function} answered true exactly when the blank is in its goal cell, on "
                  "every one of this task's tests: the tiles must be in their goal places too, "
                  "so compare every cell with the goal."},
    DiagnosisCode{"goal-test-other-layout",
                  "true exactly for the other standard goal (the blank first, or last)",
                  "Your {function} answered true exactly for the goal with the blank {other}, on "
                  "every one of this task's tests; this assignment's goal has the blank "
                  "{where}: compare with the goal you are given."},
    DiagnosisCode{"goal-test-always-{answer}",
                  "the same answer for the goal and for other boards, e.g. goal-test-always-false",
                  "Your {function} answered {answer} on every one of this task's tests, the "
                  "goal and the boards that are not the goal alike: compare every cell with the "
                  "goal."},
    // Heuristic tasks: the failed check says what was seen, drawn.
    DiagnosisCode{"nondeterministic", "the same board got different values", ""},
    DiagnosisCode{"goal-not-zero", "h(goal) is not 0", ""},
    DiagnosisCode{"inadmissible", "h overestimates the true distance of some board", ""},
    DiagnosisCode{"inconsistent", "h drops by more than a move's cost across some move", ""},
    DiagnosisCode{"not-informed", "correct, but expands more than an informedness threshold", ""},
    // Where a heuristic's values come from, read from the values themselves
    // (grader/judge/heuristic_sources.h). Only heuristic-constant-{value} is a test's code; the
    // others give their sentence to the check's code above (inadmissible, nondeterministic,
    // not-informed), which stays what the checks saw.
    DiagnosisCode{"heuristic-constant-{value}",
                  "the heuristic returned the same value on every board it was asked about, "
                  "e.g. heuristic-constant-0",
                  "Your heuristic returned {value} for {every} it was asked about: a "
                  "value that never changes tells A* nothing, so it expands boards as "
                  "uniform-cost search would (level by level, like breadth-first search, when "
                  "every move costs 1). Compute h from the board it is given, for example the "
                  "number of tiles out of their goal place."},
    DiagnosisCode{"heuristic-counts-blank",
                  "every value is the Manhattan distance or the misplaced tiles with the blank "
                  "counted, and the heuristic overestimates",
                  "Your heuristic's value is the {base} with the blank counted as a tile, on "
                  "{every} it was asked about: the blank is not a tile (moving it is the move "
                  "itself), so counting it makes h too high, as on the board drawn above, "
                  "{distance} from the goal, where h = {h}. Leave the blank (0) out."},
    DiagnosisCode{"heuristic-ignores-{tiles}",
                  "h never changed across the observed moves of those tiles, into or out of their "
                  "goal places, e.g. heuristic-ignores-tile-8",
                  "Your heuristic's value never changed when only {which} moved, on {moves} into "
                  "or out of a goal place: it behaves as if it left {which} out, so A* knows less "
                  "than it could and expands more boards. Count every tile except the blank."},
    DiagnosisCode{"heuristic-differs-between-calls",
                  "one board got two different values on two calls",
                  "Your heuristic gave one board two different values on two calls (the check "
                  "above shows both): a heuristic must be a function of the board alone, never "
                  "of a random number or of something kept from an earlier call (a counter, a "
                  "cache). Compute h from the board it is given and nothing else."},
    // A search task's first test called twice in one Lua state ("twice_in_one_state").
    DiagnosisCode{"state-kept-between-calls",
                  "the search, called a second time on the same board in the Lua state its first "
                  "call left, returned another answer (path or count)",
                  "Your {function}, called a second time on the same board in the same Lua "
                  "state, returned {what}: something the first call left in the state changed "
                  "the answer. Create everything your search keeps (its frontier, its table of "
                  "seen states, its counter) inside {function}, so that every call starts from "
                  "nothing."},
    // Batch rows that graded nothing.
    DiagnosisCode{"no-script", "a student folder holds no .lua file", ""},
    DiagnosisCode{"ambiguous-script", "several .lua files and no submission.lua", ""},
    DiagnosisCode{"duplicate-student", "NAME.lua beside a folder NAME/", ""},
    DiagnosisCode{"symlink", "the entry or its script is a symbolic link (never followed)", ""},
    DiagnosisCode{"not-a-regular-file", "the script is a FIFO, a device or a folder", ""},
    DiagnosisCode{"unreadable", "the script could not be read", ""},
    DiagnosisCode{"too-large", "the script is over the size limit and was not read", ""},
    DiagnosisCode{"not-text", "the script holds NUL bytes: not a text file", ""},
    DiagnosisCode{"internal-error", "the grader itself failed on this student", ""},
};

}  // namespace tile::catalogue_rows
