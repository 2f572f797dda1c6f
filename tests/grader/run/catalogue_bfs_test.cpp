// The catalogue's breadth-first mistakes, each from a Lua submission written as a student would
// from classic-8puzzle's handout: grading names the mistake first, with the catalogue's sentence.
#include "tests/grader/run/catalogue_support.h"

using namespace tile;
using namespace tile::catalogue_testing;

TEST_CASE("BFS testing children for the goal as they are generated: goal-test-on-generate") {
  check_search_mistake(classic(), "bfs", "classic-8puzzle/bfs_goal_on_generate.lua",
                       "goal-test-on-generate");
}

TEST_CASE("BFS walking the children backwards: push-order-reverse") {
  check_search_mistake(classic(), "bfs", "classic-8puzzle/bfs_reverse_children.lua",
                       "push-order-reverse");
}

// On slider-2x3's 360 boards: on the 8-puzzle this stack wanders through most of 181,440 boards
// and runs out of time, which no diagnosis can explain.
TEST_CASE("BFS taking table.remove(t), the newest node: frontier-stack") {
  check_search_mistake(bundled("slider-2x3"), "bfs", "slider-2x3/bfs_with_a_stack.lua",
                       "frontier-stack");
}

TEST_CASE("BFS taking each level's nodes newest first: ties-lifo") {
  check_search_mistake(classic(), "bfs", "classic-8puzzle/bfs_levels_from_the_end.lua",
                       "ties-lifo");
}

TEST_CASE("BFS taking the successors in its own order: action-order-LRUD") {
  check_search_mistake(classic(), "bfs", "classic-8puzzle/bfs_own_move_order.lua",
                       "action-order-LRUD");
}

// Counting mistakes: the sentence's phrases for the two counters are the grader's own, so the
// test reads the catalogue sentence around them and checks that they name two different things.
TEST_CASE("BFS returning another counter: counts-popped and counts-generated") {
  const std::string_view sentence = diagnosis_code("counts-{counter}").sentence;
  for (const ExpectedCode& expected :
       {ExpectedCode{"bfs", "classic-8puzzle/bfs_counts_goal_pop.lua", "counts-popped"},
        ExpectedCode{"bfs", "classic-8puzzle/bfs_counts_children.lua", "counts-generated"}}) {
    CAPTURE(expected.script);
    const auto tests = graded(classic(), expected.task, expected.script);
    for (const TestResult* test : failures(tests)) {
      INFO(test->name << "\n" << test_output_text(*test));
      CHECK(test->diagnosis.code == std::string(expected.code));
      const auto phrases = placeholders_of(sentence, sentence_in(*test));
      REQUIRE(phrases);
      REQUIRE(phrases->size() == 2);
      CHECK((*phrases)[0] != (*phrases)[1]);
    }
  }
}

TEST_CASE("BFS returning #t of a string-keyed table, always 0: wrong-count") {
  const std::string_view sentence = diagnosis_code("wrong-count").sentence;
  const auto tests = graded(classic(), "bfs", "classic-8puzzle/bfs_counts_with_hash_length.lua");
  for (const TestResult* test : failures(tests)) {
    INFO(test->name << "\n" << test_output_text(*test));
    CHECK(test->diagnosis.code == "wrong-count");
    const auto count = placeholders_of(sentence, sentence_in(*test));
    REQUIRE(count);
    CHECK(*count == std::vector<std::string>{"0"});
  }
}
