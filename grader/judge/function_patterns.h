// A slide task's answers read together (issue 33: "a function task wrong only on one edge, row or
// column of the board"). One wrong answer alone says little: a slide_left that returns false with
// the blank in column 3 gives the same answer as slide_right there, but that does not make it a
// slide that moves the tile. Read across every test of the task, the answers show what the
// student's function does:
//   - another slide's function entirely (the tile moved, not the blank; another direction), named
//     only when it reproduces the answer of every test, the accepted ones included;
//   - a mistake confined to one row or column of the blank: every test with the blank there (two
//     or more, on two or more cells) answered wrongly in the same way, and no test elsewhere;
//   - otherwise the plain fact of each wrong answer.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "grader/judge/mistake_catalogue.h"
#include "grader/spec/assignment.h"
#include "grader/spec/board_function.h"

namespace tile {

// One test of a function task and what the student's function returned for its board.
struct AnswerOnBoard {
  const TestCase* test = nullptr;
  FunctionValue got;
};

// What a wrong answer is named, and the task's answers that show it, the answer itself first: a
// report draws the visible ones beside it.
struct FunctionFinding {
  Diagnosis diagnosis;
  std::vector<AnswerOnBoard> shown_by;
};

// The finding for every answer (nullopt for an accepted one) of one task, read together.
// `function_name` is the script's ("slide_left"), for the sentences. For is-goal every wrong
// answer is wrong-goal-test, as before. Rows and columns count from 1, as the student's
// board:row() and board:col() do.
std::vector<std::optional<FunctionFinding>> diagnose_function_task(
    BoardFunction function, std::string_view function_name, const Board& goal,
    std::span<const AnswerOnBoard> answers);

}  // namespace tile
