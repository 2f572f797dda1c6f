// The table of choices textbooks make differently: named where the task differs, silent where it
// does as AIMA does.
#include <doctest/doctest.h>

#include "grader/judge/textbook_defaults.h"

using namespace tile;

TEST_CASE("the project's defaults that AIMA does differently are named") {
  const auto bfs = textbook_differences(Algorithm::Bfs, resolve({}, Algorithm::Bfs));
  REQUIRE(bfs.size() == 1);
  CHECK(bfs[0].find("goal_test: on-pop") != std::string::npos);
  const auto iddfs = textbook_differences(Algorithm::Iddfs, resolve({}, Algorithm::Iddfs));
  REQUIRE(iddfs.size() == 2);
  CHECK(iddfs[0].find("duplicates: on-push") != std::string::npos);
  CHECK(iddfs[1].find("at_depth_limit: expand") != std::string::npos);
  CHECK(textbook_differences(Algorithm::Astar, resolve({}, Algorithm::Astar)).empty());
}

TEST_CASE("a task that does as the book does is told nothing") {
  Semantics aima;
  aima.goal_test = GoalTest::OnGenerate;
  CHECK(textbook_differences(Algorithm::Bfs, resolve(aima, Algorithm::Bfs)).empty());
  Semantics recursive;
  recursive.duplicates = Duplicates::None;
  recursive.at_depth_limit = AtDepthLimit::CutOff;
  CHECK(textbook_differences(Algorithm::Iddfs, resolve(recursive, Algorithm::Iddfs)).empty());
}
