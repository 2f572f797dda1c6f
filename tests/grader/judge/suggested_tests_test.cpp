#include <doctest/doctest.h>

#include <algorithm>

#include "grader/judge/suggested_tests.h"

using namespace tile;

namespace {

// A BFS task whose one test starts at the goal: most mistakes are left for suggest_tests.
struct ThinTask {
  Task task;
  TaskAdequacy adequacy;
  explicit ThinTask(Shape shape) {
    task.name = "bfs";
    task.kind = TaskKind::Search;
    task.algorithm = Algorithm::Bfs;
    task.goal = goal_board(shape, GoalLayout::BlankLast);
    task.semantics = resolve(Semantics{}, Algorithm::Bfs);
    task.limits.search.max_expansions = 20'000;
    task.limits.engine_nodes = 200'000;
    task.tests.push_back({"start-is-goal", task.goal, Visibility::Visible});
    expectation = compute_expectation(task, task.tests.front()).value();
    adequacy = task_adequacy(task, {&expectation});
  }
  Expectation expectation;
};

int distance_of(const std::string& origin) { return std::stoi(origin); }

}  // namespace

TEST_CASE("suggested boards: every board by distance, nearest first, and how far it looked") {
  ThinTask thin({3, 3});
  REQUIRE(thin.adequacy.count(Detection::Undetected) > 0);
  const Suggestions found = suggest_tests(thin.task, thin.adequacy, 1, {2'000, 600});
  REQUIRE_FALSE(found.tests.empty());
  int last = 0;
  for (const SuggestedTest& test : found.tests) {
    INFO(test.origin);
    if (!test.origin.ends_with("at that distance)")) continue;  // a farther board, after them
    CHECK(distance_of(test.origin) >= last);
    last = distance_of(test.origin);
  }
  // Every mistake found near the goal: the search stopped there, with nothing left.
  CHECK(found.every_board_depth >= 1);
  CHECK(found.still_undetected.empty());
  CHECK(found.boards_tried < 2'000);
  // The same limits, the same suggestions.
  const Suggestions again = suggest_tests(thin.task, thin.adequacy, 1, {2'000, 600});
  REQUIRE(again.tests.size() == found.tests.size());
  for (std::size_t i = 0; i < found.tests.size(); ++i) {
    CHECK(again.tests[i].start == found.tests[i].start);
  }
}

TEST_CASE("suggested boards: on a 2x3 board every board is tried") {
  ThinTask thin({2, 3});
  // By path, a counter's mistake is looked for and never found: every board is tried.
  SuggestLimits limits{2'000, 600};
  limits.by = SuggestBy::Path;
  const Suggestions found = suggest_tests(thin.task, thin.adequacy, 1, limits);
  CHECK(found.whole_space);
  CHECK(found.every_board_count == 360);
}

TEST_CASE("suggested boards by path: only boards where the path or its cost changes") {
  ThinTask thin({3, 3});
  SuggestLimits limits{1'000, 600};
  limits.by = SuggestBy::Path;
  const auto targets = suggestion_targets(thin.adequacy, SuggestBy::Path);
  CHECK(targets.size() >= suggestion_targets(thin.adequacy, SuggestBy::AnyCheck).size());
  const Suggestions found = suggest_tests(thin.task, thin.adequacy, 1, limits);
  REQUIRE_FALSE(found.tests.empty());
  for (const SuggestedTest& test : found.tests) {
    if (test.detects.empty()) continue;  // start-is-goal
    const TestCase board{"suggested", test.start, Visibility::AfterDueDate};
    const Expectation reference = compute_expectation(thin.task, board).value();
    for (const std::string& name : test.detects) {
      const auto one = std::find_if(targets.begin(), targets.end(),
                                    [&](const VariantAdequacy* v) { return v->name == name; });
      REQUIRE(one != targets.end());
      const auto differ = differences(thin.task, (*one)->variant, test.start, reference, nullptr);
      INFO(name, " on ", format_tiles(test.start));
      CHECK(std::any_of(differ.begin(), differ.end(),
                        [](const std::string& d) { return d == "path" || d == "cost"; }));
    }
  }
  // Whole distances only, within four fifths of the 1,000 boards: 3x3 has 706 boards within 10
  // moves of the goal and 1,102 within 11.
  CHECK(found.every_board_depth == 10);
  CHECK(found.every_board_count == 706);
  CHECK_FALSE(found.whole_space);
  // A counter changes no path: it is looked for and never found.
  CHECK(std::find(found.still_undetected.begin(), found.still_undetected.end(),
                  "counts-popped") != found.still_undetected.end());
}
