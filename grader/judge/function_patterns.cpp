#include "grader/judge/function_patterns.h"

#include <set>
#include <string>

#include "grader/judge/diagnosis.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

constexpr BoardFunction kSlides[] = {BoardFunction::SlideUp, BoardFunction::SlideDown,
                                     BoardFunction::SlideLeft, BoardFunction::SlideRight};

// How one answer is wrong, as a slide's answer can be.
enum class Wrong {
  None,        // accepted
  Refused,     // no board where the blank can move
  Allowed,     // a board where the blank cannot move
  OtherBoard,  // a board, not the right one
};

Wrong wrong_of(BoardFunction function, const Board& board, const Board& goal,
               const FunctionValue& got) {
  const FunctionValue expected = reference_answer(function, board, goal);
  if (answer_accepted(function, expected, got)) return Wrong::None;
  const bool expected_board = expected.kind == FunctionValue::Kind::Board;
  const bool got_board = got.kind == FunctionValue::Kind::Board;
  if (expected_board && !got_board) return Wrong::Refused;
  if (!expected_board && got_board) return Wrong::Allowed;
  return Wrong::OtherBoard;
}

// Whether the answers of `wrong` could have been `kind` at all: a refusal or another board only
// where the blank can move, a board only where it cannot.
bool at_risk(Wrong kind, BoardFunction function, const Board& board) {
  const bool can_move = board.can_move(*slide_move(function));
  return kind == Wrong::Allowed ? !can_move : can_move;
}

int row_of(const Board& board) { return board.blank / board.shape.cols + 1; }
int column_of(const Board& board) { return board.blank % board.shape.cols + 1; }

// "row 1 (the top edge)", "column 2".
std::string line_words(bool is_row, int index, Shape shape) {
  std::string words = (is_row ? "row " : "column ") + std::to_string(index);
  if (is_row && index == 1) return words + " (the top edge)";
  if (is_row && index == shape.rows) return words + " (the bottom edge)";
  if (!is_row && index == 1) return words + " (the left edge)";
  if (!is_row && index == shape.cols) return words + " (the right edge)";
  return words;
}

// The line of the board a slide cannot cross, in the same words.
std::string edge_words(Move move, Shape shape) {
  switch (move) {
    case Move::Up: return line_words(true, 1, shape);
    case Move::Down: return line_words(true, shape.rows, shape);
    case Move::Left: return line_words(false, 1, shape);
    case Move::Right: return line_words(false, shape.cols, shape);
  }
  return "";
}

std::string direction_word(Move move) {
  switch (move) {
    case Move::Up: return "up";
    case Move::Down: return "down";
    case Move::Left: return "left";
    case Move::Right: return "right";
  }
  return "";
}

std::string beside_words(Move move) {
  switch (move) {
    case Move::Up: return "above";
    case Move::Down: return "below";
    case Move::Left: return "to its left";
    case Move::Right: return "to its right";
  }
  return "";
}

struct LinePattern {
  bool is_row = true;
  int index = 1;
  std::vector<std::size_t> answers;  // the wrong answers on the line, in test order
};

// The one line of the blank's (row or column) that holds every answer wrong in `kind`, where every
// answer that could be wrong that way is: two or more answers, on two or more cells. A row and a
// column meet in one cell, so at most one line qualifies.
std::optional<LinePattern> line_of(Wrong kind, BoardFunction function,
                                   std::span<const AnswerOnBoard> answers,
                                   const std::vector<Wrong>& wrongs) {
  std::vector<std::size_t> wrong;
  std::set<int> cells;
  for (std::size_t i = 0; i < answers.size(); ++i) {
    if (wrongs[i] != kind) continue;
    wrong.push_back(i);
    cells.insert(answers[i].test->start.blank);
  }
  if (wrong.size() < 2 || cells.size() < 2) return std::nullopt;
  for (const bool is_row : {true, false}) {
    auto index_of = [&](std::size_t i) {
      const Board& board = answers[i].test->start;
      return is_row ? row_of(board) : column_of(board);
    };
    const int index = index_of(wrong.front());
    bool holds = true;
    for (std::size_t i = 0; i < answers.size() && holds; ++i) {
      const bool on_line = index_of(i) == index;
      const bool is_wrong = wrongs[i] == kind;
      if (is_wrong && !on_line) holds = false;
      if (on_line && !is_wrong && at_risk(kind, function, answers[i].test->start)) holds = false;
    }
    if (holds) return LinePattern{is_row, index, wrong};
  }
  return std::nullopt;
}

Diagnosis pattern_diagnosis(Wrong kind, BoardFunction function, std::string_view function_name,
                            const LinePattern& line, Shape shape) {
  const Move move = *slide_move(function);
  const std::string line_code =
      (line.is_row ? "row-" : "column-") + std::to_string(line.index);
  // No count of the boards: a student's copy shows only the visible ones of those read here.
  const Placeholders values = {{"line", line_code},
                               {"function", std::string(function_name)},
                               {"where", line_words(line.is_row, line.index, shape)},
                               {"direction", direction_word(move)},
                               {"edge", edge_words(move, shape)},
                               {"beside", beside_words(move)}};
  switch (kind) {
    case Wrong::Refused: return named(DiagnosisId::RefusesBlankIn, values);
    case Wrong::Allowed: return named(DiagnosisId::AllowsBlankIn, values);
    default: return named(DiagnosisId::WrongBoardBlankIn, values);
  }
}

// The slide whose answer is the student's on every test, the accepted ones included; nullopt
// when none. A refusal is every slide's answer at some edge, so at least one wrong answer must be
// a board that slide gives: a refusal alone is no evidence of which function was written.
std::optional<BoardFunction> reproducing_slide(BoardFunction function, const Board& goal,
                                               std::span<const AnswerOnBoard> answers,
                                               const std::vector<Wrong>& wrongs) {
  bool wrong_board = false;
  for (std::size_t i = 0; i < answers.size(); ++i) {
    wrong_board = wrong_board || (wrongs[i] != Wrong::None &&
                                  answers[i].got.kind == FunctionValue::Kind::Board);
  }
  if (!wrong_board) return std::nullopt;
  for (const BoardFunction other : kSlides) {
    if (other == function) continue;
    bool every = true;
    for (const AnswerOnBoard& answer : answers) {
      const FunctionValue theirs = reference_answer(other, answer.test->start, goal);
      if (!answer_accepted(other, theirs, answer.got)) {
        every = false;
        break;
      }
    }
    if (every) return other;
  }
  return std::nullopt;
}

// The name of another slide's answer: the tile moved, or the blank moved another way.
Diagnosis slide_named(BoardFunction function, BoardFunction other) {
  const Move wanted = *slide_move(function);
  const Move theirs = *slide_move(other);
  if (reverse_move(theirs) == wanted) return named(DiagnosisId::TileCentredMove);
  return named(DiagnosisId::WrongDirection, {{"yours", std::string(move_name(theirs))},
                                   {"wanted", std::string(move_name(wanted))}});
}

// The plain fact of one wrong answer: a board another slide gives is that slide's; a refusal or
// a board where none is possible, said as such (never named as another slide from its kind alone).
Diagnosis fact_of(Wrong kind, BoardFunction function, const Board& board, const Board& goal,
                  const FunctionValue& got) {
  if (kind == Wrong::Refused) return named(DiagnosisId::RefusedAPossibleMove);
  if (kind == Wrong::Allowed) return named(DiagnosisId::AllowedAnImpossibleMove);
  for (const BoardFunction other : kSlides) {
    if (other != function && reference_answer(other, board, goal) == got) {
      return slide_named(function, other);
    }
  }
  return named(DiagnosisId::WrongBoard);
}

// What a wrong goal test tests, when one simple test gives the answer of every test of the task:
// only the blank's cell, the other standard goal, or always the same answer (on tests with the
// goal and boards that are not). Nullopt when none does, or every answer is right.
std::optional<Diagnosis> goal_test_reading(std::string_view function_name, const Board& goal,
                                           std::span<const AnswerOnBoard> answers) {
  bool any_goal = false, any_other = false, any_wrong = false;
  for (const AnswerOnBoard& answer : answers) {
    const bool is_goal = answer.test->start == goal;
    any_goal = any_goal || is_goal;
    any_other = any_other || !is_goal;
    any_wrong = any_wrong || (answer.got.kind == FunctionValue::Kind::True) != is_goal;
  }
  if (!any_wrong) return std::nullopt;
  auto every = [&](auto says_true) {
    for (const AnswerOnBoard& answer : answers) {
      if ((answer.got.kind == FunctionValue::Kind::True) != says_true(answer.test->start)) {
        return false;
      }
    }
    return true;
  };
  // No count of the tests: a student's copy shows only the visible ones of those read here.
  // Each simple test that gives every answer is a reading; one is named only when it is the
  // only one (issue 47: false on a goal and on one other board is "always false" as much as
  // "true exactly for the other goal", and naming either says more than the answers show).
  const Placeholders values = {{"function", std::string(function_name)}};
  std::vector<Diagnosis> readings;
  if (every([&](const Board& board) { return board.blank == goal.blank; })) {
    readings.push_back(named(DiagnosisId::GoalTestBlankOnly, values));
  }
  const bool blank_last = goal == goal_board(goal.shape, GoalLayout::BlankLast);
  const bool blank_first = goal == goal_board(goal.shape, GoalLayout::BlankFirst);
  if (blank_last || blank_first) {
    const Board other =
        goal_board(goal.shape, blank_last ? GoalLayout::BlankFirst : GoalLayout::BlankLast);
    if (every([&](const Board& board) { return board == other; })) {
      Placeholders with = values;
      with.push_back({"where", blank_last ? "last" : "first"});
      with.push_back({"other", blank_last ? "first" : "last"});
      readings.push_back(named(DiagnosisId::GoalTestOtherLayout, with));
    }
  }
  if (any_goal && any_other) {
    for (const bool answer : {true, false}) {
      if (every([&](const Board&) { return answer; })) {
        Placeholders with = values;
        with.push_back({"answer", answer ? "true" : "false"});
        readings.push_back(named(DiagnosisId::GoalTestAlways, with));
      }
    }
  }
  if (readings.size() == 1) return readings.front();
  return std::nullopt;
}

}  // namespace

std::vector<std::optional<FunctionFinding>> diagnose_function_task(
    BoardFunction function, std::string_view function_name, const Board& goal,
    std::span<const AnswerOnBoard> answers) {
  std::vector<std::optional<FunctionFinding>> out(answers.size());
  if (function == BoardFunction::IsGoal) {
    // The code stays wrong-goal-test; a goal test that gives every answer says what it tests.
    Diagnosis diagnosis = named(DiagnosisId::WrongGoalTest);
    if (const auto said = goal_test_reading(function_name, goal, answers)) {
      diagnosis.explanation = said->explanation;
    }
    for (std::size_t i = 0; i < answers.size(); ++i) {
      const FunctionValue expected = reference_answer(function, answers[i].test->start, goal);
      if (!answer_accepted(function, expected, answers[i].got)) {
        out[i] = FunctionFinding{diagnosis, {answers[i]}};
      }
    }
    return out;
  }
  std::vector<Wrong> wrongs;
  for (const AnswerOnBoard& answer : answers) {
    wrongs.push_back(wrong_of(function, answer.test->start, goal, answer.got));
  }
  if (const auto other = reproducing_slide(function, goal, answers, wrongs)) {
    for (std::size_t i = 0; i < answers.size(); ++i) {
      if (wrongs[i] == Wrong::None) continue;
      // Every answer shows it, the accepted ones too: this one first, then the others.
      std::vector<AnswerOnBoard> all = {answers[i]};
      for (std::size_t j = 0; j < answers.size(); ++j) {
        if (j != i) all.push_back(answers[j]);
      }
      out[i] = FunctionFinding{slide_named(function, *other), std::move(all)};
    }
    return out;
  }
  for (const Wrong kind : {Wrong::Refused, Wrong::Allowed, Wrong::OtherBoard}) {
    const auto line = line_of(kind, function, answers, wrongs);
    if (!line) continue;
    for (const std::size_t i : line->answers) {
      std::vector<AnswerOnBoard> shown = {answers[i]};
      for (const std::size_t j : line->answers) {
        if (j != i) shown.push_back(answers[j]);
      }
      out[i] = FunctionFinding{
          pattern_diagnosis(kind, function, function_name, *line, answers[i].test->start.shape),
          shown};
    }
  }
  for (std::size_t i = 0; i < answers.size(); ++i) {
    if (wrongs[i] == Wrong::None || out[i]) continue;
    out[i] = FunctionFinding{
        fact_of(wrongs[i], function, answers[i].test->start, goal, answers[i].got),
        {answers[i]}};
  }
  return out;
}

}  // namespace tile
