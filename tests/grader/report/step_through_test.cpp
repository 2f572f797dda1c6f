// A step-through's plain text (the view's fallback) and its JSON (what the view's script reads).
#include <doctest/doctest.h>

#include <string>

#include "grader/report/step_through.h"

#include "tests/grader/report/board_3x3.h"

using namespace tile;
using tile::testing::board;

namespace {

StepThrough sample() {
  StepThrough through;
  through.key_name = std::string("f");  // GCC 12 -Wrestrict misfires on assigning "f"
  through.order_words = "lowest f first, then oldest first";
  through.student_expansions = 9;
  through.reference_expansions = 30;
  through.divergence = 14;
  through.focus = 14;
  through.student_frontier_known = true;
  ThroughStep step{14, {}, {}};
  step.student.expanded = StepBoard{board("1 2 5 3 4 8 6 0 7"), 3, 3, 4, 7, Move::Down};
  step.student.frontier = {StepBoard{board("1 2 5 3 4 0 6 7 8"), 0, 0, 3, 3, std::nullopt}};
  step.student.frontier_size = 1;
  step.reference.expanded = StepBoard{board("1 2 0 3 4 5 6 7 8"), 1, 1, 2, 3, Move::Up};
  step.reference.frontier_size = 0;
  through.steps.push_back(step);
  through.student_path = "DL";
  through.reference_path = "ULL";
  through.path_leaves_at = 1;
  return through;
}

}  // namespace

TEST_CASE("the text says each side's board, its facts and the frontier, and what is left out") {
  const std::string text = step_through_text(sample());
  CHECK(text.find("Expansions 1 to 13 are the same in your run and the reference's.") !=
        std::string::npos);
  CHECK(text.find("Step 14 (the first that differs): you expanded 1 2 5 / 3 4 8 / 6 . 7, moved "
                  "Down, 3 moves in, h 4, f 7.\n") != std::string::npos);
  CHECK(text.find("Step 14: the reference expanded 1 2 . / 3 4 5 / 6 7 8, moved Up, 1 move in, "
                  "h 2, f 3.\n") != std::string::npos);
  CHECK(text.find("Step 14: your frontier, the first 1 of 1: 1 2 5 / 3 4 . / 6 7 8, 0 moves in, "
                  "h 3, f 3.\n") != std::string::npos);
  CHECK(text.find("Step 14: the reference's frontier was empty.") != std::string::npos);
  CHECK(text.find("Not shown: the steps after 14 (you made 9 expansions, the reference 30).") !=
        std::string::npos);
  CHECK(text.find("Your path leaves the reference's at move 1.") != std::string::npos);
}

TEST_CASE("the JSON holds the same facts in short keys") {
  const nlohmann::json value = step_through_to_json(sample());
  CHECK(value["key"] == "f");
  CHECK(value["divergence"] == 14);
  CHECK(value["focus"] == 14);
  CHECK(value["path"]["leaves"] == 1);
  CHECK(value["path"]["illegal"].is_null());
  const nlohmann::json& step = value["steps"][0];
  CHECK(step["n"] == 14);
  CHECK(step["you"]["x"]["b"] == "1 2 5 3 4 8 6 0 7");
  CHECK(step["you"]["x"]["m"] == "D");
  CHECK(step["you"]["x"]["k"] == 7);
  CHECK(step["you"]["f"].size() == 1);
  CHECK_FALSE(step["you"]["f"][0].contains("m"));  // the start: no move made it
  CHECK(step["ref"]["n"] == 0);
}

TEST_CASE("formats that cannot draw the view say where it is, without a link") {
  CHECK(step_through_note(std::nullopt).empty());
  const std::string note = step_through_note(sample());
  CHECK(note == "\nThe HTML report of this submission steps through your run beside the "
                "reference's, step 14 highlighted.\n");
  CHECK(note.find("http") == std::string::npos);
}

TEST_CASE("the note beside the highlighted step says it is the judge's only when it is") {
  StepThrough through = sample();
  through.focus_is = StepThrough::Focus::JudgeStep;
  CHECK(focus_note(through, "S.") == "At step 14: S.");
  through.focus_is = StepThrough::Focus::Divergence;
  CHECK(focus_note(through, "S.") ==
        "Your run first differs from the reference's at step 14. The diagnosis: S.");
  through.focus_is = StepThrough::Focus::RunEnd;
  CHECK(focus_note(through, "S.") == "The diagnosis: S.");
  through.divergence.reset();
  through.reference_expansions = 9;
  CHECK(focus_note(through, "S.") ==
        "Your 9 expansions are the reference's, in order. The diagnosis: S.");
}

TEST_CASE("the text report's brief says the highlighted step and the frontiers' first entries") {
  StepThrough through = sample();
  ThroughStep& step = through.steps.front();
  for (int i = 0; i < 4; ++i) {
    step.reference.frontier.push_back(
        StepBoard{board("1 2 5 3 4 0 6 7 8"), 2, 2, 3 + i, 5 + i, Move::Left});
  }
  step.reference.frontier_size = 9;
  const std::string brief = step_through_brief(through);
  CHECK(brief ==
        "Step 14, the first that differs (each frontier is taken lowest f first, then oldest "
        "first):\n"
        "  you expanded 1 2 5 / 3 4 8 / 6 . 7, f 7 (g 3 + h 4)\n"
        "  the reference expanded 1 2 . / 3 4 5 / 6 7 8, f 3 (g 1 + h 2)\n"
        "  your frontier then: 1 2 5 / 3 4 . / 6 7 8, f 3 (g 0 + h 3)\n"
        "  the reference's frontier then: 1 2 5 / 3 4 . / 6 7 8, f 5 (g 2 + h 3); "
        "1 2 5 / 3 4 . / 6 7 8, f 6 (g 2 + h 4); 1 2 5 / 3 4 . / 6 7 8, f 7 (g 2 + h 5); "
        "6 more\n");
  // A stack's view has no key: its boards are said with their depth.
  through.key_name.clear();
  through.student_frontier_known = false;
  through.steps.front().reference.expanded = std::nullopt;
  const std::string stack = step_through_brief(through);
  CHECK(stack.find("  you expanded 1 2 5 / 3 4 8 / 6 . 7, depth 3\n") != std::string::npos);
  CHECK(stack.find("  the reference had stopped after 30 expansions\n") != std::string::npos);
  CHECK(stack.find("your frontier") == std::string::npos);
  CHECK(stack.find("the reference's frontier") == std::string::npos);
  through.focus = 99;  // a step the view does not keep
  CHECK(step_through_brief(through).empty());
}
