#include "engine/board.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

namespace tile {

namespace {

// Input as an error message quotes it: at most 40 bytes, never cut inside a UTF-8 character, so
// a 100 KB argument gives a short message and a non-ASCII character is quoted whole.
std::string quoted(std::string_view text, std::size_t limit = 40) {
  if (text.size() <= limit) return std::string(text);
  std::size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "...";
}

std::string_view character_at(std::string_view text, std::size_t at) {
  std::size_t end = at + 1;
  while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
  return text.substr(at, end - at);
}

}  // namespace

Result<Shape> parse_shape(std::string_view text) {
  const auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) {
    return Error{"board size '" + quoted(text) + "' is not of the form RxC, e.g. 3x3"};
  }
  Shape shape;
  const auto rows_text = text.substr(0, x);
  const auto cols_text = text.substr(x + 1);
  const auto r = std::from_chars(rows_text.data(), rows_text.data() + rows_text.size(), shape.rows);
  const auto c = std::from_chars(cols_text.data(), cols_text.data() + cols_text.size(), shape.cols);
  if (r.ec != std::errc() || r.ptr != rows_text.data() + rows_text.size() || c.ec != std::errc() ||
      c.ptr != cols_text.data() + cols_text.size()) {
    return Error{"board size '" + quoted(text) + "' is not of the form RxC, e.g. 3x3"};
  }
  // Each side is checked before the product: 88888x88888888 overflowed int (found by fuzz_board).
  if (shape.rows < kMinSide || shape.cols < kMinSide || shape.rows > kMaxCells ||
      shape.cols > kMaxCells || shape.rows * shape.cols > kMaxCells) {
    return Error{"board size " + quoted(text) +
                 " is out of range: rows and columns must be at least 2 and rows*cols at most 25"};
  }
  return shape;
}

std::string format_shape(Shape shape) {
  return std::to_string(shape.rows) + "x" + std::to_string(shape.cols);
}

char move_letter(Move move) { return "UDLR"[static_cast<int>(move)]; }

const char* move_name(Move move) {
  static const char* const names[] = {"Up", "Down", "Left", "Right"};
  return names[static_cast<int>(move)];
}

Move reverse_move(Move move) {
  switch (move) {
    case Move::Up: return Move::Down;
    case Move::Down: return Move::Up;
    case Move::Left: return Move::Right;
    case Move::Right: return Move::Left;
  }
  return move;
}

std::optional<Move> move_from_letter(char letter) {
  switch (std::toupper(static_cast<unsigned char>(letter))) {
    case 'U': return Move::Up;
    case 'D': return Move::Down;
    case 'L': return Move::Left;
    case 'R': return Move::Right;
    default: return std::nullopt;
  }
}

std::optional<Move> move_from_name(std::string_view name) {
  if (name.size() == 1) return move_from_letter(name[0]);
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  for (Move move : kAllMoves) {
    std::string candidate = move_name(move);
    candidate[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(candidate[0])));
    if (lower == candidate) return move;
  }
  return std::nullopt;
}

Result<Board> make_board(Shape shape, const std::vector<int>& tiles) {
  const int cells = shape.cells();
  if (static_cast<int>(tiles.size()) != cells) {
    return Error{"a " + format_shape(shape) + " board needs " + std::to_string(cells) +
                 " tiles, got " + std::to_string(tiles.size())};
  }
  Board board;
  board.shape = shape;
  std::array<bool, kMaxCells> seen{};
  for (int cell = 0; cell < cells; ++cell) {
    const int value = tiles[static_cast<std::size_t>(cell)];
    if (value < 0 || value >= cells) {
      return Error{"tile " + std::to_string(value) + " is out of range for a " +
                   format_shape(shape) + " board (tiles are 0.." + std::to_string(cells - 1) +
                   ", 0 is the blank)"};
    }
    if (seen[static_cast<std::size_t>(value)]) {
      return Error{"tile " + std::to_string(value) + " appears more than once"};
    }
    seen[static_cast<std::size_t>(value)] = true;
    board.tiles[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value);
    if (value == 0) board.blank = static_cast<std::uint8_t>(cell);
  }
  return board;
}

Result<Board> parse_board(Shape shape, std::string_view text) {
  std::vector<int> tiles;
  std::size_t i = 0;
  while (i < text.size()) {
    const char ch = text[i];
    if (ch == ' ' || ch == ',' || ch == '\t' || ch == '\n' || ch == '/' || ch == '[' || ch == ']') {
      ++i;
      continue;
    }
    int value = 0;
    const auto parsed = std::from_chars(text.data() + i, text.data() + text.size(), value);
    if (parsed.ec != std::errc()) {
      return Error{"tiles '" + quoted(text) + "': '" + std::string(character_at(text, i)) +
                   "' is not a number"};
    }
    tiles.push_back(value);
    i = static_cast<std::size_t>(parsed.ptr - text.data());
  }
  return make_board(shape, tiles);
}

std::string format_tiles(const Board& board) {
  std::string out;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (cell > 0) out += ' ';
    out += std::to_string(board.at(cell));
  }
  return out;
}

std::string draw_board(const Board& board) {
  const int width = board.cells() > 10 ? 2 : 1;
  std::string out;
  for (int row = 0; row < board.shape.rows; ++row) {
    for (int col = 0; col < board.shape.cols; ++col) {
      const int value = board.at(row * board.shape.cols + col);
      std::string cell = value == 0 ? "." : std::to_string(value);
      if (col > 0) out += ' ';
      out += std::string(static_cast<std::size_t>(width) - cell.size(), ' ') + cell;
    }
    out += '\n';
  }
  return out;
}

Board goal_board(Shape shape, GoalLayout layout) {
  std::vector<int> tiles(static_cast<std::size_t>(shape.cells()));
  for (int cell = 0; cell < shape.cells(); ++cell) {
    tiles[static_cast<std::size_t>(cell)] =
        layout == GoalLayout::BlankFirst ? cell : (cell + 1) % shape.cells();
  }
  return make_board(shape, tiles).value();
}

Result<Board> parse_goal(Shape shape, std::string_view text) {
  if (text == "blank-first") return goal_board(shape, GoalLayout::BlankFirst);
  if (text == "blank-last") return goal_board(shape, GoalLayout::BlankLast);
  auto goal = parse_board(shape, text);
  if (!goal) return goal.failure_in("goal: ");
  return goal;
}

static int parity_invariant(const Board& board) {
  int inversions = 0;
  for (int i = 0; i < board.cells(); ++i) {
    if (board.at(i) == 0) continue;
    for (int j = i + 1; j < board.cells(); ++j) {
      if (board.at(j) != 0 && board.at(i) > board.at(j)) ++inversions;
    }
  }
  const int blank_row = board.blank / board.shape.cols;
  return (inversions + (board.shape.cols % 2 == 0 ? blank_row : 0)) % 2;
}

Status check_reachable(const Board& start, const Board& goal) {
  if (!(start.shape == goal.shape)) {
    return Error{"start is " + format_shape(start.shape) + " but goal is " +
                 format_shape(goal.shape)};
  }
  if (parity_invariant(start) == parity_invariant(goal)) return success();
  if (start.shape.cols % 2 == 0) {
    return Error{"start and goal differ in the parity of (inversions + blank row); on a board of even "
           "width every move keeps it, so no sequence of moves turns one into the other"};
  }
  return Error{"start and goal differ in inversion parity; on a board of odd width every move "
               "keeps it, so no sequence of moves turns one into the other"};
}

std::string format_moves(std::span<const Move> moves) {
  std::string letters;
  letters.reserve(moves.size());
  for (Move move : moves) letters += move_letter(move);
  return letters;
}

Result<std::vector<Move>> parse_moves(std::string_view letters) {
  std::vector<Move> moves;
  moves.reserve(letters.size());
  for (std::size_t i = 0; i < letters.size(); ++i) {
    const auto move = move_from_letter(letters[i]);
    if (!move) {
      return Error{"move " + std::to_string(i + 1) + " '" + std::string(1, letters[i]) +
                   "' is not one of U, D, L, R"};
    }
    moves.push_back(*move);
  }
  return moves;
}

Result<Board> apply_moves(const Board& start, std::span<const Move> moves) {
  Board board = start;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!board.can_move(moves[i])) {
      return Error{"move " + std::to_string(i + 1) + " (" + move_name(moves[i]) +
                   ") would take the blank off the board"};
    }
    board = board.moved(moves[i]);
  }
  return board;
}

Result<Board> apply_moves(const Board& start, std::string_view letters) {
  auto moves = parse_moves(letters);
  if (!moves) return moves.failure();
  return apply_moves(start, *moves);
}

}  // namespace tile
