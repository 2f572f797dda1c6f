// The catalogue's function-task and heuristic codes, each from a Lua submission written from
// sliding-tile-practice's and heuristic-challenge's handouts. A function task's tests are boards,
// and one wrong function can be wrong in several ways on different boards: the first failing
// board names the mistake the submission was written with.
#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

namespace {

void check_first_named(const std::string& task, const std::string& script,
                       const std::string& code, const Placeholders& values = {}) {
  CAPTURE(script);
  const auto tests = graded(bundled("sliding-tile-practice"), task, script);
  const auto failed = failures(tests);
  INFO(failed.front()->name << "\n" << test_output_text(*failed.front()));
  CHECK(failed.front()->diagnosis.code == code);
  CHECK(sentence_in(*failed.front()) == named_by_key(code, values).explanation);
}

}  // namespace

TEST_CASE("slides that move the tile, not the blank: tile-centred-move") {
  check_first_named("slide_down", "sliding-tile-practice/slides_move_the_tile.lua",
                    "tile-centred-move");
}

TEST_CASE("slide_down copied from slide_right: wrong-direction") {
  check_first_named("slide_down", "sliding-tile-practice/slide_down_copied_from_right.lua",
                    "wrong-direction", {{"yours", "Right"}, {"wanted", "Down"}});
}

TEST_CASE("slide_left refusing cell 1 only: allowed-an-impossible-move") {
  check_first_named("slide_left", "sliding-tile-practice/slide_left_first_cell_only.lua",
                    "allowed-an-impossible-move");
}

// A mistake confined to one row or column of the blank is named by that line, read from all of
// the task's tests (function_patterns.h); the words filled in are checked against the table's.
void check_line_named(const std::string& task, const std::string& script, const std::string& code,
                      const std::string& family) {
  CAPTURE(script);
  const auto tests = graded(bundled("sliding-tile-practice"), task, script);
  for (const TestResult* failed : failures(tests)) {
    INFO(failed->name << "\n" << test_output_text(*failed));
    CHECK(failed->diagnosis.code == code);
    CHECK(placeholders_of(diagnosis_code(family).sentence, sentence_in(*failed)));
  }
}

TEST_CASE("slide_down stopping a row early: refuses-blank-in-row-2") {
  check_line_named("slide_down", "sliding-tile-practice/slide_down_zero_based_rows.lua",
                   "refuses-blank-in-row-2", "refuses-blank-in-{line}");
}

TEST_CASE("slide_right sliding the blank to the edge: wrong only from column 1") {
  // From column 2 the blank goes one cell, as it should; from column 1 it goes two.
  check_line_named("slide_right", "sliding-tile-practice/slide_right_all_the_way.lua",
                   "wrong-board-blank-in-column-1", "wrong-board-blank-in-{line}");
}

TEST_CASE("check_solved comparing with the blank-first goal: wrong-goal-test, saying so") {
  const auto tests = graded(bundled("sliding-tile-practice"), "check_solved",
                            "sliding-tile-practice/check_solved_blank_first.lua");
  const auto failed = failures(tests);
  INFO(failed.front()->name << "\n" << test_output_text(*failed.front()));
  CHECK(failed.front()->diagnosis.code == "wrong-goal-test");
  // Its answers are the blank-first goal's on all of the task's tests (4 visible, 2 hidden).
  const std::string sentence = sentence_in(*failed.front());
  CHECK(sentence == named_by_key("goal-test-other-layout",
                          {{"function", "check_solved"}, {"where", "last"}, {"other", "first"}})
                        .explanation);
  // The student's copy shows the 4 visible tests only: the sentence counts none, so it says the
  // same there and reveals no hidden test.
  GradeOptions visible;
  visible.only_task = "check_solved";
  visible.visible_only = true;
  const Loaded& practice = bundled("sliding-tile-practice");
  const GradeReport copy =
      grade_submission(practice,
                       submission("sliding-tile-practice/check_solved_blank_first.lua"), visible);
  bool said = false;
  for (const TestResult& test : copy.tests) said = said || sentence_in(test) == sentence;
  CHECK(said);
  CHECK(sentence.find('6') == std::string::npos);
}

// Heuristic codes have no sentence of their own (the failed check already draws the
// counterexample): each failing test must name the code.
TEST_CASE("heuristics: nondeterministic, goal-not-zero, inadmissible, inconsistent") {
  for (const ExpectedCode& expected :
       {ExpectedCode{"3x3", "heuristic-challenge/random_tie_breaker.lua", "nondeterministic"},
        ExpectedCode{"3x3", "heuristic-challenge/at_least_one_move.lua", "goal-not-zero"},
        ExpectedCode{"3x3", "heuristic-challenge/manhattan_plus_misplaced.lua", "inadmissible"},
        ExpectedCode{"3x3", "heuristic-challenge/cheap_when_blank_home.lua", "inconsistent"}}) {
    CAPTURE(expected.script);
    CHECK(diagnosis_code(expected.code).sentence.empty());
    const auto tests = graded(bundled("heuristic-challenge"), expected.task, expected.script);
    for (const TestResult* test : failures(tests)) {
      INFO(test->name << "\n" << test_output_text(*test));
      // Informedness is measured over every test and pays nothing to an incorrect heuristic.
      if (test->name == "3x3: informedness") continue;
      CHECK(test->diagnosis.code == std::string(expected.code));
    }
  }
}
