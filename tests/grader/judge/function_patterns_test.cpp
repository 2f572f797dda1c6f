// A slide task's answers read together: a variant is named only when it gives every answer, a
// mistake on one row or column of the blank is named as such, and a refusal alone is never named
// as another slide.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>

#include "grader/judge/function_patterns.h"
#include "tests/grader/spec/function_values.h"

using namespace tile;
using namespace tile::test_values;

namespace {

// sliding-tile-practice's nine boards, the blank in each cell in turn.
const char* const kBoards[] = {"0 1 2 3 4 5 6 7 8", "2 0 3 1 4 6 7 5 8", "1 2 0 4 5 3 7 8 6",
                               "1 2 3 0 4 6 7 5 8", "1 2 3 4 0 5 7 8 6", "1 2 3 4 5 0 7 8 6",
                               "1 2 3 7 4 6 0 5 8", "1 2 3 4 5 6 7 0 8", "1 2 3 4 5 6 7 8 0"};

using Student = std::function<FunctionValue(const Board&)>;

FunctionValue slid(const Board& board, Move move) {
  FunctionValue value;
  value.kind = FunctionValue::Kind::Board;
  value.board = board.moved(move);
  return value;
}

const FunctionValue kFalse = plain(FunctionValue::Kind::False);

// The blank swapped with the tile in `cell`, adjacent or not.
FunctionValue swapped_with(const Board& board, int cell) {
  FunctionValue value;
  value.kind = FunctionValue::Kind::Board;
  value.board = board;
  std::swap(value.board.tiles[board.blank], value.board.tiles[static_cast<std::size_t>(cell)]);
  value.board.blank = static_cast<std::uint8_t>(cell);
  return value;
}

struct Graded {
  std::vector<TestCase> tests;
  std::vector<std::optional<FunctionFinding>> findings;
  // The code named for the board with the blank in `cell` (0-based), "" when accepted.
  std::string code_at(int cell) const {
    for (std::size_t i = 0; i < tests.size(); ++i) {
      if (tests[i].start.blank == cell) return findings[i] ? findings[i]->diagnosis.code : "";
    }
    return "?";
  }
};

Graded grade(BoardFunction function, const Student& student, std::vector<int> cells = {}) {
  Graded out;
  for (const char* tiles : kBoards) {
    TestCase test;
    test.start = board(tiles);
    test.name = tiles;
    if (!cells.empty() && std::find(cells.begin(), cells.end(), test.start.blank) == cells.end()) {
      continue;
    }
    out.tests.push_back(test);
  }
  std::vector<AnswerOnBoard> answers;
  for (const TestCase& test : out.tests) answers.push_back({&test, student(test.start)});
  out.findings = diagnose_function_task(function, "slide_x", kGoal, answers);
  return out;
}

}  // namespace

TEST_CASE("slide_left refusing in column 3 is named by its column, never as moving the tile") {
  // The edge test of slide_right, in slide_left: the blank moves left, but never from column 3.
  const Student student = [](const Board& b) {
    return b.blank % 3 == 0 || b.blank % 3 == 2 ? kFalse : slid(b, Move::Left);
  };
  const Graded graded = grade(BoardFunction::SlideLeft, student);
  for (const int cell : {2, 5, 8}) {
    CAPTURE(cell);
    CHECK(graded.code_at(cell) == "refuses-blank-in-column-3");
  }
  for (const int cell : {0, 1, 3, 4, 6, 7}) CHECK(graded.code_at(cell).empty());
  const auto& finding = *graded.findings[2];
  CHECK(finding.diagnosis.explanation ==
        "Your slide_x returns no board on any of this task's tests where the blank is in "
        "column 3 (the right edge) and can move left: it must return false only when the blank "
        "is in column 1 (the left edge).");
  CHECK(finding.shown_by.size() == 3);
  CHECK(finding.shown_by[0].test == &graded.tests[2]);
}

TEST_CASE("one refusal read alone is a refusal, whichever slide also refuses there") {
  const Student student = [](const Board& b) {
    return b.blank % 3 == 0 || b.blank % 3 == 2 ? kFalse : slid(b, Move::Left);
  };
  // Only the top-right board: slide_right refuses there too, but that is no evidence.
  CHECK(grade(BoardFunction::SlideLeft, student, {2}).code_at(2) == "refused-a-possible-move");
  // Two boards of column 3: a line needs every board of it that could show it; here all do.
  CHECK(grade(BoardFunction::SlideLeft, student, {2, 5}).code_at(5) ==
        "refuses-blank-in-column-3");
  // Column 3 with a board of column 3 answered rightly breaks the line: each is its own fact.
  const Student two_of_three = [](const Board& b) {
    return b.blank == 2 || b.blank == 5 || b.blank % 3 == 0 ? kFalse : slid(b, Move::Left);
  };
  const Graded partial = grade(BoardFunction::SlideLeft, two_of_three);
  CHECK(partial.code_at(2) == "refused-a-possible-move");
  CHECK(partial.code_at(8).empty());
}

TEST_CASE("a slide that moves the tile is named only when it gives every answer") {
  const Student tile_centred = [](const Board& b) {
    return b.can_move(Move::Up) ? slid(b, Move::Up) : kFalse;
  };
  const Graded graded = grade(BoardFunction::SlideDown, tile_centred);
  int named = 0;
  for (const auto& finding : graded.findings) {
    if (!finding) continue;
    CHECK(finding->diagnosis.code == "tile-centred-move");
    ++named;
  }
  CHECK(named == 9);  // every board: the blank moves up where it should move down, or refuses
  // The same slide but for one board answered rightly: no longer the other slide's function.
  // Its refusals fill row 1 and its boards row 3, each a line of its own; in row 2, where it
  // gives boards the blank can reach, each is the opposite slide's board, a fact of its own.
  const Student mostly = [&](const Board& b) {
    return b.blank == 4 ? slid(b, Move::Down) : tile_centred(b);
  };
  const Graded broken = grade(BoardFunction::SlideDown, mostly);
  CHECK(broken.code_at(0) == "refuses-blank-in-row-1");
  CHECK(broken.code_at(3) == "tile-centred-move");
  CHECK(broken.code_at(4).empty());
  CHECK(broken.code_at(7) == "allows-blank-in-row-3");
  // Read alone, a refusal is only a refusal.
  CHECK(grade(BoardFunction::SlideDown, mostly, {0}).code_at(0) == "refused-a-possible-move");
}

TEST_CASE("a wrong board on one row only is named by its row") {
  // slide_down that swaps with the cell two further on in row 1: a board no slide gives.
  const Student student = [](const Board& b) -> FunctionValue {
    if (!b.can_move(Move::Down)) return kFalse;
    return b.blank >= 3 ? slid(b, Move::Down) : swapped_with(b, b.blank + 2);
  };
  const Graded graded = grade(BoardFunction::SlideDown, student);
  for (const int cell : {0, 1, 2}) CHECK(graded.code_at(cell) == "wrong-board-blank-in-row-1");
  CHECK(graded.findings[0]->diagnosis.explanation.find("swap with the tile below") !=
        std::string::npos);
  for (const int cell : {3, 4, 5, 6, 7, 8}) CHECK(graded.code_at(cell).empty());
}

TEST_CASE("a slide allowed across its whole edge is named; across part of it, each board") {
  const Student wraps_everywhere = [](const Board& b) -> FunctionValue {
    // From the right edge the blank "wraps" to the next cell (from the last, to the first).
    return swapped_with(b, b.blank % 3 != 2 ? b.blank + 1 : (b.blank + 1) % 9);
  };
  const Graded all = grade(BoardFunction::SlideRight, wraps_everywhere);
  for (const int cell : {2, 5, 8}) CHECK(all.code_at(cell) == "allows-blank-in-column-3");
  // slide_right_wraps: the last cell refused, cells 3 and 6 wrap to the next row.
  const Student wraps = [](const Board& b) -> FunctionValue {
    return b.blank == 8 ? kFalse : swapped_with(b, b.blank + 1);
  };
  const Graded some = grade(BoardFunction::SlideRight, wraps);
  CHECK(some.code_at(2) == "allowed-an-impossible-move");
  CHECK(some.code_at(5) == "allowed-an-impossible-move");
  CHECK(some.code_at(8).empty());
}

TEST_CASE("another slide's whole function names even its refusals; copied with its own edge test, "
          "each answer its fact") {
  const Student right = [](const Board& b) {
    return b.can_move(Move::Right) ? slid(b, Move::Right) : kFalse;
  };
  // slide_right entirely: every answer is its answer, so every wrong one is named by it.
  const Graded graded = grade(BoardFunction::SlideDown, right);
  CHECK(graded.code_at(0) == "wrong-direction");
  CHECK(graded.code_at(2) == "wrong-direction");  // its refusal at the right edge
  CHECK(graded.code_at(6) == "wrong-direction");  // its board where slide_down refuses
  // slide_right's swap under slide_down's edge test (slide_down_copied_from_right.lua): no other
  // slide gives every answer; its boards are slide_right's, each named so, and its wraps wrong.
  const Student copied = [&](const Board& b) -> FunctionValue {
    if (!b.can_move(Move::Down)) return kFalse;
    if (b.can_move(Move::Right)) return slid(b, Move::Right);
    return swapped_with(b, b.blank + 1);  // the "next" cell: the start of the row below
  };
  const Graded copy = grade(BoardFunction::SlideDown, copied);
  CHECK(copy.code_at(0) == "wrong-direction");
  CHECK(copy.code_at(2) == "wrong-board");
  CHECK(copy.code_at(6).empty());
}

TEST_CASE("a goal test keeps its code, and says what it tests only when that gives every answer") {
  std::vector<TestCase> tests(4);
  tests[0].start = kGoal;
  tests[1].start = board("1 2 3 4 5 6 7 0 8");
  tests[2].start = board("0 1 2 3 4 5 6 7 8");
  tests[3].start = board("3 1 2 4 5 6 7 8 0");
  const FunctionValue yes = plain(FunctionValue::Kind::True);
  auto findings_for = [&](std::vector<FunctionValue> got) {
    std::vector<AnswerOnBoard> answers;
    for (std::size_t i = 0; i < tests.size(); ++i) answers.push_back({&tests[i], got[i]});
    return diagnose_function_task(BoardFunction::IsGoal, "check_solved", kGoal, answers);
  };
  // Only the blank's cell compared: true on the goal and on the last board.
  const auto blank_only = findings_for({yes, kFalse, kFalse, yes});
  CHECK_FALSE(blank_only[0]);
  REQUIRE(blank_only[3]);
  CHECK(blank_only[3]->diagnosis.code == "wrong-goal-test");
  CHECK(blank_only[3]->diagnosis.explanation ==
        named_by_key("goal-test-blank-only", {{"function", "check_solved"}}).explanation);
  // The blank-first goal's answers.
  const auto other = findings_for({kFalse, kFalse, yes, kFalse});
  CHECK(other[0]->diagnosis.explanation.find("with the blank first") != std::string::npos);
  // Always false, the goal included.
  const auto never = findings_for({kFalse, kFalse, kFalse, kFalse});
  CHECK(never[0]->diagnosis.explanation.starts_with(
      "Your check_solved answered false on every one of this task's tests"));
  // No simple reading gives every answer: the table's own sentence.
  const auto mixed = findings_for({kFalse, yes, kFalse, kFalse});
  CHECK(mixed[0]->diagnosis.explanation == named_by_key("wrong-goal-test").explanation);
  // Two readings give every answer: false on the goal and on one board that is not the other
  // goal is "always false" as much as "true exactly for the other goal". Neither is said.
  std::vector<TestCase> two(2);
  two[0].start = kGoal;
  two[1].start = board("1 2 3 4 5 6 7 0 8");
  std::vector<AnswerOnBoard> both_false = {{&two[0], kFalse}, {&two[1], kFalse}};
  const auto ambiguous =
      diagnose_function_task(BoardFunction::IsGoal, "check_solved", kGoal, both_false);
  REQUIRE(ambiguous[0]);
  CHECK(ambiguous[0]->diagnosis.code == "wrong-goal-test");
  CHECK(ambiguous[0]->diagnosis.explanation == named_by_key("wrong-goal-test").explanation);
}

TEST_CASE("is-goal answers stay wrong-goal-test") {
  std::vector<TestCase> tests(1);
  tests[0].start = kGoal;
  const AnswerOnBoard answer{&tests[0], kFalse};
  const auto findings =
      diagnose_function_task(BoardFunction::IsGoal, "check_solved", kGoal, {&answer, 1});
  REQUIRE(findings[0]);
  CHECK(findings[0]->diagnosis.code == "wrong-goal-test");
}
