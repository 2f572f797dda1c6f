#include "grader/student/line_tail.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace tile {

namespace {

constexpr std::string_view kTileDigits = "0123456789abcdefghijklmnopqrstuvwxyz";
static_assert(kMaxCells <= kTileDigits.size(), "every tile has its digit");
constexpr std::string_view kDigits64 =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
constexpr int kBoardDigits = 3;
static_assert(1 + kKeptObservedCalls + kKeptObservedExpansions * kMoveCount < 64 * 64 * 64,
              "every board a record can hold has a three-digit index");
constexpr std::uint32_t kCallHeads = 4 * (kMoveCount + 1);  // kinds times child counts 0-4
// A line of the table: four digits hold every line of a script within the size limit (4 MiB, so
// at most 4,194,305 lines); a line beyond them is written as 0, not known.
constexpr int kLineDigits = 4;
constexpr std::uint32_t kLinesWritten = 64 * 64 * 64 * 64;
// The digits of a line's place in a table of `lines` lines.
int place_digits(std::size_t lines) {
  if (lines <= 64) return 1;
  if (lines <= 64 * 64) return 2;
  return 3;
}
static_assert(kKeptObservedCalls <= 64 * 64 * 64, "three digits name the place of any call's line");

constexpr std::uint8_t kNoDigit = 0xff;

// Each character's value as a digit of `digits`, kNoDigit for any other character.
constexpr std::array<std::uint8_t, 256> values_of(std::string_view digits) {
  std::array<std::uint8_t, 256> values{};
  values.fill(kNoDigit);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    values[static_cast<unsigned char>(digits[i])] = static_cast<std::uint8_t>(i);
  }
  return values;
}
constexpr std::array<std::uint8_t, 256> kTileValues = values_of(kTileDigits);
constexpr std::array<std::uint8_t, 256> kValues64 = values_of(kDigits64);

char* put_digits(char* out, std::uint32_t value, int digits) {
  for (int d = digits; d-- > 0;) *out++ = kDigits64[(value >> (6 * d)) & 63];
  return out;
}

}  // namespace

std::size_t LineTailWriter::boards(const std::vector<Board>& boards) {
  std::size_t chars = 0;
  for (const Board& board : boards) chars += static_cast<std::size_t>(board.cells());
  const std::size_t before = text_.size();
  text_.resize(before + chars);
  char* out = text_.data() + before;
  for (const Board& board : boards) {
    for (int cell = 0; cell < board.cells(); ++cell) *out++ = kTileDigits[board.tiles[cell]];
  }
  return chars;
}

ObservedCallChars LineTailWriter::observed_calls(const ObservedSearch& observed) {
  // The table: sorted rather than in first-seen order, so that a call's place is found by a
  // binary search, whatever lines a script makes its calls from.
  const auto written = [](std::uint32_t line) { return line < kLinesWritten ? line : 0; };
  std::vector<std::uint32_t> lines;
  lines.reserve(observed.calls.size());
  for (const ObservedCall& call : observed.calls) lines.push_back(written(call.line));
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  const int places = place_digits(lines.size());

  ObservedCallChars chars;
  chars.lines = lines.size() * kLineDigits;
  for (const ObservedCall& call : observed.calls) {
    chars.calls += 1 + kBoardDigits + places + call.child_count * (kBoardDigits + 1);
  }
  const std::size_t before = text_.size();
  text_.resize(before + chars.lines + chars.calls);
  char* out = text_.data() + before;
  for (const std::uint32_t line : lines) out = put_digits(out, line, kLineDigits);
  for (const ObservedCall& call : observed.calls) {
    const std::uint32_t head =
        static_cast<std::uint32_t>(call.kind) * (kMoveCount + 1) + call.child_count;
    out = put_digits(out, head, 1);
    out = put_digits(out, call.board, kBoardDigits);
    const auto place = std::lower_bound(lines.begin(), lines.end(), written(call.line));
    out = put_digits(out, static_cast<std::uint32_t>(place - lines.begin()), places);
    for (std::size_t i = 0; i < call.child_count; ++i) {
      const ObservedChild& child = observed.children[call.first_child + i];
      out = put_digits(out, child.board, kBoardDigits);
      out = put_digits(out, static_cast<std::uint32_t>(child.move), 1);
    }
  }
  return chars;
}

Result<std::string_view> LineTailReader::take(std::size_t chars) {
  if (chars > rest_.size()) return Error{"an observation's parts run past its line"};
  const std::string_view part = rest_.substr(0, chars);
  rest_.remove_prefix(chars);
  return part;
}

Result<std::vector<Board>> LineTailReader::boards(std::size_t chars, Shape shape) {
  const auto cells = static_cast<std::size_t>(shape.cells());
  if (chars % cells != 0) return Error{"packed boards of the wrong length"};
  const auto part = take(chars);
  if (!part) return part.failure();
  std::vector<Board> boards;
  boards.reserve(chars / cells);
  Board board;
  board.shape = shape;
  for (std::size_t start = 0; start < chars; start += cells) {
    std::uint32_t seen = 0;  // a bit per tile: each of 0..cells-1 once makes a permutation
    for (std::size_t cell = 0; cell < cells; ++cell) {
      const std::uint8_t tile = kTileValues[static_cast<unsigned char>((*part)[start + cell])];
      if (tile >= cells || ((seen >> tile) & 1) != 0) {
        return Error{"a packed board is no board: \"" + std::string(part->substr(start, cells)) +
                     "\""};
      }
      seen |= 1U << tile;
      board.tiles[cell] = tile;
      if (tile == 0) board.blank = static_cast<std::uint8_t>(cell);
    }
    boards.push_back(board);
  }
  return boards;
}

Status LineTailReader::observed_calls(const ObservedCallChars& chars, ObservedSearch& observed) {
  const auto line_part = take(chars.lines);
  if (!line_part) return line_part.failure();
  const auto part = take(chars.calls);
  if (!part) return part.failure();
  const Error bad{"malformed observed calls in observation"};
  // The next `digits` digits of `text` from `at` as a number below `below`; false past the end or
  // for a bad digit.
  const auto next = [](std::string_view text, std::size_t& at, int digits, std::uint32_t below,
                       std::uint32_t& number) {
    if (text.size() - at < static_cast<std::size_t>(digits)) return false;
    number = 0;
    for (int d = 0; d < digits; ++d) {
      const std::uint8_t digit = kValues64[static_cast<unsigned char>(text[at++])];
      if (digit == kNoDigit) return false;
      number = number * 64 + digit;
    }
    return number < below;
  };
  // The table, ascending as written: a line twice or out of order is no table the writer writes.
  if (chars.lines % kLineDigits != 0) return bad;
  std::vector<std::uint32_t> lines;
  lines.reserve(chars.lines / kLineDigits);
  for (std::size_t at = 0; at < line_part->size();) {
    std::uint32_t line = 0;
    if (!next(*line_part, at, kLineDigits, kLinesWritten, line)) return bad;
    if (!lines.empty() && line <= lines.back()) return bad;
    lines.push_back(line);
  }
  const std::string_view calls = *part;
  if (!calls.empty() && lines.empty()) return bad;  // every call names a line of the table
  const int places = place_digits(lines.size());
  const auto place_count = static_cast<std::uint32_t>(lines.size());
  // Room for exactly the calls and children the heads announce (a damaged head is refused below),
  // so that the parent, which holds every test's record until the submission is judged, holds no
  // more than the record.
  std::size_t call_count = 0;
  std::size_t child_count = 0;
  for (std::size_t head = 0; head < calls.size() && call_count <= observed.total_calls();) {
    const std::size_t children =
        kValues64[static_cast<unsigned char>(calls[head])] % (kMoveCount + 1);
    ++call_count;
    child_count += children;
    head += 1 + kBoardDigits + static_cast<std::size_t>(places) + children * (kBoardDigits + 1);
  }
  observed.calls.reserve(std::min<std::uint64_t>(call_count, observed.total_calls()));
  observed.children.reserve(std::min<std::uint64_t>(child_count, observed.children_returned));
  const auto board_count = static_cast<std::uint32_t>(observed.boards.size());
  std::size_t at = 0;
  while (at < calls.size()) {
    std::uint32_t head = 0;
    std::uint32_t board = 0;
    std::uint32_t place = 0;
    if (!next(calls, at, 1, kCallHeads, head) || !next(calls, at, kBoardDigits, board_count, board) ||
        !next(calls, at, places, place_count, place)) {
      return bad;
    }
    ObservedCall call;
    call.kind = static_cast<ObservedCallKind>(head / (kMoveCount + 1));
    call.child_count = static_cast<std::uint8_t>(head % (kMoveCount + 1));
    call.board = board;
    call.line = lines[place];
    if (call.child_count > 0 && call.kind != ObservedCallKind::Successors) return bad;
    if (call.kind == ObservedCallKind::Successors) {
      call.first_child = static_cast<std::uint32_t>(observed.children.size());
    }
    for (std::size_t i = 0; i < call.child_count; ++i) {
      std::uint32_t child = 0;
      std::uint32_t move = 0;
      if (!next(calls, at, kBoardDigits, board_count, child) ||
          !next(calls, at, 1, kMoveCount, move)) {
        return bad;
      }
      observed.children.push_back({child, static_cast<Move>(move)});
    }
    observed.calls.push_back(call);
    if (observed.calls.size() > observed.total_calls()) return bad;  // more kept than made
  }
  return success();
}

}  // namespace tile
