// The tail of an observation line (observation.h): the bulky parts of an observation, boards and
// the observed search's calls, as digits back to back after the line's JSON and a tab. The JSON
// says how many characters each part takes, in the order the parts were written.
//
// Why outside the JSON: these parts are nearly all of a line (half a megabyte for a correct
// classic-8puzzle submission, megabytes for a DFS the budget stopped), and nlohmann's serialiser
// and lexer handle a string one character at a time, escaping and validating it: inside the JSON
// they cost more processor time than many a student's whole search (bench/RESULTS.md). Here they
// are written and read by table, a few nanoseconds a character.
//
// Why a script cannot forge a tail: everything a script controls (its error text, its values)
// is a JSON string, which the serialiser writes with every control character escaped, so the
// JSON holds no raw tab and the line's first tab is where the tail starts. The tail holds only
// digits the grader wrote from boards and calls it recorded; the reader checks every digit,
// every board (a permutation of its tiles) and every index, and that the parts fill the tail
// exactly.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/result.h"
#include "grader/student/observed_search.h"

namespace tile {

inline constexpr char kTailSeparator = '\t';

// The two parts an observed search's calls take (LineTailWriter::observed_calls).
struct ObservedCallChars {
  std::size_t lines = 0;  // the table of the lines the calls were made from
  std::size_t calls = 0;  // the calls and their children
};

// Appends parts to a tail; each call returns how many characters its part took (for the JSON).
class LineTailWriter {
 public:
  // A character per tile (0-9, a-z), boards back to back.
  std::size_t boards(const std::vector<Board>& boards);
  // Two parts. First the distinct lines the calls were made from (ObservedCall::line), ascending,
  // four base-64 digits each: a script makes its calls from a few lines, so each call names its
  // line by its place in this table, in one digit for up to 64 lines (two up to 4,096, three
  // beyond), where the line itself would take four. Then per call: a base-64 digit for kind * 5 +
  // child count, three for its board's index, the digits of its line's place; per child three
  // for its board and one for its move.
  ObservedCallChars observed_calls(const ObservedSearch& observed);
  const std::string& text() const { return text_; }

 private:
  std::string text_;
};

// Takes the parts of a tail in the order they were written. Each part is refused, with why, when
// its characters run past the tail or are not what the writer writes.
class LineTailReader {
 public:
  explicit LineTailReader(std::string_view tail) : rest_(tail) {}
  explicit LineTailReader(const char* tail) : rest_(tail) {}
  // It reads in place: a temporary string would be gone before the first read.
  explicit LineTailReader(std::string&&) = delete;
  Result<std::vector<Board>> boards(std::size_t chars, Shape shape);
  // Into `observed`, whose boards are already read: its calls and children, with their lines.
  Status observed_calls(const ObservedCallChars& chars, ObservedSearch& observed);
  bool finished() const { return rest_.empty(); }

 private:
  Result<std::string_view> take(std::size_t chars);
  std::string_view rest_;
};

}  // namespace tile
