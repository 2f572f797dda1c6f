#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/random_boards.h"

using namespace tile;

TEST_CASE("parse_shape accepts RxC within 2..5 sides and 25 cells") {
  CHECK(parse_shape("3x3")->rows == 3);
  CHECK(parse_shape("2x5")->cols == 5);
  CHECK_FALSE(parse_shape("1x5"));
  CHECK_FALSE(parse_shape("6x5"));
  CHECK_FALSE(parse_shape("3by3"));
  CHECK_FALSE(parse_shape("88888x88888888"));  // the product overflowed int (fuzz_board)
  CHECK_FALSE(parse_shape("2147483647x2147483647"));
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
  CHECK(check_reachable(parse_board(three, "4 1 2 7 0 6 8 3 5").value(), goal));
  CHECK_FALSE(check_reachable(parse_board(three, "2 1 3 4 5 6 7 8 0").value(), goal));
  const Shape four{4, 4};
  const Board goal4 = goal_board(four, GoalLayout::BlankFirst);
  // One vertical move from the goal is solvable; swapping two tiles is not.
  CHECK(check_reachable(goal4.moved(Move::Down), goal4));
  Board swapped = goal4;
  std::swap(swapped.tiles[1], swapped.tiles[2]);
  CHECK_FALSE(check_reachable(swapped, goal4));
}

namespace {

// Every board that can reach `goal`, by a plain breadth-first walk.
std::set<std::string> reachable_from(const Board& goal) {
  std::set<std::string> seen{format_tiles(goal)};
  std::vector<Board> queue{goal};
  for (std::size_t i = 0; i < queue.size(); ++i) {
    for (Move move : kAllMoves) {
      if (!queue[i].can_move(move)) continue;
      const Board next = queue[i].moved(move);
      if (seen.insert(format_tiles(next)).second) queue.push_back(next);
    }
  }
  return seen;
}

}  // namespace

TEST_CASE("parse_board takes spaces, commas, slashes and brackets; format_tiles reads back") {
  const Shape shape{2, 3};
  const Board plain = parse_board(shape, "1 2 3 4 5 0").value();
  CHECK(parse_board(shape, "1,2,3,4,5,0").value() == plain);
  CHECK(parse_board(shape, "[[1, 2, 3], [4, 5, 0]]").value() == plain);
  CHECK(parse_board(shape, "1 2 3 / 4 5 0").value() == plain);
  CHECK(parse_board(shape, "\t1 2 3\n4 5 0\n").value() == plain);
  CHECK(format_tiles(plain) == "1 2 3 4 5 0");
  CHECK(plain.blank == 5);
  CHECK(draw_board(plain) == "1 2 3\n4 5 .\n");
  const Board big = goal_board(Shape{4, 4}, GoalLayout::BlankFirst);
  CHECK(parse_board(big.shape, format_tiles(big)).value() == big);
  CHECK(draw_board(big).substr(0, 12) == " .  1  2  3\n");
  CHECK(parse_board(shape, "1 2 x 4 5 0").error().find("'x' is not a number") != std::string::npos);
  CHECK(parse_board(shape, "").error().find("needs 6 tiles, got 0") != std::string::npos);
  CHECK(parse_board(shape, "1 2 3 4 5 -1").error().find("out of range") != std::string::npos);
}

TEST_CASE("shapes are rectangles of 2..5 sides and at most 25 cells") {
  CHECK(parse_shape("2x3")->cells() == 6);
  CHECK(parse_shape("5X5")->cells() == 25);
  CHECK(parse_shape("3x5")->rows == 3);
  CHECK(format_shape(Shape{4, 2}) == "4x2");
  for (const char* bad : {"", "x", "3x", "x3", "3x3x3", "0x4", "2x13", "-2x3", "3 x 3"}) {
    CAPTURE(bad);
    const auto shape = parse_shape(bad);
    REQUIRE_FALSE(shape.ok());
    CHECK(shape.error().find(bad) != std::string::npos);
  }
}

TEST_CASE("goals: blank-first, blank-last, or any permutation") {
  const Shape shape{3, 4};
  CHECK(format_tiles(goal_board(shape, GoalLayout::BlankFirst)) == "0 1 2 3 4 5 6 7 8 9 10 11");
  CHECK(format_tiles(goal_board(shape, GoalLayout::BlankLast)) == "1 2 3 4 5 6 7 8 9 10 11 0");
  CHECK(parse_goal(shape, "blank-first").value() == goal_board(shape, GoalLayout::BlankFirst));
  CHECK(parse_goal(shape, "blank-last").value() == goal_board(shape, GoalLayout::BlankLast));
  CHECK(format_tiles(parse_goal(shape, "11 10 9 8 7 6 5 4 3 2 1 0").value()) ==
        "11 10 9 8 7 6 5 4 3 2 1 0");
  const auto bad = parse_goal(shape, "1 2 3");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().rfind("goal: ", 0) == 0);
}

TEST_CASE("moves: letters, names, reverses, the tile that slides, and illegal moves") {
  for (Move move : kAllMoves) {
    CHECK(move_from_letter(move_letter(move)) == move);
    CHECK(move_from_name(move_name(move)) == move);
    CHECK(reverse_move(reverse_move(move)) == move);
    CHECK(reverse_move(move) != move);
  }
  CHECK(move_from_letter('u') == Move::Up);
  CHECK(move_from_name("left") == Move::Left);
  CHECK(move_from_name("R") == Move::Right);
  CHECK_FALSE(move_from_letter('x'));
  CHECK_FALSE(move_from_name("upward"));
  // Every legal move is undone by its reverse, and slides the tile the blank lands on.
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const Board board = random_solvable_board(goal_board(Shape{3, 4}, GoalLayout::BlankLast), seed);
    for (Move move : kAllMoves) {
      if (!board.can_move(move)) continue;
      const Board next = board.moved(move);
      CHECK(next.moved(reverse_move(move)) == board);
      CHECK(next.at(board.blank) == board.tile_moved_by(move));
      CHECK(next.at(next.blank) == 0);
    }
  }
  // The blank in a corner has two moves, on an edge three, inside four.
  const Board corner = parse_board(Shape{3, 3}, "0 1 2 3 4 5 6 7 8").value();
  CHECK(corner.can_move(Move::Down));
  CHECK(corner.can_move(Move::Right));
  CHECK_FALSE(corner.can_move(Move::Up));
  CHECK_FALSE(corner.can_move(Move::Left));
  const auto applied = apply_moves(corner, "DRx");
  REQUIRE_FALSE(applied.ok());
  CHECK(applied.error().find("move 3 'x'") != std::string::npos);
  CHECK(apply_moves(corner, "drLU").value() == corner);  // there and back, any case
}

TEST_CASE(
    "solvability: exactly the boards a walk from the goal reaches, on rectangles and any goal") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{4, 2}}) {
    std::vector<Board> goals = {goal_board(shape, GoalLayout::BlankLast),
                                goal_board(shape, GoalLayout::BlankFirst)};
    // An explicit goal with the blank in the middle of the first row and some tiles swapped.
    Board explicit_goal = goal_board(shape, GoalLayout::BlankFirst);
    std::swap(explicit_goal.tiles[0], explicit_goal.tiles[1]);
    explicit_goal.blank = 1;
    std::swap(explicit_goal.tiles[2], explicit_goal.tiles[3]);
    goals.push_back(explicit_goal);
    for (const Board& goal : goals) {
      CAPTURE(format_tiles(goal));
      const auto component = reachable_from(goal);
      CHECK(component.size() * 2 == [&] {  // half of all permutations
        std::size_t all = 1;
        for (int k = 2; k <= shape.cells(); ++k) all *= static_cast<std::size_t>(k);
        return all;
      }());
      std::vector<int> tiles(static_cast<std::size_t>(shape.cells()));
      for (int i = 0; i < shape.cells(); ++i) tiles[static_cast<std::size_t>(i)] = i;
      int wrong = 0;
      do {
        const Board board = make_board(shape, tiles).value();
        const bool solvable = static_cast<bool>(check_reachable(board, goal));
        if (solvable != (component.count(format_tiles(board)) == 1)) ++wrong;
      } while (std::next_permutation(tiles.begin(), tiles.end()));
      CHECK(wrong == 0);
    }
  }
}

TEST_CASE("check_reachable explains a refusal, and refuses mismatched shapes") {
  const Board odd_goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  const Status odd =
      check_reachable(parse_board(Shape{3, 3}, "2 1 3 4 5 6 7 8 0").value(), odd_goal);
  REQUIRE_FALSE(odd);
  CHECK(odd.error().find("inversion parity") != std::string::npos);
  const Board even_goal = goal_board(Shape{2, 4}, GoalLayout::BlankLast);
  const Status even =
      check_reachable(parse_board(Shape{2, 4}, "2 1 3 4 5 6 7 0").value(), even_goal);
  REQUIRE_FALSE(even);
  CHECK(even.error().find("blank row") != std::string::npos);
  const Status shapes = check_reachable(goal_board(Shape{2, 3}, GoalLayout::BlankLast),
                                        goal_board(Shape{3, 2}, GoalLayout::BlankLast));
  REQUIRE_FALSE(shapes);
  CHECK(shapes.error().find("2x3") != std::string::npos);
  CHECK(shapes.error().find("3x2") != std::string::npos);
}

TEST_CASE("moves print as letters and parse back, naming a bad letter") {
  const std::vector<Move> path = {Move::Up, Move::Left, Move::Left, Move::Down, Move::Right};
  CHECK(format_moves(path) == "ULLDR");
  CHECK(format_moves(std::vector<Move>{}).empty());
  CHECK(parse_moves("ULLDR").value() == path);
  CHECK(parse_moves("ulldr").value() == path);
  const auto bad = parse_moves("UXL");
  REQUIRE_FALSE(bad);
  CHECK(bad.error() == "move 2 'X' is not one of U, D, L, R");
}

TEST_CASE("applying moves as a list or as letters reaches the same board, or names the bad move") {
  const Board goal = goal_board({3, 3}, GoalLayout::BlankLast);
  const std::vector<Move> path = {Move::Up, Move::Left};
  const Board by_list = apply_moves(goal, std::span<const Move>(path)).value();
  CHECK(by_list == apply_moves(goal, "UL").value());
  CHECK(format_tiles(by_list) == "1 2 3 4 0 5 7 8 6");
  const auto off = apply_moves(goal, "R");
  REQUIRE_FALSE(off);
  CHECK(off.error() == "move 1 (Right) would take the blank off the board");
}
