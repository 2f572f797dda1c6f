// Function and heuristic tasks read as a TA reads them (issue 33), from whole Lua submissions in
// tests/grader/run/submissions/forensic/: a slide wrong on one row or column is named by that
// line and never as moving the tile; a heuristic that never changes is named as a constant, not
// as inadmissible; where a heuristic's values come from is said only when they prove it; and
// correct or merely weak submissions are named nothing they are not.
#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

namespace {

const Loaded& practice() { return bundled("sliding-tile-practice"); }
const Loaded& challenge() { return bundled("heuristic-challenge"); }

// Every failing test names `code` with its row's sentence, and at least one test fails.
void every_failure_names(const std::vector<TestResult>& tests, const std::string& code,
                         const std::string& family) {
  REQUIRE_FALSE(failures(tests).empty());
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code == code);
    CHECK(placeholders_of(diagnosis_code(family).sentence, sentence_in(*test)));
  }
}

const TestResult& informedness(const std::vector<TestResult>& tests) {
  for (const TestResult& test : tests) {
    if (test.test == "informedness") return test;
  }
  FAIL("no informedness line");
  throw std::logic_error("unreachable");
}

bool names_a_source(const TestResult& test) {
  return test.diagnosis.code.starts_with("heuristic-") ||
         test.diagnosis.sentence.starts_with("Your heuristic") ||
         !test.diagnosis.heuristic_source.empty();
}

}  // namespace

TEST_CASE("slide_left refusing on both edges is named by column 3, never as moving the tile") {
  const auto tests =
      graded(practice(), "slide_left", "forensic/slide_left_refuses_both_edges.lua");
  every_failure_names(tests, "refuses-blank-in-column-3", "refuses-blank-in-{line}");
  // The other failing visible tests of the column are pointed at.
  const TestResult* first = failures(tests).front();
  CHECK(first->diagnosis.evidence.find("blank-right") != std::string::npos);
  for (const TestResult& test : tests) CHECK(test.diagnosis.code != "tile-centred-move");
}

TEST_CASE("slide_down refusing from the middle row is named by row 2") {
  const auto tests =
      graded(practice(), "slide_down", "forensic/slide_down_refuses_middle_row.lua");
  every_failure_names(tests, "refuses-blank-in-row-2", "refuses-blank-in-{line}");
}

TEST_CASE("the bundled slide mistakes keep their names") {
  const auto tile =
      graded(practice(), "slide_down", "sliding-tile-practice/slides_move_the_tile.lua");
  for (const TestResult* test : failures(tile)) CHECK(test->diagnosis.code == "tile-centred-move");
  const auto wraps =
      graded(practice(), "slide_left", "sliding-tile-practice/slide_left_first_cell_only.lua");
  for (const TestResult* test : failures(wraps)) {
    CHECK(test->diagnosis.code == "allowed-an-impossible-move");
  }
}

TEST_CASE("correct slides and goal test in an unusual style: full marks, no diagnosis") {
  for (const char* task :
       {"slide_down", "slide_left", "slide_right", "check_solved", "check_solved_4x4"}) {
    CAPTURE(task);
    for (const TestResult& test : graded(practice(), task, "forensic/slides_by_offsets.lua")) {
      INFO(test.name << "\n" << test_output_text(test));
      CHECK(test.passed);
      CHECK(test.diagnosis.code.empty());
    }
  }
}

TEST_CASE("a heuristic of 0 everywhere is named as a constant, not as inadmissible") {
  const auto tests = graded(challenge(), "3x3", "forensic/heuristic_zero.lua");
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code != "inadmissible");
    if (test->test == "informedness") {
      // No points, and no word of admissibility: the searches stopped.
      for (const std::string& note : test->notes) {
        CHECK(note.find("inadmissible") == std::string::npos);
      }
      continue;
    }
    CHECK(test->diagnosis.code == "heuristic-constant-0");
    CHECK(test->diagnosis.heuristic_source == "heuristic-constant-0");
    CHECK(placeholders_of(diagnosis_code("heuristic-constant-{value}").sentence,
                          sentence_in(*test)));
  }
}

TEST_CASE("a memo keyed by the board table is named by the constant it returns") {
  const auto tests = graded(challenge(), "3x3", "forensic/heuristic_memo_by_table.lua");
  for (const TestResult* test : failures(tests)) {
    if (test->test == "informedness") continue;
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code.starts_with("heuristic-constant-"));
    CHECK(test->diagnosis.code != "heuristic-constant-0");
  }
}

TEST_CASE("a 0 heuristic that finishes is named on the informedness line") {
  const auto tests =
      graded(bundled("slider-2x3"), "heuristic", "forensic/slider_heuristic_zero.lua");
  for (const TestResult& test : tests) {
    if (test.test != "informedness") CHECK(test.passed);
  }
  const TestResult& line = informedness(tests);
  CHECK_FALSE(line.passed);
  CHECK(line.diagnosis.code == "heuristic-constant-0");
}

TEST_CASE("misplaced tiles, admissible but weak: not-informed, and no source claimed") {
  const auto tests = graded(challenge(), "3x3", "forensic/heuristic_misplaced_while.lua");
  for (const TestResult& test : tests) {
    INFO(test.name << "\n" << test_output_text(test));
    if (test.test != "informedness") {
      CHECK(test.passed);
      continue;
    }
    CHECK(test.diagnosis.code == "not-informed");
    CHECK_FALSE(names_a_source(test));
  }
}

TEST_CASE("Manhattan without the last tile: not-informed, because tile 8 never changes h") {
  const auto tests = graded(challenge(), "3x3", "forensic/heuristic_manhattan_skips_last.lua");
  const TestResult& line = informedness(tests);
  INFO(test_output_text(line));
  CHECK(line.diagnosis.code == "not-informed");
  CHECK(line.diagnosis.heuristic_source == "heuristic-ignores-tile-8");
  const auto values = placeholders_of(diagnosis_code("heuristic-ignores-{tiles}").sentence,
                                      line.diagnosis.sentence);
  REQUIRE(values);
  CHECK(values->front() == "tile 8");
}

TEST_CASE("Manhattan with the blank: inadmissible, because it counts the blank") {
  const auto tests = graded(challenge(), "3x3", "forensic/heuristic_manhattan_with_blank.lua");
  std::size_t said = 0;
  for (const TestResult* test : failures(tests)) {
    if (test->test == "informedness") continue;
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code == "inadmissible");
    // The board shown is the nearest the goal: one move away, where h = 2.
    CHECK(test_output_text(*test).find("h = 2 but the true distance is 1") != std::string::npos);
    // A test one move from the goal asks only about boards whose tiles are at most one move
    // from home, where the Manhattan distance plus one gives the same values: no source there.
    if (test->test == "dfs-example") {
      CHECK(test->diagnosis.heuristic_source.empty());
      continue;
    }
    ++said;
    // The source is a field beside the check's code, and the JSON report carries it.
    CHECK(test->diagnosis.heuristic_source == "heuristic-counts-blank");
    const auto read_back = test_result_from_json(test_result_to_json(*test));
    REQUIRE(read_back);
    CHECK(read_back->diagnosis.heuristic_source == "heuristic-counts-blank");
    const auto values =
        placeholders_of(diagnosis_code("heuristic-counts-blank").sentence, sentence_in(*test));
    REQUIRE(values);
    CHECK(values->front() == "Manhattan distance");
  }
  CHECK(said > 0);
}

TEST_CASE("an inadmissible heuristic whose values show no source has no source field") {
  // The neighbour of the blank counted: Manhattan plus one overestimates, but its values are no
  // count with the blank in it, nor constant, nor different between calls.
  const auto tests =
      graded(challenge(), "3x3", "forensic_set/heuristic-challenge/3x3_manhattan_plus_one.lua");
  bool inadmissible = false;
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    inadmissible = inadmissible || test->diagnosis.code == "inadmissible";
    CHECK(test->diagnosis.heuristic_source.empty());
  }
  CHECK(inadmissible);
}
