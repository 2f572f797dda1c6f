#include <doctest/doctest.h>

#include "engine/board.h"

using namespace tile;

TEST_CASE("parse_shape accepts RxC within 2..5 sides and 25 cells") {
  CHECK(parse_shape("3x3")->rows == 3);
  CHECK(parse_shape("2x5")->cols == 5);
  CHECK_FALSE(parse_shape("1x5"));
  CHECK_FALSE(parse_shape("6x5"));
  CHECK_FALSE(parse_shape("3by3"));
}

TEST_CASE("make_board rejects wrong counts, repeats and out-of-range tiles") {
  const Shape shape{2, 3};
  CHECK(parse_board(shape, "1 2 3 4 5 0"));
  CHECK(parse_board(shape, "1 2 3 4 5").error().find("needs 6 tiles") != std::string::npos);
  CHECK(parse_board(shape, "1 1 3 4 5 0").error().find("more than once") != std::string::npos);
  CHECK(parse_board(shape, "1 2 3 4 5 6").error().find("out of range") != std::string::npos);
}

TEST_CASE("moves move the blank and keep its index") {
  const Board board = parse_board({3, 3}, "1 2 3 4 0 5 6 7 8").value();
  CHECK(board.blank == 4);
  const Board up = board.moved(Move::Up);
  CHECK(up.blank == 1);
  CHECK(up.at(4) == 2);
  CHECK_FALSE(up.can_move(Move::Up));
  CHECK(apply_moves(board, "UU").error().find("off the board") != std::string::npos);
}

TEST_CASE("solvability follows inversion parity and, on even widths, the blank row") {
  const Shape three{3, 3};
  const Board goal = goal_board(three, GoalLayout::BlankLast);
  CHECK_FALSE(unsolvable_reason(parse_board(three, "4 1 2 7 0 6 8 3 5").value(), goal));
  CHECK(unsolvable_reason(parse_board(three, "2 1 3 4 5 6 7 8 0").value(), goal));
  const Shape four{4, 4};
  const Board goal4 = goal_board(four, GoalLayout::BlankFirst);
  // One vertical move from the goal is solvable; swapping two tiles is not.
  CHECK_FALSE(unsolvable_reason(goal4.moved(Move::Down), goal4));
  Board swapped = goal4;
  std::swap(swapped.tiles[1], swapped.tiles[2]);
  CHECK(unsolvable_reason(swapped, goal4));
}
