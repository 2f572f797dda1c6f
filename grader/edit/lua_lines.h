// The lines of a Lua script as statements and blocks: which lines hold one whole statement, which
// lines a block (for, while, repeat, if, do, function) spans from its opener to its closer, and
// where the body of each branch begins and ends. The repair's edits that move or copy a student's
// line (grader/edit/script_edits.h) are placed with these; they are read off Lua's own tokens
// (lua_tokens.h), and an edit made with them is kept only where Lua's parser accepts the result,
// so a line this reads wrongly costs a candidate, never a wrong script.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "grader/edit/lua_tokens.h"

namespace tile {

// A block that takes whole lines: its opener is the first token of its line (or follows a
// `local` that is) and its closer (`end`, `until`) the last of a later line.
struct LuaBlock {
  int first_line = 0;  // the opener's line
  int last_line = 0;   // the closer's line
  bool loop = false;   // for, while, repeat
  bool function = false;
};

// The body of a loop, a `do` or one branch of an `if`, where it has lines of its own: it begins
// on the line after its `then`, `else` or `do` and ends on the line before what closes it.
struct LuaBody {
  int first_line = 0;
  int last_line = 0;  // first_line - 1 when the body has no line
};

struct LuaLines {
  std::vector<LuaBlock> blocks;
  std::vector<LuaBody> bodies;
  // The lines that hold exactly one statement and nothing of another (no block opened or closed
  // across lines, no bracket left open, not the continuation of the line before), in order.
  std::vector<int> statements;

  std::vector<int> code_lines;  // the lines on which a token begins, in order

  // The statement or whole-line block that ends on the code line just before `line`, or begins on
  // the code line just after it, as {first line, last line}; {0, 0} when that line is neither
  // (the `then` or `do` that opens the body `line` is in, a statement over several lines).
  std::pair<int, int> unit_before(int line) const;
  std::pair<int, int> unit_after(int line) const;

  // The innermost block that spans `line` strictly inside (null when none).
  const LuaBlock* enclosing(int line) const;
  // The block whose lines start at `line`, or end at it (null when none).
  const LuaBlock* starting_at(int line) const;
  const LuaBlock* ending_at(int line) const;
};

LuaLines lua_lines(std::string_view script, const std::vector<LuaToken>& tokens);

}  // namespace tile
