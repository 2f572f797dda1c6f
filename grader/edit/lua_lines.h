// The lines of a Lua script as statements and blocks: which lines hold one whole statement, which
// lines a block (for, while, repeat, if, do, function) spans from its opener to its closer, and
// where the body of each branch begins and ends. The repair's edits that move or copy a student's
// line (grader/edit/script_edits.h) are placed with these; they are read off Lua's own tokens
// (lua_tokens.h), and an edit made with them is kept only where Lua's parser accepts the result,
// so a line this reads wrongly costs a candidate, never a wrong script.
#pragma once

#include <string_view>
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

  // The innermost block that spans `line` strictly inside (null when none).
  const LuaBlock* enclosing(int line) const;
  // The block whose lines start at `line`, or end at it (null when none).
  const LuaBlock* starting_at(int line) const;
  const LuaBlock* ending_at(int line) const;
};

LuaLines lua_lines(std::string_view script, const std::vector<LuaToken>& tokens);

}  // namespace tile
