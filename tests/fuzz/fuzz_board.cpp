// libFuzzer target: what `solve` and assignments take as text: a size, a board, a goal, a weight,
// an algorithm. The first byte picks the shape so every board size gets exercised.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/board.h"
#include "engine/search.h"
#include "engine/semantics.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  static constexpr tile::Shape kShapes[] = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}};
  const tile::Shape shape = kShapes[data[0] % 6];
  (void)tile::parse_shape(text);
  auto board = tile::parse_board(shape, text);
  auto goal = tile::parse_goal(shape, text);
  if (board && goal) (void)tile::check_reachable(*board, *goal);
  (void)tile::parse_weight(text);
  (void)tile::parse_algorithm(text);
  return 0;
}
