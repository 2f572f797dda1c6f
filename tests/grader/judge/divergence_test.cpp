#include <doctest/doctest.h>

#include "grader/judge/diagnosis.h"
#include "grader/spec/text.h"

using namespace tile;

namespace {

const Shape kTwoByThree{2, 3};
Board two_by_three(const char* tiles) { return parse_board(kTwoByThree, tiles).value(); }

const std::vector<Board> kReferenceExpansions = {
    two_by_three("1 2 3 4 5 0"), two_by_three("1 2 0 4 5 3"), two_by_three("1 2 3 4 0 5")};

}  // namespace

TEST_CASE("equal expansions: nothing to say") {
  CHECK_FALSE(first_divergence(kReferenceExpansions, kReferenceExpansions));
  CHECK_FALSE(first_divergence({}, {}));
}

TEST_CASE("the first expansion that differs is numbered from 1, both boards drawn") {
  std::vector<Board> student = kReferenceExpansions;
  std::swap(student[1], student[2]);
  const auto said = first_divergence(student, kReferenceExpansions);
  REQUIRE(said);
  CHECK(said->rfind("Expansion 2 differs (the first agrees):\n", 0) == 0);
  CHECK(said->find(draw_side_by_side(student[1], "you expanded", kReferenceExpansions[1],
                                     "the reference expanded")) != std::string::npos);

  student = kReferenceExpansions;
  student[0] = two_by_three("1 2 3 0 4 5");
  CHECK(first_divergence(student, kReferenceExpansions)->rfind("Expansion 1 differs:\n", 0) == 0);
  student = kReferenceExpansions;
  student[2] = two_by_three("1 0 2 4 5 3");
  const std::string third = first_divergence(student, kReferenceExpansions).value();
  CHECK(third.rfind("Expansion 3 differs (the first 2 agree)", 0) == 0);
}

TEST_CASE("a search that stops early, or goes on, is told which expansion is missing or extra") {
  const std::vector<Board> stopped(kReferenceExpansions.begin(), kReferenceExpansions.begin() + 1);
  const auto early = first_divergence(stopped, kReferenceExpansions);
  REQUIRE(early);
  CHECK(*early == "You stopped after 1 expansion; the reference goes on to expansion 2:\n" +
                      draw_board(kReferenceExpansions[1]));

  std::vector<Board> longer = kReferenceExpansions;
  longer.push_back(two_by_three("1 2 3 0 4 5"));
  const auto extra = first_divergence(longer, kReferenceExpansions);
  REQUIRE(extra);
  CHECK(*extra == "The reference stops after 3 expansions; your expansion 4 is extra:\n" +
                      draw_board(longer[3]));
}

TEST_CASE("two boards side by side: the right one starts in one column past the left's width") {
  const std::string drawn =
      draw_side_by_side(kReferenceExpansions[0], "left", kReferenceExpansions[1], "right");
  std::vector<std::string> lines;
  for (std::size_t from = 0, end; (end = drawn.find('\n', from)) != std::string::npos;
       from = end + 1) {
    lines.push_back(drawn.substr(from, end - from));
  }
  REQUIRE(lines.size() >= 3);  // the captions and the board's rows
  const std::size_t right_column = lines[0].find("right");
  REQUIRE(right_column != std::string::npos);
  CHECK(right_column >= std::string("left").size() + 4);
  // Every row of the right board starts in the captions' column.
  for (std::size_t i = 1; i < lines.size(); ++i) {
    CHECK(lines[i].size() > right_column);
    CHECK(lines[i][right_column - 1] == ' ');
  }
}
